import Foundation

/// How to start the crash probe: `PETRI_STORE_CRASH_PROBE` (an executable taking `<directory> <count>`),
/// else `petri-bench store-crash-probe` built next to the test bundle.
func crashProbeCommand() -> (executable: URL, arguments: [String])? {
    if let path = ProcessInfo.processInfo.environment["PETRI_STORE_CRASH_PROBE"], !path.isEmpty {
        return FileManager.default.isExecutableFile(atPath: path) ? (URL(fileURLWithPath: path), []) : nil
    }
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    for _ in 0..<3 {
        let bench = directory.appendingPathComponent("petri-bench")
        if FileManager.default.isExecutableFile(atPath: bench.path) { return (bench, ["store-crash-probe"]) }
        directory = directory.deletingLastPathComponent()
    }
    return nil
}

/// A running crash probe whose standard output the test reads line by line, then kills.
///
/// Used by one test function on one thread; reads use poll(2) with a time-out, so a stuck
/// child fails the test instead of hanging it.
final class CrashProbeChild {
    /// The lesson the probe writes to (`StoreCrashProbe.lessonId` in petri-bench).
    static let lessonId = "crash-probe"

    private let process = Process()
    /// Kept for the child's lifetime: its file handles own `output`, which they close when released.
    private let pipe = Pipe()
    private let output: Int32
    private var pending: [UInt8] = []

    init(_ command: (executable: URL, arguments: [String]), directory: String, count: Int) throws {
        process.executableURL = command.executable
        process.arguments = command.arguments + [directory, String(count)]
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        output = pipe.fileHandleForReading.fileDescriptor
        try process.run()
    }

    /// The next line the child printed, or nil at end of output or after `timeout` milliseconds of silence.
    func nextLine(timeout: Int32 = 10_000) -> String? {
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return line
            }
            var request = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            guard poll(&request, 1, timeout) == 1 else { return nil }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            guard count > 0 else { return nil }
            pending += chunk[0..<count]
        }
    }

    /// Sends SIGKILL and waits for the child to die; returns true if the signal is what ended it.
    func killNow() -> Bool {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}
