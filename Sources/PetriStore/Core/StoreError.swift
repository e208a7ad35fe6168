/// The one error type of the store.
///
/// Every error carries a sentence for an operator or a developer: what went wrong and what to
/// do about it. ``code`` is stable and machine-readable, for callers that react to a specific
/// failure (a taken join code, a second answer) rather than report it.
package struct StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, in one sentence that says what to do.
    let message: String
    /// A stable machine-readable reason, e.g. `duplicate-answer`.
    package let code: Code

    /// The families of store errors.
    package enum Code: String, Sendable, Hashable, Codable {
        /// The data directory cannot be created, is not a directory, or cannot be written.
        case directoryUnusable = "directory-unusable"
        /// Another process (another server) holds the data directory's lock.
        case directoryInUse = "directory-in-use"
        /// The database file is not a Petri database, or is damaged.
        case cannotOpen = "cannot-open"
        /// The database was written by a newer Petri whose schema this build does not know.
        case schemaTooNew = "schema-too-new"
        /// The disk holding the database is full.
        case diskFull = "disk-full"
        /// SQLite refused to write (read-only file or file system, lost permissions).
        case notWritable = "not-writable"
        /// Any other failure of SQLite or of the disk under it.
        case databaseFailed = "database-failed"
        /// A stored value that does not decode: the database was changed outside Petri or is damaged.
        case corruptData = "corrupt-data"
        /// A value the schema refuses, e.g. a payload that is not JSON.
        case invalidValue = "invalid-value"
        /// The store was closed with ``PetriStore/close()``.
        case closed = "closed"
        /// No lesson has this id.
        case unknownLesson = "unknown-lesson"
        /// A lesson with this id already exists.
        case lessonExists = "lesson-exists"
        /// An unfinished lesson already uses this join code.
        case joinCodeInUse = "join-code-in-use"
        /// An append did not get the sequence number the caller expected (its log and the store diverged).
        case sequenceMismatch = "sequence-mismatch"
        /// A checkpoint claims to reflect actions the log does not have.
        case checkpointBeyondLog = "checkpoint-beyond-log"
        /// The lesson has no student with this id.
        case unknownStudent = "unknown-student"
        /// The lesson already has a student with this id.
        case studentExists = "student-exists"
        /// Another student (in any lesson) already has this resume token.
        case resumeTokenInUse = "resume-token-in-use"
        /// The student already answered this question, and changing it is not allowed now.
        case duplicateAnswer = "duplicate-answer"
        /// A resolution gives points to a student who did not answer the question.
        case unknownAnswer = "unknown-answer"
        /// The teacher key file cannot be read or written, or holds no key.
        case teacherKeyFile = "teacher-key-file"
    }

    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    package var description: String { message }
}
