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

    /// Adds a student whose resume token is `token-<studentId>`.
    @discardableResult
    static func student(
        _ store: PetriStore, _ studentId: String, lessonId: String = lessonId, at time: Double = 1_001
    ) throws -> StoredStudent {
        try store.addStudent(
            lessonId: lessonId, studentId: studentId, displayName: studentId.capitalized,
            resumeTokenHash: TokenHash(of: "token-\(lessonId)-\(studentId)"), joinedAt: time)
    }

    /// Appends `count` log entries to a lesson.
    static func logEntries(_ store: PetriStore, _ count: Int, lessonId: String = lessonId) throws {
        for index in 0..<count {
            try store.appendLogEntry(
                lessonId: lessonId, generation: index, kind: "step", payload: #"{"n":\#(index)}"#, at: Double(index))
        }
    }
}
