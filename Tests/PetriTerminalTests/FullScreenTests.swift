import Foundation
import PetriProtocol
import PetriSimulation
import PetriTransport
import Testing

@testable import PetriTerminal

#if canImport(Glibc)
    import Glibc
#endif

/// The full-screen student client in a real pseudo-terminal, against a scripted server.
@Suite(.serialized) struct FullScreenTests {
    /// A camouflage model six generations in, and its history.
    static func model() -> (CamouflageModel, [GenerationStats]) {
        var parameters = CamouflageParameters()
        parameters[int: "population"] = 30
        parameters[int: "environmentColour"] = 25
        var model = Fixtures.make { try CamouflageModel(parameters: parameters, seed: 11) }
        var history = [model.stats()]
        for _ in 0..<6 {
            model.step()
            history.append(model.stats())
        }
        return (model, history)
    }

    static let question = QuestionInfo(
        id: QuestionID(1), metric: "population", metricDescription: "How many creatures are alive.", unit: "creatures",
        kind: .number(tolerance: 10), askedAt: 6, target: 9, askedValue: 30,
        openedAt: Timestamp(millisecondsSince1970: Int64(Date().timeIntervalSince1970 * 1000)),
        closesAt: Timestamp(millisecondsSince1970: Int64(Date().timeIntervalSince1970 * 1000) + 600_000), hasHint: true,
        allowChange: true, prompt: "How many moths at generation 9?", state: .open, actual: nil)

    /// Starts `petri join` in a pseudo-terminal against `server`.
    static func startClient(_ server: FakeLessonServer, width: Int = 80, height: Int = 24) throws -> (
        PseudoTerminal, [UInt64]
    ) {
        let executable = try #require(petriExecutable(), "build the petri executable first (swift build)")
        let pty = try PseudoTerminal(width: width, height: height)
        let before = pty.attributes().settings
        let home = NSTemporaryDirectory() + "petri-pty-\(UUID().uuidString)"
        try pty.spawn(
            executable.path, ["join", "K7QX2M", "--name", "Ada", "--server", server.url],
            environment: [
                "TERM": "xterm-256color", "COLORTERM": "truecolor", "HOME": home, "XDG_CONFIG_HOME": home,
                "PATH": "/usr/bin:/bin",
            ])
        return (pty, before)
    }

    /// Reads the pty until the screen satisfies `condition`; returns every byte read.
    static func read(
        _ pty: PseudoTerminal, into terminal: inout VirtualTerminal, seconds: Double = 10,
        until condition: (VirtualTerminal) -> Bool
    ) async throws -> [UInt8] {
        let deadline = Date().addingTimeInterval(seconds)
        var bytes: [UInt8] = []
        while Date() < deadline {
            let chunk = pty.read(milliseconds: 50)
            bytes += chunk
            terminal.feed(chunk)
            if condition(terminal) { return bytes }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("the screen never showed what was expected; it shows:\n\(terminal.text)")
        return bytes
    }

    static func nextMessage(_ iterator: inout AsyncStream<(ConnectionID, ClientMessage)>.Iterator) async -> (
        ConnectionID, ClientMessage
    )? {
        await iterator.next()
    }

    /// A student client started in an 80×24 pty and welcomed into the six-generation lesson, once its screen shows the
    /// lesson: the server, its inbox, the pty, the terminal settings from before, the connection and the screen so far.
    struct StudentInLesson {
        let server: FakeLessonServer
        var inbox: AsyncStream<(ConnectionID, ClientMessage)>.Iterator
        let pty: PseudoTerminal
        let before: [UInt64]
        let connection: ConnectionID
        var screen: VirtualTerminal
    }

    static func studentInLesson() async throws -> StudentInLesson {
        let server = try await FakeLessonServer.start()
        var inbox = server.messages.makeAsyncIterator()
        let (pty, before) = try startClient(server)
        var screen = VirtualTerminal(width: 80, height: 24)
        let (connection, _) = try #require(await nextMessage(&inbox))
        let (model, history) = model()
        server.send(FakeLessonServer.cannedWelcome(model: model, history: history), to: connection)
        server.sendSnapshot(of: model, to: connection)
        _ = try await read(pty, into: &screen) { $0.text.contains("Population over time") }
        return StudentInLesson(
            server: server, inbox: inbox, pty: pty, before: before, connection: connection, screen: screen)
    }

    @Test(.timeLimit(.minutes(1)))
    func startsDrawsAnswersAQuestionQuitsAndLeavesTheTerminalAsItFoundIt() async throws {
        // Given a server with a canned lesson and the client started in an 80×24 terminal
        let server = try await FakeLessonServer.start()
        var inbox = server.messages.makeAsyncIterator()
        let (pty, before) = try Self.startClient(server)
        var screen = VirtualTerminal(width: 80, height: 24)
        var output: [UInt8] = []

        // When the client joins, it gets the lesson and a question
        let (connection, hello) = try #require(await Self.nextMessage(&inbox))
        #expect(hello == .join(code: Fixtures.code, name: "Ada"))
        let (model, history) = Self.model()
        server.send(FakeLessonServer.cannedWelcome(model: model, history: history), to: connection)
        server.sendSnapshot(of: model, to: connection)
        server.send([.question(Self.question)], to: connection)

        // Then it draws the full screen: status, picture, chart and the open question with its input
        output += try await Self.read(pty, into: &screen) { $0.text.contains("How many moths at generation 9?") }
        #expect(screen.onAlternate)
        #expect(!screen.cursorVisible)
        #expect(screen.lines[0].contains("K7QX2M · gen 6"))
        #expect(screen.lines[0].hasSuffix("● online"))
        #expect(screen.text.contains("Population over time"))
        #expect(screen.text.contains("Question 1 · number ·"))
        #expect(screen.text.contains("Your prediction:"))
        Preview.write(lines: screen.lines, name: "pty-question")

        // When the student types an answer and presses Enter
        pty.write("123\r")
        let (_, answer) = try #require(await Self.nextMessage(&inbox))
        #expect(answer == .answer(question: QuestionID(1), prediction: .number(123)))

        // And the question is accepted, locks and resolves
        let now = Timestamp(millisecondsSince1970: Int64(Date().timeIntervalSince1970 * 1000))
        let standing = LeaderboardEntry(rank: 1, student: StudentID(1), name: "Ada", score: 505)
        let bins: [SpreadBin] = (0..<10).map { (k: Int) -> SpreadBin in
            let lower = Double(k) * 20
            return SpreadBin(lower: lower, upper: lower + 20, count: k == 6 ? 1 : 0)
        }
        let spread = Spread(answers: 1, bins: bins, mean: 123)
        let board = Leaderboard(top: [standing], you: nil, students: 1)
        let resolution = Resolution(
            question: QuestionID(1), generation: 9, actual: 118, correctOption: nil, eventHappened: nil, spread: spread,
            leaderboard: board)
        let points = ScoreBreakdown(base: 500, hintTaken: false, speed: 5, streak: 0, total: 505)
        let result = PersonalResult(
            question: QuestionID(1), prediction: .number(123), points: points, score: 505, streak: 1, standing: standing
        )
        let accepted = ServerMessage.answerAccepted(question: QuestionID(1), prediction: .number(123), answeredAt: now)
        let locked = ServerMessage.questionLocked(question: QuestionID(1), reason: .closedByTeacher)
        server.send([accepted, locked, .resolved(resolution), .result(result)], to: connection)

        // Then the result is shown: the actual value, the points, the rank
        // (`resolved` and `result` may be drawn in separate frames: wait for the frame with both)
        output += try await Self.read(pty, into: &screen) {
            $0.text.contains("Actual: 118 creatures") && $0.lines[0].contains("Ada · 1st · 505 pts")
        }
        #expect(screen.text.contains("You said 123 → +505"))
        #expect(screen.text.contains("Score 505 · rank 1 of 1"))
        #expect(screen.lines[0].contains("Ada · 1st · 505 pts"))
        Preview.write(lines: screen.lines, name: "pty-resolved")

        // When the student presses q
        pty.write("q")
        output += try await Self.read(pty, into: &screen) {
            !$0.onAlternate && $0.text.contains("You left lesson K7QX2M")
        }
        let status = pty.waitForExit(seconds: 5)

        // Then it exits 0, leaves the alternate screen with the cursor shown, and the settings are as before
        #expect(status == 0)
        let tail = String(decoding: output.suffix(400), as: UTF8.self)
        #expect(tail.contains("\u{1B}[?1049l"))
        #expect(tail.contains("\u{1B}[?25h"))
        #expect(screen.cursorVisible)
        #expect(screen.text.contains("You left lesson K7QX2M"))
        #expect(pty.attributes().settings == before)
        await server.stop()
    }

    @Test(.timeLimit(.minutes(1)), arguments: [SIGTERM, SIGINT, SIGHUP, SIGSEGV])
    func aSignalOrACrashStillGivesTheTerminalBack(signal: Int32) async throws {
        // Given the client drawing its screen
        var student = try await Self.studentInLesson()
        let (server, pty, before) = (student.server, student.pty, student.before)
        #expect(pty.attributes().settings != before, "raw mode is on while the client runs")

        // When it is killed by the signal
        kill(pty.pid, signal)
        let output = try await Self.read(pty, into: &student.screen) { !$0.onAlternate }
        let status = pty.waitForExit(seconds: 5)

        // Then it dies of that signal, but only after restoring the screen, the cursor and the settings
        #expect(status == 128 + signal)
        let tail = String(decoding: output.suffix(200), as: UTF8.self)
        #expect(tail.hasSuffix("\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l"))
        #expect(pty.attributes().settings == before)
        await server.stop()
    }

    @Test(.timeLimit(.minutes(1)))
    func whenTheLessonEndsTheScreenStaysWithTheScoreUntilQAndThenSaysWhy() async throws {
        // Given a student in a lesson
        var student = try await Self.studentInLesson()
        let (server, pty, before, connection) = (student.server, student.pty, student.before, student.connection)

        // When the teacher ends the lesson and the server closes the connection as it does
        let board = Leaderboard(
            top: [LeaderboardEntry(rank: 1, student: StudentID(1), name: "Ada", score: 505)], you: nil, students: 1)
        server.send(
            [
                .lessonEnded(LessonSummary(leaderboard: board, questions: 1)),
                .closing(Closing(score: 505, possible: 1000, rank: 1, message: "Well played.")),
            ], to: connection)
        server.server.close(connection, code: CloseCode(rawValue: 4002), reason: "lesson ended")

        // Then the client is disconnected but still shows the end, and says how to leave
        _ = try await Self.read(pty, into: &student.screen) {
            $0.onAlternate && $0.lines[0].contains("disconnected")
                && $0.text.contains("The lesson has ended; press q to leave")
        }
        Preview.write(lines: student.screen.lines, name: "pty-ended")

        // And after q it leaves the full screen and says why, with the score, on the normal screen
        pty.write("q")
        _ = try await Self.read(pty, into: &student.screen) { !$0.onAlternate && $0.text.contains("has ended") }
        #expect(student.screen.text.contains("Lesson K7QX2M has ended. You scored 505 of 1000 (rank 1)."))
        #expect(pty.waitForExit(seconds: 5) == 0)
        #expect(pty.attributes().settings == before)
        await server.stop()
    }

    @Test(.timeLimit(.minutes(1)))
    func aResizedWindowIsRedrawnAtItsNewSizeAndCtrlCQuits() async throws {
        let student = try await Self.studentInLesson()
        let (server, pty, before) = (student.server, student.pty, student.before)
        #expect(student.screen.lines[0].count <= 80)

        // When the window grows to 110×32 (the kernel sends SIGWINCH)
        pty.resize(width: 110, height: 32)
        var wide = VirtualTerminal(width: 110, height: 32)
        _ = try await Self.read(pty, into: &wide) { $0.lines[0].hasSuffix("● online") && $0.lines[0].count > 100 }

        // Then everything is laid out for the new size
        #expect(wide.lines[31].contains("q quit"))
        Preview.write(lines: wide.lines, name: "pty-resized")

        // And Ctrl-C quits cleanly
        pty.write("\u{03}")
        _ = try await Self.read(pty, into: &wide) { !$0.onAlternate }
        #expect(pty.waitForExit(seconds: 5) == 0)
        #expect(pty.attributes().settings == before)
        await server.stop()
    }

    @Test(.timeLimit(.minutes(1)))
    func aStudentHuntsWithTheCursorSeesCatchesVanishAndRefusalsAndTheRoundsEndGivesTheScreenBack() async throws {
        // Given a student in a camouflage lesson
        var student = try await Self.studentInLesson()
        let (server, pty, before, connection) = (student.server, student.pty, student.before, student.connection)

        // When the teacher starts a round: one creature in the top-left corner, one in the middle, one bottom-right
        let creatures = [
            HuntCreature(id: 1, x: 0, y: 0, trait: 10), HuntCreature(id: 2, x: 500, y: 500, trait: 60),
            HuntCreature(id: 3, x: 999, y: 999, trait: 90),
        ]
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        let round = HuntRoundInfo(
            round: 1, generation: 6, catches: 3, seconds: 30, endsAt: Timestamp(millisecondsSince1970: now + 30_000),
            creatures: creatures, eaten: [])
        server.send([.huntStarted(round)], to: connection)

        // Then the field replaces the picture and the charts: the round, catches left and time left, the keys
        _ = try await Self.read(pty, into: &student.screen) { $0.lines[1].contains("Round 1 · catches left: 3") }
        // (a fresh round has its whole 30 s; a loaded machine may draw the first frame a second or two later)
        #expect(["30", "29", "28"].contains { student.screen.lines[1].contains("time left: \($0) s") })
        #expect(student.screen.lines[2].hasPrefix("██"))
        #expect(!student.screen.text.contains("Population over time"))
        #expect(!student.screen.text.contains("best"))
        #expect(student.screen.lines[23].contains("Enter catch"))
        Preview.write(lines: student.screen.lines, name: "pty-hunt")

        // When the student presses Enter with the cursor where it starts (the middle, on creature 2)
        pty.write("\r")
        let (_, first) = try #require(await Self.nextMessage(&student.inbox))
        #expect(first == .catchCreature(creature: 2))
        server.send(
            [
                .catchAccepted(round: 1, creature: 2, left: 2),
                .caught(HuntCatch(round: 1, creature: 2, eaten: [2])),
            ], to: connection)
        _ = try await Self.read(pty, into: &student.screen) { $0.lines[1].contains("catches left: 2") }
        #expect(student.screen.text.contains("Caught ✓ · catches left: 2"))

        // And another student catches creature 1 (only the newest `caught` arrives, naming every id eaten)
        server.send([.caught(HuntCatch(round: 1, creature: 1, eaten: [2, 1]))], to: connection)
        _ = try await Self.read(pty, into: &student.screen) { !$0.lines[2].hasPrefix("██") }

        // When the student jumps to the next creature (3) and catches it, but the server refuses
        pty.write("\t\r")
        let (_, second) = try #require(await Self.nextMessage(&student.inbox))
        #expect(second == .catchCreature(creature: 3))
        server.send(
            [.error(ProtocolError(.invalidAction, "Someone else caught that one first: pick another."))],
            to: connection)

        // Then the server's sentence is on the screen and nothing changed
        _ = try await Self.read(pty, into: &student.screen) { $0.text.contains("Someone else caught that one first") }
        #expect(student.screen.lines[1].contains("catches left: 2"))

        // When the student takes the spotter role
        pty.write("p")
        let (_, spot) = try #require(await Self.nextMessage(&student.inbox))
        #expect(spot == .spot(spotter: true))
        _ = try await Self.read(pty, into: &student.screen) {
            $0.lines[1].contains("you are the spotter · caught so far: 2")
        }

        // And the round ends
        let summary = HuntSummary(
            round: 1, generation: 6, traitMin: 0, binWidth: 50, caughtBins: [1, 1], aliveBins: [0, 1],
            caughtMean: 35, aliveMean: 90)
        server.send([.huntEnded(summary)], to: connection)

        // Then the usual screen is back, with what the class caught
        _ = try await Self.read(pty, into: &student.screen) {
            $0.text.contains("Population over time") && $0.text.contains("Round 1 is over")
        }
        #expect(student.screen.text.contains("Round 1 is over: the class caught 2 (mean colour 35) and left 1 alive"))

        pty.write("q")
        _ = try await Self.read(pty, into: &student.screen) { !$0.onAlternate }
        #expect(pty.waitForExit(seconds: 5) == 0)
        #expect(pty.attributes().settings == before)
        await server.stop()
    }
}
