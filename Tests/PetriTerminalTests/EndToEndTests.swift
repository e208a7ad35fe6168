import Foundation
import PetriProtocol
import Testing

@testable import PetriTerminal

#if canImport(Glibc)
    import Glibc
#endif

/// The `petri` that serves lessons: `PETRI_SERVE_EXECUTABLE`, else the one built next to the tests.
func serveExecutable() -> URL? {
    if let path = ProcessInfo.processInfo.environment["PETRI_SERVE_EXECUTABLE"] { return URL(fileURLWithPath: path) }
    return petriExecutable()
}

/// A whole lesson through the real server: a teacher script and three students, all `--json` clients.
@Suite(.serialized) struct EndToEndTests {
    static let key = "e2e-teacher-key-0123456789"

    /// `petri serve --port 0` and its URL, from the banner line.
    static func startServer(data: String) async throws -> (ServerProcess, String, UInt16) {
        let executable = try #require(serveExecutable(), "build petri, or set PETRI_SERVE_EXECUTABLE")
        let process = Process()
        process.executableURL = executable
        process.arguments = ["serve", "--port", "0", "--teacher-key", key, "--log-level", "error", "--data", data]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        var lines = JSONClientProcess.lineStream(out.fileHandleForReading.fileDescriptor).makeAsyncIterator()
        try process.run()
        var url: String?
        while url == nil, let line = await lines.next() {
            url = line.split(separator: " ").first { $0.hasPrefix("ws://") }.map(String.init)
        }
        let found = try #require(url, "petri serve printed no URL (in the scratch package, set PETRI_SERVE_EXECUTABLE)")
        let port = try #require(UInt16(found.split(separator: ":").last?.filter(\.isNumber) ?? ""))
        return (ServerProcess(process), found, port)
    }

    static func client(_ name: String, _ arguments: [String], folder: String) throws -> JSONClientProcess {
        let executable = try #require(petriExecutable(), "build the petri executable first (swift build)")
        return try JSONClientProcess(
            name, executable: executable, arguments: arguments + ["--json", "--config-dir", folder + "/" + name])
    }

    @Test(.timeLimit(.minutes(2)))
    func aLessonWithQuestionsThreeStudentsAndACutConnection() async throws {
        let folder = NSTemporaryDirectory() + "petri-e2e-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (server, url, port) = try await Self.startServer(data: folder + "/data")
        defer { server.terminate() }
        let proxy = try TCPProxy(targetPort: port)
        defer { proxy.stop() }

        // Given a teacher who creates a camouflage lesson from a script
        let teacher = try Self.client(
            "teacher",
            [
                "teach", "new", "camouflage", "--population", "40", "--environment-colour", "30", "--seed", "7",
                "--key", Self.key, "--server", url,
            ], folder: folder)
        guard case .created(let code, _) = try await teacher.next("created") else {
            Issue.record("no lesson was created")
            return
        }
        _ = try await teacher.next("welcome")

        // And three students, one of them (Cy) behind a connection that will drop
        let names = ["Ada", "Ben", "Cy"]
        var students: [JSONClientProcess] = []
        for name in names {
            let server = name == "Cy" ? "ws://127.0.0.1:\(proxy.port)/" : url
            students.append(
                try Self.client(name, ["join", code.text, "--name", name, "--server", server], folder: folder))
        }
        var ids: [String: StudentID] = [:]
        for student in students {
            guard case .welcome(let welcome) = try await student.next("welcome") else {
                Issue.record("\(student.name) not welcomed"); return
            }
            #expect(welcome.you?.name == student.name)
            #expect(welcome.you?.token != nil, "a new student gets a resume token")
            ids[student.name] = welcome.you?.student
        }

        // When the teacher asks a number question and every student answers
        teacher.type("ask number population in 2 time 300 prompt \"How many moths at generation 2?\"")
        for (student, answer) in zip(students, ["40", "30", "55"]) {
            guard case .question(let q) = try await student.next("question") else {
                Issue.record("no question"); return
            }
            #expect(q.prompt == "How many moths at generation 2?")
            student.type(answer)
            _ = try await student.next("answerAccepted")
        }
        _ = try await teacher.next { if case .answerCount(_, 3, 3, _) = $0 { true } else { false } }

        // And the simulation reaches the target
        teacher.type("step 2")

        // Then everyone sees the same resolution, and each student their own result
        guard case .resolved(let reference) = try await teacher.next("resolved") else {
            Issue.record("teacher saw no resolution"); return
        }
        var scores: [String: Int] = [:]
        for student in students {
            guard case .resolved(let seen) = try await student.next("resolved") else {
                Issue.record("\(student.name): no resolution"); return
            }
            #expect(seen.actual == reference.actual)
            #expect(seen.spread == reference.spread)
            #expect(seen.leaderboard.top.map(\.score) == reference.leaderboard.top.map(\.score))
            guard case .result(let result) = try await student.next("result") else {
                Issue.record("\(student.name): no result"); return
            }
            #expect(result.standing.student == ids[student.name])
            scores[student.name] = result.score
        }
        #expect(reference.spread.answers == 3)

        // When Cy's connection drops without a goodbye
        proxy.cut()

        // Then Cy's client resumes by itself: same student, same score, no new token
        let cy = students[2]
        guard case .welcome(let back) = try await cy.next("welcome") else {
            Issue.record("Cy did not come back"); return
        }
        #expect(back.you?.student == ids["Cy"])
        #expect(back.you?.score == scores["Cy"])
        #expect(back.you?.token == nil)
        #expect(back.questions.first?.state == .resolved)

        // And Cy takes part in the next question as before
        teacher.type("ask choice population in 1 time 300")
        for (student, answer) in zip(students, ["grow", "2", "shrink"]) {
            _ = try await student.next("question")
            student.type(answer)
            _ = try await student.next("answerAccepted")
        }
        teacher.type("step")
        for student in students {
            guard case .result(let result) = try await student.next("result") else {
                Issue.record("\(student.name): no result"); return
            }
            #expect(result.score >= scores[student.name] ?? 0)
        }

        // When the teacher exports the results and ends the lesson
        let csvPath = folder + "/results.csv"
        teacher.type("export results \(csvPath)")
        _ = try await teacher.next("results")
        teacher.type("end")
        _ = try await teacher.next("lessonEnded")

        // Then every student sees the end and leaves with status 0 and a closing sentence
        for student in students {
            guard case .closing(let closing) = try await student.next("closing") else {
                Issue.record("\(student.name): no closing"); return
            }
            #expect(closing.possible == 2000)
            #expect(await student.waitForExit(seconds: 10) == 0)
            #expect(student.errors.contains("has ended. You scored \(closing.score) of 2000"))
        }
        // And the CSV has both questions for all three
        teacher.closeInput()
        #expect(await teacher.waitForExit(seconds: 10) == 0)
        let csv = try String(contentsOfFile: csvPath, encoding: .utf8)
        #expect(csv.components(separatedBy: "\r\n").filter { !$0.isEmpty }.count == 1 + 6)
    }

    @Test(.timeLimit(.minutes(1)))
    func aKickedStudentIsToldAndTheFullScreenClientRefusesABadCode() async throws {
        let folder = NSTemporaryDirectory() + "petri-e2e-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (server, url, _) = try await Self.startServer(data: folder + "/data")
        defer { server.terminate() }
        let teacher = try Self.client(
            "teacher", ["teach", "new", "islands", "--key", Self.key, "--server", url], folder: folder)
        guard case .created(let code, _) = try await teacher.next("created") else { return }
        _ = try await teacher.next("welcome")

        // Given a student in the lesson
        let eve = try Self.client("eve", ["join", code.text, "--name", "Eve", "--server", url], folder: folder)
        _ = try await eve.next("welcome")
        _ = try await teacher.next("student")

        // When the teacher removes her by name
        teacher.type("kick eve")

        // Then her client ends with status 1 and says why
        #expect(await eve.waitForExit(seconds: 10) == 1)
        #expect(eve.errors.contains("The teacher removed you from the lesson."))

        // And a wrong code is refused with a sentence saying what to check
        let lost = try Self.client("lost", ["join", "ABCDEF", "--name", "Lost", "--server", url], folder: folder)
        #expect(await lost.waitForExit(seconds: 10) == 1)
        #expect(lost.errors.contains("No lesson or make-up has the code ABCDEF; check the code on the board"))
        teacher.closeInput()
        #expect(await teacher.waitForExit(seconds: 10) == 0)
    }

    @Test(.timeLimit(.minutes(1)))
    func teachAttachJsonWithNoInputPrintsTheLessonsMessagesAsTheyCome() async throws {
        let folder = NSTemporaryDirectory() + "petri-e2e-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (server, url, _) = try await Self.startServer(data: folder + "/data")
        defer { server.terminate() }
        let teacher = try Self.client(
            "teacher", ["teach", "new", "islands", "--key", Self.key, "--server", url], folder: folder)
        guard case .created(let code, _) = try await teacher.next("created") else { return }
        _ = try await teacher.next("welcome")

        // Given a second console attached with --json and nothing on its standard input
        let watcher = try Self.client("teacher", ["teach", "attach", code.text, "--server", url], folder: folder)
        watcher.closeInput()

        // Then it prints the teacher's welcome as a JSON line
        guard case .welcome(let welcome) = try await watcher.next("welcome") else {
            Issue.record("the attached console printed no welcome: \(watcher.errors)")
            return
        }
        #expect(welcome.role == .teacher)

        // And it keeps printing what happens after its input ended: a student joining
        let ben = try Self.client("ben", ["join", code.text, "--name", "Ben", "--server", url], folder: folder)
        _ = try await ben.next("welcome")
        guard case .student(let entry) = try await watcher.next("student") else {
            Issue.record("the attached console stopped printing after its input ended")
            return
        }
        #expect(entry.name == "Ben")
        kill(watcher.process.processIdentifier, SIGINT)
        _ = await watcher.waitForExit(seconds: 5)
        ben.closeInput()
        teacher.closeInput()
        _ = await teacher.waitForExit(seconds: 10)
    }
}

/// A `petri serve` child, stopped with SIGTERM.
final class ServerProcess: @unchecked Sendable {
    // @unchecked Sendable: owned by one test; Process is only signalled and waited for.
    private let process: Process

    init(_ process: Process) { self.process = process }

    func terminate() {
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        process.waitUntilExit()
    }
}
