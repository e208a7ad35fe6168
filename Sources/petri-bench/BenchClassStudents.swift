import ArgumentParser
import Foundation
import PetriLoad

/// The students behind `petri-bench class`: N connections on one epoll loop that join,
/// answer every question at once, and report (on stdout, one line each) when the whole class
/// has joined, answered, or received a generation. Internal; started by the parent.
struct BenchClassStudents: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "class-students",
        abstract: "Load generator for `petri-bench class` (started by it; not for direct use).",
        shouldDisplay: false
    )

    @OptionGroup var options: StudentProcessOptions

    func run() throws {
        let (host, port) = try options.server.address()
        let students = options.students
        let load = try EpollLoadClients(host: host, port: port, count: students)
        var tally = ClassTally(students: students)
        let start = monotonicNanoseconds()
        for i in 0..<students {
            load.send(text: options.join(i), to: i)
        }
        load.run(until: { false }) { index, bytes in
            let now = monotonicNanoseconds()
            switch ScannedMessage.type(of: bytes) {
            case "welcome":
                if tally.welcomed(now) { say("joined \(now - start)") }
            case "snapshot":
                if let g = ScannedMessage.int(after: #"{"generation":"#, in: bytes), tally.snapshot(g) {
                    say("generation \(g) \(now)")
                }
            case "stats":
                if let g = ScannedMessage.int(after: #""generation":"#, in: bytes), tally.stats(g) { say("stats \(g)") }
            case "question":
                guard let id = ScannedMessage.int(after: #","id":"#, in: bytes) else { return }
                tally.questionSeen(now)
                load.send(text: Array(#"{"number":50,"question":\#(id),"type":"answer"}"#.utf8), to: index)
            case "answerAccepted":
                if let first = tally.accepted() { say("answered \(first) \(now)") }
            case "error":
                say("error \(String(decoding: bytes, as: UTF8.self))")
            default:
                break
            }
        }
    }

    private func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
}

/// Counts class-wide progress; each method returns true (or a value) when the whole class got there.
struct ClassTally {
    let students: Int
    private var welcomes = 0
    private var snapshots: [Int: Int] = [:]
    private var stats: [Int: Int] = [:]
    private var answers = 0
    private var firstQuestion: UInt64?

    init(students: Int) { self.students = students }

    mutating func welcomed(_ now: UInt64) -> Bool {
        welcomes += 1
        return welcomes == students
    }

    mutating func snapshot(_ generation: Int) -> Bool { count(&snapshots, generation) }

    mutating func stats(_ generation: Int) -> Bool { count(&stats, generation) }

    mutating func questionSeen(_ now: UInt64) {
        if firstQuestion == nil { firstQuestion = now }
    }

    /// When every student's answer was accepted: the time the first student saw the question.
    mutating func accepted() -> UInt64? {
        answers += 1
        guard answers == students else { return nil }
        defer {
            answers = 0
            firstQuestion = nil
        }
        return firstQuestion ?? 0
    }

    private func count(_ table: inout [Int: Int], _ key: Int) -> Bool {
        let n = table[key, default: 0] + 1
        table[key] = n == students ? nil : n
        return n == students
    }
}

/// Just enough scanning of the server's compact, key-sorted JSON to route a message.
enum ScannedMessage {
    static func type(of bytes: UnsafeRawBufferPointer) -> String {
        let marker = Array(#""type":""#.utf8)
        guard let start = lastIndex(of: marker, in: bytes) else { return "" }
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += 1 }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    static func int(after marker: String, in bytes: UnsafeRawBufferPointer) -> Int? {
        let m = Array(marker.utf8)
        guard let start = firstIndex(of: m, in: bytes) else { return nil }
        var value = 0
        var i = start
        while i < bytes.count, (48...57).contains(bytes[i]) {
            value = value * 10 + Int(bytes[i] - 48)
            i += 1
        }
        return i > start ? value : nil
    }

    /// Index just past the first occurrence of `marker`.
    private static func firstIndex(of marker: [UInt8], in bytes: UnsafeRawBufferPointer) -> Int? {
        guard bytes.count >= marker.count else { return nil }
        for i in 0...(bytes.count - marker.count) where bytes[i] == marker[0] {
            if (0..<marker.count).allSatisfy({ bytes[i + $0] == marker[$0] }) { return i + marker.count }
        }
        return nil
    }

    /// Index just past the last occurrence of `marker`.
    private static func lastIndex(of marker: [UInt8], in bytes: UnsafeRawBufferPointer) -> Int? {
        guard bytes.count >= marker.count else { return nil }
        for i in stride(from: bytes.count - marker.count, through: 0, by: -1) where bytes[i] == marker[0] {
            if (0..<marker.count).allSatisfy({ bytes[i + $0] == marker[$0] }) { return i + marker.count }
        }
        return nil
    }
}
