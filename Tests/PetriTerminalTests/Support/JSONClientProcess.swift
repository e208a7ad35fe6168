import Foundation
import PetriProtocol

#if canImport(Glibc)
    import Glibc
#endif

/// A `petri` child process in `--json` mode: lines in on standard input, server messages out.
final class JSONClientProcess: @unchecked Sendable {
    // @unchecked Sendable: driven by one test task; `lines` is an AsyncStream fed by a reader thread,
    // and `errors` is only read after the process has exited.
    let name: String
    let process = Process()
    private let input = Pipe()
    private var lines: AsyncStream<String>.Iterator
    private let errorPipe = Pipe()
    /// Every message read so far, in order.
    private(set) var seen: [ServerMessage] = []

    init(_ name: String, executable: URL, arguments: [String]) throws {
        self.name = name
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = input
        let out = Pipe()
        process.standardOutput = out
        process.standardError = errorPipe
        lines = Self.lineStream(out.fileHandleForReading.fileDescriptor).makeAsyncIterator()
        try process.run()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// A thread that reads `fd` and yields its lines.
    static func lineStream(_ fd: Int32) -> AsyncStream<String> {
        AsyncStream { continuation in
            let thread = Thread {
                var pending: [UInt8] = []
                var chunk = [UInt8](repeating: 0, count: 65536)
                while true {
                    let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                    if n <= 0 { break }
                    for b in chunk[0..<n] {
                        if b == 10 {
                            continuation.yield(String(decoding: pending, as: UTF8.self))
                            pending = []
                        } else {
                            pending.append(b)
                        }
                    }
                }
                continuation.finish()
            }
            thread.start()
        }
    }

    /// Types a line.
    func type(_ line: String) {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    /// Ends the input (the client then leaves once the server has answered everything).
    func closeInput() {
        try? input.fileHandleForWriting.close()
    }

    /// The next message that `matches`, or nil if the process ended first. Earlier ones are kept in `seen`.
    func next(where matches: (ServerMessage) -> Bool) async throws -> ServerMessage? {
        while let line = await lines.next() {
            let message = try ProtocolDecoder(limits: .serverMessages)
                .decodeServerMessage(Array(line.utf8))
            seen.append(message)
            if matches(message) { return message }
        }
        return nil
    }

    /// The next message of one type (`"welcome"`, `"resolved"`, …).
    func next(_ type: String) async throws -> ServerMessage? {
        try await next { $0.type == type }
    }

    /// Waits for exit, up to `seconds`; the status, or nil after killing it on time-out.
    func waitForExit(seconds: Double) async -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { try? await Task.sleep(for: .milliseconds(20)) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            return nil
        }
        return process.terminationStatus
    }

    /// What the process wrote to standard error (read after it exited).
    var errors: String {
        String(decoding: errorPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
}
