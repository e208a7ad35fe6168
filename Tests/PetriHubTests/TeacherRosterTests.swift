import PetriHubTesting
import PetriLesson
import PetriPeer
import PetriProtocol
import PetriSimulation
import PetriTransport
import Testing

@testable import PetriHub

/// What the teacher's roster and a student's welcome say, as the hub sends them: scores and
/// streaks as questions resolve, who is online once the lesson has ended, and a renamed student.
@Suite struct TeacherRosterTests {
    static let moths: JSONValue = .object(["population": .number(60), "reproductiveChance": .number(0.6)])

    @Test(.timeLimit(.minutes(1))) func theTeacherGetsTheRosterLineOfEveryStudentWhoseScoreOrStreakChanged()
        async throws
    {
        let server = InProcessHub()
        // Given a lesson with Ada, who answers, and Ben, who joined and does not
        let teacher = server.connect()
        let (code, token) = try await teacher.createLesson(.camouflage, Self.moths)
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        let ada = server.connect()
        let adaID = try #require(try await ada.attach(.join(code: code, name: "Ada")).you?.student)
        let ben = server.connect()
        let benID = try #require(try await ben.attach(.join(code: code, name: "Ben")).you?.student)
        try teacher.send(.ask(QuestionSpec(metric: "population", kind: .number(tolerance: 10_000), horizon: 1)))
        let question = try await ada.expect("question") { if case .question(let q) = $0 { q } else { nil } }
        try ada.send(.answer(question: question.id, prediction: .number(60)))
        _ = try await ada.expect("answerAccepted") { if case .answerAccepted = $0 { true } else { nil } }

        // When the question resolves
        try teacher.send(.step(count: 1))
        let result = try await ada.expect("result") { if case .result(let r) = $0 { r } else { nil } }
        #expect(result.score > 0)

        // Then, after the resolution, the teacher gets Ada's roster line with her new score and streak
        _ = try await teacher.expect("resolved") { if case .resolved = $0 { true } else { nil } }
        var lines: [RosterEntry] = []
        while true {
            let message = try await teacher.expect("student or leaderboard") { message -> ServerMessage? in
                switch message {
                case .student, .leaderboard: message
                default: nil
                }
            }
            guard case .student(let entry) = message else { break }
            lines.append(entry)
        }
        let adaLine = try #require(lines.last { $0.student == adaID })
        #expect(adaLine.score == result.score)
        #expect(adaLine.streak == result.streak)
        #expect(adaLine.online)
        // and no line for Ben, whose score and streak stayed 0.
        #expect(!lines.contains { $0.student == benID })
        await server.stop()
    }

    @Test(.timeLimit(.minutes(1))) func aTeacherAttachingAfterTheEndSeesEveryStudentOffline() async throws {
        let server = InProcessHub()
        // Given a lesson with two connected students
        let teacher = server.connect()
        let (code, token) = try await teacher.createLesson(.camouflage, Self.moths)
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        let students = [server.connect(), server.connect()]
        for (i, student) in students.enumerated() {
            _ = try await student.attach(.join(code: code, name: "Student \(i)"))
        }

        // When the teacher ends it (everyone is closed with 4002)
        try teacher.send(.end)
        while try await teacher.next() != nil {}
        for student in students {
            while try await student.next() != nil {}
            #expect(student.closed?.code.rawValue == LessonCloseCode.lessonEnded.rawValue)
        }

        // Then a teacher attaching afterwards sees nobody online,
        let again = server.connect()
        let welcome = try await again.attach(.teach(code: code, token: token, lastSeen: nil))
        let roster = try #require(welcome.roster)
        #expect(roster.count == 2)
        #expect(roster.allSatisfy { !$0.online })
        // and so does a projector.
        let projector = server.connect()
        let seen = try await projector.attach(.observe(code: code, token: token, lastSeen: nil))
        #expect(seen.classSize?.online == 0)
        #expect(seen.classSize?.joined == 2)
        await server.stop()
    }

    @Test(.timeLimit(.minutes(1))) func aStudentWhoseNameIsTakenIsToldTheNameTheyAskedFor() async throws {
        let server = InProcessHub()
        let teacher = server.connect()
        let (code, _) = try await teacher.createLesson(.camouflage, Self.moths)
        // Given Ada in the lesson
        let first = try await server.connect().attach(.join(code: code, name: "Ada"))
        // (who got the name she typed, so her welcome names no other)
        #expect(first.you?.name == "Ada")
        #expect(first.you?.requestedName == nil)

        // When another student types "ada"
        let second = try await server.connect().attach(.join(code: code, name: "  ada "))

        // Then they join as "ada 2" and their welcome says they asked for "ada"
        #expect(second.you?.name == "ada 2")
        #expect(second.you?.requestedName == "ada")
        await server.stop()
    }
}
