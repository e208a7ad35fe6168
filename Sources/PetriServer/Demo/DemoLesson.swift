import Foundation
import Logging
import PetriPeer
import PetriProtocol
import PetriSimulation
import PetriTransport
import PetriWebSocket

/// A demo lesson for a first run (`petri serve --demo`, which `make run` uses): peppered moths in
/// the industrial-revolution scenario, auto-running slowly, with a question every few generations.
///
/// The demo is an ordinary protocol client of its own server over loopback: it creates the
/// lesson with the teacher key (or re-attaches with `teach` to the one it created before, kept in
/// ``fileName`` in the data directory, so restarts do not pile up demo lessons), sends `run`, and
/// every ``Settings/questionEvery`` generations pauses, asks, lets the answers come in for
/// ``Settings/answerSeconds``, and runs again. It asks only when no earlier question is waiting
/// to be resolved. When the run ends (extinction) it stops asking; the next start makes a new
/// demo lesson. A human teacher may attach to the same lesson with the teacher token at any time.
///
/// ```swift
/// let demo = DemoLesson(settings: .init(environment: ProcessInfo.processInfo.environment), logger: logger)
/// let (code, token) = try await demo.start(url: "ws://127.0.0.1:8080/", teacherKey: key, dataDirectory: "./data")
/// // ... later
/// await demo.stop()
/// ```
package actor DemoLesson {
    /// How fast the demo runs and how often it asks.
    package struct Settings: Sendable, Hashable {
        /// Generations per second while auto-running.
        var rate: Double = 0.5
        /// Generations between the previous question and the next one.
        var questionEvery: Int = 6
        /// Seconds students get to answer while the demo waits, paused.
        var answerSeconds: Int = 20
        /// The simulation's seed: every demo lesson plays out the same way.
        var seed: UInt64 = 1848

        package init() {}

        /// The defaults, changed by `PETRI_DEMO_RATE`, `PETRI_DEMO_QUESTION_EVERY` and
        /// `PETRI_DEMO_ANSWER_SECONDS` when they hold valid values (tests use them to run fast).
        package init(environment: [String: String]) {
            if let text = environment["PETRI_DEMO_RATE"], let rate = Double(text), rate > 0, rate <= 30 {
                self.rate = rate
            }
            if let text = environment["PETRI_DEMO_QUESTION_EVERY"], let every = Int(text), (1...1000).contains(every) {
                questionEvery = every
            }
            if let text = environment["PETRI_DEMO_ANSWER_SECONDS"], let seconds = Int(text),
                (1...3600).contains(seconds)
            {
                answerSeconds = seconds
            }
        }
    }

    /// The file in the data directory that remembers the demo lesson's code and teacher token.
    static let fileName = "demo.lesson"

    private let settings: Settings
    private let logger: Logger
    private var client: WebSocketClient?
    private var driver: Task<Void, Never>?

    package init(settings: Settings = .init(), logger: Logger) {
        self.settings = settings
        self.logger = logger
    }

    /// Connects to the server at `url`, re-attaches to the previous demo lesson if it is still
    /// running (else creates one and remembers it), starts it running and starts asking questions.
    ///
    /// - Parameters:
    ///   - url: The server's WebSocket address, reachable from this process (e.g. `ws://127.0.0.1:8080/`).
    ///   - teacherKey: The server's teacher key, needed to create the lesson.
    ///   - dataDirectory: Where ``fileName`` is read and written (mode 0600).
    /// - Returns: The lesson's join code and teacher token.
    /// - Throws: ``TransportError`` if the server cannot be reached, ``ProtocolError`` if it refuses
    ///   the lesson, a ``PeerError`` if the connection closes, or a ``DemoError`` if the file cannot be written.
    func start(url: String, teacherKey: String, dataDirectory: String) async throws
        -> (code: JoinCode, teacherToken: AccessToken)
    {
        let client = try await WebSocketClient.start(logger: logger)
        self.client = client
        let file = "\(dataDirectory)/\(Self.fileName)"
        var attached: (DemoPeer, Welcome, JoinCode, AccessToken)?
        if let saved = Self.readSaved(file) {
            let peer = try await DemoPeer.connect(client, to: url)
            do {
                let welcome = try await peer.teach(saved.code, saved.teacherToken)
                if !welcome.ended, welcome.runOver == nil {
                    attached = (peer, welcome, saved.code, saved.teacherToken)
                } else {
                    logger.info(
                        "The previous demo lesson is over; starting a new one", metadata: ["code": "\(saved.code)"])
                    peer.close()
                }
            } catch let error as ProtocolError {
                logger.info(
                    "The previous demo lesson is gone; starting a new one",
                    metadata: ["code": "\(saved.code)", "reason": "\(error.message)"])
                peer.close()
            }
        }
        if attached == nil {
            let creator = try await DemoPeer.connect(client, to: url)
            let parameters = JSONValue.object(["scenario": .string(CamouflageScenario.industrialRevolution.rawValue)])
            try creator.send(
                .create(
                    teacherKey: teacherKey, model: .camouflage, parameters: parameters, seed: settings.seed,
                    options: nil))
            let (code, token) = try await creator.expectReply { message -> (JoinCode, AccessToken)? in
                if case .created(let code, let token) = message { (code, token) } else { nil }
            }
            creator.close()
            try Self.save(SavedDemo(code: code, teacherToken: token), to: file)
            let peer = try await DemoPeer.connect(client, to: url)
            attached = (peer, try await peer.teach(code, token), code, token)
        }
        guard let attached else { throw DemoError("The demo lesson could not be started.") }
        let (peer, welcome, code, token) = attached
        var loop = DemoLoop(peer: peer, settings: settings, logger: logger, welcome: welcome)
        try loop.begin()
        driver = Task { [loop] in
            var driving = loop
            await driving.run()
        }
        logger.info("Demo lesson running", metadata: ["code": "\(code)"])
        return (code, token)
    }

    /// Stops asking questions and closes the demo's connection (the lesson itself carries on).
    func stop() async {
        driver?.cancel()
        driver = nil
        if let client {
            self.client = nil
            await client.shutdown(timeout: 0.5)
        }
    }

    /// The lines telling a newcomer how to join and control the demo lesson.
    ///
    /// - Parameters:
    ///   - server: The address students use; `--server` is added unless it is the clients'
    ///     default, `ws://127.0.0.1:8080/`.
    ///   - executable: How to run the `petri` command.
    /// - Returns: Six lines: the join code, the students' command, the teacher's command, then
    ///   the browser pages' addresses (the student page, the projector, which asks for the
    ///   teacher token on the page, and the teacher's console: tokens never go into a URL).
    static func instructions(
        code: JoinCode, teacherToken: AccessToken, server: String, executable: String = ".build/debug/petri"
    ) -> [String] {
        let serverFlag = server == "ws://127.0.0.1:8080/" ? "" : " --server \(server)"
        // The pages are served on the same port: the same address over http (https for wss).
        let page = server.hasPrefix("wss://") ? "https://" + server.dropFirst(6) : "http://" + server.dropFirst(5)
        // A token may start with "-", which the option parser would take for a flag: attach it with "=".
        let secret = teacherToken.secret
        let tokenFlag = secret.hasPrefix("-") ? "--token=\(secret)" : "--token \(secret)"
        return [
            "Demo lesson running (camouflage: industrial revolution). Join code: \(code)",
            "  Students, in a second terminal:  \(executable) join \(code) --name YourName\(serverFlag)",
            "  Teacher console:                 \(executable) teach attach \(code) \(tokenFlag)\(serverFlag)",
            "  Students, in a browser:          \(page)join/\(code)",
            "  Projector, in a browser:         \(page)projector/\(code) (enter the teacher token there)",
            "  Teacher console, in a browser:   \(page)teach (sign in with the teacher key; open this lesson by "
                + "its code and teacher token)",
        ]
    }

    /// Starts a demo lesson on the server listening on `host`:`port` and prints how to join it, or
    /// logs why it could not start (the server carries on either way).
    ///
    /// - Parameters:
    ///   - host: The address the server listens on; a wildcard address (`0.0.0.0`, `::`) is reached
    ///     through 127.0.0.1.
    ///   - print: Writes one line for the person who started the server.
    /// - Returns: The demo, to stop it.
    @discardableResult
    package static func launch(
        host: String, port: Int, teacherKey: String, dataDirectory: String, settings: Settings,
        logger: Logger, print: @escaping @Sendable (String) -> Void
    ) -> DemoLesson {
        let demo = DemoLesson(settings: settings, logger: logger)
        let local = ["0.0.0.0", "::", "", "*"].contains(host) ? "127.0.0.1" : host
        let bracketed = local.contains(":") && !local.hasPrefix("[") ? "[\(local)]" : local
        let url = "ws://\(bracketed):\(port)/"
        Task {
            do {
                let (code, token) = try await demo.start(url: url, teacherKey: teacherKey, dataDirectory: dataDirectory)
                for line in instructions(code: code, teacherToken: token, server: url) { print(line) }
            } catch {
                logger.error("The demo lesson could not start", metadata: ["error": "\(error)"])
                print("The demo lesson could not start: \(error)")
            }
        }
        return demo
    }

    // MARK: - The saved demo

    /// What ``fileName`` holds.
    struct SavedDemo: Codable, Equatable {
        var code: JoinCode
        var teacherToken: AccessToken
    }

    /// The saved demo, or nil if there is none or the file cannot be read as one.
    static func readSaved(_ path: String) -> SavedDemo? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONDecoder().decode(SavedDemo.self, from: data)
    }

    /// Writes the file atomically with mode 0600 (it holds the teacher token).
    static func save(_ saved: SavedDemo, to path: String) throws {
        let bytes = Array(try JSONEncoder().encode(saved)) + [10]
        let temporary = "\(path).\(getpid()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw DemoError("Could not write \(temporary): \(String(cString: strerror(errno))).") }
        _ = fchmod(fd, 0o600)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        let synced = fsync(fd) == 0
        close(fd)
        guard written == bytes.count, synced, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw DemoError("Could not write \(path): \(String(cString: strerror(errno))).")
        }
    }
}

/// Why the demo lesson could not start.
struct DemoError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The question the demo asks as its `number`-th (1, 2, 3, ...): a number, a choice and a
/// probability question, in turn.
extension DemoLesson {
    static func question(number: Int, answerSeconds: Int) -> QuestionSpec {
        switch (number - 1) % 3 {
        case 0:
            QuestionSpec(
                metric: "meanTrait", kind: .number(tolerance: nil), horizon: 5, timeLimit: answerSeconds,
                hint: "Birds eat the moths they can see. Which moths stand out on the bark right now?",
                prompt: "What will the moths' average colour be in 5 generations? (1 is dark, 100 is pale)")
        case 1:
            QuestionSpec(
                metric: "population",
                kind: .choice(options: [
                    ChoiceOption("More moths", when: .grows), ChoiceOption("Fewer moths", when: .shrinks),
                    ChoiceOption("The same number", when: .otherwise),
                ]),
                horizon: 5, timeLimit: answerSeconds,
                prompt: "In 5 generations, will there be more moths than now, fewer, or the same number?")
        default:
            QuestionSpec(
                metric: "meanTrait", kind: .probability(event: Condition(.lt, 40)), horizon: 8,
                timeLimit: answerSeconds,
                prompt: "How likely is it that the average colour is darker than 40 in 8 generations?")
        }
    }
}

/// The demo's connections: the shared protocol peer, over the demo's WebSocket client.
typealias DemoPeer = ProtocolPeer

extension ProtocolPeer {
    static func connect(_ client: WebSocketClient, to url: String) async throws -> ProtocolPeer {
        ProtocolPeer(client, try await client.connect(to: url))
    }

    /// Attaches as the lesson's teacher and returns the welcome; a refusal is thrown.
    func teach(_ code: JoinCode, _ token: AccessToken) async throws -> Welcome {
        try send(.teach(code: code, token: token, lastSeen: nil))
        return try await expectReply("welcome") { message in
            if case .welcome(let welcome) = message { welcome } else { nil }
        }
    }
}

/// The demo's driving loop: a small state machine fed by the server's messages.
///
/// Asking while running would lock the question at the next tick (the lesson locks the open
/// question before every step), leaving students one generation's time to answer. So the loop
/// pauses, asks with a time limit, waits for the question to lock and runs again.
struct DemoLoop: Sendable {
    private enum Phase: Sendable, Equatable {
        /// Running (or paused by someone else); asks when due.
        case watching
        /// Sent `pause` in order to ask.
        case pausing
        /// Sent `ask`.
        case asking
        /// Waiting for question `id` to lock, then runs again.
        case answering(QuestionID)
    }

    private let peer: DemoPeer
    private let settings: Settings
    private let logger: Logger
    private var phase = Phase.watching
    private var generation: Int
    private var running: Bool
    private var over: Bool
    /// The generation the last question was asked at (or the demo started at).
    private var lastAskedAt: Int
    /// How many questions the lesson has had.
    private var asked: Int
    /// The question waiting to be resolved, if any.
    private var pending: QuestionID?
    /// An open question found on re-attaching, to close before going on.
    private var leftOpen: QuestionID?

    typealias Settings = DemoLesson.Settings

    init(peer: DemoPeer, settings: Settings, logger: Logger, welcome: Welcome) {
        self.peer = peer
        self.settings = settings
        self.logger = logger
        generation = welcome.position.generation
        running = welcome.running != nil
        over = welcome.runOver != nil || welcome.ended
        lastAskedAt = max(
            welcome.questions.last?.askedAt ?? 0, welcome.position.generation - settings.questionEvery + 1)
        asked = welcome.questions.count
        if let last = welcome.questions.last, last.state == .open || last.state == .locked {
            pending = last.id
            if last.state == .open { leftOpen = last.id }
        }
    }

    /// Closes a question left open by an earlier run and starts running.
    mutating func begin() throws {
        if let open = leftOpen { try peer.send(.closeQuestion(question: open)) }
        if !running, !over { try peer.send(.run(rate: settings.rate)) }
    }

    /// Reacts to server messages until the connection closes, the lesson ends or the task is cancelled.
    mutating func run() async {
        while !Task.isCancelled, let message = await peer.nextDecodable() {
            do {
                if try !handle(message) { break }
            } catch {
                logger.warning("The demo lesson could not send a message", metadata: ["error": "\(error)"])
            }
        }
        peer.close()
        logger.info("The demo lesson stopped asking questions")
    }

    /// Handles one message; returns false when the demo is done.
    private mutating func handle(_ message: ServerMessage) throws -> Bool {
        switch message {
        case .stats(_, let stats):
            generation = stats.generation
            try askIfDue()
        case .running:
            running = true
        case .paused:
            running = false
            if phase == .pausing {
                try peer.send(.ask(DemoLesson.question(number: asked + 1, answerSeconds: settings.answerSeconds)))
                phase = .asking
            }
        case .question(let info):
            asked = max(asked, info.id.rawValue)
            pending = info.id
            lastAskedAt = info.askedAt
            if phase == .asking { phase = .answering(info.id) }
        case .questionLocked(let id, _, _):
            if phase == .answering(id) { try resume() }
        case .resolved(let resolution):
            if pending == resolution.question { pending = nil }
        case .questionCancelled(let id, _):
            if pending == id { pending = nil }
            if phase == .answering(id) { try resume() }
        case .rewound(let position), .restored(let position):
            generation = position.generation
            lastAskedAt = min(lastAskedAt, generation)
            over = false
        case .runOver(let text):
            over = true
            logger.info("The demo lesson's run is over; no more questions", metadata: ["message": "\(text)"])
            if phase != .watching { phase = .watching }
        case .lessonEnded:
            return false
        case .error(let error):
            if phase == .asking || phase == .pausing {
                logger.warning("The demo lesson could not ask a question", metadata: ["error": "\(error.message)"])
                lastAskedAt = generation
                try resume()
            }
        default:
            break
        }
        return true
    }

    /// Pauses in order to ask when a question is due and nothing is waiting.
    private mutating func askIfDue() throws {
        guard phase == .watching, running, !over, pending == nil,
            generation - lastAskedAt >= settings.questionEvery
        else { return }
        try peer.send(.pause)
        phase = .pausing
    }

    /// Runs again after a question (unless the run is over).
    private mutating func resume() throws {
        phase = .watching
        if !over { try peer.send(.run(rate: settings.rate)) }
    }
}
