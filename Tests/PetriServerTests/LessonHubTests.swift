import PetriHub
import PetriHubTesting
import PetriLesson
import PetriPeer
import PetriProtocol
import PetriSimulation
import PetriTransport
import Testing

/// A lesson's rules as the hub applies them, in both setups (the in-memory transport and real
/// WebSockets): who answered, late joiners, reconnecting mid-question, late answers, who may control
/// the lesson, the teacher key and the failed-join limiter.
@Suite struct LessonHubTests {
    static let moths: JSONValue = .object(["population": .number(60), "reproductiveChance": .number(0.6)])

    @Test(.timeLimit(.minutes(1)), arguments: HubSetup.both)
    func theTeacherLearnsWhoAnsweredEachStudentOnceInAsFewCountsAsTheServerBatched(in setup: HubSetup)
        async throws
    {
        let server = try await setup.start()
        // Given a lesson with 20 students and an open question
        let teacher = try await server.connect()
        let (code, token) = try await teacher.createLesson(.camouflage, Self.moths)
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        var students: [ProtocolPeer] = []
        var ids: Set<StudentID> = []
        for i in 0..<20 {
            let student = try await server.connect()
            let welcome = try await student.attach(.join(code: code, name: "Student \(i)"))
            if let id = welcome.you?.student { ids.insert(id) }
            students.append(student)
        }
        try teacher.send(.ask(QuestionSpec(metric: "meanTrait", kind: .number(tolerance: 20), horizon: 2)))
        let opening = try await teacher.expect("answerCount") {
            if case .answerCount(_, let a, let s, let by) = $0 { (a, s, by) } else { nil }
        }
        #expect(opening.0 == 0 && opening.1 == 20 && opening.2.isEmpty)

        // When every student answers at once
        for student in students {
            let question = try await student.expect("question") { if case .question(let q) = $0 { q } else { nil } }
            try student.send(.answer(question: question.id, prediction: .number(50)))
        }

        // Then the teacher's counts name every student exactly once, and the last says 20 of 20
        var named: [StudentID] = []
        var counts = 0
        var answered = 0
        while answered < 20 {
            let (a, by) = try await teacher.expect("answerCount") {
                if case .answerCount(_, let a, _, let by) = $0 { (a, by) } else { nil }
            }
            #expect(a == answered + by.count)
            answered = a
            named += by
            counts += 1
        }
        #expect(named.count == 20)
        #expect(Set(named) == ids)
        #expect(counts <= 20)

        await server.stop()
    }

    @Test(.timeLimit(.minutes(1)), arguments: HubSetup.both) func aLateJoinerGetsTheWholeHistoryAndTheCurrentSnapshot(
        in setup: HubSetup
    ) async throws {
        let server = try await setup.start()
        let teacher = try await server.connect()
        let (code, token) = try await teacher.createLesson(.camouflage, Self.moths)
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        // Given a lesson that is already at generation 5
        try teacher.send(.step(count: 5))
        try await teacher.waitForGeneration(5)

        // When a student joins late
        let late = try await server.connect()
        let welcome = try await late.attach(.join(code: code, name: "Late Lara"))

        // Then the welcome, the history from generation 0 and the current snapshot follow
        #expect(welcome.position.generation == 5)
        #expect(welcome.historyFrom == 0)
        let page = try await late.expect("history") { if case .history(let p) = $0 { p } else { nil } }
        #expect(page.stats.map(\.generation) == Array(0...5))
        try await late.waitForGeneration(5)
        await server.stop()
    }

    @Test(.timeLimit(.minutes(1)), arguments: HubSetup.both)
    func aStudentWhoReconnectsMidQuestionKeepsIdentityAnswerAndScore(in setup: HubSetup) async throws {
        let server = try await setup.start()
        let teacher = try await server.connect()
        let (code, token) = try await teacher.createLesson(.camouflage, Self.moths)
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        let ada = try await server.connect()
        let first = try await ada.attach(.join(code: code, name: "Ada"))
        let resumeToken = try #require(first.you?.token)

        // Given Ada answered the open question
        try teacher.send(.ask(QuestionSpec(metric: "population", kind: .number(tolerance: 50), horizon: 1)))
        let question = try await ada.expect { if case .question(let q) = $0 { q } else { nil } }
        try ada.send(.answer(question: question.id, prediction: .number(60)))
        _ = try await ada.expect { if case .answerAccepted = $0 { true } else { nil } }

        // When her connection drops and she resumes with her token
        ada.close()
        let again = try await server.connect()
        let welcome = try await again.attach(.resume(code: code, token: resumeToken, lastSeen: first.position))

        // Then she is the same student with her answer, and she is scored when it resolves
        #expect(welcome.you?.student == first.you?.student)
        #expect(welcome.you?.name == "Ada")
        #expect(welcome.answers.map(\.question) == [question.id])
        try teacher.send(.step(count: 1))
        let result = try await again.expect { if case .result(let r) = $0 { r } else { nil } }
        #expect(result.prediction == .number(60))
        #expect(result.score == result.points.total)
        await server.stop()
    }

    @Test(.timeLimit(.minutes(1)), arguments: HubSetup.both) func anAnswerSentAfterTheStepIsRefused(in setup: HubSetup)
        async throws
    {
        let server = try await setup.start()
        let teacher = try await server.connect()
        let (code, token) = try await teacher.createLesson(.camouflage, Self.moths)
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        let bo = try await server.connect()
        _ = try await bo.attach(.join(code: code, name: "Bo"))
        // Given a question asked for +3 generations
        try teacher.send(.ask(QuestionSpec(metric: "meanTrait", kind: .number(tolerance: nil), horizon: 3)))
        let question = try await bo.expect { if case .question(let q) = $0 { q } else { nil } }
        // When the simulation advances before Bo answers
        try teacher.send(.step(count: 1))
        _ = try await bo.expect { if case .questionLocked = $0 { true } else { nil } }
        try bo.send(.answer(question: question.id, prediction: .number(50)))
        // Then his answer is refused as late
        #expect(try await bo.expectError().code == .lateAnswer)
        await server.stop()
    }

    @Test(.timeLimit(.minutes(1)), arguments: HubSetup.both) func aStudentCannotControlTheLesson(in setup: HubSetup)
        async throws
    {
        let server = try await setup.start()
        let teacher = try await server.connect()
        let (code, token) = try await teacher.createLesson(.camouflage, Self.moths)
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        let mallory = try await server.connect()
        _ = try await mallory.attach(.join(code: code, name: "Mallory"))

        // When a student sends teacher commands
        for command: ClientMessage in [
            .step(count: 5), .run(rate: 30), .setParameter(name: "environmentColour", value: .number(1)),
            .end, .export, .exportResults, .rewind(count: 1), .kick(student: StudentID(1)),
        ] {
            try mallory.send(command)
            // Then each is refused
            #expect(try await mallory.expectError().code == .notAuthorised, "\(command)")
        }
        // And nothing changed: the teacher's next step goes from generation 0 to 1
        try teacher.send(.step(count: 1))
        let stats = try await teacher.expect { if case .stats(_, let s) = $0 { s } else { nil } }
        #expect(stats.generation == 1)
        // And a wrong teacher token does not attach either
        let impostor = try await server.connect()
        try impostor.send(.teach(code: code, token: try AccessToken("AAAAAAAAAAAAAAAAAAAAAA"), lastSeen: nil))
        #expect(try await impostor.expectError().code == .unknownToken)
        await server.stop()
    }

    @Test(.timeLimit(.minutes(1)), arguments: HubSetup.both) func creatingALessonNeedsTheTeacherKey(in setup: HubSetup)
        async throws
    {
        let server = try await setup.start()
        let someone = try await server.connect()
        try someone.send(.create(teacherKey: "guess", model: .life, parameters: nil, seed: nil, options: nil))
        #expect(try await someone.expectError().code == .notAuthorised)
        #expect(await server.hub.lessonCount == 0)
        await server.stop()
    }

    @Test(.timeLimit(.minutes(1)), arguments: HubSetup.both) func wrongJoinCodesAreRateLimitedPerAddress(
        in setup: HubSetup
    ) async throws {
        let server = try await setup.start { $0.failedJoinBurst = 3 }
        let guesser = try await server.connect()
        for _ in 0..<3 {
            try guesser.send(.join(code: try JoinCode("ZZZZZZ"), name: "x"))
            #expect(try await guesser.expectError().code == .unknownLesson)
        }
        try guesser.send(.join(code: try JoinCode("ZZZZZZ"), name: "x"))
        #expect(try await guesser.expectError().code == .rateLimited)
        await server.stop()
    }
}
