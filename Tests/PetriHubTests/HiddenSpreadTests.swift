import PetriHubTesting
import PetriPeer
import PetriProtocol
import Testing

/// Whether a message carries the class's predictions in any form.
private func carriesSpread(_ message: ServerMessage) -> Bool {
    switch message {
    case .answersShown, .resolved: true
    default: false
    }
}

@Suite("Discussion before the reveal: no student sees the class's answers before the teacher shows them")
struct HiddenSpreadTests {
    /// A lesson with these options, its teacher, and three students who answered an open number question.
    private func classAnswering(
        on server: InProcessHub, options: LessonOptions
    ) async throws -> (ProtocolPeer, [ProtocolPeer], QuestionID) {
        let teacher = server.connect()
        try teacher.send(
            .create(
                teacherKey: InProcessHub.teacherKey, model: .life, parameters: nil, seed: 3, options: options))
        let (code, token) = try await teacher.expect("created") {
            if case .created(let c, let t) = $0 { (c, t) } else { nil }
        }
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        var students: [ProtocolPeer] = []
        for name in ["Ada", "Ben", "Cy"] {
            let student = server.connect()
            _ = try await student.attach(.join(code: code, name: name))
            students.append(student)
        }
        try teacher.send(.ask(QuestionSpec(metric: "liveCells", kind: .number(tolerance: 50), horizon: 3)))
        let question = try await teacher.expectReply("question") { if case .question(let q) = $0 { q.id } else { nil } }
        for (i, student) in students.enumerated() {
            let replies = try await student.answers(
                to: .answer(question: question, prediction: .number(Double(100 + i))))
            #expect(replies.contains { if case .answerAccepted = $0 { true } else { false } })
        }
        return (teacher, students, question)
    }

    /// Every message each student has received so far.
    ///
    /// The barrier is a `history` request: the lesson answers it through the same outbox as its
    /// broadcasts, so everything the lesson sent the student before arrives first (a `ping` is answered
    /// by the connection's session directly and could overtake them).
    private func everything(_ students: [ProtocolPeer]) async throws -> [[ServerMessage]] {
        var all: [[ServerMessage]] = []
        for student in students {
            try student.send(.history(from: 0, to: 0))
            _ = try await student.expectReply("history") { if case .history = $0 { true } else { nil } }
            all.append(student.seen)
        }
        return all
    }

    @Test func byDefaultNoStudentReceivesTheSpreadBeforeShowAnswers() async throws {
        // Given a lesson with the default options and three answers
        let server = InProcessHub()
        let (teacher, students, question) = try await classAnswering(on: server, options: LessonOptions())

        // When the question opens, is answered and locks (one step)
        _ = try await teacher.answers(to: .step(count: 1))

        // Then no student has received anything carrying the spread
        for (i, seen) in try await everything(students).enumerated() {
            #expect(!seen.contains(where: carriesSpread), "student \(i) saw the spread early: \(seen)")
        }

        // When the teacher shows the answers
        _ = try await teacher.answers(to: .showAnswers(question: question))

        // Then every student receives the anonymous spread of all three answers
        for seen in try await everything(students) {
            let shown = seen.compactMap { if case .answersShown(_, let s) = $0 { s } else { nil } }
            #expect(shown.count == 1 && shown.first?.answers == 3, "\(seen.map(\.type))")
        }
        await server.stop()
    }

    @Test func atResolutionTheSpreadComesOnlyWithTheActualValue() async throws {
        // Given a lesson that shows the spread only at resolution
        let server = InProcessHub()
        let (teacher, students, question) = try await classAnswering(
            on: server, options: LessonOptions(spread: .atResolution))

        // When the teacher tries to show it while the question is open, then it is refused
        let refused = try await teacher.answers(to: .showAnswers(question: question))
        #expect(refused.contains { if case .error(let e) = $0 { e.code == .notAuthorised } else { false } })
        _ = try await teacher.answers(to: .step(count: 2))
        for seen in try await everything(students) { #expect(!seen.contains(where: carriesSpread)) }

        // When it resolves, then each student gets the spread and the actual value together, once
        _ = try await teacher.answers(to: .step(count: 1))
        for seen in try await everything(students) {
            let carrying = seen.filter(carriesSpread)
            #expect(carrying.count == 1)
            guard case .resolved(let resolution)? = carrying.first else {
                Issue.record("expected resolved, got \(carrying)")
                continue
            }
            #expect(resolution.spread.answers == 3 && resolution.actual.isFinite)
            // The actual value lies on the spread's axis.
            if let bins = resolution.spread.bins, let low = bins.first?.lower, let high = bins.last?.upper {
                #expect((low...high).contains(resolution.actual))
            }
        }
        await server.stop()
    }
}
