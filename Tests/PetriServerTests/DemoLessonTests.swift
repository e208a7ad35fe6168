import Foundation
import PetriHub
import PetriHubTesting
import PetriPeer
import PetriProtocol
import PetriTransport
import PetriWebSocket
import Testing

@testable import PetriServer

/// `petri serve --demo`, as `make run` starts it: the printed join and teacher commands work, a
/// student gets the demo's questions, and a restart on the same data re-attaches to the same lesson.
@Suite struct DemoLessonTests {
    /// What the server printed about its demo lesson.
    struct Banner {
        var url: String
        var code: JoinCode
        var token: AccessToken
        var studentLine: String
        var teacherLine: String
    }

    @Test(.timeLimit(.minutes(1))) func demoPrintsHowToJoinAndAsksStudentsQuestions() async throws {
        let executable = try #require(petriExecutable(), "build the petri executable first (swift build)")
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }

        // Given a server started with --demo, running fast for the test
        let (server, banner) = try await Self.serveDemo(data: data, executable: executable)
        defer { server.process.interrupt() }

        // Then it printed the exact commands, with --server because the port is not 8080
        #expect(
            banner.studentLine
                == "  Students, in a second terminal:  .build/debug/petri join \(banner.code) --name YourName --server \(banner.url)"
        )
        let tokenFlag = banner.token.secret.hasPrefix("-") ? "--token=" : "--token "
        #expect(
            banner.teacherLine
                == "  Teacher console:                 .build/debug/petri teach attach \(banner.code) \(tokenFlag)\(banner.token.secret) --server \(banner.url)"
        )
        // And it remembers the lesson in a private file
        let attributes = try FileManager.default.attributesOfItem(atPath: "\(data)/\(DemoLesson.fileName)")
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)

        // When a student joins with the printed code
        let client = try await WebSocketClient.start()
        let ada = try await TestClient(client, url: banner.url)
        let welcome = try await ada.attach(.join(code: banner.code, name: "Ada"))
        #expect(welcome.model == .camouflage)
        if case .object(let parameters) = welcome.parameters {
            #expect(parameters["scenario"] == .string("industrial-revolution"))
        } else {
            Issue.record("The welcome's parameters are not an object: \(welcome.parameters)")
        }

        // Then questions come, one after another, each answerable. The first may already be open when Ada joins, with
        // any part of its time limit left: if the lesson locked it before her answer arrived, the next one counts.
        var kinds: Set<String> = []
        var lastID = 0
        var waiting = welcome.questions.last { $0.state == .open }
        var answered = 0
        while answered < 2 {
            try #require(lastID < 8, "no two questions of the demo took an answer")
            let question: QuestionInfo
            let joinedDuringIt = waiting != nil
            if let open = waiting {
                question = open
                waiting = nil
            } else {
                question = try await Self.within(seconds: 15, "a question") {
                    try await ada.expect("question") { if case .question(let q) = $0 { q } else { nil } }
                }
            }
            #expect(question.id.rawValue > lastID)
            lastID = question.id.rawValue
            #expect(["meanTrait", "population"].contains(question.metric))
            #expect(question.prompt != nil)
            #expect(question.closesAt != nil)
            try ada.send(.answer(question: question.id, prediction: Self.prediction(for: question.kind)))
            let outcome = try await Self.within(seconds: 5, "the answer") {
                try await ada.expect("answerAccepted") { message -> AnswerOutcome? in
                    switch message {
                    case .answerAccepted(let id, _, _): .accepted(id)
                    case .error(let e): .refused("\(e)")
                    default: nil
                    }
                }
            }
            switch outcome {
            case .accepted(let id): #expect(id == question.id)
            case .refused(let why):
                if !joinedDuringIt { Issue.record("answer refused: \(why)") }
            }
            // Each question is resolved before the next one is asked
            let resolved = try await Self.within(seconds: 20, "the resolution") {
                try await ada.expect("resolved") { message -> QuestionID? in
                    switch message {
                    case .resolved(let r): r.question
                    case .question(let q):
                        {
                            Issue.record("question \(q.id) asked before \(question.id) resolved"); return q.id
                        }()
                    default: nil
                    }
                }
            }
            #expect(resolved == question.id)
            if case .accepted = outcome {
                kinds.insert(question.kind.name)
                answered += 1
            }
        }
        #expect(kinds.count == 2)

        // And the printed teacher token controls the lesson
        let teacher = try await TestClient(client, url: banner.url)
        let teacherWelcome = try await teacher.attach(.teach(code: banner.code, token: banner.token, lastSeen: nil))
        #expect(teacherWelcome.role == .teacher)
        ada.close()
        teacher.close()
        await client.shutdown()
    }

    @Test(.timeLimit(.minutes(1))) func restartReattachesToTheSameDemoLesson() async throws {
        let executable = try #require(petriExecutable(), "build the petri executable first (swift build)")
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }

        // Given a demo server that ran for a while
        let (first, before) = try await Self.serveDemo(data: data, executable: executable)
        let client = try await WebSocketClient.start()
        let watcher = try await TestClient(client, url: before.url)
        _ = try await watcher.attach(.join(code: before.code, name: "Watcher"))
        try await Self.within(seconds: 10, "generation 3") { try await watcher.waitForGeneration(3) }

        // When it is stopped (Ctrl-C) and started again on the same data directory
        first.process.interrupt()
        #expect(await first.waitForExit(within: 10) == 0)
        let (second, after) = try await Self.serveDemo(data: data, executable: executable)
        defer { second.process.interrupt() }

        // Then it shows the same lesson, still going, instead of creating a second one
        #expect(after.code == before.code)
        #expect(after.token == before.token)
        let teacher = try await TestClient(client, url: after.url)
        let welcome = try await teacher.attach(.teach(code: after.code, token: after.token, lastSeen: nil))
        #expect(welcome.position.generation >= 3)
        #expect(welcome.runOver == nil)
        #expect(welcome.roster?.map(\.name) == ["Watcher"])
        // (The plan may be waiting for the class to answer a question, which the Watcher never does: the teacher
        // takes over with Next, as a teacher attaching to the demo can.)
        let plan = try await Self.within(seconds: 10, "the plan") {
            try await teacher.expect("plan") { if case .plan(let state) = $0 { state } else { nil } }
        }
        #expect(plan.name == "demo")
        if plan.waiting == "question" { try teacher.send(.planNext) }
        try await Self.within(seconds: 10, "the demo running again") {
            try await teacher.waitForGeneration(welcome.position.generation + 2)
        }
        teacher.close()
        await client.shutdown()
    }

    @Test func instructionsLeaveOutTheDefaultServerAndKeepDashedTokensReadable() throws {
        let code = try JoinCode("K7QX2M")
        let token = try AccessToken("abcdefghijklmnopqrstuv")
        let lines = DemoLesson.instructions(code: code, teacherToken: token, server: "ws://127.0.0.1:8080/")
        #expect(
            lines == [
                "Demo lesson running (camouflage: industrial revolution). Join code: K7QX2M",
                "  Students, in a second terminal:  .build/debug/petri join K7QX2M --name YourName",
                "  Teacher console:                 .build/debug/petri teach attach K7QX2M --token abcdefghijklmnopqrstuv",
                "  Students, in a browser:          http://127.0.0.1:8080/join/K7QX2M",
                "  Projector, in a browser:         http://127.0.0.1:8080/projector/K7QX2M (enter the teacher token there)",
                "  Teacher console, in a browser:   http://127.0.0.1:8080/teach (sign in with the teacher key; open "
                    + "this lesson by its code and teacher token)",
            ])
        // A token starting with "-" would be read as a flag, so it is attached with "="
        let dashed = try AccessToken("-7gCWqbqJYj2E_QPgdSDiw")
        let other = DemoLesson.instructions(code: code, teacherToken: dashed, server: "ws://10.0.0.5:8080/")
        #expect(
            other.dropFirst(2).first
                == "  Teacher console:                 .build/debug/petri teach attach K7QX2M --token=-7gCWqbqJYj2E_QPgdSDiw --server ws://10.0.0.5:8080/"
        )
        #expect(
            other.dropFirst().first
                == "  Students, in a second terminal:  .build/debug/petri join K7QX2M --name YourName --server ws://10.0.0.5:8080/"
        )
    }

    // MARK: - Helpers

    /// Starts `petri serve --demo` (fast: 10 generations a second; the plan asks a question every six generations
    /// and goes on as soon as the class has answered) and reads its output up to the join code, student and teacher
    /// lines.
    static func serveDemo(data: String, executable: URL) async throws -> (PetriProcess, Banner) {
        // `env` sets the demo's pace for the child only, and execs petri (same process id).
        let child = try PetriProcess(
            [
                "PETRI_DEMO_RATE=10", executable.path,
                "serve", "--port", "0", "--data", data, "--teacher-key", testTeacherKey, "--demo",
            ],
            executable: URL(fileURLWithPath: "/usr/bin/env"))
        let banner = try await within(seconds: 20, "the demo banner") { () async throws -> Banner in
            var url: String?
            var lines = child.lines.makeAsyncIterator()
            while let line = await lines.next() {
                if url == nil, line.hasPrefix("Petri is listening on "),
                    let found = line.split(separator: " ").first(where: { $0.hasPrefix("ws://") })
                {
                    url = String(found)
                }
                guard let prefix = line.range(of: "Join code: ") else { continue }
                let code = try JoinCode(String(line[prefix.upperBound...]))
                guard let studentLine = await lines.next(), let teacherLine = await lines.next() else { break }
                // "--token SECRET", or "--token=SECRET" when the secret starts with "-"
                let words = teacherLine.split(separator: " ").flatMap { word -> [String] in
                    word.hasPrefix("--token=") ? ["--token", String(word.dropFirst("--token=".count))] : [String(word)]
                }
                guard let tokenFlag = words.firstIndex(of: "--token"), tokenFlag + 1 < words.count, let url
                else { break }
                let token = try AccessToken(String(words[tokenFlag + 1]))
                return Banner(url: url, code: code, token: token, studentLine: studentLine, teacherLine: teacherLine)
            }
            throw ChildError.noBanner
        }
        return (child, banner)
    }

    /// Some answer of the right kind.
    static func prediction(for kind: QuestionKind) -> Prediction {
        switch kind {
        case .number: .number(50)
        case .choice: .choice(0)
        case .probability: .probability(0.5)
        case .range: .range(lower: 40, upper: 60)
        }
    }

    /// What the lesson said to an answer.
    enum AnswerOutcome: Sendable {
        case accepted(QuestionID)
        case refused(String)
    }

    struct TimedOut: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `body`, failing if it takes longer than `seconds`.
    static func within<T: Sendable>(
        seconds: Double, _ what: String, _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else {
                throw TimedOut(description: "Waited \(seconds) s for \(what).")
            }
            return value
        }
    }
}
