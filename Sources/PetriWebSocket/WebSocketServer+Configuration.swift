import Foundation
import PetriTransport

extension WebSocketServer {
    /// Where and how the server listens, and the limits it enforces on every connection.
    package struct Configuration: Sendable {
        /// The address to listen on (`127.0.0.1`, `0.0.0.0`, `::`), or nil for every address.
        package var host: String? = "127.0.0.1"
        /// The TCP port; 0 picks a free one (see ``WebSocketServer/port``).
        package var port: Int = 8080
        /// WebSocket subprotocols accepted; a client offering none is bound to the first.
        var subprotocols: [String] = ["petri.v1"]
        /// Subprotocols answered, when a client offers none of ``subprotocols``, with
        /// `400 Bad Request` and a JSON body naming the ones spoken. libwebsockets 4.1 can answer
        /// only names it knows: any other unknown offer is closed with no HTTP response. A client
        /// offering one of these and a spoken one (`petri.v2, petri.v1`) gets the spoken one.
        var refusedSubprotocols: [String] = ["petri.v0"] + (2...9).map { "petri.v\($0)" }
        /// Largest incoming message, all fragments together; larger closes with 1009.
        /// 1 MiB: PetriProtocol's `ProtocolLimits.Defaults.frameBytes` (an `import` may be that
        /// large; other messages are held to 16 KiB by the decoder). A test checks they agree.
        package var maxMessageBytes: Int = 1024 * 1024
        /// Outbound bytes a connection may have queued before it counts as stalled.
        /// At four times this it is closed at once, so per-connection memory stays bounded.
        package var maxQueueBytes: Int = 1 << 20
        /// Outbound bytes all connections together may have queued; 0 for no budget. Over it,
        /// ``WebSocketServer/isOverOutboundBudget`` is true (the hub refuses new `history` requests
        /// with `try-later`), and the 250 ms sweep closes the connections holding the most queued
        /// bytes (1008) until the total is back under it. 128 MiB: 32 connections at the hard cap of
        /// four times ``maxQueueBytes``, or a thousand students with 128 KiB each waiting, against the
        /// 480-531 MiB that 150 students asking for history without reading held with no budget.
        package var maxTotalQueueBytes: Int = 128 << 20
        /// Seconds a connection may stay over ``maxQueueBytes`` before it is closed (1008).
        package var stallTimeout: Double = 10
        /// Largest outgoing frame; longer messages are sent as several fragments.
        var maxFrameBytes: Int = Int(Int32.max)
        /// Seconds allowed for the TCP + HTTP upgrade handshake.
        package var handshakeTimeout: Int = 10
        /// Idle seconds before the server pings a connection.
        package var pingAfterIdle: Int = 20
        /// Idle seconds (no pong, no data) before a connection is dropped: dead peers go within this.
        package var hangupAfterIdle: Int = 50
        /// Browser origins allowed to upgrade besides the server's own, exactly as browsers send them
        /// (`https://school.example`); `*` allows any. An upgrade whose `Origin` names the host it was
        /// sent to (its `Host`, ports aside) or one of ``ownHostNames`` is the server's own page and is
        /// always allowed; so are clients that send no Origin (not browsers). Anything else is refused,
        /// so a page of another web site that a student opens cannot reach this server.
        package var allowedOrigins: Set<String> = []
        /// Host names that are this server's own besides the one a request names in `Host` (e.g. a
        /// cluster node's advertised name), lower case, no port.
        package var ownHostNames: Set<String> = []
        /// Most connections from one remote address, WebSocket upgrades and connections still in their
        /// handshake (or plain HTTP) alike; 0 for no cap. A trusted proxy's connections are counted by the
        /// address its `X-Forwarded-For` names, once they upgrade.
        package var maxConnectionsPerAddress: Int = 0
        /// Reverse proxies (IP addresses) whose `X-Forwarded-For` header says who the client
        /// is: behind nginx, every peer is the proxy, and per-address limits would count a whole
        /// school as one address. Loopback by default (only a process on this machine can be it).
        package var trustedProxies: Set<String> = ["127.0.0.1", "::1"]
        /// Nice levels the transport's thread asks for against the server's other threads
        /// (``ThreadPriority/transportNiceOffset``); negative runs it ahead of them. The system may allow
        /// no lower value (RLIMIT_NICE; `LimitNICE=` in a systemd unit): then the thread keeps the
        /// process's, and the server says so once. 0 leaves it alone.
        package var serviceThreadNiceOffset: Int32 = ThreadPriority.transportNiceOffset
        /// Certificate and key (PEM files) to serve `wss://`; nil for plain `ws://`.
        package var tls: TLSFiles?
        /// lws's receive chunk per connection: small keeps idle connections cheap; messages
        /// larger than this are reassembled, so it is not a message limit.
        package var receiveBufferBytes: Int = 1024
        /// Extra HTTP routes (e.g. `/metrics`), answered on the service thread.
        package var httpHandler: HTTPHandler?

        package init(host: String? = "127.0.0.1", port: Int = 8080) {
            self.host = host
            self.port = port
        }

        /// Checks every value.
        ///
        /// - Throws: ``TransportError`` naming the setting, its value and what is allowed.
        package func validate() throws(TransportError) {
            func require(_ ok: Bool, _ message: String) throws(TransportError) {
                if !ok { throw TransportError(.invalidArgument, message) }
            }
            try require((0...65535).contains(port), "port must be between 0 and 65535, but was \(port).")
            try require(maxMessageBytes >= 1024, "maxMessageBytes must be at least 1024, but was \(maxMessageBytes).")
            try require(maxQueueBytes >= 4096, "maxQueueBytes must be at least 4096, but was \(maxQueueBytes).")
            try require(
                maxTotalQueueBytes >= 0,
                "maxTotalQueueBytes must be 0 (no budget) or more, but was \(maxTotalQueueBytes).")
            try require(stallTimeout > 0, "stallTimeout must be more than 0 seconds, but was \(stallTimeout).")
            try require(maxFrameBytes >= 16, "maxFrameBytes must be at least 16, but was \(maxFrameBytes).")
            try require(
                (1...300).contains(handshakeTimeout),
                "handshakeTimeout must be between 1 and 300 seconds, but was \(handshakeTimeout).")
            try require(
                (1...3600).contains(pingAfterIdle),
                "pingAfterIdle must be between 1 and 3600 seconds, but was \(pingAfterIdle).")
            try require(
                hangupAfterIdle > pingAfterIdle && hangupAfterIdle <= 3600,
                "hangupAfterIdle must be more than pingAfterIdle (\(pingAfterIdle)) and at most 3600 seconds, but was \(hangupAfterIdle)."
            )
            try require(
                maxConnectionsPerAddress >= 0,
                "maxConnectionsPerAddress must be 0 (no cap) or more, but was \(maxConnectionsPerAddress).")
            try require(
                (128...65536).contains(receiveBufferBytes),
                "receiveBufferBytes must be between 128 and 65536, but was \(receiveBufferBytes).")
            try require(!subprotocols.isEmpty, "subprotocols must name at least one subprotocol.")
            try require(
                (-39...39).contains(serviceThreadNiceOffset),
                "serviceThreadNiceOffset must be between -39 and 39, but was \(serviceThreadNiceOffset).")
            for proxy in trustedProxies.sorted() {
                try require(isIPAddressLiteral(proxy), "trustedProxies must list IP addresses, but has \"\(proxy)\".")
            }
            if let tls {
                for (what, path) in [("certificate", tls.certificatePath), ("private key", tls.privateKeyPath)]
                where !FileManager.default.isReadableFile(atPath: path) {
                    throw TransportError(.tls, "The TLS \(what) file \(path) does not exist or cannot be read.")
                }
            }
        }

        var engineOptions: EngineOptions {
            EngineOptions(
                isServer: true, host: host, port: port, subprotocols: subprotocols,
                refusedSubprotocols: refusedSubprotocols, maxMessageBytes: maxMessageBytes,
                maxQueueBytes: maxQueueBytes, maxTotalQueueBytes: maxTotalQueueBytes, stallTimeout: stallTimeout,
                maxFrameBytes: maxFrameBytes,
                handshakeTimeout: handshakeTimeout, pingAfterIdle: pingAfterIdle, hangupAfterIdle: hangupAfterIdle,
                allowedOrigins: allowedOrigins, ownHostNames: ownHostNames,
                maxConnectionsPerAddress: maxConnectionsPerAddress,
                trustedProxies: trustedProxies,
                tlsCertificatePath: tls?.certificatePath, tlsKeyPath: tls?.privateKeyPath, caFilePath: nil,
                rxBufferSize: receiveBufferBytes, httpHandler: httpHandler, usesTLS: tls != nil,
                serviceThreadNiceOffset: serviceThreadNiceOffset)
        }
    }

    /// PEM files for `wss://`.
    package struct TLSFiles: Sendable, Hashable {
        var certificatePath: String
        var privateKeyPath: String

        package init(certificatePath: String, privateKeyPath: String) {
            self.certificatePath = certificatePath
            self.privateKeyPath = privateKeyPath
        }
    }
}
