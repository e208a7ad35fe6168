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

/// Whole lessons through the hub, its lesson actors and a transport: in process, and through the
/// real server on 127.0.0.1.
@Suite struct LessonEndToEndTests {
    static let moths: JSONValue = .object(["population": .number(60), "reproductiveChance": .number(0.6)])

    /// The same lesson on each store in each setup; at the end the server restarts on what the store kept.
    @Test(.timeLimit(.minutes(2)), arguments: HubSetup.both, TestStore.allCases)
    func aWholeLessonWithThirtyStudentsAndThreeQuestionsOfEachKind(in setup: HubSetup, on store: TestStore)
        async throws
    {
        let location = try await store.create()
        let opened = try await location.open()
        let server = try await setup.start(storage: opened.storage, ownership: opened.ownership)
        // Given a teacher who created a camouflage lesson and 30 students who joined it
        let teacher = try await server.connect()
        let (code, token) = try await teacher.createLesson(.camouflage, Self.moths)
        let teacherWelcome = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        #expect(teacherWelcome.role == .teacher)
        var students: [ProtocolPeer] = []
        for i in 0..<30 {
            let student = try await server.connect()
            let welcome = try await student.attach(.join(code: code, name: "Student \(i)"))
            #expect(welcome.role == .student)
            #expect(welcome.you?.name == "Student \(i)")
            #expect(welcome.you?.token != nil)
            students.append(student)
        }

        // When the teacher asks three questions of each kind, everyone answers, and the simulation gets there
        let kinds: [(String, QuestionKind)] = [
            ("meanTrait", .number(tolerance: 20)),
            (
                "population",
                .choice(options: [
                    ChoiceOption("grows", when: .grows), ChoiceOption("shrinks", when: .shrinks),
                    ChoiceOption("stays the same", when: .otherwise),
                ])
            ),
            ("meanTrait", .probability(event: Condition(.gt, 50))),
            ("meanTrait", .range(confidence: 80, tolerance: 20)),
        ]
        var asked = 0
        for _ in 0..<3 {
            for (metric, kind) in kinds {
                try teacher.send(.ask(QuestionSpec(metric: metric, kind: kind, horizon: 2)))
                for (i, student) in students.enumerated() {
                    let question = try await student.expect("question") {
                        if case .question(let q) = $0 { q } else { nil }
                    }
                    let prediction: Prediction =
                        switch kind {
                        case .number: .number(Double(30 + i * 2))
                        case .choice: .choice(i % 3)
                        case .probability: .probability(Double(i) / 29)
                        case .range: .range(lower: Double(20 + i), upper: Double(40 + i * 2))
                        }
                    try student.send(.answer(question: question.id, prediction: prediction))
                    _ = try await student.expect("answerAccepted") {
                        if case .answerAccepted = $0 { true } else { nil }
                    }
                }
                try teacher.send(.step(count: 2))
                asked += 1

                // Then every student sees the same resolution, and their own points
                var resolutions: [Resolution] = []
                for student in students {
                    resolutions.append(
                        try await student.expect("resolved") { if case .resolved(let r) = $0 { r } else { nil } })
                    let personal = try await student.expect("result") { if case .result(let r) = $0 { r } else { nil } }
                    #expect((0...1210).contains(personal.points.total))
                }
                #expect(
                    resolutions.allSatisfy { $0.actual == resolutions[0].actual && $0.spread == resolutions[0].spread })
                #expect(resolutions[0].generation == asked * 2)
            }
        }

        // And the teacher's gradebook has one row per student per question
        try teacher.send(.exportResults)
        let csv = try await teacher.expect("results") { if case .results(let csv) = $0 { csv } else { nil } }
        let lines = csv.split(whereSeparator: \.isNewline)  // RFC 4180: CRLF
        #expect(lines.dropFirst().count == 30 * 3 * kinds.count)
        #expect(lines.first?.contains("student") == true)

        // And the lesson file holds the seed and replays to the same state
        try teacher.send(.export)
        let definition = try await teacher.expect("definition") { if case .definition(let d) = $0 { d } else { nil } }
        #expect(definition.seed == 7)
        #expect(definition.generation == 2 * 3 * kinds.count)

        // And a server restarted on what the store kept has the same generation, state and scores
        await server.stop()
        opened.close()
        let reopened = try await location.open()
        let restarted = try await setup.start(storage: reopened.storage, ownership: reopened.ownership)
        let returning = try await restarted.connect()
        let welcome = try await returning.attach(.teach(code: code, token: token, lastSeen: nil))
        #expect(welcome.role == .teacher)
        try returning.send(.export)
        let restored = try await returning.expect("definition") { if case .definition(let d) = $0 { d } else { nil } }
        #expect(restored.generation == definition.generation)
        #expect(restored.stateHash == definition.stateHash)
        try returning.send(.exportResults)
        let restoredCSV = try await returning.expect("results") {
            if case .results(let csv) = $0 { csv } else { nil }
        }
        #expect(restoredCSV == csv)

        await restarted.stop()
        reopened.close()
    }
}
