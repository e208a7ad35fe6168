import ArgumentParser
import Foundation
import PetriBenchmarks
import PetriLesson
import PetriProtocol
import PetriSimulation
import PetriStorage
import PetriStore

/// `petri-bench storage`: what storing a class's joins and answers costs in SQLite, as
/// `petri serve` stores them (synchronous=FULL, batches of entries in one commit), with the
/// students and answers tables written beside the log and without them, in the same run.
///
/// The entries are made first by a real lesson (joins, questions, every student answering
/// each), so only the storage is timed: every batch goes through ``SQLiteLessonStorage``.
struct BenchStore: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "storage",
        abstract:
            "Store a class's joins and answers in SQLite with and without the students and answers rows; report entries/s."
    )

    @Option(help: "Students in the class.")
    var students = 1000
    @Option(help: "Questions, each answered by every student.")
    var questions = 5
    @Option(help: "Entries per commit (the hub stores what a lesson accepted in one turn together).")
    var batch = 64
    @Option(help: "Pairs of runs (with the rows, then without).")
    var runs = 3

    func validate() throws {
        guard (1...20_000).contains(students) else {
            throw ValidationError("--students must be between 1 and 20000, but was \(students).")
        }
        guard (1...50).contains(questions) else {
            throw ValidationError("--questions must be between 1 and 50, but was \(questions).")
        }
        guard (1...10_000).contains(batch) else {
            throw ValidationError("--batch must be between 1 and 10000, but was \(batch).")
        }
        guard (1...20).contains(runs) else {
            throw ValidationError("--runs must be between 1 and 20, but was \(runs).")
        }
    }

    func run() async throws {
        say(MachineInfo.current.line)
        let (record, joins, answers) = try makeClass()
        say(
            "store: \(students) students, \(questions) questions, \(answers.count) answers, \(batch) entries per commit"
        )
        var ratios: [Double] = []
        var figures: [(with: (joins: Double, answers: Double), without: (joins: Double, answers: Double))] = []
        for run in 1...runs {
            let with = try await measure(record, joins, answers, keepingRows: true)
            let without = try await measure(record, joins, answers, keepingRows: false)
            ratios.append(with.answers / without.answers)
            figures.append((with, without))
            say(
                "run \(run): with rows joins/s \(Int(with.joins)) answers/s \(Int(with.answers)); without rows joins/s "
                    + "\(Int(without.joins)) answers/s \(Int(without.answers)); answers with ÷ without "
                    + String(format: "%.2f", with.answers / without.answers))
        }
        say(
            "answers/s with rows ÷ without, per run: "
                + ratios.map { String(format: "%.2f", $0) }.joined(separator: " "))
        func list(_ values: [Double]) -> String { "[" + values.map { String(Int($0)) }.joined(separator: ",") + "]" }
        let json =
            #"{"benchmark":"store","students":\#(students),"questions":\#(questions),"batch":\#(batch),"#
            + #""joinsPerSecondWithRows":\#(list(figures.map(\.with.joins))),"#
            + #""joinsPerSecondWithoutRows":\#(list(figures.map(\.without.joins))),"#
            + #""answersPerSecondWithRows":\#(list(figures.map(\.with.answers))),"#
            + #""answersPerSecondWithoutRows":\#(list(figures.map(\.without.answers)))}"#
        say(MachineInfo.current.annotating(json))
    }

    /// The lesson's record and its entries as the hub hands them to storage: the joins, then each
    /// question's ask followed by every student's answer.
    private func makeClass() throws -> (LessonRecord, [LogEntryToStore], [LogEntryToStore]) {
        var now = Timestamp(millisecondsSince1970: 1_741_080_000_000)
        let definition = LessonDefinition(
            model: .camouflage, seed: 42, parameters: .object(["population": .number(80)]))
        let record = LessonRecord(
            id: "bench-store", code: try JoinCode("K7QX2M"),
            teacherToken: try AccessToken(TokenHash(of: "teacher-token-0123456789").hex), tokens: .digest,
            definition: definition, configuration: LessonConfiguration(nameSeed: 5), createdAt: now)
        var lesson = try Lesson<CamouflageModel>(
            definition: definition, teacherToken: record.teacherToken, configuration: record.configuration, source: ())
        func send(_ command: LessonCommand, as actor: Participant) -> (
            LessonOutcome<CamouflageModel>, [LogEntryToStore]
        ) {
            now = now.adding(milliseconds: 1)
            let outcome = lesson.handle(command, from: actor, at: now)
            var stored: [LogEntryToStore] = []
            for case .persist(let entry, let facts) in outcome.effects {
                stored.append(
                    LogEntryToStore(entry: entry, generation: lesson.generation, facts: facts, tokens: .digest))
            }
            return (outcome, stored)
        }
        var joins: [LogEntryToStore] = []
        var ids: [StudentID] = []
        for i in 0..<students {
            let token = try AccessToken(TokenHash(of: "student-token-\(i)-0123456789").hex)
            let (outcome, stored) = send(.join(name: "Student \(i)", token: token), as: .guest)
            joins += stored
            for case .attach(.student(let id), _) in outcome.effects { ids.append(id) }
        }
        var answers: [LogEntryToStore] = []
        for q in 1...questions {
            let spec = QuestionSpec(metric: "population", kind: .number(tolerance: 10), horizon: 2, allowChange: false)
            answers += send(.ask(spec), as: .teacher).1
            for (i, id) in ids.enumerated() {
                answers += send(.answer(QuestionID(q), .number(Double(50 + i % 40))), as: .student(id)).1
            }
            answers += send(.closeQuestion(QuestionID(q)), as: .teacher).1
        }
        return (record, joins, answers)
    }

    /// Entries per second stored for the joins and for the answers, in a new scratch store.
    private func measure(
        _ record: LessonRecord, _ joins: [LogEntryToStore], _ answers: [LogEntryToStore], keepingRows: Bool
    ) async throws -> (joins: Double, answers: Double) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "petri-bench-store-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let storage = try SQLiteLessonStorage(directory: directory)
        defer { try? storage.store.close() }
        try await storage.createLesson(record)
        func store(_ entries: [LogEntryToStore]) async throws -> Double {
            let kept =
                keepingRows ? entries : entries.map { LogEntryToStore(entry: $0.entry, generation: $0.generation) }
            let started = ContinuousClock.now
            for start in stride(from: 0, to: kept.count, by: batch) {
                try await storage.append(Array(kept[start..<min(start + batch, kept.count)]), toLesson: record.id)
            }
            let elapsed = ContinuousClock.now - started
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            return Double(entries.count) / seconds
        }
        return (try await store(joins), try await store(answers))
    }
}
