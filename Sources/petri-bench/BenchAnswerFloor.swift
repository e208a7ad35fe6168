import ArgumentParser
import Foundation
import PetriLoad
import PetriProtocol
import Synchronization

/// The floor behind `petri-bench class --reference floor`: ``EpollAnswerFloor`` in a process of
/// its own (at 10,000 students the two servers' sockets would not fit one process's descriptor
/// limit). Internal; started by the parent, which reads "port N" and then "ready" from it and
/// writes lines:
/// - `ask ID BASE64` broadcasts that question message (the bytes Petri sent) to every student, and
///   from then on every `answer` is acknowledged with an `answerAccepted` for question ID (every
///   `join` gets a welcome stub);
/// - `load BASE64 …` frames a generation's messages (the stats and snapshot Petri sent) ahead of
///   time and says `loaded`; the next `send` broadcasts them, so the timed part is a one-line wake-up
///   and the writes, as in the transport floor.
struct BenchAnswerFloor: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "answer-floor",
        abstract: "The answer floor for `petri-bench class` (started by it; not for direct use).",
        shouldDisplay: false
    )

    @Option(help: "Number of students to accept.")
    var students: Int

    func run() async throws {
        let welcome = EpollFloorServer.textFrame(Array(#"{"type":"welcome"}"#.utf8))
        let accepted = Mutex<[UInt8]>([])
        let floor = try EpollAnswerFloor(expecting: students) { payload in
            switch ScannedMessage.type(of: payload) {
            case "join": welcome
            case "answer": accepted.withLock { $0 }
            default: nil
            }
        }
        say("port \(floor.port)")
        try await floor.waitUntilAccepted()
        say("ready")
        let encoder = ProtocolEncoder()
        var loaded: [UInt8] = []
        reading: for await line in lines(of: FileHandle.standardInput) {
            let fields = line.split(separator: " ")
            switch fields.first {
            case "ask":
                guard fields.count == 3, let id = Int(fields[1]),
                    let question = Data(base64Encoded: String(fields[2]))
                else { break reading }
                let reply = try encoder.encode(
                    .answerAccepted(
                        question: QuestionID(id), prediction: .number(50),
                        answeredAt: Timestamp(millisecondsSince1970: Int64(Date().timeIntervalSince1970 * 1000))))
                accepted.withLock { $0 = EpollFloorServer.textFrame(reply) }
                floor.broadcast(EpollFloorServer.textFrame(Array(question)))
            case "load":
                loaded = []
                for field in fields.dropFirst() {
                    guard let payload = Data(base64Encoded: String(field)) else { break reading }
                    loaded += EpollFloorServer.textFrame(Array(payload))
                }
                say("loaded")
            case "send":
                floor.broadcast(loaded)
            default:
                break reading
            }
        }
        await floor.shutdown()
    }

    private func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
}

/// The floor and its own students, as `petri-bench class --reference floor` drives them: the same
/// student program, the same question and generation messages, a server that does nothing but
/// answer and broadcast.
struct AnswerFloorRun {
    private let server: ChildLines
    private let students: ChildLines
    private let count: Int

    /// Starts the floor and `students` students, and returns once all of them have joined it.
    static func start(students count: Int) async throws -> AnswerFloorRun {
        let server = try ChildLines(["answer-floor", "--students", String(count)], input: true)
        guard let portLine = await server.next(), portLine.hasPrefix("port "), let port = Int(portLine.dropFirst(5))
        else { throw ValidationError("The answer floor's process did not start.") }
        let students = try ChildLines([
            "class-students", "--url", "ws://127.0.0.1:\(port)/", "--code", "FLOOR0", "--students",
            String(count),
        ])
        let run = AnswerFloorRun(server: server, students: students, count: count)
        guard await server.next() == "ready" else {
            throw ValidationError("The answer floor's students did not connect.")
        }
        _ = try await run.report("joined")
        return run
    }

    /// Asks every student of the floor `question` (the message Petri broadcast) and returns how
    /// many answers per second it took, counted as `bench class` counts Petri's: from the first
    /// student seeing the question to the last acknowledgement.
    func answer(_ question: QuestionInfo) async throws -> Double {
        let message = try ProtocolEncoder().encode(.question(question))
        server.send("ask \(question.id.rawValue) \(Data(message).base64EncodedString())\n")
        let answered = try await report("answered")
        let nanoseconds = (UInt64(answered[1]) ?? 0) &- (UInt64(answered[0]) ?? 0)
        guard nanoseconds > 0, nanoseconds < UInt64(Int64.max) else {
            throw ValidationError("The answer floor's students reported no answer time.")
        }
        return Double(count) / (Double(nanoseconds) / 1e9)
    }

    /// Sends every student of the floor the messages Petri sent for `generation` (its stats and
    /// snapshot, re-encoded) and returns the milliseconds from the send to the last student's
    /// snapshot of it, measured as `bench class` measures Petri's step.
    func step(_ generation: Int, messages: [ServerMessage]) async throws -> Double {
        let encoder = ProtocolEncoder()
        let payloads = try messages.map { Data(try encoder.encode($0)).base64EncodedString() }
        server.send("load \(payloads.joined(separator: " "))\n")
        guard await server.next() == "loaded" else { throw ValidationError("The floor did not take the generation.") }
        let sent = monotonicNanoseconds()
        server.send("send\n")
        let got = try await report("generation")
        guard got.count == 2, Int(got[0]) == generation, let last = UInt64(got[1]), last > sent else {
            throw ValidationError("Unexpected report from the floor's students: generation \(got)")
        }
        return Double(last - sent) / 1e6
    }

    func stop() {
        students.stop()
        server.stop()
    }

    /// The fields of the students' next line that starts with `prefix`.
    private func report(_ prefix: String) async throws -> [Substring] {
        while let line = await students.next() {
            let fields = line.split(separator: " ")
            if fields.first.map(String.init) == prefix { return Array(fields.dropFirst()) }
        }
        throw ValidationError("The answer floor's students ended early.")
    }
}
