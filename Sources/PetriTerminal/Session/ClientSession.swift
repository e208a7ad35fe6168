import PetriProtocol
import PetriSimulation
import PetriWords

/// The client's connection, from start to end, as a state machine: connecting → joining → joined →
/// (lost → waiting → connecting …) → ended.
///
/// Every input is a method that returns the ``SessionAction``s to perform; the session never
/// touches a socket, a clock or a file. Time comes in as a ``Moment`` (monotonic and wall-clock),
/// and jitter from the injected random source, so every transition is
/// testable without sleeping.
///
/// ```swift
/// var session = ClientSession(entry: .student(code: code, name: "Ada", token: nil))
/// perform(session.start(at: now()))              // [.connect]
/// perform(session.connected(at: now()))          // [.send(.join(...))]
/// perform(session.received(message, at: now()))  // [.storeToken(...)] after the welcome
/// ```
struct ClientSession: Sendable {
    /// Where the session is.
    enum Phase: Sendable, Hashable {
        case idle
        /// A connection is being opened.
        case connecting(attempt: Int)
        /// Connected; the hello (`join`, `resume`, `teach`, `create`) was sent at `since`.
        case joining(since: Duration)
        /// In the lesson.
        case joined
        /// Waiting until `until` before retry number `attempt` (1 for the first since the last welcome).
        case waiting(attempt: Int, until: Duration, reason: ReconnectPolicy.Reason, ticket: Int)
        /// Finished.
        case ended(SessionEnd)
    }

    /// Liveness and patience settings.
    struct Timing: Sendable, Hashable {
        /// Silence before a `ping`.
        var pingAfter: Duration = .seconds(15)
        /// How long to wait for anything after the `ping` before giving the connection up.
        var pongTimeout: Duration = .seconds(10)
        /// How long to wait for the welcome after the hello.
        var welcomeTimeout: Duration = .seconds(15)

        /// The defaults: ping after 15 s of silence, give up 10 s later, wait 15 s for a welcome.
        init() {}
    }

    /// Where the session is now.
    var phase: Phase = .idle
    /// The lesson as far as this client knows it.
    var lesson = LessonState()
    /// How this client gets in; it becomes `.teacher` once a created lesson's token is known.
    var entry: LessonEntry
    /// The teacher key (or teacher's session) the lesson was created with, kept for requests outside the lesson
    /// (previewing and saving plans); nil for a lesson attached to with its token.
    let teacherKey: String?
    /// The language asked for on every join, resume and teach (nil: none, the server's default).
    var language: String?
    /// The backoff between reconnection attempts.
    var policy: ReconnectPolicy
    /// Liveness and patience settings.
    var timing: Timing
    /// Messages the user sent while not connected, sent after the next welcome.
    var outbox: [ClientMessage] = []
    /// How many unsent messages are kept; older ones are dropped with a notice.
    static let outboxLimit = 32

    private var random: any RandomNumberGenerator & Sendable
    /// Failed or lost connections since the last welcome: the backoff's exponent.
    var failures = 0
    private var ticket = 0
    private var lastHeard: Duration = .zero
    private var pingSentAt: Duration?
    var hasWelcome = false
    /// The node the next connection goes to, when another node redirected there (a cluster);
    /// nil for the server the client was started with. Cleared when that connection fails or
    /// closes, so a client redirected to a node that died goes back to its own server, which then
    /// sends it to the lesson's new owner.
    var redirect: String?
    /// Whether the code was tried as a make-up's because no lesson had it (then a refusal names both).
    var makeupFallback = false
    /// Redirects followed since the last welcome: a loop of them is treated as a lost connection.
    var redirects = 0
    /// Redirects followed in a row before the client backs off instead.
    static let redirectLimit = 4
    /// Connections we closed because the server broke the WebSocket protocol (1002, 1007).
    var protocolFailures = 0
    /// How many such closes end the session: a server that sends malformed frames will send
    /// them again, and reconnecting forever would only repeat it.
    static let protocolFailureLimit = 3

    /// Creates a session.
    ///
    /// - Parameters:
    ///   - entry: How to get into the lesson.
    ///   - policy: The backoff between attempts.
    ///   - timing: Liveness settings.
    ///   - random: The jitter source (tests pass a seeded generator).
    init(
        entry: LessonEntry, policy: ReconnectPolicy = .init(), timing: Timing = .init(),
        random: any RandomNumberGenerator & Sendable = SystemRandomNumberGenerator(), language: String? = nil
    ) {
        self.entry = entry
        switch entry {
        case .create(let key, _, _, _, _), .importLesson(let key, _, _), .startPlan(let key, _, _, _, _):
            teacherKey = key
        case .student, .teacher, .makeup: teacherKey = nil
        }
        self.language = language
        if let language { lesson.language = TerminalWords.book.match([language]) }
        self.policy = policy
        self.timing = timing
        self.random = random
        lesson.code = entry.code
        lesson.isMakeup = entry.isMakeup
    }

    /// The connection as the status line shows it.
    func status(at now: Moment) -> ConnectionStatus {
        switch phase {
        case .idle: .connecting(attempt: 1)
        case .connecting(let attempt): .connecting(attempt: attempt)
        case .joining: .joining
        case .joined: .online
        case .waiting(let attempt, let until, let reason, _):
            .reconnecting(
                attempt: attempt, seconds: Int((max(0, (until - now.monotonic) / .seconds(1))).rounded(.up)),
                reason: Self.describe(reason, in: lesson.language))
        case .ended(let end): .ended(end.message)
        }
    }

    /// Whether the session has finished.
    var isEnded: Bool {
        if case .ended = phase { return true }
        return false
    }

    // MARK: - Inputs

    /// Starts: the first connection.
    mutating func start(at now: Moment) -> [SessionAction] {
        guard case .idle = phase else { return [] }
        failures = 0
        phase = .connecting(attempt: 1)
        return [.connect]
    }

    /// The connection opened: say hello.
    mutating func connected(at now: Moment) -> [SessionAction] {
        guard case .connecting = phase else { return [] }
        phase = .joining(since: now.monotonic)
        lastHeard = now.monotonic
        pingSentAt = nil
        return [.send(hello())]
    }

    /// The connection could not be opened.
    mutating func connectFailed(_ reason: String, at now: Moment) -> [SessionAction] {
        guard case .connecting = phase else { return [] }
        redirect = nil
        lesson.post(
            TerminalWords.text("terminal.session.unreachable", ["reason": .text(reason)], in: lesson.language),
            kind: .error, at: now.wall)
        return scheduleRetry(.lost, now: now)
    }

    /// A message arrived on the current connection.
    ///
    /// - Parameters:
    ///   - message: The decoded message.
    ///   - now: When it arrived.
    mutating func received(_ message: ServerMessage, at now: Moment) -> [SessionAction] {
        let wall = now.wall
        lastHeard = now.monotonic
        pingSentAt = nil
        switch phase {
        case .joining:
            return receivedWhileJoining(message, at: now)
        case .joined:
            lesson.apply(message, at: wall)
            if case .created(let code, let token) = message {
                // A clone: a new lesson; keep its token so the teacher can attach to it later.
                lesson.post(
                    TerminalWords.text("terminal.session.cloned", ["code": .text(code.text)], in: lesson.language),
                    kind: .success, at: wall)
                return [.storeToken(token, code: code, role: .teacher)]
            }
            return []
        default:
            return []
        }
    }

    /// The current connection closed.
    ///
    /// - Parameters:
    ///   - code: The WebSocket close code (1006 when it just dropped).
    ///   - reason: The peer's reason, untrusted (not shown).
    ///   - now: When it closed.
    mutating func closed(code: UInt16, reason: String, at now: Moment) -> [SessionAction] {
        switch phase {
        case .connecting, .joining, .joined: break
        default: return []
        }
        let code0 = lesson.code
        redirect = nil
        switch code {
        case LessonCloseCode.kicked.rawValue:
            var actions = finish(
                .kicked, TerminalWords.text("terminal.session.kicked", in: lesson.language), status: 1)
            if let code0 { actions.insert(.forgetToken(code: code0, role: entry.tokenRole), at: 0) }
            return actions
        case LessonCloseCode.replaced.rawValue:
            return finish(.replaced, TerminalWords.text("terminal.session.replaced", in: lesson.language), status: 0)
        case LessonCloseCode.lessonEnded.rawValue:
            return finish(.lessonEnded, endOfLessonMessage(), status: 0)
        case LessonCloseCode.makeupClosed.rawValue:
            return finish(.closed, makeupClosedMessage(lesson.makeupClosed), status: 1)
        case 1000:
            if lesson.ended { return finish(.lessonEnded, endOfLessonMessage(), status: 0) }
            return finish(.closed, TerminalWords.text("terminal.session.closed", in: lesson.language), status: 1)
        case 4012: return scheduleRetry(.restarting, now: now)
        case 4013, 4014: return scheduleRetry(.busy, now: now)
        case 1008: return scheduleRetry(.tooSlow, now: now)
        case 1001, 1011: return scheduleRetry(.goingAway, now: now)
        case 1002, 1007: return brokeProtocol(code: code, at: now)
        default: return scheduleRetry(.lost, now: now)
        }
    }

    /// A retry timer fired; a stale ticket is ignored.
    mutating func retryDue(ticket: Int, at now: Moment) -> [SessionAction] {
        guard case .waiting(let attempt, _, _, let current) = phase, current == ticket else { return [] }
        phase = .connecting(attempt: attempt + 1)
        return [.connect]
    }

    /// The user asked to retry at once.
    mutating func retryNow(at now: Moment) -> [SessionAction] {
        guard case .waiting(_, _, _, let current) = phase else { return [] }
        return retryDue(ticket: current, at: now)
    }

    /// Time passed: ping a silent connection, give up on a dead one.
    mutating func tick(at now: Moment) -> [SessionAction] {
        switch phase {
        case .joining(let since) where now.monotonic - since >= timing.welcomeTimeout:
            return [.disconnect] + scheduleRetry(.lost, now: now)
        case .joined:
            if let sent = pingSentAt {
                if now.monotonic - sent >= timing.pongTimeout {
                    lesson.post(
                        TerminalWords.text("terminal.session.silent", in: lesson.language), kind: .error, at: now.wall)
                    return [.disconnect] + scheduleRetry(.lost, now: now)
                }
            } else if now.monotonic - lastHeard >= timing.pingAfter {
                pingSentAt = now.monotonic
                return [.send(.ping)]
            }
            return []
        default:
            return []
        }
    }

    /// The user sends a message (an answer, a teacher command).
    ///
    /// Sent at once when joined; otherwise kept and sent after the next welcome.
    mutating func send(_ message: ClientMessage, at now: Moment) -> [SessionAction] {
        if case .joined = phase { return [.send(message)] }
        if isEnded { return [] }
        outbox.append(message)
        if outbox.count > Self.outboxLimit { outbox.removeFirst(outbox.count - Self.outboxLimit) }
        lesson.post(TerminalWords.text("terminal.session.queued", in: lesson.language), at: now.wall)
        return []
    }

    /// The user quits.
    mutating func quit() -> [SessionAction] {
        if isEnded { return [] }
        return [.disconnect] + finish(.quit, "", status: 0)
    }

    /// The server sent something no Petri server sends (a frame breaking RFC 6455, or text that
    /// is not UTF-8): retry, in case something on the way garbled it, but not forever.
    private mutating func brokeProtocol(code: UInt16, at now: Moment) -> [SessionAction] {
        protocolFailures += 1
        let what =
            code == 1007
            ? TerminalWords.text("terminal.session.notUTF8", in: lesson.language)
            : TerminalWords.text("terminal.session.badFrame", in: lesson.language)
        guard protocolFailures < Self.protocolFailureLimit else {
            return finish(
                .closed,
                TerminalWords.text(
                    "terminal.session.brokeProtocol",
                    ["what": .text(what), "code": .int(Int(code)), "count": .int(protocolFailures)], in: lesson.language
                ),
                status: 1)
        }
        lesson.post(
            TerminalWords.text(
                "terminal.session.brokeProtocolOnce", ["what": .text(what), "code": .int(Int(code))],
                in: lesson.language),
            kind: .error, at: now.wall)
        return scheduleRetry(.lost, now: now)
    }

    mutating func scheduleRetry(_ reason: ReconnectPolicy.Reason, now: Moment) -> [SessionAction] {
        failures += 1
        ticket += 1
        let jitter = Double(random.next()) / Double(UInt64.max)
        let delay = policy.delay(attempt: failures, floor: reason.floor, jitter: jitter)
        phase = .waiting(attempt: failures, until: now.monotonic + delay, reason: reason, ticket: ticket)
        return [.retry(after: delay, ticket: ticket)]
    }

    mutating func finish(_ kind: SessionEnd.Kind, _ message: String, status: Int32) -> [SessionAction] {
        let end = SessionEnd(kind, TerminalText.sanitise(message, maxCharacters: 500), exitStatus: status)
        phase = .ended(end)
        return [.finish(end)]
    }

    /// The first message on each connection.
    func hello() -> ClientMessage {
        let lastSeen = hasWelcome ? lesson.position : nil
        switch entry {
        case .student(let code, _, .some(let token)):
            return .resume(code: code, token: token, lastSeen: lastSeen, language: language)
        case .student(let code, let name, nil): return .join(code: code, name: name, language: language)
        case .makeup(let code, _, .some(let token)): return .resumeMakeup(code: code, token: token, language: language)
        case .makeup(let code, let name, nil): return .joinMakeup(code: code, name: name, language: language)
        case .teacher(let code, let token):
            return .teach(code: code, token: token, lastSeen: lastSeen, language: language)
        case .create(let key, let model, let parameters, let seed, let options):
            return .create(teacherKey: key, model: model, parameters: parameters, seed: seed, options: options)
        case .importLesson(let key, let definition, let options):
            return .importLesson(teacherKey: key, definition: definition, options: options)
        case .startPlan(let key, let plan, let text, let seed, let pace):
            return .startPlan(teacherKey: key, plan: plan, text: text, seed: seed, pace: pace, rate: nil, options: nil)
        }
    }

    /// What to say when a make-up closes under the student, or refuses them because it is closed: the server's
    /// sentence (which says whether the teacher closed it or its date passed), then how to carry on.
    func makeupClosedMessage(_ reason: String?) -> String {
        let code = lesson.code?.text ?? ""
        let why = reason ?? TerminalWords.text("terminal.makeup.closedHere", in: lesson.language)
        return why + " " + TerminalWords.text("terminal.makeup.kept", ["code": .text(code)], in: lesson.language)
    }

    /// What to say when the lesson is over: the student's closing line, if it came.
    private func endOfLessonMessage() -> String {
        let code = lesson.code?.text ?? ""
        guard let closing = lesson.closing else {
            return TerminalWords.text("terminal.session.teacherEnded", ["code": .text(code)], in: lesson.language)
        }
        return TerminalWords.text(
            "terminal.session.closing",
            [
                "code": .text(code), "score": .int(closing.score), "possible": .int(closing.possible),
                "rank": .int(closing.rank),
            ], in: lesson.language) + " " + closing.message.text
    }

    static func describe(_ reason: ReconnectPolicy.Reason, in language: Language) -> String {
        switch reason {
        case .lost: TerminalWords.text("terminal.reason.lost", in: language)
        case .restarting: TerminalWords.text("terminal.reason.restarting", in: language)
        case .goingAway: TerminalWords.text("terminal.reason.goingAway", in: language)
        case .busy: TerminalWords.text("terminal.reason.busy", in: language)
        case .tooSlow: TerminalWords.text("terminal.reason.tooSlow", in: language)
        case .rateLimited: TerminalWords.text("terminal.reason.rateLimited", in: language)
        }
    }
}
