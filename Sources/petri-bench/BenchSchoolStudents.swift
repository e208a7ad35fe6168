import ArgumentParser
import Foundation
import PetriLoad
import PetriProtocol
import Synchronization

/// The teachers and students behind `petri-bench school`, on one epoll loop: every lesson's teacher
/// attaches and every student joins; on `go` (a line on stdin) each teacher starts its lesson
/// auto-running at one generation per second, the starts spread over `--spread-ms`; a teacher asks
/// a question each time its lesson reaches a multiple of `--question-every`, and nearly every
/// student answers it at once. Reports on stdout, one line each: `joined NS` when all are in,
/// `last LESSON GENERATION NS` when a lesson's last student received that generation's stats
/// (CLOCK_MONOTONIC), and after `--seconds` of running, `answers ACCEPTED REFUSED P50NS P99NS MAXNS`
/// (each answer's send → acknowledgement) and `done`. Internal; started by the parent.
struct BenchSchoolStudents: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "school-students",
        abstract: "Load generator for `petri-bench school` (started by it; not for direct use).",
        shouldDisplay: false
    )

    @OptionGroup var server: ServerURLOption
    @Option(help: "A file with a line per lesson: its join code, a tab, the teacher's `teach` message.")
    var lessonsFile: String
    @Option(help: "Students in each lesson.") var students: Int
    @Option(help: "Seconds to run after `go`.") var seconds: Int
    @Option(help: "A question at every generation that is a multiple of this.") var questionEvery: Int
    @Option(help: "Milliseconds over which the lessons' starts are spread.") var spreadMs: Int
    @Option(help: "A student skips one question in this many (0: every student answers every question).")
    var skipOneIn: Int

    func run() throws {
        let text = try String(contentsOfFile: lessonsFile, encoding: .utf8)
        let lessons = text.split(separator: "\n").map { line -> (code: String, teach: [UInt8]) in
            let parts = line.split(separator: "\t", maxSplits: 1)
            return (String(parts[0]), Array((parts.count > 1 ? parts[1] : "").utf8))
        }
        let (host, port) = try server.address()
        let count = lessons.count
        let perLesson = students
        let load = try EpollLoadClients(host: host, port: port, count: count + count * perLesson)
        let encoder = ProtocolEncoder()
        let run = try encoder.encode(.run(rate: 1))
        let pause = try encoder.encode(.pause)
        let ask = try encoder.encode(
            .ask(QuestionSpec(metric: "meanTrait", kind: .number(tolerance: 20), horizon: 2)))
        let go = Atomic<Bool>(false)
        Thread {
            while let line = readLine(), line != "go" {}
            go.store(true, ordering: .releasing)
        }.start()

        var tally = SchoolTally(lessons: count, students: perLesson)
        for (index, lesson) in lessons.enumerated() {
            load.send(text: lesson.teach, to: index)
            for seat in 0..<perLesson {
                let join = #"{"code":"\#(lesson.code)","name":"Student \#(seat)","type":"join"}"#
                load.send(text: Array(join.utf8), to: count + index * perLesson + seat)
            }
        }
        let start = monotonicNanoseconds()
        var started: UInt64?
        var nextStart = 0
        let spread = UInt64(max(0, spreadMs)) * 1_000_000
        let window = UInt64(seconds) * 1_000_000_000
        var sentAt = [UInt64](repeating: 0, count: count * perLesson)
        var acks: [UInt64] = []
        var refused = 0
        var errorsShown = 0
        load.run(
            until: {
                guard tally.everyoneIn else { return false }
                guard let t0 = started else {
                    if go.load(ordering: .acquiring) { started = monotonicNanoseconds() }
                    return false
                }
                let now = monotonicNanoseconds()
                while nextStart < count, now >= t0 + spread * UInt64(nextStart) / UInt64(count) {
                    load.send(text: run, to: nextStart)
                    nextStart += 1
                }
                guard now >= t0 + window else { return false }
                for index in 0..<count { load.send(text: pause, to: index) }
                return true
            }, wakeMilliseconds: 2
        ) { index, bytes in
            let now = monotonicNanoseconds()
            let type = ScannedMessage.type(of: bytes)
            if index < count {
                switch type {
                case "welcome":
                    if tally.teacherIn() { say("joined \(now - start)") }
                case "stats":
                    if let g = ScannedMessage.int(after: #""generation":"#, in: bytes), g > 0, g % questionEvery == 0 {
                        load.send(text: ask, to: index)
                    }
                case "error":
                    say("error teacher \(String(decoding: bytes, as: UTF8.self))")
                default: break
                }
                return
            }
            let student = index - count
            let lesson = student / perLesson
            switch type {
            case "welcome":
                if tally.studentIn() { say("joined \(now - start)") }
            case "stats":
                if let g = ScannedMessage.int(after: #""generation":"#, in: bytes), tally.stats(lesson, g) {
                    say("last \(lesson) \(g) \(now)")
                }
            case "question":
                guard let id = ScannedMessage.int(after: #","id":"#, in: bytes) else { return }
                if skipOneIn > 0, (student + id) % skipOneIn == 0 { return }
                sentAt[student] = now
                load.send(text: Array(#"{"number":50,"question":\#(id),"type":"answer"}"#.utf8), to: index)
            case "answerAccepted":
                if sentAt[student] > 0 { acks.append(now - sentAt[student]) }
                sentAt[student] = 0
            case "error":
                if sentAt[student] > 0 { refused += 1 }
                sentAt[student] = 0
                if errorsShown < 5 {
                    errorsShown += 1
                    say("error \(String(decoding: bytes, as: UTF8.self))")
                }
            default:
                break
            }
        }
        acks.sort()
        func at(_ q: Double) -> UInt64 {
            acks.isEmpty ? 0 : acks[min(acks.count - 1, max(0, Int((q * Double(acks.count)).rounded(.up)) - 1))]
        }
        say("answers \(acks.count) \(refused) \(at(0.5)) \(at(0.99)) \(acks.last ?? 0)")
        say("done")
    }

    private func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
}

/// Counts a school's arrivals and, per lesson, how many of its students received each generation's stats.
struct SchoolTally {
    let lessons: Int
    let students: Int
    private var teachers = 0
    private var joined = 0
    private var received: [[Int: Int]]

    init(lessons: Int, students: Int) {
        self.lessons = lessons
        self.students = students
        received = Array(repeating: [:], count: lessons)
    }

    var everyoneIn: Bool { teachers == lessons && joined == lessons * students }

    /// True when this arrival completed the school.
    mutating func teacherIn() -> Bool {
        teachers += 1
        return everyoneIn
    }

    mutating func studentIn() -> Bool {
        joined += 1
        return everyoneIn
    }

    /// True when this was the lesson's last student to receive `generation`'s stats.
    mutating func stats(_ lesson: Int, _ generation: Int) -> Bool {
        let n = received[lesson][generation, default: 0] + 1
        received[lesson][generation] = n == students ? nil : n
        return n == students
    }
}
