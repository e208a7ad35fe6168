import PetriSimulation

/// A run of consecutive generations' stats, `from...to`, on one timeline.
///
/// A client replaces what it holds from `from` onward. Long histories come as several pages.
public struct HistoryPage: Sendable, Hashable, Codable {
    public var timeline: Int
    public var from: Int
    public var to: Int
    public var stats: [GenerationStats]

    public init(timeline: Int, from: Int, to: Int, stats: [GenerationStats]) {
        self.timeline = timeline
        self.from = from
        self.to = to
        self.stats = stats
    }
}
