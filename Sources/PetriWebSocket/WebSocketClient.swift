import Foundation
import Logging
import PetriTransport

/// A libwebsockets WebSocket client: one service thread carrying any number of connections.
///
/// Implements ``Transport`` for the connections it opened, so the same code can talk through
/// a client or a server. `wss://` servers are verified against the system's CAs or, when
/// configured, one CA file.
///
/// ```swift
/// let client = try await WebSocketClient.start()
/// let connection = try await client.connect(to: "ws://127.0.0.1:8080/")
/// client.send(OutboundMessage(text: "hello"), to: connection.id, policy: .reliable)
/// ```
package final class WebSocketClient: Transport {
    /// Limits and trust for outgoing connections.
    package struct Configuration: Sendable {
        /// Whether this client may open `wss://` connections. Off by default: lws 4.1's TLS
        /// set-up re-allocates process-wide OpenSSL indices, which can break a TLS handshake
        /// in flight in another context of the same process, so only clients that need TLS do it.
        package var enablesTLS = false
        /// A PEM file of CAs to trust for `wss://`; nil uses the system's CAs.
        package var caFilePath: String?
        /// Largest incoming message; larger closes with 1009.
        var maxMessageBytes: Int = 16 << 20
        /// Outbound bytes queued per connection before it counts as stalled.
        var maxQueueBytes: Int = 4 << 20
        /// Seconds over ``maxQueueBytes`` before the connection is closed.
        var stallTimeout: Double = 30
        /// Largest outgoing frame; longer messages are fragmented.
        var maxFrameBytes: Int = Int(Int32.max)
        /// Seconds for TCP + TLS + upgrade.
        var handshakeTimeout: Int = 10
        /// Idle seconds before a ping, and before giving up on a silent server.
        var pingAfterIdle: Int = 20
        var hangupAfterIdle: Int = 50
        /// lws's receive chunk per connection.
        var receiveBufferBytes: Int = 4096

        package init() {}

        var engineOptions: EngineOptions {
            EngineOptions(
                isServer: false, host: nil, port: 0, subprotocols: ["petri-client"], maxMessageBytes: maxMessageBytes,
                maxQueueBytes: maxQueueBytes, stallTimeout: stallTimeout, maxFrameBytes: maxFrameBytes,
                handshakeTimeout: handshakeTimeout, pingAfterIdle: pingAfterIdle, hangupAfterIdle: hangupAfterIdle,
                allowedOrigins: [], maxConnectionsPerAddress: 0, tlsCertificatePath: nil, tlsKeyPath: nil,
                caFilePath: caFilePath, rxBufferSize: receiveBufferBytes, httpHandler: nil,
                usesTLS: enablesTLS)
        }
    }

    private let engine: LWSEngine

    private init(engine: LWSEngine) { self.engine = engine }

    /// Starts the client's service thread.
    ///
    /// - Throws: ``TransportError`` when TLS cannot be set up (e.g. an unreadable CA file).
    package static func start(_ configuration: Configuration = .init(), logger: Logger = Logger(label: "petri.client"))
        async throws(TransportError) -> WebSocketClient
    {
        if let ca = configuration.caFilePath, !FileManager.default.isReadableFile(atPath: ca) {
            throw TransportError(.tls, "The CA file \(ca) does not exist or cannot be read.")
        }
        let engine = LWSEngine(options: configuration.engineOptions, logger: logger)
        _ = try await engine.start()
        return WebSocketClient(engine: engine)
    }

    /// Opens a connection and completes the WebSocket handshake.
    ///
    /// - Parameters:
    ///   - url: `ws://host:port/path` or `wss://…`.
    ///   - subprotocol: offered in `Sec-WebSocket-Protocol`; nil offers none.
    ///   - origin: an `Origin` header to send, as a browser would; nil sends none.
    /// - Throws: ``TransportError`` for a malformed URL, a refused or failed connection.
    package func connect(to url: String, subprotocol: String? = "petri.v1", origin: String? = nil)
        async throws(TransportError) -> Connection
    {
        let request = try Self.parse(url, subprotocol: subprotocol, origin: origin)
        if request.useTLS && !engine.options.usesTLS {
            throw TransportError(
                .tls, "This client was started without TLS; start it with Configuration.enablesTLS to open \(url).")
        }
        do {
            return try await withCheckedThrowingContinuation { continuation in
                engine.enqueue(.connect(request, continuation))
            }
        } catch let error as TransportError {
            throw error
        } catch {
            throw TransportError(.connectFailed, "Could not connect to \(url): \(error).")
        }
    }

    package var connections: AsyncStream<Connection> { engine.accepted }

    package func send(_ message: OutboundMessage, to id: ConnectionID, policy: DeliveryPolicy = .reliable) {
        engine.enqueue(.send(message, id, policy))
    }

    package func broadcast(_ message: OutboundMessage, to ids: [ConnectionID], policy: DeliveryPolicy = .reliable) {
        guard !ids.isEmpty else { return }
        engine.enqueue(.broadcast(message, ids, policy))
    }

    package func submit(_ batch: [TransportInstruction]) {
        guard !batch.isEmpty else { return }
        engine.enqueue(.batch(batch))
    }

    package func close(_ id: ConnectionID, code: CloseCode = .normal, reason: String = "") {
        engine.enqueue(.close(id, code, reason))
    }

    package var counts: TransportCounts { engine.counts.snapshot }

    /// A client has no budget for all its connections together.
    package var isOverOutboundBudget: Bool { false }

    /// Closes every connection and joins the service thread.
    package func shutdown(timeout: Double = 1.0) async {
        engine.enqueue(.shutdown(.goingAway, "client closing", deadline: monotonicSeconds() + timeout))
        await engine.waitUntilStopped()
    }

    deinit {
        if !engine.isStopped { engine.enqueue(.shutdown(.goingAway, "client stopped", deadline: 0)) }
    }

    static func parse(_ text: String, subprotocol: String?, origin: String?) throws(TransportError)
        -> LWSEngine.ClientRequest
    {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "ws" || scheme == "wss",
            let host = url.host, !host.isEmpty
        else {
            throw TransportError(
                .invalidArgument, "\"\(text)\" is not a WebSocket URL; use ws://host:port/ or wss://host/.")
        }
        let tls = scheme == "wss"
        let port = url.port ?? (tls ? 443 : 80)
        var path = url.path.isEmpty ? "/" : url.path
        if let query = url.query { path += "?" + query }
        return .init(host: host, port: port, path: path, useTLS: tls, subprotocol: subprotocol, origin: origin)
    }
}
