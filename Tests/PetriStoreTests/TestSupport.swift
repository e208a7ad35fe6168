import Foundation
import PetriProtocol
import Testing

@testable import PetriStore

/// A fresh directory under the system's temporary directory, removed when the test is done.
final class TemporaryDirectory {
    let path: String

    init() throws {
        let path = NSTemporaryDirectory() + "petri-store-tests-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        self.path = path
    }

    /// A path inside the directory that does not exist yet: where a store creates its data directory.
    var dataDirectory: String { path + "/data" }

    deinit {
        // The tests make some paths read-only or replace them; restore write access before removing.
        chmod(path, 0o700)
        chmod(dataDirectory, 0o700)
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// The POSIX mode bits of what is at `path`.
func permissions(of path: String) -> mode_t? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return info.st_mode & 0o777
}

enum Fixture {
    static let lessonId = "8C1F0B7E-0000-4000-8000-000000000001"
    static let otherLessonId = "8C1F0B7E-0000-4000-8000-000000000002"
    static let definition = #"{"model":"camouflage","parameters":{"population":40},"seed":7}"#

    /// Creates an unfinished lesson with `id` and `joinCode`.
    @discardableResult
    static func lesson(
        _ store: PetriStore, id: String = lessonId, joinCode: String = "K7QF", at time: Double = 1_000
    ) throws -> StoredLesson {
        try store.createLesson(
            id: id, joinCode: joinCode, teacherTokenHash: TokenHash(of: "teacher-\(id)"), model: "camouflage",
            definition: definition, settings: #"{"allowChanges":true}"#, createdAt: time)
    }

    /// Adds a student named by ``names`` (else `Student <number>`) whose resume token is `token-<lesson>-<number>`.
    @discardableResult
    static func student(
        _ store: PetriStore, _ studentId: StudentID, lessonId: String = lessonId, at time: Double = 1_001
    ) throws -> StoredStudent {
        try store.addStudent(
            lessonId: lessonId, studentId: studentId, displayName: names[studentId] ?? "Student \(studentId.rawValue)",
            resumeTokenHash: TokenHash(of: "token-\(lessonId)-\(studentId.rawValue)"), joinedAt: time)
    }

    /// The display names of the students the tests name.
    static let names: [StudentID: String] = [.ada: "Ada", .bo: "Bo", .cy: "Cy", .zed: "Zed", .ghost: "Ghost"]

    /// Appends `count` log entries to a lesson.
    static func logEntries(_ store: PetriStore, _ count: Int, lessonId: String = lessonId) throws {
        for index in 0..<count {
            try store.appendLogEntry(
                lessonId: lessonId, generation: index, kind: "step", payload: #"{"n":\#(index)}"#, at: Double(index))
        }
    }
}

/// The students the store tests name (a lesson numbers its students from 1).
extension StudentID {
    static let ada = StudentID(1)
    static let bo = StudentID(2)
    static let cy = StudentID(3)
    /// Never added to a lesson.
    static let zed = StudentID(26)
    /// Never added to a lesson.
    static let ghost = StudentID(99)
}

/// The questions the store tests name.
extension QuestionID {
    static let q1 = QuestionID(1)
    static let q2 = QuestionID(2)
}
