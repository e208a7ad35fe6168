import ArgumentParser
import Foundation
import PetriLoad
import PetriProtocol
import Synchronization

/// The teacher, the live class and the make-up students behind `petri-bench makeup`, on one epoll loop.
///
/// Connection 0 is the teacher, the next `--students` the class, the last `--makeups` the make-up students
/// (connected from the start, idle until their phase). On `live` (a line on stdin) the teacher steps the lesson one
/// generation at a time, each step once every student of the class has received the last one's stats, and asks a
/// question every `--question-every` generations that every student answers (the step after it waits for their
/// acknowledgements); after `--generations` it ends the lesson and opens its make-up. On `makeup` every make-up
/// student joins the make-up and plays it back at their own pace: `makeupNext` as soon as the last moment's
/// `makeupPosition` arrived and any question of it was answered and acknowledged, until the class's end.
/// Reports on stdout, one line each: `joined`, `live FRAMES BYTES ANSWERS` when the live class is over (the
/// messages the class's students received), `makeup FRAMES BYTES ANSWERS` when the last make-up student reached
/// the end, and `error ...` for anything the server refused. Internal; started by the parent.
struct BenchMakeupStudents: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "makeup-students",
        abstract: "Load generator for `petri-bench makeup` (started by it; not for direct use).",
        shouldDisplay: false
    )

    @OptionGroup var server: ServerURLOption
    @Option(help: "The teacher's `teach` message.") var teach: String
    @Option(help: "The lesson's join code.") var code: String
    @Option(help: "Students in the live class.") var students: Int
    @Option(help: "Make-up students.") var makeups: Int
    @Option(help: "Generations the live class runs.") var generations: Int
    @Option(help: "A question at every generation that is a multiple of this.") var questionEvery: Int
    @Option(help: "The questions' horizon (generations).") var horizon: Int

    func run() throws {
        let (host, port) = try server.address()
        let load = try EpollLoadClients(host: host, port: port, count: 1 + students + makeups)
        let encoder = ProtocolEncoder()
        let step = try encoder.encode(.step(count: 1))
        let end = try encoder.encode(.end)
        let open = try encoder.encode(.openMakeup(until: nil))
        let next = try encoder.encode(.makeupNext)
        let ask = try encoder.encode(
            .ask(
                QuestionSpec(
                    metric: "meanTrait", kind: .number(tolerance: nil), horizon: horizon, timeLimit: nil, hint: nil,
                    allowChange: true)))
        func answer(_ id: Int) -> [UInt8] { Array(#"{"number":50,"question":\#(id),"type":"answer"}"#.utf8) }

        var phase = "joining"
        let commands = PhaseCommands()
        var welcomed = 0
        var generation = 0
        var received: [Int: Int] = [:]
        var awaitingAcks = 0
        var asked = Set<Int>()
        var makeupCode: String?
        var ended = false
        var counts = (frames: 0, bytes: 0, answers: 0)
        // Each make-up student: an answer sent and not yet acknowledged; a position that came meanwhile.
        var pending = [Bool](repeating: false, count: makeups)
        var positionWaiting = [Bool](repeating: false, count: makeups)
        var finished = 0
        var errorsShown = 0

        load.send(text: Array(teach.utf8), to: 0)
        for seat in 0..<students {
            load.send(text: Array(#"{"code":"\#(code)","name":"Student \#(seat)","type":"join"}"#.utf8), to: 1 + seat)
        }

        /// The teacher's next move once the class has seen `generation`.
        func teacherMoves() {
            if generation >= generations {
                guard !ended else { return }
                ended = true
                // The make-up opens before the end: the end closes every connection of the lesson, the teacher's
                // too, so an `openMakeup` sent after it could be stored and never answered on this connection.
                load.send(text: open, to: 0)
                load.send(text: end, to: 0)
            } else if generation % questionEvery == 0, generation + horizon <= generations,
                !asked.contains(generation)
            {
                asked.insert(generation)
                awaitingAcks = students
                load.send(text: ask, to: 0)
            } else {
                load.send(text: step, to: 0)
            }
        }
        func report(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
        func showError(_ who: String, _ bytes: UnsafeRawBufferPointer) {
            guard errorsShown < 5 else { return }
            errorsShown += 1
            report("error \(who) \(String(decoding: bytes, as: UTF8.self))")
        }
        func joinMakeup(_ m: Int) {
            guard m < makeups, let makeupCode else { return }
            let join = #"{"code":"\#(makeupCode)","name":"Make-up \#(m)","type":"joinMakeup"}"#
            load.send(text: Array(join.utf8), to: 1 + students + m)
        }
        func makeupMoves(_ m: Int) {
            positionWaiting[m] = false
            load.send(text: next, to: 1 + students + m)
        }

        load.run(
            until: {
                if phase == "joining", welcomed == 1 + students {
                    phase = "joined"
                    report("joined")
                }
                switch (phase, commands.take()) {
                case ("joined", "live"):
                    phase = "live"
                    counts = (0, 0, 0)
                    teacherMoves()
                case ("live-done", "makeup"):
                    phase = "makeup"
                    counts = (0, 0, 0)
                    guard makeupCode != nil else { return true }
                    // One after another: joins at the same moment are refused (`try-later`: each takes the
                    // next make-up id before its write is stored, so two at once take the same one).
                    joinMakeup(0)
                default: break
                }
                return phase == "done"
            }, wakeMilliseconds: 5
        ) { index, bytes in
            let type = ScannedMessage.type(of: bytes)
            if index == 0 {
                switch type {
                case "welcome": welcomed += 1
                case "makeup":
                    guard makeupCode == nil, let code = ScannedMessage.string(after: #""code":""#, in: bytes) else {
                        return
                    }
                    makeupCode = code
                    phase = "live-done"
                    report("live \(counts.frames) \(counts.bytes) \(counts.answers)")
                case "error": showError("teacher", bytes)
                default: break
                }
                return
            }
            counts.frames += 1
            counts.bytes += bytes.count
            if index <= students {
                switch type {
                case "welcome": welcomed += 1
                case "stats":
                    guard phase == "live", let g = ScannedMessage.int(after: #""generation":"#, in: bytes) else {
                        return
                    }
                    let n = received[g, default: 0] + 1
                    received[g] = n == students ? nil : n
                    if n == students, g > generation {
                        generation = g
                        teacherMoves()
                    }
                case "question":
                    guard let id = ScannedMessage.int(after: #","id":"#, in: bytes) else { return }
                    load.send(text: answer(id), to: index)
                case "answerAccepted", "error":
                    if type == "error" { showError("student", bytes) } else { counts.answers += 1 }
                    guard awaitingAcks > 0 else { return }
                    awaitingAcks -= 1
                    if awaitingAcks == 0 { load.send(text: step, to: 0) }
                default: break
                }
                return
            }
            let m = index - 1 - students
            switch type {
            case "welcome": joinMakeup(m + 1)
            case "question":
                guard let id = ScannedMessage.int(after: #","id":"#, in: bytes) else { return }
                pending[m] = true
                load.send(text: answer(id), to: index)
            case "answerAccepted", "error":
                if type == "error" { showError("make-up", bytes) } else { counts.answers += 1 }
                pending[m] = false
                if positionWaiting[m] { makeupMoves(m) }
            case "makeupPosition":
                let moment = ScannedMessage.int(after: #""moment":"#, in: bytes) ?? 0
                let moments = ScannedMessage.int(after: #""moments":"#, in: bytes) ?? 0
                if moment >= moments {
                    // The class's end (it ended before the make-up opened): this student is through.
                    finished += 1
                    if finished == makeups {
                        report("makeup \(counts.frames) \(counts.bytes) \(counts.answers)")
                        phase = "done"
                    }
                } else if pending[m] {
                    positionWaiting[m] = true
                } else {
                    makeupMoves(m)
                }
            default: break
            }
        }
    }
}

/// Lines the parent writes on stdin (`live`, `makeup`), read on a thread of their own, taken one at a time.
final class PhaseCommands: Sendable {
    private let lines = Mutex<[String]>([])

    init() {
        Thread { [self] in
            while let line = readLine() { self.lines.withLock { $0.append(line) } }
        }.start()
    }

    /// The oldest line not yet taken, or nil.
    func take() -> String? {
        lines.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }
}

extension ScannedMessage {
    /// The characters after `marker` up to the next quote (a string value whose marker ends in its opening quote).
    static func string(after marker: String, in bytes: UnsafeRawBufferPointer) -> String? {
        let m = Array(marker.utf8)
        guard bytes.count >= m.count else { return nil }
        for i in 0...(bytes.count - m.count) where bytes[i] == m[0] {
            guard (0..<m.count).allSatisfy({ bytes[i + $0] == m[$0] }) else { continue }
            var end = i + m.count
            while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += 1 }
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(i + m.count)..<end]), as: UTF8.self)
        }
        return nil
    }
}
