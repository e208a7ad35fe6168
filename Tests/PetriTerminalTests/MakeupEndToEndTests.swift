import Foundation
import PetriProtocol
import Testing

@testable import PetriTerminal

#if canImport(Glibc)
    import Glibc
#endif

/// A make-up played in the full-screen terminal client, in a pseudo-terminal, against the real server: a class's
/// lesson with a question, then a student who missed it plays it back alone from the make-up's link.
@Suite(.serialized) struct MakeupEndToEndTests {
    /// Starts `petri ARGUMENTS` in an 80×24 pseudo-terminal with its own home (so its own saved tokens).
    static func startClient(_ arguments: [String], home: String) throws -> PseudoTerminal {
        let executable = try #require(petriExecutable(), "build the petri executable first (swift build)")
        let pty = try PseudoTerminal(width: 80, height: 24)
        try pty.spawn(
            executable.path, arguments,
            environment: [
                "TERM": "xterm-256color", "HOME": home, "XDG_CONFIG_HOME": home, "PATH": "/usr/bin:/bin",
                "NO_COLOR": "1",
            ])
        return pty
    }

    @Test(.timeLimit(.minutes(2)))
    func aStudentWhoMissedTheLessonPlaysItToItsEndInTheTerminalAndCarriesOnOnAnotherDevice() async throws {
        let folder = NSTemporaryDirectory() + "petri-makeup-e2e-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (server, url, port) = try await EndToEndTests.startServer(data: folder + "/data")
        defer { server.terminate() }

        // Given a class's lesson: one question, answered by Ben, resolved two generations later, then ended
        let teacher = try EndToEndTests.client(
            "teacher",
            [
                "teach", "new", "camouflage", "--population", "40", "--environment-colour", "30", "--seed", "7",
                "--key", EndToEndTests.key, "--server", url,
            ], folder: folder)
        guard case .created(let code, _) = try await teacher.next("created") else {
            Issue.record("no lesson was created")
            return
        }
        _ = try await teacher.next("welcome")
        let ben = try EndToEndTests.client(
            "ben", ["join", code.text, "--name", "Ben", "--server", url], folder: folder)
        _ = try await ben.next("welcome")
        teacher.type("ask number population in 2 time 300 prompt \"How many moths at generation 2?\"")
        _ = try await ben.next("question")
        ben.type("40")
        _ = try await ben.next("answerAccepted")
        teacher.type("step 2")
        guard case .resolved(let resolution) = try await teacher.next("resolved") else {
            Issue.record("the class's question did not resolve")
            return
        }
        teacher.type("makeup open")
        guard case .makeup(let makeup) = try await teacher.next("makeup") else {
            Issue.record("no make-up was opened: \(teacher.seen.suffix(3))")
            return
        }
        teacher.type("end")
        _ = try await teacher.next("lessonEnded")
        ben.closeInput()

        // When Ada, who missed it, runs petri join with the make-up's link alone (it names the server)
        let link = "http://127.0.0.1:\(port)\(makeup.link)"
        let pty = try Self.startClient(["join", link, "--name", "Ada"], home: folder + "/ada")
        var screen = VirtualTerminal(width: 80, height: 24)

        // Then she is at the lesson's start, with no question yet, and the keys to move on
        _ = try await FullScreenTests.read(pty, into: &screen) { $0.lines[0].contains("make-up 1/") }
        #expect(!screen.text.contains("How many moths"))
        #expect(screen.text.contains("n next  c pace"))

        // And n brings the question where the class got it; she answers it
        pty.write("n")
        _ = try await FullScreenTests.read(pty, into: &screen) { $0.text.contains("How many moths at generation 2?") }
        #expect(screen.lines[0].contains("make-up 2/"))
        pty.write("40\r")
        _ = try await FullScreenTests.read(pty, into: &screen) { $0.text.contains("Answer received") }

        // And n again runs the class's two generations: the question locks, resolves against the class's outcome,
        // and her points come with the class's spread
        pty.write("n")
        _ = try await FullScreenTests.read(pty, into: &screen) { $0.text.contains("You said 40 →") }
        #expect(screen.text.contains("Actual: \(Int(resolution.actual)) creatures"))
        // (n until the last moment, in case the class had one more)
        var presses = 0
        while !screen.text.contains("You have reached the end of the lesson"), presses < 3 {
            pty.write("n")
            presses += 1
            let deadline = Date().addingTimeInterval(3)
            while !screen.text.contains("You have reached the end of the lesson"), Date() < deadline {
                screen.feed(pty.read(milliseconds: 50))
            }
        }
        #expect(screen.text.contains("You have reached the end of the lesson: your score is kept."))
        let position = try #require(screen.lines[0].split(separator: "·").first { $0.contains("make-up") })
        Preview.write(lines: screen.lines, name: "pty-makeup-end")

        // When she asks how to carry on elsewhere, she gets the link with her place in it
        pty.write("o")
        _ = try await FullScreenTests.read(pty, into: &screen) { $0.text.contains("#resume=") }
        let carried = try #require(
            screen.lines.lazy.compactMap { line in
                line.split(separator: " ").first { $0.hasPrefix("http://") && $0.contains("#resume=") }
            }.first)
        pty.write("x")
        pty.write("q")
        _ = try await FullScreenTests.read(pty, into: &screen) { $0.text.contains("You left make-up") }
        #expect(pty.waitForExit(seconds: 5) == 0)

        // Then on another device (no saved place there) the link resumes her at the same moment, with her result
        let other = try Self.startClient(["join", String(carried)], home: folder + "/other")
        var second = VirtualTerminal(width: 80, height: 24)
        _ = try await FullScreenTests.read(other, into: &second) {
            $0.text.contains("You said 40 →") && $0.lines[0].contains(String(position))
        }
        #expect(second.lines[0].contains("Ada"))
        other.write("q")
        _ = try await FullScreenTests.read(other, into: &second) { $0.text.contains("You left make-up") }
        #expect(other.waitForExit(seconds: 5) == 0)

        // And once the teacher closes the make-up, the link is refused with the server's sentence and her place kept
        // (the console of an ended lesson is attached again to close it)
        _ = await teacher.waitForExit(seconds: 10)
        let console = try EndToEndTests.client(
            "teacher", ["teach", "attach", code.text, "--server", url], folder: folder)
        _ = try await console.next("welcome")
        console.type("makeup close")
        _ = try await console.next { if case .makeup(let info) = $0 { !info.open } else { false } }
        let late = try EndToEndTests.client("late", ["join", link, "--name", "Lee"], folder: folder)
        #expect(await late.waitForExit(seconds: 10) == 1)
        #expect(late.errors.contains("Your answers are kept: when your teacher opens the make-up again"))

        // And a code neither a lesson nor a make-up has is refused with a sentence saying what to check
        let lost = try EndToEndTests.client(
            "lost", ["join", "http://127.0.0.1:\(port)/makeup/ABCDEF", "--name", "Lost"], folder: folder)
        #expect(await lost.waitForExit(seconds: 10) == 1)
        #expect(lost.errors.contains("No make-up has the code ABCDEF; check the code or link your teacher gave."))
        console.closeInput()
        #expect(await console.waitForExit(seconds: 10) == 0)
    }
}
