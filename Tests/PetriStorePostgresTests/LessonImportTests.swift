import PetriPostgresTesting
import PetriProtocol
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
            students: [(StudentID(1), "Ada", UInt8(2)), (StudentID(2), "Bo", UInt8(3))].map { id, name, hashByte in
                .init(
                    studentId: id, displayName: name, resumeTokenHash: Array(repeating: hashByte, count: 32),
                    joinedAt: 2, kicked: false, score: 3, streak: 1)
            },
            answers: [
                .init(
                    questionId: QuestionID(1), studentId: StudentID(1), prediction: #"{"number":40}"#, answeredAt: 3,
                    usedHint: true,
                    points: 3, reason: "soot darkens the bark"),
                .init(
                    questionId: QuestionID(1), studentId: StudentID(2), prediction: #"{"number":60}"#, answeredAt: 4,
                    usedHint: false,
                    points: nil),
            ])

        // When it is imported
        #expect(try await storage.importLesson(copy))

        // Then each answer row holds its points, hint and reason (none for student 2), ids as their numbers
        var rows: [String] = []
        for try await (student, points, hint, reason) in try await storage.client.query(
            "SELECT student_id, points, used_hint, reason FROM answer WHERE lesson_id = 'lesson-import' ORDER BY student_id"
        ).decode((String, Int64?, Bool, String?).self) {
            rows.append("\(student) \(points.map(String.init) ?? "-") \(hint) \(reason ?? "-")")
        }
        #expect(rows == ["1 3 true soot darkens the bark", "2 - false -"])
    }
}
