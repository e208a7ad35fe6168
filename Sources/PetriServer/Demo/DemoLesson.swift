import Foundation
import Logging
import PetriPeer
import PetriProtocol
import PetriSimulation
import PetriTransport
import PetriWebSocket

/// A demo lesson for a first run (`petri serve --demo`, which `make run` uses): the shipped plan `demo` (peppered
/// moths in the industrial-revolution scenario, running by itself, a question every six generations).
///
/// The demo is an ordinary protocol client of its own server over loopback: it starts the plan with the teacher key
/// (`startPlan`, automatic pace), or re-attaches with `teach` to the lesson it started before, kept in ``fileName``
/// in the data directory, so restarts do not pile up demo lessons. It sends the plan's first Next and closes its
/// connection: the lesson runs the plan by itself from then on, across restarts too (the plan and its position
/// are part of the lesson). When the run has ended (extinction), the next start makes a new demo lesson. A human
/// teacher may attach to the same lesson with the teacher token at any time, and step off or rejoin the plan.
///
/// ```swift
/// let demo = DemoLesson(settings: .init(environment: ProcessInfo.processInfo.environment), logger: logger)
/// let (code, token) = try await demo.start(url: "ws://127.0.0.1:8080/", teacherKey: key, dataDirectory: "./data")
/// // ... later
/// await demo.stop()
/// ```
package actor DemoLesson {
    /// How fast the demo runs.
    package struct Settings: Sendable, Hashable {
        /// Generations per second while running (the plan's own rate when nil).
        var rate: Double?
        /// The plan the demo runs (one of the shipped plans).
        static let plan = "demo"

        package init() {}

        /// The defaults, with the rate `PETRI_DEMO_RATE` gives when it holds a valid one (tests use it to run fast).
        package init(environment: [String: String]) {
            if let text = environment["PETRI_DEMO_RATE"], let rate = Double(text), rate >= 0.01, rate <= 30 {
                self.rate = rate
            }
        }
    }

    /// The file in the data directory that remembers the demo lesson's code and teacher token.
    static let fileName = "demo.lesson"

    private let settings: Settings
    private let logger: Logger
    private var client: WebSocketClient?

    package init(settings: Settings = .init(), logger: Logger) {
        self.settings = settings
        self.logger = logger
    }

    /// Connects to the server at `url`, re-attaches to the previous demo lesson if it is still running (else starts
    /// the demo plan and remembers the lesson), and starts the plan if it has not started yet.
    ///
    /// - Parameters:
    ///   - url: The server's WebSocket address, reachable from this process (e.g. `ws://127.0.0.1:8080/`).
    ///   - teacherKey: The server's teacher key, needed to start the lesson.
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
        var attached: (DemoPeer, JoinCode, AccessToken)?
        var attachedPlan: PlanState?
        if let saved = Self.readSaved(file) {
            let peer = try await DemoPeer.connect(client, to: url)
            do {
                let welcome = try await peer.teach(saved.code, saved.teacherToken)
                // A demo whose plan is done, or that has no plan (an older demo lesson), is over too.
                let plan = try await peer.plan()
                if !welcome.ended, welcome.runOver == nil, let plan, !plan.finished {
                    attached = (peer, saved.code, saved.teacherToken)
                    attachedPlan = plan
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
            try creator.send(
                .startPlan(
                    teacherKey: teacherKey, plan: Settings.plan, text: nil, seed: nil, pace: .auto, rate: settings.rate,
                    options: nil))
            let (code, token) = try await creator.expectReply { message -> (JoinCode, AccessToken)? in
                if case .created(let code, let token) = message { (code, token) } else { nil }
            }
            creator.close()
            try Self.save(SavedDemo(code: code, teacherToken: token), to: file)
            let peer = try await DemoPeer.connect(client, to: url)
            _ = try await peer.teach(code, token)
            attached = (peer, code, token)
        }
        guard let (peer, code, token) = attached else { throw DemoError("The demo lesson could not be started.") }
        // The teacher's welcome is followed by where the plan stands: a plan not started yet gets its first Next.
        var state = attachedPlan
        if state == nil { state = try await peer.plan() }
        if let state, state.next == 0, state.waiting == "none" {
            try peer.send(.planNext)
            _ = try await peer.expectReply("plan") { message -> PlanState? in
                if case .plan(let state) = message { state } else { nil }
            }
        }
        peer.close()
        logger.info("Demo lesson running", metadata: ["code": "\(code)"])
        return (code, token)
    }

    /// Closes the demo's client (the lesson itself carries on).
    func stop() async {
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

/// The demo's connections: the shared protocol peer, over the demo's WebSocket client.
typealias DemoPeer = ProtocolPeer

extension ProtocolPeer {
    static func connect(_ client: WebSocketClient, to url: String) async throws -> ProtocolPeer {
        ProtocolPeer(client, try await client.connect(to: url))
    }

    /// Where the lesson stands in its plan, read after `teach`; nil for a lesson without a plan. The server answers a
    /// `ping` after everything the attachment sent, so a `pong` first means no `plan` is coming.
    func plan() async throws -> PlanState? {
        try send(.ping)
        return try await expectReply("plan") { message -> PlanState?? in
            switch message {
            case .plan(let state): .some(state)
            case .pong: .some(nil)
            default: nil
            }
        }
    }

    /// Attaches as the lesson's teacher and returns the welcome; a refusal is thrown.
    func teach(_ code: JoinCode, _ token: AccessToken) async throws -> Welcome {
        try send(.teach(code: code, token: token, lastSeen: nil))
        return try await expectReply("welcome") { message in
            if case .welcome(let welcome) = message { welcome } else { nil }
        }
    }
}
