import PetriLesson
import PetriPostgresTesting
import PetriProtocol
import PetriStorage
import PostgresNIO
import Testing

@testable import PetriStorePostgres

/// A restart's score repair on PostgreSQL reads the answers and students tables and rewrites what differs.
@Suite struct PostgresScoreRepairTests {
    @Test func aRestartsRepairPutsBackTheScoresTheStoreMissedAndLeavesTheRest() async throws {
        // Given a lesson where Ada and Ben joined and answered question 1, resolved 10 and 0 points
        let url = try await PrivatePostgres.shared().createDatabase()
        let storage = try await LeaseFencingTests.node("a", url)
        defer { storage.close() }
        let record = try LeaseFencingTests.record(code: "REPAXR")
        try await storage.createLesson(record)
        let (ada, ben, q1) = (StudentID(1), StudentID(2), QuestionID(1))
        let token = { (n: Int) in try AccessToken(String(repeating: "\(n)", count: 64)) }
        var entries: [LogEntryToStore] = []
        for (n, student) in [(1, ada), (2, ben)] {
            entries.append(
                Self.entry(
                    entries.count + 1, .guest, .join(name: "S\(n)", token: try token(n)),
                    [.joined(student, name: "S\(n)", token: try token(n))]))
        }
        for student in [ada, ben] {
            entries.append(
                Self.entry(
                    entries.count + 1, .student(student), .answer(q1, .number(40)),
                    [.answered(q1, by: student, prediction: .number(40), usedHint: false, allowsChange: false)]))
        }
        let resolution = LessonFact.resolved(
            q1, points: [ada: 10, ben: 0],
            scores: [ada: StudentStanding(score: 10, streak: 1), ben: StudentStanding(score: 0, streak: 0)])
        entries.append(Self.entry(entries.count + 1, .teacher, .step(count: 1), [resolution]))
        try await storage.append(entries, toLesson: record.id)

        // And a crash left Ben's score behind what the log says (the rebuilt lesson says 0; the row says 7)
        try await storage.client.query(
            "UPDATE student SET score = 7 WHERE lesson_id = \(record.id) AND student_id = '2'")

        // When a restart repairs the scores from the rebuilt lesson
        try await storage.recordScores([resolution], ofLesson: record.id)

        // Then Ben's row says what the lesson says again, and Ada's points and score are as they were
        var scores: [String] = []
        for try await (student, score, streak) in try await storage.client.query(
            "SELECT student_id, score, streak FROM student WHERE lesson_id = \(record.id) ORDER BY student_id"
        ).decode((String, Int64, Int64).self) {
            scores.append("\(student):\(score):\(streak)")
        }
        #expect(scores == ["1:10:1", "2:0:0"])
        var points: [String] = []
        for try await (student, awarded) in try await storage.client.query(
            "SELECT student_id, points FROM answer WHERE lesson_id = \(record.id) ORDER BY student_id"
        ).decode((String, Int64?).self) {
            points.append("\(student):\(awarded.map(String.init) ?? "-")")
        }
        #expect(points == ["1:10", "2:0"])
    }

    static func entry(
        _ sequence: Int, _ actor: Participant, _ command: LessonCommand, _ facts: [LessonFact]
    ) -> LogEntryToStore {
        LogEntryToStore(
            entry: LessonLogEntry(
                sequence: sequence, time: Timestamp(millisecondsSince1970: Int64(2_000 + sequence)), actor: actor,
                command: command),
            generation: 0, facts: facts)
    }
}
