import PetriProtocol

/// A lesson's make-up as the store keeps it: its own code, and whether and until when it takes students.
package struct MakeupRecord: Sendable, Hashable {
    /// The lesson it plays back (``LessonRecord/id``).
    package var lessonId: String
    /// The lesson's join code (to find the lesson's host from the make-up's code).
    package var lessonCode: JoinCode
    /// The make-up's own code, unique among make-ups.
    package var code: JoinCode
    package var openedAt: Timestamp
    /// When it stops taking students (nil: until closed).
    package var until: Timestamp?
    /// Whether the teacher closed it.
    package var closed: Bool

    package init(
        lessonId: String, lessonCode: JoinCode, code: JoinCode, openedAt: Timestamp, until: Timestamp?, closed: Bool
    ) {
        (self.lessonId, self.lessonCode, self.code) = (lessonId, lessonCode, code)
        (self.openedAt, self.until, self.closed) = (openedAt, until, closed)
    }
}

/// One make-up student as the store keeps them: who they are, their token's hash, and their playback (the
/// lesson's `MakeupPlay` as JSON: their moment, answers and results), written before anything is acknowledged.
package struct MakeupStudentRecord: Sendable, Hashable {
    package var lessonId: String
    /// Their make-up id (never a class student's).
    package var student: Int
    package var name: String
    /// The hash of their resume token (the raw token is never stored).
    package var tokenHash: TokenHash
    package var joinedAt: Timestamp
    /// Their chosen pace and seconds (`own`, `class`, `auto:5`).
    package var pace: String
    /// Their playback, as JSON.
    package var play: String

    package init(
        lessonId: String, student: Int, name: String, tokenHash: TokenHash, joinedAt: Timestamp, pace: String,
        play: String
    ) {
        (self.lessonId, self.student, self.name, self.tokenHash) = (lessonId, student, name, tokenHash)
        (self.joinedAt, self.pace, self.play) = (joinedAt, pace, play)
    }
}

/// Make-ups in the same store as the lessons (SQLite on one server, PostgreSQL for a cluster), so that a make-up
/// outlives a restart and `petri store copy` carries it. Every write returns once it is durable.
package protocol MakeupStorage: Sendable {
    /// Stores a lesson's make-up (one per lesson: replaces the lesson's earlier one).
    func saveMakeup(_ makeup: MakeupRecord) async throws
    /// The make-up with this code.
    func makeup(code: JoinCode) async throws -> MakeupRecord?
    /// The lesson's make-up, if it ever had one.
    func makeup(ofLesson id: String) async throws -> MakeupRecord?
    /// Stores make-up students as they stand now, in one transaction (each replaces its earlier row).
    func saveMakeupStudents(_ students: [MakeupStudentRecord]) async throws
    /// The lesson's make-up students, by id.
    func makeupStudents(ofLesson id: String) async throws -> [MakeupStudentRecord]
}

extension MakeupStorage {
    /// Stores one make-up student as they stand now (replaces their earlier row).
    package func saveMakeupStudent(_ student: MakeupStudentRecord) async throws {
        try await saveMakeupStudents([student])
    }
}

/// ``MakeupStorage`` in memory, for tests and a server without a data directory.
extension InMemoryLessonStorage: MakeupStorage {
    package func saveMakeup(_ makeup: MakeupRecord) throws {
        if let failure { throw failure }
        makeups[makeup.lessonId] = makeup
    }

    package func makeup(code: JoinCode) -> MakeupRecord? { makeups.values.first { $0.code == code } }

    package func makeup(ofLesson id: String) -> MakeupRecord? { makeups[id] }

    package func saveMakeupStudents(_ students: [MakeupStudentRecord]) throws {
        if let failure { throw failure }
        for student in students { makeupStudents[student.lessonId, default: [:]][student.student] = student }
    }

    package func makeupStudents(ofLesson id: String) -> [MakeupStudentRecord] {
        (makeupStudents[id] ?? [:]).values.sorted { $0.student < $1.student }
    }
}
