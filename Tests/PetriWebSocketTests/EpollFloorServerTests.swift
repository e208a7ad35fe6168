import PetriLoad
import Synchronization
import Testing

@testable import PetriWebSocket

#if canImport(Glibc)
    import Glibc
#endif

/// The floor `petri-bench transport` compares Petri with must be the same work done with no
/// library: the same frame bytes, a real handshake, every client served.
@Suite struct EpollFloorServerTests {
    @Test(arguments: [0, 1, 125, 126, 1024, 65535, 65536, 70000])
    func floorFramesAreByteForByteThoseThePetriServerWrites(length: Int) {
        let payload = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        var header = [UInt8](repeating: 0, count: FrameHeader.maximumSize)
        let headerLength = header.withUnsafeMutableBytes {
            FrameHeader.write(opcode: 1, payloadLength: length, to: $0.baseAddress!)
        }
        #expect(EpollFloorServer.textFrame(payload) == Array(header.prefix(headerLength)) + payload)
    }

    @Test func theUpgradeAnswerIsRFC6455sAcceptForTheKey() {
        // RFC 6455 §1.3's example.
        #expect(EpollFloorServer.acceptValue(forKey: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }

    @Test(.timeLimit(.minutes(1))) func everyLoadClientReceivesEveryBroadcastIntactAndInOrder() async throws {
        // Given a floor and 50 load-generator clients upgraded to it,
        let clients = 50
        let floor = try EpollFloorServer(expecting: clients)
        let load = try EpollLoadClients(port: floor.port, count: clients)
        try await floor.waitUntilAccepted()
        // when it broadcasts three messages of different sizes, one after the other,
        for (round, size) in [10, 1024, 100_000].enumerated() {
            let payload = [UInt8]("\(round) ".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: size)
            floor.broadcast(EpollFloorServer.textFrame(payload))
            // then every client gets it whole, once.
            var received = [Int](repeating: 0, count: clients)
            var intact = true
            load.run(until: { received.allSatisfy { $0 == 1 } || received.contains { $0 > 1 } }) { index, bytes in
                received[index] += 1
                intact = intact && Array(bytes) == payload
            }
            #expect(received == [Int](repeating: 1, count: clients), "round \(round)")
            #expect(intact, "round \(round)")
        }
        await floor.shutdown()
    }

    @Test(.timeLimit(.minutes(1))) func roundNumbersReadFromADescriptorBroadcastThoseRoundsFrames() async throws {
        // Given a floor reading round numbers from a pipe, with three rounds' frames,
        let payloads = (0..<3).map { [UInt8]("\($0) round".utf8) }
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let floor = try EpollFloorServer(
            expecting: 5, roundsFrom: ends[0], frames: payloads.map(EpollFloorServer.textFrame))
        let load = try EpollLoadClients(port: floor.port, count: 5)
        try await floor.waitUntilAccepted()
        for round in [2, 0] {
            // when a round number is written,
            let line = Array("\(round)\n".utf8)
            #expect(line.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) } == line.count)
            // then every client gets that round's message.
            var received: [[UInt8]] = []
            load.run(until: { received.count >= 5 }) { _, bytes in received.append(Array(bytes)) }
            #expect(received == [[UInt8]](repeating: payloads[round], count: 5))
        }
        // The end of the input stops it.
        close(ends[1])
        await floor.waitUntilStopped()
        close(ends[0])
    }

    @Test(.timeLimit(.minutes(1))) func shutdownWhileStillAcceptingReturns() async throws {
        // A benchmark whose clients never came must still be able to stop the floor.
        let floor = try EpollFloorServer(expecting: 10)
        await floor.shutdown()
        await #expect(throws: Error.self) { try await floor.waitUntilAccepted() }
    }
}
