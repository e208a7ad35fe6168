import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriLesson

/// A make-up replays expected points that reached the class late (its `onLock` replicates finished after the
/// question resolved) at the same point of the student's replay.
@Suite("Make-up: expected points that came late")
struct MakeupLateExpectedTests {
    /// Ada answers a question three generations ahead that the teacher steps past at once: it resolves before its
    /// replicates finish, and they finish afterwards.
    static func lesson() throws -> (
        room: Classroom, definition: LessonDefinition, ada: StudentID, question: QuestionID
    ) {
        var options = LessonOptions(speedBonus: false, streakBonus: false)
        options.replicates = .onLock
        var room = try Classroom(.init(spread: 5), options: options)
        let definition = try room.lesson.definition()  // as it began
        let (ada, _) = try room.join("Ada")
        room.step(2)
        let q = try room.ask(.population(in: 3, tolerance: 10))
        room.student(ada, .answer(q, .number(100)))
        let outcome = room.teacher(.step(count: 3))
        let request = try #require(
            outcome.effects.compactMap { if case .runReplicates(let j) = $0 { j } else { nil } }.first)
        room.server(.replicatesFinished(request.outcome(try #require(request.run(indices: 0..<request.count)))))
        room.step(1)
        return (room, definition, ada, q)
    }

    @Test func aMakeupStudentGetsTheLateExpectedPointsLineWhereTheClassGotIt() throws {
        let (room, definition, ada, q) = try Self.lesson()
        let classExpected = try #require(room.lesson.report().students.first { $0.id == ada }?.expected[q])
        let entries = room.log.compactMap { if case .persist(let entry, _) = $0 { entry } else { nil } }
        let reel = try MakeupReel<WalkModel>(
            definition: definition, teacherToken: room.teacherToken,
            configuration: room.lesson.configuration, log: entries, source: (), startedAt: ManualClock().now)

        // When a make-up student answers as Ada did and plays to the end
        var play = MakeupPlay(student: StudentID(1_000_001), name: "Ben")
        var sent: [(stop: Int, message: ServerMessage)] = []
        let now = ManualClock().now
        while !play.isAtEnd(of: reel) {
            for case .message(let message) in play.advance(in: reel, at: now) {
                sent.append((play.stop, message))
                if case .question(let info) = message { _ = try play.answer(info.id, .number(100), in: reel, at: now) }
            }
        }

        // Then their result at the resolution has no expected points, as the class's had none then
        let result = try #require(
            sent.first { if case .result(let r) = $0.message { r.question == q } else { false } })
        guard case .result(let atResolution) = result.message else { return }
        #expect(atResolution.expected == nil)
        // And at a later moment, after the class's line, their own line comes: Ada's expected points
        let lines = sent.filter { if case .expectedPoints(q, _) = $0.message { true } else { false } }
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.stop > result.stop })
        guard case .expectedPoints(_, let mine) = lines.last?.message else {
            Issue.record("no personal expected points")
            return
        }
        #expect(mine.points == classExpected && mine.replicates == 100 && mine.classMean == classExpected)
        // And their stored result keeps them, for the report and a resuming device
        #expect(play.results.first { $0.question == q }?.expected?.points == classExpected)
        let resumed = play.catchUp(in: reel).compactMap {
            if case .message(.expectedPoints(q, let e)) = $0 { e } else { nil }
        }
        #expect(resumed == [mine])
    }
}
