import Foundation
import PetriTransport
import Testing

@testable import PetriWebSocket

/// What our client does when a server (or anyone on a plain ws:// network) sends frames no
/// Petri server sends. It used to overrun lws's receive buffer (`free(): invalid next size`).
@Suite struct HostileServerTests {
    /// Text of `size` bytes, with an invalid byte early on so the rest arrives after the verdict.
    static func badText(_ size: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: size)
        bytes[100] = 0xFF
        return bytes
    }

    /// A hostile volley: frames as the server sends them, each (opcode, payload, fin).
    struct Volley: Sendable, CustomTestStringConvertible {
        let name: String
        let frames: [(opcode: UInt8, payload: [UInt8], fin: Bool)]
        var testDescription: String { name }
    }

    static let volleys: [Volley] = [
        Volley(name: "3 KB text with a 0xFF", frames: [(1, badText(3 * 1024), true)]),
        Volley(name: "64 KB text with a 0xFF", frames: [(1, badText(64 * 1024), true)]),
        Volley(
            name: "fragmented text, the bad byte in the second fragment",
            frames: [(1, Array("valid start ".utf8), false), (0, badText(5000), false), (0, Array("end".utf8), true)]),
        Volley(name: "text ending inside a character", frames: [(1, Array("price: 3".utf8) + [0xE2, 0x82], true)]),
    ]

    @Test(.timeLimit(.minutes(1)), arguments: volleys)
    func invalidUTF8FromTheServerClosesWith1007AndTheClientLivesOn(_ volley: Volley) async throws {
        // Given a hostile server and a client connected to it
        let hostile = try HostileServer()
        let client = try await WebSocketClient.start()
        let serverSide = Task {
            try await onThread { () -> UInt16? in
                let peer = try hostile.accept()
                try peer.sendFrame(opcode: 1, payload: Array("before".utf8))
                // When the server sends the volley, then keeps sending more bad text (which the
                // old client wrote past the end of lws's receive buffer)
                for frame in volley.frames {
                    try peer.sendFrame(opcode: frame.opcode, payload: frame.payload, fin: frame.fin)
                }
                for _ in 0..<4 { try? peer.sendFrame(opcode: 1, payload: Self.badText(3 * 1024)) }
                let code = peer.readUntilClose()
                try? peer.sendFrame(opcode: 8, payload: [0x03, 0xEF])  // acknowledge with 1007
                return code
            }
        }
        let connection = try await client.connect(to: hostile.url)
        let events = EventReader(connection)

        // Then the messages before it arrive, the client closes with 1007 and says why
        #expect(await events.next() == .text("before"))
        let closed = await events.closeEvent()
        guard case .closed(let code, let reason) = closed else {
            Issue.record("expected a close event, got \(String(describing: closed))")
            return
        }
        #expect(code == .invalidPayload)
        #expect(reason.contains("UTF-8"))
        #expect(try await serverSide.value == 1007)

        // And the client still works: a well-behaved server gets through
        let echo = try await EchoServer.start()
        let good = try await client.connect(to: echo.url)
        client.send(OutboundMessage(text: "still here"), to: good.id, policy: .reliable)
        #expect(await EventReader(good).next() == .text("still here"))
        #expect(client.counts.badInput >= 1)
        await client.shutdown()
        await echo.stop()
    }

    @Test(.timeLimit(.minutes(1))) func anOversizedMessageFromTheServerClosesWith1009WithoutOverrun() async throws {
        // Given a client that takes at most 8 KiB and a server that sends 64 KiB, then more
        let hostile = try HostileServer()
        var configuration = WebSocketClient.Configuration()
        configuration.maxMessageBytes = 8 * 1024
        let client = try await WebSocketClient.start(configuration)
        let serverSide = Task {
            try await onThread { () -> UInt16? in
                let peer = try hostile.accept()
                for _ in 0..<3 {
                    try? peer.sendFrame(opcode: 2, payload: [UInt8](repeating: 7, count: 64 * 1024))
                }
                let code = peer.readUntilClose()
                try? peer.sendFrame(opcode: 8, payload: [0x03, 0xF1])
                return code
            }
        }
        let connection = try await client.connect(to: hostile.url)

        // Then it closes with 1009
        let closed = await EventReader(connection).closeEvent()
        guard case .closed(let code, _) = closed else {
            Issue.record("expected a close event, got \(String(describing: closed))")
            return
        }
        #expect(code == .messageTooBig)
        #expect(try await serverSide.value == 1009)
        await client.shutdown()
    }
}
