import PetriHubTesting
import PetriPeer
import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriHub

/// How a connection's session routes its messages: lesson commands in the connection's own task,
/// joins, teaching and lesson making in a short-lived task of their own, whose outcome (the
/// lesson the connection is now in) the session keeps.
@Suite struct SessionRoutingTests {
    static let moths: JSONValue = .object(["population": .number(60), "reproductiveChance": .number(0.6)])

    @Test(.timeLimit(.minutes(1))) func aJoinedConnectionStaysInItsLessonAfterTheJoinWasHandledApart() async throws {
        let server = InProcessHub()
        let teacher = server.connect()
        let (code, token) = try await teacher.createLesson(.camouflage, Self.moths)
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        // Given a student who joined
        let student = server.connect()
        _ = try await student.attach(.join(code: code, name: "Ada"))

        // When they answer a question, then try to join again on the same connection
        try teacher.send(.ask(QuestionSpec(metric: "meanTrait", kind: .number(tolerance: 20), horizon: 2)))
        let question = try await student.expect("question") { if case .question(let q) = $0 { q } else { nil } }
        try student.send(.answer(question: question.id, prediction: .number(50)))
        let accepted = try await student.expect("answerAccepted") {
            if case .answerAccepted(let id, _, _) = $0 { id } else { nil }
        }
        let again = try await student.answers(to: .join(code: code, name: "Ada again"))

        // Then the answer reached the lesson, and the second join is refused: the connection is in a lesson
        #expect(accepted == question.id)
        #expect(errorCodes(again) == [.alreadyJoined])
        await server.stop()
    }

    @Test(.timeLimit(.minutes(1))) func aFailedJoinLeavesTheConnectionOutsideAnyLessonAndFreeToJoinAnother()
        async throws
    {
        let server = InProcessHub()
        let teacher = server.connect()
        let (code, _) = try await teacher.createLesson(.camouflage, Self.moths)
        // Given a connection whose join named no lesson
        let student = server.connect()
        let failed = try await student.answers(to: .join(code: try JoinCode("ZZZZZZ"), name: "Ada"))
        #expect(errorCodes(failed) == [.unknownLesson])

        // When it sends a lesson command, then joins the right lesson
        let early = try await student.answers(to: .step(count: 1))
        let welcome = try await student.attach(.join(code: code, name: "Ada"))

        // Then the command is refused as not joined, and the join succeeds
        #expect(errorCodes(early) == [.notJoined])
        #expect(welcome.you?.student != nil)
        await server.stop()
    }

    /// The codes of the errors among `messages`, in order.
    private func errorCodes(_ messages: [ServerMessage]) -> [ProtocolError.Code] {
        messages.compactMap { message -> ProtocolError.Code? in
            guard case .error(let error) = message else { return nil }
            return error.code
        }
    }
}
