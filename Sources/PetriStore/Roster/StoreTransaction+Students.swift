import Foundation
import GRDB
import PetriProtocol
import PetriStorage

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
    func addStudent(
        lessonId: String, studentId: StudentID, displayName: String, resumeTokenHash: TokenHash, joinedAt: Double
    ) throws(StoreError) -> StoredStudent {
        let student = StoredStudent(
            lessonId: lessonId, studentId: studentId, displayName: displayName, resumeTokenHash: resumeTokenHash,
            joinedAt: joinedAt)
        // One cached INSERT (thousands run in one transaction during a join storm): the schema
        // refuses a missing lesson, a taken id or a taken token, and only then are the checks
        // run, to say which. A refused single statement leaves nothing behind.
        do {
            try db.cachedStatement(
                sql: """
                    INSERT INTO student (lessonId, studentId, displayName, resumeTokenHash, joinedAt)
                    VALUES (?, ?, ?, ?, ?)
                    """
            ).execute(arguments: [lessonId, studentId, displayName, Data(resumeTokenHash.bytes), joinedAt])
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            try run {
                guard try StoredLesson.exists(db, key: lessonId) else { throw StoreError.unknownLesson(lessonId) }
                if try StoredStudent.exists(db, key: ["lessonId": lessonId, "studentId": studentId]) {
                    throw StoreError(
                        .studentExists,
                        "Lesson \"\(lessonId)\" already has a student \"\(studentId.storedText)\"; give them another id."
                    )
                }
                if try StoredStudent.exists(db, key: ["resumeTokenHash": Data(resumeTokenHash.bytes)]) {
                    throw StoreError(
                        .resumeTokenInUse, "Another student already has this resume token; generate a new token.")
                }
                throw error
            }
        } catch {
            throw StoreError.wrapping(error, location: location)
        }
        return student
    }

    /// Records that the teacher removed a student (or let them back).
    ///
    /// - Throws: ``StoreError/Code/unknownStudent``.
    func setKicked(lessonId: String, studentId: StudentID, kicked: Bool) throws(StoreError) {
        try run {
            try db.execute(
                sql: "UPDATE student SET kicked = ? WHERE lessonId = ? AND studentId = ?",
                arguments: [kicked, lessonId, studentId])
            guard db.changesCount == 1 else { throw StoreError.unknownStudent(studentId, lessonId: lessonId) }
        }
    }
}
