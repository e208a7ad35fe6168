import ArgumentParser
import Foundation
import PetriProtocol
import PetriStore

/// `petri-bench store-crash-probe`: the child process of the store's crash test.
struct StoreCrashProbeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store-crash-probe",
        abstract: "Child process of the store's crash test (not for direct use).",
        shouldDisplay: false
    )

    @Argument(help: "The data directory.") var directory: String
    @Argument(help: "How many actions to append.") var count: Int

    func run() throws { try StoreCrashProbe.run(directory: directory, count: count) }
}

/// The child process of the store's crash test: writes to a real store and reports each write
/// the moment it returns, so the test can `kill -9` it mid-stream and check that everything
/// reported is still there.
///
/// `petri-bench` runs it as a hidden subcommand, `petri-bench store-crash-probe <directory> <count>`.
/// Each call continues the same lesson (``lessonId``, which PetriStoreTests' `CrashProbeChild` names
/// too), so the test can kill and restart it several times on one directory.
enum StoreCrashProbe {
    /// The lesson the probe writes to.
    static let lessonId = "crash-probe"
    /// The student whose answers it records.
    static let studentId = StudentID(1)

    /// Appends `count` actions (and, for every tenth, an answer), printing one line per
    /// acknowledged write on standard output: `action <seq>` or `answer <question number>`.
    ///
    /// Each line is written with one `write(2)` straight to file descriptor 1 after the store
    /// returned, never before and never buffered: a line the test reads is a write the store
    /// acknowledged.
    ///
    /// - Parameters:
    ///   - directory: The data directory.
    ///   - count: How many actions to append.
    /// - Throws: What the store throws.
    static func run(directory: String, count: Int) throws(StoreError) {
        let store = try PetriStore.open(directory: directory)
        if try store.lesson(id: lessonId) == nil {
            let token = TokenHash(of: "crash-probe-teacher")
            try store.createLesson(
                id: lessonId, joinCode: "PROBE", teacherTokenHash: token, model: "life", definition: #"{"seed":1}"#,
                settings: "{}", createdAt: 0)
            try store.addStudent(
                lessonId: lessonId, studentId: studentId, displayName: "Probe",
                resumeTokenHash: TokenHash(of: "probe-student"),
                joinedAt: 0)
            emit("ready")
        }
        for index in 0..<count {
            let seq = try store.appendLogEntry(
                lessonId: lessonId, generation: index, kind: "probe", payload: #"{"index":\#(index)}"#,
                at: Double(index))
            emit("action \(seq)")
            if seq % 10 == 0 {
                try store.recordAnswer(
                    lessonId: lessonId, questionId: QuestionID(seq), studentId: studentId, prediction: "\(seq)",
                    answeredAt: Double(index))
                emit("answer \(seq)")
            }
        }
        try store.close()
    }

    private static func emit(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}
