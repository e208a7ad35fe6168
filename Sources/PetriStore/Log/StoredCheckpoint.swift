/// A lesson's exact state after applying actions 1...``seq``: where a replay starts.
public struct StoredCheckpoint: Sendable, Hashable {
    /// The lesson it belongs to.
    public var lessonId: String
    /// The last action it reflects (0: before any action).
    public var seq: Int
    /// The simulation's generation in this state.
    public var generation: Int
    /// The state's bytes, as the lesson logic encoded them.
    public var state: [UInt8]
    /// The state's hash, to check that a rebuilt lesson matches.
    public var stateHash: UInt64
    /// Seconds since 1970 when it was taken.
    public var at: Double

    public init(lessonId: String, seq: Int, generation: Int, state: [UInt8], stateHash: UInt64, at: Double) {
        self.lessonId = lessonId
        self.seq = seq
        self.generation = generation
        self.state = state
        self.stateHash = stateHash
        self.at = at
    }
}
