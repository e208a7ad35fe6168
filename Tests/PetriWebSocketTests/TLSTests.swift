import Foundation
import PetriTransport
import Testing

@testable import PetriWebSocket

/// A throwaway self-signed certificate for `localhost`, made with the openssl command.
struct TestCertificate {
    let directory: URL
    var certificate: String { directory.appendingPathComponent("cert.pem").path }
    var key: String { directory.appendingPathComponent("key.pem").path }

    static func make() throws -> TestCertificate? {
        guard let openssl = which("openssl") else { return nil }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("petri-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let made = TestCertificate(directory: dir)
        let result = try run(
            openssl,
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
                "-addext", "subjectAltName=DNS:localhost", "-keyout", made.key, "-out", made.certificate,
            ])
        return result.status == 0 ? made : nil
    }
}

// Serialized: each TLS context's set-up re-allocates process-wide OpenSSL indices (see
// LWSEngine.createContextSerially), so two TLS tests must not handshake while the other starts.
@Suite(.serialized) struct TLSTests {
    @Test(.timeLimit(.minutes(1))) func wssWorksWhenTheClientTrustsTheServersCertificate() async throws {
        guard let cert = try TestCertificate.make() else {
            print("skipped: openssl is not installed, so no certificate could be made for the wss:// test")
            return
        }
        defer { try? FileManager.default.removeItem(at: cert.directory) }
        // Given a TLS server and a client that trusts its certificate
        let echo = try await EchoServer.start {
            $0.tls = .init(certificatePath: cert.certificate, privateKeyPath: cert.key)
        }
        var configuration = WebSocketClient.Configuration()
        configuration.enablesTLS = true
        configuration.caFilePath = cert.certificate
        let client = try await WebSocketClient.start(configuration)

        // When it connects over wss:// and sends a message
        let connection = try await client.connect(to: "wss://localhost:\(echo.server.port)/")
        client.send(OutboundMessage(text: "secret prediction"), to: connection.id, policy: .reliable)

        // Then the echo comes back through TLS
        #expect(await EventReader(connection).next() == .text("secret prediction"))

        // And HTTP/2 is never negotiated, even when a client asks for it (ALPN is http/1.1 only)
        if let curl = which("curl") {
            let port = echo.server.port
            let version = try await onThread {
                try run(
                    curl,
                    [
                        "-s", "--http2", "--cacert", cert.certificate, "-o", "/dev/null", "-w", "%{http_version}",
                        "https://localhost:\(port)/healthz",
                    ])
            }
            #expect(version.output == "1.1")
        } else {
            print("skipped: curl is not installed, so ALPN was not checked with an independent client")
        }
        await client.shutdown()
        await echo.stop()
    }

    @Test(.timeLimit(.minutes(1))) func aClientRefusesAServerItCannotVerify() async throws {
        guard let cert = try TestCertificate.make() else {
            print("skipped: openssl is not installed, so no certificate could be made for the wss:// test")
            return
        }
        defer { try? FileManager.default.removeItem(at: cert.directory) }
        // Given a TLS server with a self-signed certificate, and a client using only the system CAs
        let echo = try await EchoServer.start {
            $0.tls = .init(certificatePath: cert.certificate, privateKeyPath: cert.key)
        }
        var configuration = WebSocketClient.Configuration()
        configuration.enablesTLS = true
        let client = try await WebSocketClient.start(configuration)

        // Then the connection fails verification
        await #expect(throws: TransportError.self) {
            _ = try await client.connect(to: "wss://localhost:\(echo.server.port)/")
        }
        await client.shutdown()
        await echo.stop()
    }

    @Test func aMissingCertificateStopsTheStartWithAClearError() async throws {
        var configuration = WebSocketServer.Configuration(host: "127.0.0.1", port: 0)
        configuration.tls = .init(certificatePath: "/nonexistent/cert.pem", privateKeyPath: "/nonexistent/key.pem")
        await #expect(
            throws: TransportError(
                .tls, "The TLS certificate file /nonexistent/cert.pem does not exist or cannot be read.")
        ) {
            _ = try await WebSocketServer.start(configuration)
        }
    }

    @Test(.timeLimit(.minutes(1))) func anUnsupportedSubprotocolGetsItsHTTP400ThroughTLS() async throws {
        guard let cert = try TestCertificate.make(), let curl = which("curl") else {
            print("skipped: openssl or curl is not installed, so the refusal was not checked over wss://")
            return
        }
        defer { try? FileManager.default.removeItem(at: cert.directory) }
        // Given a TLS server
        let echo = try await EchoServer.start {
            $0.tls = .init(certificatePath: cert.certificate, privateKeyPath: cert.key)
        }

        // When curl asks it for a WebSocket upgrade offering only petri.v2
        let port = echo.server.port
        let answer = try await onThread {
            try run(
                curl,
                [
                    "-s", "--http1.1", "--cacert", cert.certificate, "-w", "\n%{http_code}",
                    "-H", "Upgrade: websocket", "-H", "Connection: Upgrade", "-H", "Sec-WebSocket-Version: 13",
                    "-H", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "-H", "Sec-WebSocket-Protocol: petri.v2",
                    "https://localhost:\(port)/",
                ])
        }

        // Then the 400 and its JSON body come back encrypted like any response
        let lines = answer.output.split(separator: "\n")
        #expect(lines.last == "400")
        let json = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: String]
        #expect(json?["error"] == "unsupported-subprotocol")
        await echo.stop()
    }
}
