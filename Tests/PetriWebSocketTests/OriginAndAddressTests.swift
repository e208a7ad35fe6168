import Foundation
import PetriTransport
import PetriWebSocket
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct OriginAndAddressTests {
    @Test(.timeLimit(.minutes(1))) func aPeerStillSendingWhenTheServerClosesReadsItsCloseFrame() async throws {
        // Given a server that closes a connection with 1008 at its 50th message (as the hub's rate limit does)
        let server = try await WebSocketServer.start(.init(host: "127.0.0.1", port: 0))
        let task = Task {
            for await connection in server.connections {
                var received = 0
                for await event in connection.events {
                    guard case .text(let text) = event else { continue }
                    received += 1
                    server.send(OutboundMessage(kind: .text, bytes: text.bytes), to: connection.id, policy: .reliable)
                    if received == 50 {
                        server.close(connection.id, code: .policyViolation, reason: "too many messages")
                    }
                }
            }
        }

        // When a raw client sends 100 messages without reading, reads up to the close frame, and goes on
        // sending as a client whose reader is behind its writer does
        let peer = try RawPeer(port: server.port)
        let outcome = try await onThread { () -> ((code: UInt16, reason: String)?, Int) in
            let payload = Array(String(repeating: "p", count: 100).utf8)
            for _ in 0..<100 { try peer.sendFrame(opcode: 1, payload: payload) }
            let close = peer.readUntilClose()
            var sentAfterClose = 0
            for _ in 0..<200 {
                guard (try? peer.sendFrame(opcode: 1, payload: payload)) != nil else { break }
                sentAfterClose += 1
            }
            return (close, sentAfterClose)
        }

        // Then it receives the close frame with 1008 and the reason, and the server keeps reading (and
        // dropping) what still comes until the peer answers: no reset that could destroy the close frame
        #expect(outcome.0?.code == 1008)
        #expect(outcome.0?.reason == "too many messages")
        #expect(outcome.1 == 200, "the server reset the connection after \(outcome.1) more messages")
        task.cancel()
        await server.shutdown()
    }
}
