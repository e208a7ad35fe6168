import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriLesson

/// A server's clock under the test's control: it only moves when told to.
struct ManualClock {
    private(set) var now = Timestamp(millisecondsSince1970: 1_741_080_000_000)  // 2025-03-04T09:20:00Z

    mutating func advance(seconds: Double) {
        now = now.adding(milliseconds: Int64((seconds * 1000).rounded()))
    }
}

/// A lesson with a manual clock and a pretend server around it: tokens, joins, senders.
struct Classroom {
    static let seed: UInt64 = 0xDEAD_BEEF_CAFE_F00D

    let teacherToken: AccessToken
    var lesson: Lesson<WalkModel>
    var clock = ManualClock()
    /// Every effect of every accepted command, in order (for whole-lesson checks).
    private(set) var log: [LessonEffect<WalkModel>] = []
    /// Each student's current session, as a server would remember it per connection.
    private(set) var sessions: [StudentID: Int] = [:]
    private var minted = 0

    init(
        _ parameters: WalkModel.Parameters = .init(), options: LessonOptions = .init(),
        configuration: LessonConfiguration? = nil
    ) throws {
        var configuration = configuration ?? LessonConfiguration(nameSeed: 7)
        configuration.options = options
        teacherToken = try Self.token("teacher")
        lesson = try Lesson(
            parameters: parameters, seed: Self.seed, teacherToken: teacherToken, configuration: configuration)
    }

    /// A well-formed token that encodes `label`, like the server's random ones but readable.
    static func token(_ label: String) throws -> AccessToken {
        let body = label.filter { $0.isLetter || $0.isNumber }
        return try AccessToken(String((body + String(repeating: "x", count: 22)).prefix(max(22, body.count))))
    }

    /// Sends a command as `actor` at the clock's time.
    @discardableResult
    mutating func send(_ command: LessonCommand, as actor: Participant) -> LessonOutcome<WalkModel> {
        let outcome = lesson.handle(command, from: actor, at: clock.now)
        log += outcome.effects
        for case .attach(.student(let id), let session) in outcome.effects { sessions[id] = session }
        return outcome
    }

    @discardableResult
    mutating func teacher(_ command: LessonCommand) -> LessonOutcome<WalkModel> { send(command, as: .teacher) }

    @discardableResult
    mutating func student(_ id: StudentID, _ command: LessonCommand) -> LessonOutcome<WalkModel> {
        send(command, as: .student(id))
    }

    @discardableResult
    mutating func server(_ command: LessonCommand) -> LessonOutcome<WalkModel> { send(command, as: .server) }

    /// Mints a fresh token, as the server's secure generator would.
    mutating func mintToken() throws -> AccessToken {
        minted += 1
        return try Self.token("student\(minted)")
    }

    /// Joins a student and returns their id and token; fails the test if refused.
    @discardableResult
    mutating func join(_ name: String?, sourceLocation: SourceLocation = #_sourceLocation) throws -> (
        StudentID, AccessToken
    ) {
        let token = try mintToken()
        let outcome = send(.join(name: name, token: token), as: .guest)
        let id = try #require(
            outcome.attachedStudent, "join was refused: \(String(describing: outcome.rejection))",
            sourceLocation: sourceLocation)
        return (id, token)
    }

    /// Steps `count` generations as the teacher, failing the test if refused.
    mutating func step(_ count: Int = 1, sourceLocation: SourceLocation = #_sourceLocation) {
        let outcome = teacher(.step(count: count))
        #expect(
            outcome.rejection == nil, "step was refused: \(String(describing: outcome.rejection))",
            sourceLocation: sourceLocation)
    }

    /// Asks a question as the teacher and returns its id.
    @discardableResult
    mutating func ask(_ spec: QuestionSpec, sourceLocation: SourceLocation = #_sourceLocation) throws -> QuestionID {
        let outcome = teacher(.ask(spec))
        let info = try #require(
            outcome.broadcasts.compactMap { if case .question(let info) = $0 { info } else { nil } }.first,
            "ask was refused: \(String(describing: outcome.rejection))", sourceLocation: sourceLocation)
        return info.id
    }
}

extension LessonOutcome {
    /// Messages broadcast to everyone.
    var broadcasts: [ServerMessage] {
        effects.compactMap { if case .broadcast(let message) = $0 { message } else { nil } }
    }

    /// Messages replied to the sender.
    var replies: [ServerMessage] {
        effects.compactMap { if case .reply(let message) = $0 { message } else { nil } }
    }

    /// Messages sent to one recipient.
    func sent(to recipient: Recipient) -> [ServerMessage] {
        effects.compactMap { effect in
            if case .send(let message, let to) = effect, to == recipient { message } else { nil }
        }
    }

    /// The student the sender was attached as, if any.
    var attachedStudent: StudentID? {
        for case .attach(.student(let id), _) in effects { return id }
        return nil
    }

    /// The welcome replied to the sender.
    var welcome: Welcome? {
        replies.compactMap { if case .welcome(let welcome) = $0 { welcome } else { nil } }.first
    }

    /// The error code of a refusal.
    var errorCode: ProtocolError.Code? { rejection?.code }

    /// Whether a persist entry leads the effects.
    var isPersisted: Bool {
        if case .persist = effects.first { return true }
        return false
    }
}

extension QuestionSpec {
    /// A number question about the population.
    static func population(
        in horizon: Int = 5, tolerance: Double? = 10, timeLimit: Int? = nil, hint: String? = nil,
        allowChange: Bool = true
    ) -> QuestionSpec {
        QuestionSpec(
            metric: "population", kind: .number(tolerance: tolerance), horizon: horizon, timeLimit: timeLimit,
            hint: hint, allowChange: allowChange)
    }

    /// Grow / shrink / extinct / same, about the population.
    static func growShrink(in horizon: Int = 5) -> QuestionSpec {
        QuestionSpec(
            metric: "population",
            kind: .choice(options: [
                ChoiceOption("extinct", when: .runOver), ChoiceOption("grow", when: .grows),
                ChoiceOption("shrink", when: .shrinks), ChoiceOption("same", when: .otherwise),
            ]),
            horizon: horizon)
    }

    /// "Extinct within `horizon` generations?"
    static func extinction(in horizon: Int = 5) -> QuestionSpec {
        QuestionSpec(metric: "extinct", kind: .probability(event: nil), horizon: horizon)
    }
}
