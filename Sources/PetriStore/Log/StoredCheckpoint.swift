/// A lesson's exact state after applying actions 1...``seq``: where a replay starts.
package struct StoredCheckpoint: Sendable, Hashable {
    /// The lesson it belongs to.
    var lessonId: String
    /// The last action it reflects (0: before any action).
    package var seq: Int
    /// The simulation's generation in this state.
    var generation: Int
    /// The state's bytes, as the lesson logic encoded them.
    var state: [UInt8]
    /// The state's hash, to check that a rebuilt lesson matches.
    var stateHash: UInt64
    /// Seconds since 1970 when it was taken.
    var at: Double

    package init(lessonId: String, seq: Int, generation: Int, state: [UInt8], stateHash: UInt64, at: Double) {
        self.lessonId = lessonId
        self.seq = seq
        self.generation = generation
        self.state = state
        self.stateHash = stateHash
        self.at = at
    }
}
