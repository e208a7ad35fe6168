import PetriProtocol

/// A lesson as stored: how it was created and whether it has ended.
public struct StoredLesson: Sendable, Hashable {
    /// The lesson's id, chosen by the caller (e.g. a UUID string).
    public var id: String
    /// The code students type to join; unique among unfinished lessons.
    public var joinCode: String
    /// The digest of the lesson's teacher token.
    public var teacherTokenHash: TokenHash
    /// The model's name, e.g. `camouflage`.
    public var model: String
    /// JSON: how the lesson was created (model, parameters, seed). The seed stays server-side.
    public var definition: String
    /// JSON: the lesson's settings.
    public var settings: String
    /// Seconds since 1970, as given by the caller.
    public var createdAt: Double
    /// Seconds since 1970 when it ended; nil while it runs.
    public var endedAt: Double?

    public init(
        id: String, joinCode: String, teacherTokenHash: TokenHash, model: String, definition: String,
        settings: String, createdAt: Double, endedAt: Double? = nil
    ) {
        self.id = id
        self.joinCode = joinCode
        self.teacherTokenHash = teacherTokenHash
        self.model = model
        self.definition = definition
        self.settings = settings
        self.createdAt = createdAt
        self.endedAt = endedAt
    }

    /// True until ``PetriStore/endLesson(id:at:)``.
    public var isUnfinished: Bool { endedAt == nil }
}
