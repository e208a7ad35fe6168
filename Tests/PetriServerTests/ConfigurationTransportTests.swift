import PetriWebSocket
import Testing

@testable import PetriHub
@testable import PetriServer

@Suite("Configuration: mapping onto the WebSocket transport")
struct ConfigurationTransportTests {
    @Test func everyWebSocketSettingReachesTheTransport() throws {
        // Given non-default values for every setting the transport uses
        let certificate = try ConfigurationFixtures.write("cert", named: "cert.pem")
        let key = try ConfigurationFixtures.write("key", named: "key.pem")
        defer { [certificate, key].forEach(ConfigurationFixtures.remove) }
        var configuration = ServerConfiguration()
        configuration.server.host = "0.0.0.0"
        configuration.server.port = 9443
        configuration.tls.certificate = certificate
        configuration.tls.key = key
        configuration.websocket.allowedOrigins = ["https://a.example", "https://b.example"]
        configuration.websocket.maxMessageBytes = 2048
        configuration.websocket.maxQueueBytes = 8192
        configuration.websocket.maxTotalQueueBytes = 65536
        configuration.websocket.stallTimeoutSeconds = 3
        configuration.websocket.handshakeTimeoutSeconds = 4
        configuration.websocket.pingAfterIdleSeconds = 5
        configuration.websocket.hangupAfterIdleSeconds = 6
        configuration.websocket.maxConnectionsPerAddress = 7

        // When it is mapped
        let transport = configuration.webSocketConfiguration()

        // Then each value arrives, and the transport accepts it
        #expect(transport.host == "0.0.0.0")
        #expect(transport.port == 9443)
        #expect(transport.tls == WebSocketServer.TLSFiles(certificatePath: certificate, privateKeyPath: key))
        #expect(transport.allowedOrigins == ["https://a.example", "https://b.example"])
        #expect(transport.maxMessageBytes == 2048)
        #expect(transport.maxQueueBytes == 8192)
        #expect(transport.maxTotalQueueBytes == 65536)
        #expect(transport.stallTimeout == 3)
        #expect(transport.handshakeTimeout == 4)
        #expect(transport.pingAfterIdle == 5)
        #expect(transport.hangupAfterIdle == 6)
        #expect(transport.maxConnectionsPerAddress == 7)
        #expect(throws: Never.self) { try transport.validate() }
    }

    @Test func theAdvertisedHostIsTheServersOwnAndAStarAllowsAnyOrigin() throws {
        // Given a cluster node advertised under its own name, and origins widened to any
        var configuration = ServerConfiguration()
        configuration.cluster.advertiseUrl = "wss://Node2.School.example:8443/node/2/"
        configuration.websocket.allowedOrigins = ["*"]

        // When it is checked and mapped onto the transport
        try configuration.validate()
        let transport = configuration.webSocketConfiguration()

        // Then the node's host name counts as the server's own, and `*` reaches the transport as it is
        #expect(transport.ownHostNames == ["node2.school.example"])
        #expect(transport.allowedOrigins == ["*"])
        #expect(ServerConfiguration().webSocketConfiguration().ownHostNames.isEmpty)
    }

    @Test func theDefaultsMapToThePlainTransportDefaults() {
        // Given the defaults
        let transport = ServerConfiguration().webSocketConfiguration()

        // When compared with the transport's own defaults
        let plain = WebSocketServer.Configuration()

        // Then they agree, and TLS is off
        #expect(transport.host == plain.host)
        #expect(transport.port == plain.port)
        #expect(transport.maxMessageBytes == plain.maxMessageBytes)
        #expect(transport.maxQueueBytes == plain.maxQueueBytes)
        #expect(transport.stallTimeout == plain.stallTimeout)
        #expect(transport.handshakeTimeout == plain.handshakeTimeout)
        #expect(transport.pingAfterIdle == plain.pingAfterIdle)
        #expect(transport.hangupAfterIdle == plain.hangupAfterIdle)
        // (but for the cap on one address: on for a server, off for the library, whose users choose)
        #expect(plain.maxConnectionsPerAddress == 0)
        #expect(transport.maxConnectionsPerAddress == ServerConfiguration().websocket.maxConnectionsPerAddress)
        #expect(transport.tls == nil)
    }

    @Test(arguments: [true, false])
    func theTransportAcceptsEveryRangeEdgeThatValidationAllows(atLowerEdge: Bool) throws {
        // Given every numeric setting at the lower (or upper) edge of its allowed range
        var configuration = ServerConfiguration()
        for setting in ConfigurationSetting.all {
            // Twice, so a range that depends on another setting sees that setting's final value.
            for _ in 0..<2 {
                guard let range = setting.integerRange?(configuration) else { continue }
                let edge = atLowerEdge ? range.lowerBound : range.upperBound
                #expect(setting.write(&configuration, .scalar(String(edge))))
            }
        }

        // When it is validated here and by the transport
        // Then both accept it, so a configuration that starts never fails in the transport
        try configuration.validate()
        #expect(throws: Never.self) { try configuration.webSocketConfiguration().validate() }
    }
}
