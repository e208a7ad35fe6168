/// What one replicate did: a metric's value at each generation from its start, and when its run ended.
public struct ReplicateTrace: Sendable, Hashable, Codable {
    /// The metric at the starting generation and at each of the `horizon` generations after it.
    /// A run that ended keeps its last value (a model's step is a no-op once it is over).
    public var values: [Double]
    /// The generation at which the run ended (e.g. the population died out), if it did.
    public var endedAt: Int?

    public init(values: [Double], endedAt: Int?) {
        self.values = values
        self.endedAt = endedAt
    }
}
