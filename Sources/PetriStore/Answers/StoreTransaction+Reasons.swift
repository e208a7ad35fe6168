import GRDB
import PetriProtocol

extension StoreTransaction {
    /// Stores a student's reason for their answer to a question (record the answer first).
    ///
    /// A scored answer never changes, so its reason is left as it is.
    ///
    /// - Returns: Whether an answer took the reason (false when the student has not answered).
    /// - Throws: A database error.
    @discardableResult
    func recordReason(
        lessonId: String, questionId: QuestionID, studentId: StudentID, reason: String
    ) throws(StoreError) -> Bool {
        try run {
            try db.cachedStatement(
                sql: """
                    UPDATE answer SET reason = ?
                    WHERE lessonId = ? AND questionId = ? AND studentId = ? AND points IS NULL
                    """
            ).execute(arguments: [reason, lessonId, questionId, studentId])
            return db.changesCount > 0
        }
    }
}
