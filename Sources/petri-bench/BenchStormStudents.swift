import ArgumentParser
import Foundation
import PetriLoad
import PetriProtocol

/// The class behind `petri-bench class --join-storm`: the teacher's connection and students'
/// connections opened at a steady rate on one epoll loop, each student joining as soon as its
/// upgrade is accepted. The teacher steps every interval from the first connection on, through
/// the storm and `--quiet-steps` steps after the last welcome, then asks `--questions`
/// questions that every student answers. Internal; started by the parent.
///
/// Steps are sent from here, so the step's time and its arrivals are read from one clock with no
/// hand-over. Lines on stdout: `joined T` (the last welcome, CLOCK_MONOTONIC ns), `started T0`
/// (the first connection), `answered NS` per question (first sight of the question to the last
/// accepted answer), one `latency G PHASE JOINED WORST_NS MISSING` per step (of the students
/// welcomed before step G was sent, how many, the latest arrival of G's snapshot after the
/// step, and how many never got it; PHASE `storm` before the last welcome, `quiet` after), then `done`.
struct BenchStormStudents: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "class-storm-students",
        abstract: "Load generator for `petri-bench class --join-storm` (started by it; not for direct use).",
        shouldDisplay: false
    )

    @OptionGroup var options: StudentProcessOptions
    @Option(help: "The lesson's teacher token.") var token: String
    @Option(help: "Connections opened per second.") var rate: Double
    @Option(help: "Milliseconds between the teacher's steps.") var stepInterval: Int
    @Option(help: "Steps after the last welcome.") var quietSteps: Int
    @Option(help: "Questions asked after the quiet steps.") var questions: Int

    private enum Phase { case storm, quiet, asking, answering, done }

    func run() throws {
        let (host, port) = try options.server.address()
        let (code, students) = (options.code, options.students)
        let encoder = ProtocolEncoder()
        let teach = try encoder.encode(
            ClientMessage.teach(code: try JoinCode(code), token: try AccessToken(token), lastSeen: nil))
        let ask = try encoder.encode(
            ClientMessage.ask(QuestionSpec(metric: "meanTrait", kind: .number(tolerance: 20), horizon: 2)))
        let load = try PacedLoadClients(host: host, port: port)
        let teacher = try load.open()
        var log = StormLog(students: students)
        var phase = Phase.storm
        var start: UInt64 = 0
        var joinedAt: UInt64 = 0
        var nextStep: UInt64 = 0
        var generation = 0
        var quietLeft = quietSteps
        var asked = 0
        var accepted = 0
        var firstQuestion: UInt64?
        let interval = UInt64(stepInterval) * 1_000_000
        var teacherReady = false

        func step(_ count: Int, at now: UInt64) {
            load.send(text: Array(#"{"count":\#(count),"type":"step"}"#.utf8), to: teacher)
            generation += count
            if count == 1 { log.stepped(generation, at: now, phase: phase == .storm ? "storm" : "quiet") }
        }

        load.run(until: { phase == .done }) {
            guard teacherReady else { return }
            let now = monotonicNanoseconds()
            if start == 0 {
                start = now
                nextStep = now
                say("started \(start)")
            }
            let due = min(students, Int((Double(now - start) / 1e9 * rate).rounded(.down)) + 1)
            while load.count - 1 < due {
                do {
                    try load.open()
                } catch {
                    say("error \(error)")
                    phase = .done
                    return
                }
            }
            guard now >= nextStep else { return }
            nextStep += interval
            switch phase {
            case .storm:
                step(1, at: now)
            case .quiet:
                guard quietLeft > 0 else {
                    phase = asked < questions ? .asking : .done
                    return
                }
                quietLeft -= 1
                step(1, at: now)
            case .asking:
                asked += 1
                phase = .answering
                load.send(text: ask, to: teacher)
            case .answering, .done:
                break
            }
        } onOpen: { index in
            if index == teacher {
                load.send(text: teach, to: index)
            } else {
                load.send(
                    text: options.join(index), to: index)
            }
        } onMessage: { index, bytes in
            let now = monotonicNanoseconds()
            let type = ScannedMessage.type(of: bytes)
            if index == teacher {
                if type == "welcome" { teacherReady = true }
                if type == "error" { say("error \(String(decoding: bytes, as: UTF8.self))") }
                return
            }
            switch type {
            case "welcome":
                if log.welcomed(index - 1, at: now) {
                    joinedAt = now
                    phase = .quiet
                    say("joined \(now)")
                }
            case "snapshot":
                if let g = ScannedMessage.int(after: #"{"generation":"#, in: bytes) {
                    log.arrived(g, index - 1, at: now)
                }
            case "question":
                guard let id = ScannedMessage.int(after: #","id":"#, in: bytes) else { return }
                if firstQuestion == nil { firstQuestion = now }
                load.send(text: Array(#"{"number":50,"question":\#(id),"type":"answer"}"#.utf8), to: index)
            case "answerAccepted":
                accepted += 1
                guard accepted == students else { return }
                say("answered \(now - (firstQuestion ?? now))")
                accepted = 0
                firstQuestion = nil
                // Resolve it (horizon 2) before the next question.
                step(2, at: now)
                phase = asked < questions ? .asking : .done
                nextStep = now + interval
            case "error":
                say("error \(String(decoding: bytes, as: UTF8.self))")
            default:
                break
            }
        }
        _ = joinedAt
        for line in log.report() { say(line) }
        say("done")
    }

    private func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
}

/// When each student was welcomed and when each stepped generation's snapshot reached them.
struct StormLog {
    let students: Int
    private var welcomes: [UInt64]
    private var welcomeCount = 0
    private var steps: [Int: (time: UInt64, phase: String)] = [:]
    private var arrivals: [Int: [UInt64]] = [:]

    init(students: Int) {
        self.students = students
        welcomes = Array(repeating: 0, count: students)
    }

    /// Records a welcome; true when it was the last student's.
    mutating func welcomed(_ index: Int, at now: UInt64) -> Bool {
        guard welcomes[index] == 0 else { return false }
        welcomes[index] = now
        welcomeCount += 1
        return welcomeCount == students
    }

    mutating func stepped(_ generation: Int, at time: UInt64, phase: String) { steps[generation] = (time, phase) }

    mutating func arrived(_ generation: Int, _ index: Int, at now: UInt64) {
        guard generation > 0 else { return }
        if arrivals[generation] == nil { arrivals[generation] = Array(repeating: 0, count: students) }
        if arrivals[generation]?[index] == 0 { arrivals[generation]?[index] = now }
    }

    /// One `latency G PHASE JOINED WORST_NS MISSING` line per stepped generation, in order.
    func report() -> [String] {
        steps.keys.sorted().compactMap { g in
            guard let (sent, phase) = steps[g] else { return nil }
            let got = arrivals[g] ?? Array(repeating: 0, count: students)
            var joined = 0
            var missing = 0
            var worst: UInt64 = 0
            for i in 0..<students where welcomes[i] != 0 && welcomes[i] < sent {
                joined += 1
                if got[i] == 0 {
                    missing += 1
                } else {
                    worst = max(worst, got[i] &- sent)
                }
            }
            return "latency \(g) \(phase) \(joined) \(worst) \(missing)"
        }
    }
}
