import PetriLesson
import PetriProtocol
import PetriSimulation

/// What the server stores about a lesson when it is created: enough, with its log, to
/// rebuild it exactly after a restart.
public struct LessonRecord: Sendable, Hashable, Codable {
    /// A stable id (the join code can be reused once a lesson has ended).
    public var id: String
    public var code: JoinCode
    /// The teacher's token. Stored as is: the lesson compares it on `teach`, and the log
    /// already holds students' resume tokens, so the data directory is secret as a whole.
    public var teacherToken: AccessToken
    /// The lesson file it started from (a new lesson's is its parameters and seed at generation 0).
    public var definition: LessonDefinition
    public var configuration: LessonConfiguration
    public var createdAt: Timestamp

    public init(
        id: String, code: JoinCode, teacherToken: AccessToken, definition: LessonDefinition,
        configuration: LessonConfiguration, createdAt: Timestamp
    ) {
        self.id = id
        self.code = code
        self.teacherToken = teacherToken
        self.definition = definition
        self.configuration = configuration
        self.createdAt = createdAt
    }

    public var model: ModelKind { definition.model }
}
