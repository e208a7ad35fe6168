import PetriHubTesting
import PetriPeer
import PetriProtocol
import PetriTransport
import Testing

/// History pages are the largest thing a student can ask for: while the transport's queued outbound
/// bytes are over the server's budget, new requests are refused with `try-later`, not queued.
@Suite struct OutboundBudgetTests {
    @Test func historyIsRefusedWithTryLaterWhileTheTransportIsOverItsBudgetAndServedOnceUnder() async throws {
        // Given a student in a lesson, and a transport whose queues are over the server's budget,
        let server = InProcessHub()
        let (code, _) = try await server.connect().createLesson()
        let student = server.connect()
        try student.send(.join(code: code, name: "Ada"))
        _ = try await student.expect("welcome") { if case .welcome(let w) = $0 { w } else { nil } }
        _ = try await student.expect("the welcome's snapshot") { if case .snapshot = $0 { true } else { nil } }
        server.transport.setOverOutboundBudget(true)

        // when the student asks for the history,
        let answers = try await student.answers(to: .history(from: nil, to: nil))

        // then the answer is try-later, with a sentence saying to ask again, and no page,
        guard case .error(let error)? = answers.first else {
            Issue.record("no error before pong: \(answers)")
            return
        }
        #expect(error.code == .tryLater)
        #expect(error.message.contains("again in a few seconds"))
        #expect(!answers.contains { if case .history = $0 { true } else { false } })

        // and once the queues are back under the budget, the same request is served.
        server.transport.setOverOutboundBudget(false)
        try student.send(.history(from: nil, to: nil))
        let page = try await student.expectReply("history") { if case .history(let p) = $0 { p } else { nil } }
        #expect(page.from == 0)
        await server.stop()
    }
}
