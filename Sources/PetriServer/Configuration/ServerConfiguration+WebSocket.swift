import Foundation
import PetriWebSocket

extension ServerConfiguration {
    /// The transport's settings for this configuration.
    ///
    /// Transport-only knobs (subprotocols, frame size, receive buffer) keep their defaults, and the HTTP handler
    /// is left for the server to attach. `WebSocketServer.Configuration.validate()` accepts every configuration
    /// that passed ``validate()``: the ranges here are within the transport's.
    package func webSocketConfiguration() -> WebSocketServer.Configuration {
        var transport = WebSocketServer.Configuration(host: server.host, port: server.port)
        transport.maxMessageBytes = websocket.maxMessageBytes
        transport.maxQueueBytes = websocket.maxQueueBytes
        transport.maxTotalQueueBytes = websocket.maxTotalQueueBytes
        transport.stallTimeout = Double(websocket.stallTimeoutSeconds)
        transport.handshakeTimeout = websocket.handshakeTimeoutSeconds
        transport.pingAfterIdle = websocket.pingAfterIdleSeconds
        transport.hangupAfterIdle = websocket.hangupAfterIdleSeconds
        transport.allowedOrigins = Set(websocket.allowedOrigins)
        // A page one node served may follow a redirect to this one: its advertised host is its own too.
        if let advertised = cluster.advertiseUrl.flatMap({ URLComponents(string: $0)?.host }) {
            transport.ownHostNames = [advertised.lowercased()]
        }
        transport.maxConnectionsPerAddress = websocket.maxConnectionsPerAddress
        transport.trustedProxies = Set(websocket.trustedProxies)
        if let certificate = tls.certificate, let key = tls.key {
            transport.tls = WebSocketServer.TLSFiles(certificatePath: certificate, privateKeyPath: key)
        }
        return transport
    }
}
