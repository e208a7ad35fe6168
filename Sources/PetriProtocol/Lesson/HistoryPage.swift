import PetriSimulation

/// A run of consecutive generations' stats, `from...to`, on one timeline.
///
/// A client replaces what it holds from `from` onward. Long histories come as several pages.
package struct HistoryPage: Sendable, Hashable, Codable {
    package var timeline: Int
    package var from: Int
    package var to: Int
    package var stats: [GenerationStats]

    package init(timeline: Int, from: Int, to: Int, stats: [GenerationStats]) {
        self.timeline = timeline
        self.from = from
        self.to = to
        self.stats = stats
    }
}
