import Foundation
import GRDB
import PetriProtocol

extension StoreTransaction {
    /// Adds a student to a lesson, with no points and not kicked.
    ///
    /// - Parameters:
    ///   - lessonId: The lesson.
    ///   - studentId: Their id within the lesson.
    ///   - displayName: Their display name, already sanitised.
    ///   - resumeTokenHash: The digest of the resume token they were given.
    ///   - joinedAt: Seconds since 1970.
    /// - Returns: The stored student.
    /// - Throws: ``StoreError/Code/unknownLesson``, ``StoreError/Code/studentExists`` or
    ///   ``StoreError/Code/resumeTokenInUse``.
    @discardableResult
    public func addStudent(
        lessonId: String, studentId: String, displayName: String, resumeTokenHash: TokenHash, joinedAt: Double
    ) throws(StoreError) -> StoredStudent {
        let student = StoredStudent(
            lessonId: lessonId, studentId: studentId, displayName: displayName, resumeTokenHash: resumeTokenHash,
            joinedAt: joinedAt)
        try atomically {
            guard try StoredLesson.exists(db, key: lessonId) else { throw StoreError.unknownLesson(lessonId) }
            if try StoredStudent.exists(db, key: ["lessonId": lessonId, "studentId": studentId]) {
                throw StoreError(
                    .studentExists,
                    "Lesson \"\(lessonId)\" already has a student \"\(studentId)\"; give them another id.")
            }
            if try StoredStudent.exists(db, key: ["resumeTokenHash": Data(resumeTokenHash.bytes)]) {
                throw StoreError(
                    .resumeTokenInUse, "Another student already has this resume token; generate a new token.")
            }
            try student.insert(db)
        }
        return student
    }

    /// Records that the teacher removed a student (or let them back).
    ///
    /// - Throws: ``StoreError/Code/unknownStudent``.
    public func setKicked(lessonId: String, studentId: String, kicked: Bool) throws(StoreError) {
        try run {
            try db.execute(
                sql: "UPDATE student SET kicked = ? WHERE lessonId = ? AND studentId = ?",
                arguments: [kicked, lessonId, studentId])
            guard db.changesCount == 1 else { throw StoreError.unknownStudent(studentId, lessonId: lessonId) }
        }
    }
}
