import PetriProtocol

/// A lesson as stored: how it was created and whether it has ended.
package struct StoredLesson: Sendable, Hashable {
    /// The lesson's id, chosen by the caller (e.g. a UUID string).
    package var id: String
    /// The code students type to join; unique among unfinished lessons.
    var joinCode: String
    /// The digest of the lesson's teacher token.
    package var teacherTokenHash: TokenHash
    /// The model's name, e.g. `camouflage`.
    var model: String
    /// JSON: how the lesson was created (model, parameters, seed). The seed stays server-side.
    var definition: String
    /// JSON: the lesson's settings.
    var settings: String
    /// Seconds since 1970, as given by the caller.
    var createdAt: Double
    /// Seconds since 1970 when it ended; nil while it runs.
    var endedAt: Double?

    package init(
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
    var isUnfinished: Bool { endedAt == nil }
}
