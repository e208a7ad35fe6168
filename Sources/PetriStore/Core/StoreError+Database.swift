import GRDB
import PetriProtocol
import PetriStorage

extension StoreError {
    /// Turns whatever a database access threw into a ``StoreError``, keeping store errors as they are.
    ///
    /// - Parameters:
    ///   - error: What GRDB, SQLite or the store's own checks threw.
    ///   - location: The database, for the message: `/path/petri.sqlite` or `the in-memory database`.
    static func wrapping(_ error: any Error, location: String) -> StoreError {
        if let error = error as? StoreError { return error }
        guard let error = error as? DatabaseError else {
            return StoreError(
                .databaseFailed, "The database \(location) failed: \(error). Check the disk and the server log.")
        }
        let detail = error.message ?? "SQLite code \(error.extendedResultCode.rawValue)"
        switch error.resultCode {
        case .SQLITE_FULL:
            return StoreError(.diskFull, "The disk holding \(location) is full (\(detail)); free some space.")
        case .SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH:
            return StoreError(
                .notWritable,
                "The database \(location) cannot be written (\(detail)); check the data directory's permissions "
                    + "and that its disk is mounted read-write.")
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            return StoreError(
                .cannotOpen,
                "The database \(location) is not a Petri database or is damaged (\(detail)); restore it from a "
                    + "backup or set data.directory to an empty directory.")
        case .SQLITE_CONSTRAINT:
            return StoreError(
                .invalidValue, "The database \(location) refused a value (\(detail)); this is a bug in the caller.")
        default:
            return StoreError(
                .databaseFailed, "The database \(location) failed (\(detail)); check the disk and the server log.")
        }
    }

    static func unknownLesson(_ lessonId: String) -> StoreError {
        StoreError(.unknownLesson, "There is no lesson \"\(lessonId)\"; create it with createLesson first.")
    }

    /// - Parameter studentId: The student, nil when unknown.
    static func unknownStudent(_ studentId: StudentID?, lessonId: String) -> StoreError {
        StoreError(
            .unknownStudent,
            "Lesson \"\(lessonId)\" has no student \"\(studentId?.storedText ?? "?")\"; add them with addStudent first."
        )
    }
}
