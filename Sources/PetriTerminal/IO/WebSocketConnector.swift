import Logging
import PetriProtocol
import PetriTransport
import PetriWebSocket

/// Connects to a Petri server over WebSockets (`ws://` or `wss://`) with PetriWebSocket's client.
///
/// One client (one libwebsockets service thread) carries every connection this process opens.
actor WebSocketConnector: LessonConnector {
    /// The server's URL, e.g. `ws://127.0.0.1:8080/`.
    let url: String
    private let configuration: WebSocketClient.Configuration
    private var client: WebSocketClient?
    private var stopped = false

    /// - Parameters:
    ///   - url: `ws://host:port/` or `wss://host/`.
    ///   - caFile: A PEM file of CAs to trust for `wss://`, instead of the system's.
    init(url: String, caFile: String? = nil) {
        self.url = url
        var configuration = WebSocketClient.Configuration()
        configuration.enablesTLS = url.lowercased().hasPrefix("wss://")
        configuration.caFilePath = caFile
        self.configuration = configuration
    }

    func connect() async throws(TerminalError) -> any LessonLink {
        try await connect(redirectedTo: nil)
    }

    /// Connects to `url` (a node another node redirected to), or to ``url`` when nil.
    ///
    /// A redirect keeps the scheme: a `ws://` client is never sent to `wss://` or back.
    func connect(redirectedTo target: String?) async throws(TerminalError) -> any LessonLink {
        let url = target ?? self.url
        guard url.lowercased().hasPrefix(configuration.enablesTLS ? "wss://" : "ws://") else {
            throw TerminalError(
                .cannotConnect, "The server redirected to \(url), which is not a \(self.url.prefix(3)) URL.")
        }
        guard !stopped else { throw TerminalError(.cannotConnect, "The client is shutting down.") }
        let client: WebSocketClient
        if let existing = self.client {
            client = existing
        } else {
            do {
                // Quiet: the full-screen client owns the terminal, so nothing may be logged to it.
                client = try await WebSocketClient.start(
                    configuration, logger: Logger(label: "petri.client") { _ in SwiftLogNoOpLogHandler() })
            } catch {
                throw TerminalError(.cannotConnect, error.message)
            }
            self.client = client
        }
        do {
            let connection = try await client.connect(to: url, subprotocol: ProtocolVersion.subprotocol)
            return WebSocketLink(client: client, connection: connection)
        } catch {
            throw TerminalError(.cannotConnect, Self.explain(error))
        }
    }

    func shutdown() async {
        stopped = true
        if let client { await client.shutdown(timeout: 0.5) }
        client = nil
    }

    /// A short reason for the status line.
    static func explain(_ error: TransportError) -> String {
        switch error.code {
        case .invalidArgument: error.message
        case .tls: "the secure connection failed (\(error.message))"
        default: "no answer from the server"
        }
    }
}

/// One WebSocket connection, decoding frames into messages on its own task.
struct WebSocketLink: LessonLink {
    let client: WebSocketClient
    let id: ConnectionID
    let events: AsyncStream<LinkEvent>

    init(client: WebSocketClient, connection: Connection) {
        self.client = client
        id = connection.id
        let source = connection.events
        events = AsyncStream(bufferingPolicy: .unbounded) { continuation in
            let task = Task {
                let decoder = ProtocolDecoder(limits: .serverMessages)
                for await event in source {
                    switch event {
                    case .text(let frame):
                        do {
                            let message = try decoder.decodeServerMessage(frame.bytes)
                            continuation.yield(.message(message, raw: frame.string))
                        } catch {
                            continuation.yield(
                                .unreadable(
                                    raw: frame.string, problem: (error as? ProtocolError)?.message ?? "\(error)"))
                        }
                    case .binary:
                        continuation.yield(.unreadable(raw: "", problem: "The server sent a binary frame."))
                    case .closed(let code, let reason):
                        continuation.yield(.closed(code: code.rawValue, reason: reason))
                    }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    func send(_ message: ClientMessage) {
        guard let bytes = try? ProtocolEncoder().encode(message) else { return }
        client.send(OutboundMessage(kind: .text, bytes: bytes), to: id, policy: .reliable)
    }

    func close() {
        client.close(id, code: .normal, reason: "client leaving")
    }
}
