import Foundation
import GRDB
import PetriProtocol

extension PetriStore {
    /// Adds a student to a lesson, in its own transaction.
    ///
    /// See ``StoreTransaction/addStudent(lessonId:studentId:displayName:resumeTokenHash:joinedAt:)``.
    ///
    /// - Throws: ``StoreError/Code/unknownLesson``, ``StoreError/Code/studentExists`` or
    ///   ``StoreError/Code/resumeTokenInUse``.
    @discardableResult
    package func addStudent(
        lessonId: String, studentId: StudentID, displayName: String, resumeTokenHash: TokenHash, joinedAt: Double
    ) throws(StoreError) -> StoredStudent {
        try transaction { tx throws(StoreError) in
            try tx.addStudent(
                lessonId: lessonId, studentId: studentId, displayName: displayName, resumeTokenHash: resumeTokenHash,
                joinedAt: joinedAt)
        }
    }

    /// Records that the teacher removed a student (or let them back), in its own transaction.
    ///
    /// - Throws: ``StoreError/Code/unknownStudent``.
    func setKicked(lessonId: String, studentId: StudentID, kicked: Bool) throws(StoreError) {
        try transaction { tx throws(StoreError) in
            try tx.setKicked(lessonId: lessonId, studentId: studentId, kicked: kicked)
        }
    }

    /// The student holding this resume token, in whichever lesson: how a reconnecting client gets its identity back.
    ///
    /// - Parameter resumeTokenHash: The digest of the token the client presented.
    /// - Throws: A database error.
    func student(resumeTokenHash: TokenHash) throws(StoreError) -> StoredStudent? {
        try read { db in
            try StoredStudent.fetchOne(db, key: ["resumeTokenHash": Data(resumeTokenHash.bytes)])
        }
    }

    /// One student of a lesson.
    ///
    /// - Throws: A database error.
    func student(lessonId: String, studentId: StudentID) throws(StoreError) -> StoredStudent? {
        try read { db in try StoredStudent.fetchOne(db, key: ["lessonId": lessonId, "studentId": studentId]) }
    }

    /// A lesson's students in the order they joined, kicked ones included.
    ///
    /// - Throws: A database error.
    package func students(lessonId: String) throws(StoreError) -> [StoredStudent] {
        try read { db in
            try StoredStudent.fetchAll(
                db, sql: "SELECT * FROM student WHERE lessonId = ? ORDER BY joinedAt, studentId", arguments: [lessonId])
        }
    }
}
