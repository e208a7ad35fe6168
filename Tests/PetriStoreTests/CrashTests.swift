import Foundation
import PetriProtocol
import Testing

@testable import PetriStore

@Suite struct CrashTests {
    @Test(.timeLimit(.minutes(1)))
    func everyAcknowledgedActionAndAnswerSurvivesKillMinus9() throws {
        let command = try #require(
            crashProbeCommand(),
            "no crash probe found: build petri-bench (swift build) or set PETRI_STORE_CRASH_PROBE")
        // Given a data directory that a child process writes to, reporting each write once it returned
        let scratch = try TemporaryDirectory()
        var acknowledgedActions: [Int] = []
        var acknowledgedAnswers: [QuestionID] = []

        // When the child is killed with SIGKILL after 1, then 37, then 50 acknowledged actions, restarting each time
        for killAfter in [1, 37, 50] {
            let child = try CrashProbeChild(command, directory: scratch.dataDirectory, count: 1_000_000)
            var seen = 0
            while seen < killAfter, let line = child.nextLine() {
                let words = line.split(separator: " ")
                if words.first == "action", words.count == 2, let seq = Int(words[1]) {
                    acknowledgedActions.append(seq)
                    seen += 1
                } else if words.first == "answer", words.count == 2, let question = Int(words[1]) {
                    acknowledgedAnswers.append(QuestionID(question))
                }
            }
            #expect(child.killNow(), "the probe should die of SIGKILL, not exit on its own")
            let probe = ([command.executable.lastPathComponent] + command.arguments + ["<directory>", "<count>"])
                .joined(separator: " ")
            try #require(
                seen == killAfter,
                Comment(
                    rawValue: "the probe reported only \(seen) actions; is `\(probe)` wired to StoreCrashProbe.run?"))
        }

        // Then, reopened, the store has every acknowledged action and answer, and a log without gaps
        let store = try PetriStore.open(directory: scratch.dataDirectory)
        let stored = try store.logEntries(lessonId: CrashProbeChild.lessonId).map(\.seq)
        #expect(stored == Array(1..<(stored.count + 1)))
        #expect(Set(acknowledgedActions).isSubset(of: Set(stored)))
        #expect(acknowledgedActions.count == 88)
        for questionId in acknowledgedAnswers {
            #expect(try store.answers(lessonId: CrashProbeChild.lessonId, questionId: questionId).count == 1)
        }
        #expect(!acknowledgedAnswers.isEmpty)
        try store.close()
    }
}
