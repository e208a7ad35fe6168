import Foundation
import PetriHub
import PetriHubTesting
import PetriLesson
import PetriPeer
import PetriProtocol
import PetriSimulation
import PetriTransport
import Testing

@testable import PetriServer

/// The projector's observer role and the hidden spread, in process and through the real server on 127.0.0.1.
@Suite struct ObserverEndToEndTests {
    @Test(.timeLimit(.minutes(2)), arguments: HubSetup.both)
    func theProjectorSeesCountsNotNamesAndNoStudentSeesASpreadBeforeItIsShown(in setup: HubSetup) async throws {
        let server = try await setup.start()
        // Given an anonymous-leaderboard lesson with a teacher, three students and a projector
        let teacher = try await server.connect()
        try teacher.send(
            .create(
                teacherKey: testTeacherKey, model: .camouflage, parameters: LessonEndToEndTests.moths, seed: 7,
                options: LessonOptions(leaderboard: .anonymous)))
        let (code, token) = try await teacher.expect("created") {
            if case .created(let code, let token) = $0 { (code, token) } else { nil }
        }
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        var students: [ProtocolPeer] = []
        for name in ["Ada", "Ben", "Cy"] {
            let student = try await server.connect()
            _ = try await student.attach(.join(code: code, name: name))
            students.append(student)
        }
        let projector = try await server.connect()
        let welcome = try await projector.attach(.observe(code: code, token: token, lastSeen: nil))

        // Then its welcome has the join code and the class's size, and no roster
        #expect(welcome.role == .observer)
        #expect(welcome.code == code)
        #expect(welcome.classSize == ClassSize(joined: 3, online: 3))
        #expect(welcome.roster == nil)

        // When a question is asked, two students answer and the teacher closes it
        try teacher.send(.ask(QuestionSpec(metric: "population", kind: .number(tolerance: 20), horizon: 2)))
        let question = try await projector.expect("question") { if case .question(let q) = $0 { q.id } else { nil } }
        for (index, student) in students.prefix(2).enumerated() {
            try student.send(.answer(question: question, prediction: .number(60 + Double(index))))
            _ = try await student.expect("receipt") { if case .answerAccepted = $0 { true } else { nil } }
        }
        let counted = try await projector.expect("two answers") {
            if case .answerCount(_, let answered, _, let who) = $0, answered == 2 { who } else { nil }
        }
        try teacher.send(.closeQuestion(question: question))
        for student in students {
            _ = try await student.expect("lock") { if case .questionLocked = $0 { true } else { nil } }
        }

        // Then the projector was told how many answered, never who
        #expect(counted.isEmpty)
        // And no student has received a spread yet
        for student in students { #expect(!student.seen.contains(where: Self.carriesSpread)) }

        // When the projector tries to step, and then shows the answers
        try projector.send(.step(count: 1))
        let refused = try await projector.expectError()
        try projector.send(.showAnswers(question: question))

        // Then stepping was refused, and every student and the teacher get the anonymous spread
        #expect(refused.code == .notAuthorised)
        for receiver in students + [teacher, projector] {
            let spread = try await receiver.expect("answersShown") {
                if case .answersShown(let id, let spread) = $0, id == question { spread } else { nil }
            }
            #expect(spread.answers == 2)
        }
        // And each student's first spread was that one
        for student in students {
            let first = student.seen.first(where: Self.carriesSpread)
            if case .answersShown = first {
            } else {
                Issue.record("a student's first spread was \(String(describing: first))")
            }
        }

        // When the question resolves
        try teacher.send(.step(count: 2))
        let board = try await projector.expect("resolved") {
            if case .resolved(let r) = $0 { r.leaderboard } else { nil }
        }
        let teachersBoard = try await teacher.expect("teacher's board") {
            if case .leaderboard(let b) = $0 { b } else { nil }
        }

        // Then the projector's board has ranks and scores only, the teacher's names everyone
        #expect(board.top.count == 3)
        #expect(board.top.allSatisfy { $0.name.isEmpty })
        #expect(Set(teachersBoard.top.map(\.name)) == ["Ada", "Ben", "Cy"])
        // And the projector never got a roster line, a result or anyone's name
        #expect(!projector.seen.contains { if case .student = $0 { true } else { false } })
        #expect(!projector.seen.contains { if case .result = $0 { true } else { false } })

        // When a student leaves, the projector is told the new size
        students[2].close()
        let size = try await projector.expect("class size") { if case .classSize(let s) = $0 { s } else { nil } }
        #expect(size == ClassSize(joined: 3, online: 2))
        await server.stop()
    }

    static func carriesSpread(_ message: ServerMessage) -> Bool {
        switch message {
        case .answersShown, .resolved: true
        default: false
        }
    }
}
