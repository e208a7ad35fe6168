import PetriTransport
import Testing

@testable import PetriWebSocket

/// Our client checks UTF-8 itself (lws 4.1's client check is unsafe, see `LWSEngine.receive`), on
/// whatever chunks lws hands it: a character cut by a frame boundary, by lws's receive buffer or
/// by a short read must never make valid text look invalid (a 1007 seen once under heavy load).
@Suite struct ClientUTF8Tests {
    @Test(.timeLimit(.minutes(1))) func validTextCutInsideCharactersEverywhereArrivesWholeWithNoClose() async throws {
        // Given a server that fragments every message into 17-byte frames and a client whose
        // receive buffer is 128 bytes, so frames and chunks end inside two-, three- and four-byte characters,
        var configuration = WebSocketServer.Configuration(host: "127.0.0.1", port: 0)
        configuration.maxFrameBytes = 17
        let server = try await WebSocketServer.start(configuration)
        var clientConfiguration = WebSocketClient.Configuration()
        clientConfiguration.receiveBufferBytes = 128
        let client = try await WebSocketClient.start(clientConfiguration)
        let (connections, ids) = try await connect(3, to: server, with: client)

        // when it sends messages of every length up to 300 bytes of mixed-width characters, back to back
        // (short ones gathered into one write, long ones fragmented),
        let alphabet = Array("aé€🌱".unicodeScalars)
        let messages = (0..<120).map { n in
            String(String.UnicodeScalarView((0..<(n * 2 + 1)).map { alphabet[($0 * 7 + n) % alphabet.count] }))
        }
        for message in messages { server.broadcast(OutboundMessage(text: message), to: ids, policy: .reliable) }

        // then every client gets every message intact, in order, and nothing closes.
        for connection in connections {
            var got: [String] = []
            for await event in connection.events {
                switch event {
                case .text(let frame): got.append(frame.string)
                case .closed(let code, let reason): Issue.record("closed \(code.rawValue): \(reason)")
                case .binary: Issue.record("a binary message")
                }
                if got.count == messages.count { break }
            }
            #expect(got == messages)
        }
        await client.shutdown()
        await server.shutdown()
    }
}
