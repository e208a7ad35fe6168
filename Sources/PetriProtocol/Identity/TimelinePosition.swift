/// Where a lesson's simulation is: which timeline, and which generation on it.
///
/// Rewinding or restoring a checkpoint starts a new timeline (the number goes up by one), so
/// a client that saw generation 40 of timeline 0 knows its history is stale after a rewind to
/// 30, even when the lesson later reaches 40 again.
package struct TimelinePosition: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Counts rewinds and restores since the lesson was created.
    package var timeline: Int
    /// The generation on that timeline (0 is the starting state).
    package var generation: Int

    package init(timeline: Int, generation: Int) {
        self.timeline = timeline
        self.generation = generation
    }

    package var description: String { "generation \(generation) (timeline \(timeline))" }
}
