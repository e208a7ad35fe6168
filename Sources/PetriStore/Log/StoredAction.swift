/// One entry of a lesson's append-only action log.
public struct StoredAction: Sendable, Hashable {
    /// The lesson it belongs to.
    public var lessonId: String
    /// 1, 2, 3, ... within the lesson, with no gaps.
    public var seq: Int
    /// The generation at which it was applied.
    public var generation: Int
    /// What kind of action it is, for reading the log without decoding payloads.
    public var kind: String
    /// JSON: the action itself, as the lesson logic encoded it.
    public var payload: String
    /// Seconds since 1970 when it was accepted.
    public var at: Double

    public init(lessonId: String, seq: Int, generation: Int, kind: String, payload: String, at: Double) {
        self.lessonId = lessonId
        self.seq = seq
        self.generation = generation
        self.kind = kind
        self.payload = payload
        self.at = at
    }
}

/// An action to append: a ``StoredAction`` before the store has given it a sequence number.
public struct NewAction: Sendable, Hashable {
    /// The generation at which it was applied.
    public var generation: Int
    /// What kind of action it is.
    public var kind: String
    /// JSON: the action itself.
    public var payload: String
    /// Seconds since 1970 when it was accepted.
    public var at: Double

    public init(generation: Int, kind: String, payload: String, at: Double) {
        self.generation = generation
        self.kind = kind
        self.payload = payload
        self.at = at
    }
}
