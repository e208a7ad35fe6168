import Synchronization
import Testing

@testable import PetriLoad

/// The floor `petri-bench class` compares Petri's answers with must do the same network work
/// with nothing else: read every client's messages whole, answer each, broadcast to all.
@Suite struct EpollAnswerFloorTests {
    @Test(.timeLimit(.minutes(1))) func everyMessageIsAnsweredOnItsOwnConnectionAndBroadcastsReachEveryone()
        async throws
    {
        // Given a floor that answers each message with "ack " and the message, and 40 clients upgraded to it,
        let clients = 40
        let floor = try EpollAnswerFloor(expecting: clients) { payload in
            EpollFloorServer.textFrame(Array("ack ".utf8) + Array(payload))
        }
        let load = try EpollLoadClients(port: floor.port, count: clients)
        try await floor.waitUntilAccepted()
        // when each client sends two messages, one of them long enough for a 16-bit length,
        let long = String(repeating: "x", count: 300)
        for index in 0..<clients {
            load.send(text: Array("\(index) first".utf8), to: index)
            load.send(text: Array("\(index) \(long)".utf8), to: index)
        }
        // then each client gets both answers, in order, and nobody else's.
        var received = [[String]](repeating: [], count: clients)
        load.run(until: { received.allSatisfy { $0.count >= 2 } }) { index, bytes in
            received[index].append(String(decoding: bytes, as: UTF8.self))
        }
        for index in 0..<clients {
            #expect(received[index] == ["ack \(index) first", "ack \(index) \(long)"])
        }
        // And a broadcast reaches every client once.
        floor.broadcast(EpollFloorServer.textFrame(Array("question".utf8)))
        var questions = [Int](repeating: 0, count: clients)
        load.run(until: { questions.allSatisfy { $0 == 1 } }) { index, bytes in
            if String(decoding: bytes, as: UTF8.self) == "question" { questions[index] += 1 }
        }
        #expect(questions == [Int](repeating: 1, count: clients))
        await floor.shutdown()
    }

    @Test func fragmentsMakeOneMessageAndAPartialFrameWaitsForTheRest() {
        // A message in two fragments, then the first half of another frame.
        let whole =
            ClientFrame.masked(opcode: 1, payload: Array("hel".utf8), fin: false)
            + ClientFrame.masked(opcode: 0, payload: Array("lo".utf8))
        let next = ClientFrame.masked(opcode: 1, payload: Array("later".utf8))
        var message: [UInt8] = []
        var messages: [String] = []
        let split = ClientFrames.split(whole + next.prefix(4), message: &message) {
            messages.append(String(decoding: $0, as: UTF8.self))
        }
        #expect(messages == ["hello"])
        #expect(split == .used(whole.count))
    }

    @Test func pingsAreSkippedAndACloseOrAnUnmaskedFrameEndsTheConnection() {
        var message: [UInt8] = []
        var messages: [String] = []
        let pingThenText =
            ClientFrame.masked(opcode: 9, payload: Array("p".utf8)) + ClientFrame.masked(opcode: 1, payload: [65])
        #expect(
            ClientFrames.split(pingThenText, message: &message) { messages.append(String(decoding: $0, as: UTF8.self)) }
                == .used(pingThenText.count))
        #expect(messages == ["A"])
        #expect(ClientFrames.split(ClientFrame.masked(opcode: 8, payload: []), message: &message) { _ in } == .closed)
        // A client's frames must be masked (RFC 6455 §5.1): the server's own, unmasked, is refused.
        #expect(ClientFrames.split(EpollFloorServer.textFrame([65]), message: &message) { _ in } == .closed)
    }
}
