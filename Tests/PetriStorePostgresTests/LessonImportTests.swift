import PetriPostgresTesting
import PetriStorage
import PostgresNIO
import Testing

@testable import PetriStorePostgres

/// `importLesson`: a lesson copied from another store arrives with every row as it was.
@Suite struct LessonImportTests {
    @Test func anImportedAnswerKeepsItsPointsHintAndReason() async throws {
        // Given a lesson copied from elsewhere: two students, one answer with a reason and one without
        let url = try await PrivatePostgres.shared().createDatabase()
        let storage = try await LeaseFencingTests.node("copier", url)
        defer { storage.close() }
        let copy = LessonCopy(
            lesson: .init(
                id: "lesson-import", joinCode: "IMPORT", teacherTokenHash: Array(repeating: 1, count: 32),
                model: "camouflage", definition: "{}", settings: "{}", createdAt: 1, endedAt: nil),
            actions: [], checkpoints: [],
            students: [("ada", UInt8(2)), ("bo", UInt8(3))].map { id, hashByte in
                .init(
                    studentId: id, displayName: id.capitalized, resumeTokenHash: Array(repeating: hashByte, count: 32),
                    joinedAt: 2, kicked: false, score: 3, streak: 1)
            },
            answers: [
                .init(
                    questionId: "q1", studentId: "ada", prediction: #"{"number":40}"#, answeredAt: 3, usedHint: true,
                    points: 3, reason: "soot darkens the bark"),
                .init(
                    questionId: "q1", studentId: "bo", prediction: #"{"number":60}"#, answeredAt: 4, usedHint: false,
                    points: nil),
            ])

        // When it is imported
        #expect(try await storage.importLesson(copy))

        // Then each answer row holds its points, hint and reason (none for bo)
        var rows: [String] = []
        for try await (student, points, hint, reason) in try await storage.client.query(
            "SELECT student_id, points, used_hint, reason FROM answer WHERE lesson_id = 'lesson-import' ORDER BY student_id"
        ).decode((String, Int64?, Bool, String?).self) {
            rows.append("\(student) \(points.map(String.init) ?? "-") \(hint) \(reason ?? "-")")
        }
        #expect(rows == ["ada 3 true soot darkens the bark", "bo - false -"])
    }
}
