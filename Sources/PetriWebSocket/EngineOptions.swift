import PetriTransport

/// Everything an ``LWSEngine`` needs, built from a server's or a client's configuration.
struct EngineOptions: Sendable {
    var isServer: Bool
    var host: String?
    var port: Int
    var subprotocols: [String]
    /// Subprotocols a server answers with HTTP 400 when a client offers none it speaks.
    var refusedSubprotocols: [String] = []
    var maxMessageBytes: Int
    var maxQueueBytes: Int
    /// Outbound bytes all connections together may have queued (0: no budget; see `enforceQueueBudget`).
    var maxTotalQueueBytes: Int = 0
    var stallTimeout: Double
    var maxFrameBytes: Int
    var handshakeTimeout: Int
    var pingAfterIdle: Int
    var hangupAfterIdle: Int
    var allowedOrigins: Set<String>
    /// Host names that are this server's own besides the request's `Host` (see ``OriginPolicy``).
    var ownHostNames: Set<String> = []
    var maxConnectionsPerAddress: Int
    /// Peers whose `X-Forwarded-For` names the real client (see ``ForwardedAddress``).
    var trustedProxies: Set<String> = []
    var tlsCertificatePath: String?
    var tlsKeyPath: String?
    var caFilePath: String?
    var rxBufferSize: Int
    var httpHandler: HTTPHandler?
    /// Whether the context initialises TLS (a server with certificate and key; a client that opts in).
    var usesTLS = false
    /// Nice levels the service thread asks for against the process's other threads (0: none; see
    /// `LWSEngine.adjustServiceThreadPriority()`).
    var serviceThreadNiceOffset: Int32 = 0
}
