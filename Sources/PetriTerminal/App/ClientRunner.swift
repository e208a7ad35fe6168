import Foundation
import PetriProtocol

/// Runs one client: the session's actions, connections, retry timers, input and drawing, in one loop.
///
/// Connections, timers and the input thread only post events into the loop's stream; everything
/// else (the session, the frontend, the current connection) is touched by the loop alone, so
/// nothing here needs a lock. Events from a connection that was replaced are recognised by an
/// epoch number and dropped.
///
/// ```swift
/// let runner = ClientRunner(session: ClientSession(entry: entry), connector: WebSocketConnector(url: url),
///                           server: url, tokens: .standard(environment: env))
/// let status = await runner.run(StudentScreenFrontend(terminal: try TerminalIO(), colorMode: .ansi256))
/// ```
final class ClientRunner {
    enum Event: Sendable {
        case input(InputEvent)
        case connected(epoch: Int, link: any LessonLink)
        case connectFailed(epoch: Int, reason: String)
        case link(epoch: Int, LinkEvent)
        case retryDue(ticket: Int)
        case tick
    }

    /// The session; frontends read it, and change it only through ``send(_:)``, ``quit()`` and ``retryNow()``.
    private(set) var session: ClientSession
    /// The server's URL (for tokens and join instructions).
    let server: String
    let connector: any LessonConnector
    let tokens: ResumeTokenStore?
    private let clock = ContinuousClock()
    private let started: ContinuousClock.Instant
    private let events: AsyncStream<Event>
    private let continuation: AsyncStream<Event>.Continuation
    private var link: (any LessonLink)?
    private var epoch = 0
    private var ended: SessionEnd?
    private var released = false

    /// - Parameters:
    ///   - session: The session to run (not started).
    ///   - connector: How to reach the server.
    ///   - server: The server's URL, as the token store keys it.
    ///   - tokens: Where tokens are kept between runs (nil: only in memory).
    init(session: ClientSession, connector: any LessonConnector, server: String, tokens: ResumeTokenStore?) {
        self.session = session
        self.connector = connector
        self.server = server
        self.tokens = tokens
        started = clock.now
        (events, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .unbounded)
    }

    /// Now, on both clocks.
    func now() -> Moment {
        let wall = Int64((Date().timeIntervalSince1970 * 1000).rounded())
        return Moment(monotonic: started.duration(to: clock.now), wall: Timestamp(millisecondsSince1970: wall))
    }

    /// The connection as the status line shows it.
    var status: ConnectionStatus { session.status(at: now()) }

    /// Sends a message now, or after reconnecting.
    func send(_ message: ClientMessage) {
        perform(session.send(message, at: now()))
    }

    /// Leaves the lesson.
    func quit() {
        perform(session.quit())
    }

    /// How the session ended, once it has (a lingering frontend is still running).
    var sessionEnd: SessionEnd? { ended }

    /// Lets a frontend that lingers after the session's end (``ClientFrontend/lingers(after:)``) stop.
    func release() {
        released = true
    }

    /// Reconnects at once instead of waiting.
    func retryNow() {
        perform(session.retryNow(at: now()))
    }

    /// Adds a notice to the lesson's news (e.g. a file was saved).
    func post(_ text: String, kind: Notice.Kind) {
        session.lesson.post(text, kind: kind, at: now().wall)
    }

    /// Runs until the session ends; returns the exit status the frontend chose.
    func run(_ frontend: some ClientFrontend) async -> Int32 {
        do {
            try frontend.begin()
        } catch {
            FileHandle.standardError.write(Data("petri: \(error.message)\n".utf8))
            return 1
        }
        if let mode = frontend.inputMode {
            let continuation = self.continuation
            InputReader.start(mode: mode) { continuation.yield(.input($0)) }
        }
        let ticker = Task { [continuation] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(50))
                continuation.yield(.tick)
            }
        }
        perform(session.start(at: now()))
        frontend.draw(runner: self)
        var dirty = false
        var lastDraw = clock.now
        for await event in events {
            var urgent = false
            switch event {
            case .input(let input):
                frontend.input(input, runner: self)
                urgent = true
            case .connected(let epoch, let link):
                guard epoch == self.epoch else {
                    link.close()
                    continue
                }
                self.link = link
                perform(session.connected(at: now()))
            case .connectFailed(let epoch, let reason):
                guard epoch == self.epoch else { continue }
                perform(session.connectFailed(reason, at: now()))
            case .link(let epoch, let linkEvent):
                guard epoch == self.epoch else { continue }
                handle(linkEvent, frontend: frontend)
            case .retryDue(let ticket):
                perform(session.retryDue(ticket: ticket, at: now()))
            case .tick:
                perform(session.tick(at: now()))
                if frontend.tick(runner: self) { dirty = true }
            }
            if case .tick = event {} else { dirty = true }
            if let end = ended, released || !frontend.lingers(after: end) { break }
            if dirty && (urgent || lastDraw.duration(to: clock.now) >= .milliseconds(50)) {
                frontend.draw(runner: self)
                lastDraw = clock.now
                dirty = false
            }
        }
        ticker.cancel()
        link?.close()
        link = nil
        // Give the terminal back first: closing the network client may take up to half a second.
        let status = frontend.finish(ended ?? SessionEnd(.quit, "", exitStatus: 0), runner: self)
        await connector.shutdown()
        return status
    }

    private func handle(_ event: LinkEvent, frontend: some ClientFrontend) {
        switch event {
        case .message(let message, let raw):
            perform(session.received(message, at: now()))
            frontend.received(message, raw: raw, runner: self)
        case .unreadable(let raw, let problem):
            frontend.unreadable(raw: raw, problem: problem, runner: self)
        case .closed(let code, let reason):
            link = nil
            perform(session.closed(code: code, reason: reason, at: now()))
        }
    }

    /// Carries out the session's actions.
    func perform(_ actions: [SessionAction]) {
        for action in actions {
            switch action {
            case .connect:
                epoch += 1
                let epoch = self.epoch
                let connector = self.connector
                let continuation = self.continuation
                let target = session.redirect
                Task {
                    do {
                        let link = try await connector.connect(redirectedTo: target)
                        continuation.yield(.connected(epoch: epoch, link: link))
                        for await event in link.events { continuation.yield(.link(epoch: epoch, event)) }
                    } catch {
                        continuation.yield(
                            .connectFailed(epoch: epoch, reason: (error as? TerminalError)?.message ?? "\(error)"))
                    }
                }
            case .send(let message):
                link?.send(message)
            case .disconnect:
                link?.close()
                link = nil
                epoch += 1
            case .retry(let delay, let ticket):
                let continuation = self.continuation
                Task {
                    try? await Task.sleep(for: delay)
                    continuation.yield(.retryDue(ticket: ticket))
                }
            case .storeToken(let token, let code, let role):
                do {
                    try tokens?.save(token, server: server, code: code, role: role)
                } catch {
                    post(error.message, kind: .error)
                }
            case .forgetToken(let code, let role):
                tokens?.remove(server: server, code: code, role: role)
            case .finish(let end):
                ended = end
            }
        }
    }
}
