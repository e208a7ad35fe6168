import PetriTransport
import Testing

@testable import PetriWebSocket

/// Behind a reverse proxy we trust, a connection's address is the client the proxy names.
@Suite struct ForwardedAddressTests {
    /// Opens a raw connection from 127.0.0.1 carrying `X-Forwarded-For: forwardedFor` and
    /// returns the address the server recorded for it.
    private func address(
        forwardedFor: String?, on server: WebSocketServer, accepted: inout AsyncStream<Connection>.Iterator
    ) async throws -> (RawPeer, String?) {
        let peer = try RawPeer(port: server.port, headers: forwardedFor.map { ["X-Forwarded-For: \($0)"] } ?? [])
        let connection = await accepted.next()
        return (peer, connection?.info.remoteAddress)
    }

    @Test(.timeLimit(.minutes(1))) func aTrustedProxysForwardedForNamesTheClientAndForgedEntriesAreIgnored()
        async throws
    {
        // Given a server that trusts the proxy on loopback (its default)
        let server = try await WebSocketServer.start(.init(host: "127.0.0.1", port: 0))
        var accepted = server.connections.makeAsyncIterator()
        var peers: [RawPeer] = []
        let cases: [(String?, String)] = [
            // the proxy forwards for a student
            ("10.0.0.7", "10.0.0.7"),
            // a client that sent its own X-Forwarded-For: only the entry the proxy appended counts
            ("6.6.6.6, 10.0.0.8", "10.0.0.8"),
            // a chain of trusted proxies: the first untrusted from the right
            ("10.0.0.9, ::1, 127.0.0.1", "10.0.0.9"),
            // IPv4 seen through an IPv6 socket
            ("::ffff:10.0.0.10", "10.0.0.10"),
            // unreadable or absent: the peer itself
            ("not-an-address", "127.0.0.1"),
            (nil, "127.0.0.1"),
        ]
        // When connections arrive through it, Then each is recorded as the client it names
        for (header, expected) in cases {
            let (peer, address) = try await address(forwardedFor: header, on: server, accepted: &accepted)
            peers.append(peer)
            #expect(address == expected, "X-Forwarded-For: \(header ?? "(none)")")
        }
        await server.shutdown()
    }

    @Test(.timeLimit(.minutes(1))) func anUntrustedPeerCannotChooseItsAddress() async throws {
        // Given a server that trusts no proxy
        var configuration = WebSocketServer.Configuration(host: "127.0.0.1", port: 0)
        configuration.trustedProxies = []
        let server = try await WebSocketServer.start(configuration)
        var accepted = server.connections.makeAsyncIterator()

        // When a peer claims to forward for someone, Then it is recorded as itself
        let (peer, address) = try await address(forwardedFor: "10.0.0.7", on: server, accepted: &accepted)
        #expect(address == "127.0.0.1")
        _ = peer
        await server.shutdown()
    }

    @Test(.timeLimit(.minutes(1))) func thePerAddressCapCountsStudentsBehindTheProxyNotTheProxy() async throws {
        // Given a cap of one connection per address, behind the loopback proxy
        var configuration = WebSocketServer.Configuration(host: "127.0.0.1", port: 0)
        configuration.maxConnectionsPerAddress = 1
        let server = try await WebSocketServer.start(configuration)

        // When two students connect through the proxy, Then both are accepted
        let first = try RawPeer(port: server.port, headers: ["X-Forwarded-For: 10.0.0.1"])
        let second = try RawPeer(port: server.port, headers: ["X-Forwarded-For: 10.0.0.2"])

        // And a second connection for the same student is refused
        #expect(throws: (any Error).self) { _ = try RawPeer(port: server.port, headers: ["X-Forwarded-For: 10.0.0.1"]) }
        _ = (first, second)
        await server.shutdown()
    }

    @Test func trustedProxiesMustBeAddresses() {
        var configuration = WebSocketServer.Configuration(host: "127.0.0.1", port: 0)
        configuration.trustedProxies = ["127.0.0.1", "proxy.school.example"]
        #expect(
            throws: TransportError(
                .invalidArgument, "trustedProxies must list IP addresses, but has \"proxy.school.example\".")
        ) {
            try configuration.validate()
        }
    }
}
