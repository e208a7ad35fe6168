import ArgumentParser
import Foundation
import PetriLoad
import PetriProtocol

#if canImport(Glibc)
    import Glibc
#endif

/// The class behind `petri-bench hunt`: the teacher's connection and every student's on one epoll loop
/// (``PacedLoadClients``). Internal; started by the parent.
///
/// Students join at `--rate`; once all are welcomed the teacher steps `--quiet-steps` generations, one at a time
/// (each waits for every student's snapshot: the quiet reference), then starts `--rounds` hunt rounds. In a round
/// every student sends its catches (student i's k-th at `k·N + i` of `3·N` slots spread over `--spread-ms` from the
/// first `huntStarted` seen), each naming creature `(i·catches + k) mod (count / 2)` of the round: the class aims
/// only at half the creatures (so it never eats them all), and once it sends more catches than that some are
/// refused (already eaten). Student 0 keeps its last catch
/// back, so every round ends on time rather than when everyone has caught. Lines on stdout:
/// `joined T` (the last welcome, CLOCK_MONOTONIC ns); `quiet NS MISSING` per quiet step (step → the last student's
/// snapshot, and how many never got it); per round `catch NS accepted|refused` per answered catch (sent → answer to
/// that student), `unanswered N`, `eaten NS` per creature caught (its catch sent → the last student whose `caught`
/// named it; `eaten -1` when some student never saw it go), then `roundEnd LATE_NS HUNT_STEP_NS MISSING` (the last
/// student's `huntEnded` after the round's `endsAt`, on CLOCK_REALTIME; the last student's snapshot of the next
/// generation after `endsAt`; students who never got that snapshot); then `cpu SECONDS` (this process's CPU time, to
/// tell a load generator that fell behind from a server that did) and `done`.
struct BenchHuntStudents: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hunt-students",
        abstract: "Load generator for `petri-bench hunt` (started by it; not for direct use).",
        shouldDisplay: false
    )

    @OptionGroup var options: StudentProcessOptions
    @Option(help: "The lesson's teacher token.") var token: String
    @Option(help: "Connections opened per second.") var rate: Double
    @Option(help: "Quiet steps before the rounds.") var quietSteps: Int
    @Option(help: "Hunt rounds.") var rounds: Int
    @Option(help: "Catches per student.") var catches: Int
    @Option(help: "Each round's seconds.") var seconds: Int
    @Option(help: "The class's catches are spread over this many milliseconds.") var spreadMs: Int

    private enum Phase { case joining, quiet, hunting, done }

    func run() throws {
        let (host, port) = try options.server.address()
        let students = options.students
        let encoder = ProtocolEncoder()
        let teach = try encoder.encode(
            ClientMessage.teach(code: try JoinCode(options.code), token: try AccessToken(token), lastSeen: nil))
        let startHunt = try encoder.encode(ClientMessage.startHunt(catches: catches, seconds: seconds))
        let load = try PacedLoadClients(host: host, port: port)
        let teacher = try load.open()
        var phase = Phase.joining
        var teacherReady = false
        var welcomed = Array(repeating: false, count: students)
        var welcomes = 0
        var start: UInt64 = 0
        var generation = 0
        var quietLeft = quietSteps
        var roundsLeft = rounds
        // The step or round under way: which generation's snapshot each student is waiting for.
        var awaited = -1
        var stepSent: UInt64 = 0
        var snapshots = Array(repeating: false, count: students)
        var snapshotCount = 0
        var lastSnapshot: UInt64 = 0
        var lastSnapshotWall: UInt64 = 0
        var deadline: UInt64 = 0
        var round = HuntLog(students: students)
        var huntSent: UInt64 = 0
        var strayErrors = 0

        func step(at now: UInt64) {
            generation += 1
            awaited = generation
            snapshots = Array(repeating: false, count: students)
            snapshotCount = 0
            lastSnapshot = 0
            stepSent = now
            deadline = now + 10_000_000_000
            load.send(text: Array(#"{"count":1,"type":"step"}"#.utf8), to: teacher)
        }

        func beginRound(at now: UInt64) {
            round = HuntLog(students: students)
            awaited = generation + 1
            snapshots = Array(repeating: false, count: students)
            snapshotCount = 0
            lastSnapshotWall = 0
            deadline = now + UInt64(seconds + 30) * 1_000_000_000
            huntSent = now
            load.send(text: startHunt, to: teacher)
        }

        func endRound() {
            for line in round.report() { say(line) }
            let hunted = round.endsAtMilliseconds * 1_000_000
            let late = round.lastEnded > hunted ? Int64(round.lastEnded - hunted) : -Int64(hunted - round.lastEnded)
            let stepLate = lastSnapshotWall > hunted ? Int64(lastSnapshotWall - hunted) : 0
            say("roundEnd \(late) \(stepLate) \(students - snapshotCount)")
            generation += 1
            roundsLeft -= 1
        }

        load.run(until: { phase == .done }) {
            guard teacherReady else { return }
            let now = monotonicNanoseconds()
            if start == 0 { start = now }
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
            switch phase {
            case .joining, .done:
                break
            case .quiet:
                let finished = snapshotCount == students || now > deadline
                guard awaited < 0 || finished else { return }
                if awaited >= 0 {
                    say("quiet \(lastSnapshot &- stepSent) \(students - snapshotCount)")
                    awaited = -1
                }
                if quietLeft > 0 {
                    quietLeft -= 1
                    step(at: now)
                } else {
                    phase = .hunting
                    beginRound(at: now)
                }
            case .hunting:
                for (student, catch_) in round.due(at: now, spreadMs: spreadMs) {
                    load.send(text: Array(#"{"creature":\#(catch_),"type":"catch"}"#.utf8), to: student + 1)
                }
                let finished = (round.ended == students && snapshotCount == students) || now > deadline
                guard finished else { return }
                endRound()
                if roundsLeft > 0 {
                    beginRound(at: now)
                } else {
                    phase = .done
                }
            }
        } onOpen: { index in
            load.send(text: index == teacher ? teach : options.join(index), to: index)
        } onMessage: { index, bytes in
            let now = monotonicNanoseconds()
            let type = ScannedMessage.type(of: bytes)
            if index == teacher {
                if type == "welcome" { teacherReady = true }
                if type == "error" {
                    say("error teacher \(String(decoding: bytes, as: UTF8.self))")
                    // A refused step or round (the population died out, say) would leave the class waiting.
                    phase = .done
                }
                return
            }
            let student = index - 1
            switch type {
            case "welcome":
                guard !welcomed[student] else { return }
                welcomed[student] = true
                welcomes += 1
                if welcomes == students {
                    say("joined \(now - start)")
                    phase = .quiet
                }
            case "snapshot":
                guard ScannedMessage.int(after: #"{"generation":"#, in: bytes) == awaited, !snapshots[student] else {
                    return
                }
                snapshots[student] = true
                snapshotCount += 1
                lastSnapshot = now
                lastSnapshotWall = realtimeNanoseconds()
            case "huntStarted":
                round.startedAt(student, at: now, sent: huntSent)
                round.started(student, message: bytes, catches: catches, at: now)
            case "catchAccepted":
                round.answered(
                    student, accepted: ScannedMessage.int(after: #"{"creature":"#, in: bytes), at: now)
            case "caught":
                round.caught(student, eaten: bytes, at: now)
            case "huntEnded":
                round.sawEnd(student, wall: realtimeNanoseconds())
            case "error":
                if !round.answered(student, accepted: nil, at: now) {
                    // An answer to no catch of this round (one sent in the last, answered after it ended), or another
                    // error: the first few are shown, the rest counted.
                    strayErrors += 1
                    if strayErrors <= 5 { say("error \(String(decoding: bytes, as: UTF8.self))") }
                }
            default:
                break
            }
        }
        if strayErrors > 5 { say("error and \(strayErrors - 5) more errors that answered no catch of their round") }
        say("cpu \(cpuSeconds())")
        say("done")
    }
}

/// One hunt round as the class saw it: when each catch was sent and answered, when each creature's going reached
/// each student, and when each student saw the round end.
struct HuntLog {
    let students: Int
    private(set) var endsAtMilliseconds: UInt64 = 0
    private(set) var ended = 0
    private(set) var lastEnded: UInt64 = 0
    private var firstStart: UInt64 = 0
    private var lastStarted: UInt64 = 0
    private var ids: [[Int]]
    private var planned: [(slot: Int, student: Int, k: Int)] = []
    private var next = 0
    private var waiting: [(student: Int, k: Int)] = []
    private var sent: [[UInt64]]
    private var answers: [(ns: UInt64, accepted: Bool)] = []
    private var caughtAt: [Int: UInt64] = [:]
    /// Each `caught` that showed a student more eaten creatures: the places `from..<to` of the lesson's order it
    /// added, and when. Which creature went from every screen when is worked out in ``report()``, after the round:
    /// counting each creature on each screen as it came (two dictionary updates per creature and student, about
    /// 250,000 of each a round at 500 students) took 723 ms of a debug build's reading in a 500-student,
    /// 1,000-creature run (57 ms now), and the class's later messages waited behind it.
    private var shown: [(from: Int, to: Int, at: UInt64)] = []
    private var prefix: [Int]
    private var hasEnded: [Bool]
    private var catchesEach = 0
    private var reading = HuntRoundReading()

    init(students: Int) {
        self.students = students
        ids = Array(repeating: [], count: students)
        sent = Array(repeating: [], count: students)
        prefix = Array(repeating: 0, count: students)
        hasEnded = Array(repeating: false, count: students)
    }

    /// A student's `huntStarted`: the round's creature ids; the first one seen starts the class's catch schedule.
    ///
    /// The server encodes the message once for the whole class, so it is read once (``HuntRoundReading``): reading
    /// it again for every student, byte by byte in a debug build (about 0.85 ms for 200 creatures), held every later
    /// student's message unread behind the earlier ones', and the round's start looked late by that times the class.
    mutating func started(_ student: Int, message bytes: UnsafeRawBufferPointer, catches: Int, at now: UInt64) {
        guard ids[student].isEmpty else { return }
        let (creatures, endsAt) = reading.start(bytes)
        ids[student] = creatures
        endsAtMilliseconds = UInt64(max(0, endsAt))
        if firstStart == 0 {
            firstStart = now
            catchesEach = catches
            for k in 0..<catches {
                for i in 0..<students where !(i == 0 && k == catches - 1) {
                    planned.append((k * students + i, i, k))
                }
            }
        }
    }

    /// Notes when a student's `huntStarted` came (the latest arrival after the teacher's `startHunt` is reported).
    mutating func startedAt(_ student: Int, at now: UInt64, sent: UInt64) {
        guard ids[student].isEmpty else { return }
        lastStarted = max(lastStarted, now &- sent)
    }

    /// The catches due by `now`: (student, creature id).
    mutating func due(at now: UInt64, spreadMs: Int) -> [(Int, Int)] {
        guard firstStart != 0 else { return [] }
        var out: [(Int, Int)] = []
        let slots = UInt64(max(1, catchesEach * students))
        while next < planned.count {
            let (slot, student, k) = planned[next]
            guard firstStart + UInt64(spreadMs) * 1_000_000 * UInt64(slot) / slots <= now else { break }
            waiting.append((student, k))
            next += 1
        }
        var still: [(student: Int, k: Int)] = []
        for (student, k) in waiting {
            let round = ids[student]
            guard !round.isEmpty else {
                still.append((student, k))
                continue
            }
            // Only the first half of the round's creatures are ever aimed at, so the class never eats them all.
            out.append((student, round[(student * catchesEach + k) % max(1, round.count / 2)]))
            sent[student].append(now)
        }
        waiting = still
        return out
    }

    /// The answer to a student's oldest unanswered catch (`accepted` names the creature, nil for a refusal); false
    /// when that student had no catch waiting (the error was about something else).
    @discardableResult
    mutating func answered(_ student: Int, accepted creature: Int?, at now: UInt64) -> Bool {
        guard !sent[student].isEmpty else { return false }
        let at = sent[student].removeFirst()
        answers.append((now &- at, creature != nil))
        if let creature { caughtAt[creature] = at }
        return true
    }

    /// A student's `caught`: every id its `eaten` names beyond those it had seen (the list only grows, in the
    /// order the lesson accepted the catches; read once for the class, see ``HuntRoundReading/eaten(_:)``).
    mutating func caught(_ student: Int, eaten bytes: UnsafeRawBufferPointer, at now: UInt64) {
        let count = reading.eaten(bytes)
        guard count > prefix[student] else { return }
        shown.append((prefix[student], count, now))
        prefix[student] = count
    }

    /// A student's `huntEnded`, at `wall` (CLOCK_REALTIME ns).
    mutating func sawEnd(_ student: Int, wall: UInt64) {
        guard !hasEnded[student] else { return }
        hasEnded[student] = true
        ended += 1
        lastEnded = max(lastEnded, wall)
    }

    /// The round's lines: every answered catch, the unanswered count, every caught creature's going.
    func report() -> [String] {
        var lines = answers.map { "catch \($0.ns) \($0.accepted ? "accepted" : "refused")" }
        lines.append("unanswered \(sent.reduce(0) { $0 + $1.count } + waiting.count)")
        lines.append("shown \(lastStarted)")
        let order = reading.eatenInOrder
        var seenCount = [Int](repeating: 0, count: order.count)
        var lastSeen = [UInt64](repeating: 0, count: order.count)
        for (from, to, at) in shown {
            for place in from..<to {
                seenCount[place] += 1
                lastSeen[place] = max(lastSeen[place], at)
            }
        }
        let places = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        for (creature, at) in caughtAt.sorted(by: { $0.key < $1.key }) {
            if let place = places[creature], seenCount[place] == students {
                lines.append("eaten \(lastSeen[place] &- at)")
            } else {
                lines.append("eaten -1")
            }
        }
        return lines
    }
}

/// Nanoseconds on CLOCK_REALTIME (the server's `endsAt` is on the wall clock of this same machine).
func realtimeNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_REALTIME, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}
