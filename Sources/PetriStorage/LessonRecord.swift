import PetriLesson
import PetriProtocol
import PetriSimulation

/// What the server stores about a lesson when it is created: enough, with its log, to
/// rebuild it exactly after a restart.
///
/// Stores keep it whole, as its JSON (``storedJSON()``): a field added here (decoded below) or to
/// its ``LessonDefinition`` is stored and read back by every store with no store code changing.
package struct LessonRecord: Sendable, Hashable, Codable {
    /// A stable id (the join code can be reused once a lesson has ended).
    package var id: String
    package var code: JoinCode
    /// The teacher's token as the lesson holds it (see ``tokens``): its digest for a lesson
    /// created by this version, the token itself for one stored by an earlier version.
    package var teacherToken: AccessToken
    /// How the lesson holds its tokens; a record stored before this field existed decodes as ``TokenForm/raw``.
    package var tokens: TokenForm
    /// The lesson file it started from (a new lesson's is its parameters and seed at generation 0).
    package var definition: LessonDefinition
    package var configuration: LessonConfiguration
    package var createdAt: Timestamp

    /// - Parameters:
    ///   - teacherToken: The teacher's token as the lesson holds it (already digested when
    ///     `tokens` is ``TokenForm/digest``).
    ///   - tokens: How the lesson holds its tokens; raw unless said otherwise, as before.
    package init(
        id: String, code: JoinCode, teacherToken: AccessToken, tokens: TokenForm = .raw, definition: LessonDefinition,
        configuration: LessonConfiguration, createdAt: Timestamp
    ) {
        self.id = id
        self.code = code
        self.teacherToken = teacherToken
        self.tokens = tokens
        self.definition = definition
        self.configuration = configuration
        self.createdAt = createdAt
    }

    package var model: ModelKind { definition.model }

    private enum CodingKeys: String, CodingKey {
        case id, code, teacherToken, tokens, definition, configuration, createdAt
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        code = try c.decode(JoinCode.self, forKey: .code)
        teacherToken = try c.decode(AccessToken.self, forKey: .teacherToken)
        tokens = try c.decodeIfPresent(TokenForm.self, forKey: .tokens) ?? .raw
        definition = try c.decode(LessonDefinition.self, forKey: .definition)
        configuration = try c.decode(LessonConfiguration.self, forKey: .configuration)
        createdAt = try c.decode(Timestamp.self, forKey: .createdAt)
    }
}
