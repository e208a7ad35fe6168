import Foundation

/// The `petri` executable built next to the test bundle.
func petriExecutable() -> URL? { builtExecutable("petri") }

/// The `petri-bench` executable built next to the test bundle.
func petriBenchExecutable() -> URL? { builtExecutable("petri-bench") }

/// The executable `name` of this package built next to the test bundle.
func builtExecutable(_ name: String) -> URL? {
    let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var dir = here.deletingLastPathComponent()
    for _ in 0..<3 {
        let candidate = dir.appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        dir = dir.deletingLastPathComponent()
    }
    return nil
}

/// A `petri` child process whose standard output is read line by line.
final class PetriProcess: @unchecked Sendable {
    // @unchecked Sendable: `process` is only started/signalled/waited by the owning test;
    // `lines` is an AsyncStream (thread-safe) fed by a dedicated reader thread.
    let process = Process()
    let lines: AsyncStream<String>

    /// - Parameters:
    ///   - withStandardError: Read the standard error (the log) into ``lines`` too.
    ///   - standardError: A file that receives the process's standard error (its log) instead.
    init(
        _ arguments: [String], executable: URL, environment: [String: String] = [:], withStandardError: Bool = false,
        standardError: URL? = nil
    ) throws {
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let out = Pipe()
        process.standardOutput = out
        if let standardError {
            _ = FileManager.default.createFile(atPath: standardError.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: standardError)
        } else {
            process.standardError = withStandardError ? out : FileHandle.nullDevice
        }
        let handle = out.fileHandleForReading
        lines = AsyncStream { continuation in
            let thread = Thread {
                var pending = [UInt8]()
                var chunk = [UInt8](repeating: 0, count: 4096)
                while true {
                    let n = read(handle.fileDescriptor, &chunk, chunk.count)
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
        try process.run()
    }

    /// Waits for the process to exit, up to `seconds`; returns its status, or nil on time-out (then kills it).
    func waitForExit(within seconds: Double) async -> Int32? {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while process.isRunning && ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
        if process.isRunning {
            process.interrupt()
            kill(process.processIdentifier, SIGKILL)
            return nil
        }
        return process.terminationStatus
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}

/// A new empty directory under the system's temporary directory.
func temporaryDirectory() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("petri-test-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

extension PetriProcess {
    /// Starts `petri serve` on a free port with `data` and returns it with its WebSocket URL.
    static func serve(
        data: String, teacherKey: String, executable: URL, arguments: [String] = []
    ) async throws -> (PetriProcess, String) {
        let child = try PetriProcess(
            ["serve", "--port", "0", "--data", data, "--teacher-key", teacherKey] + arguments, executable: executable)
        for await line in child.lines {
            if let url = line.split(separator: " ").first(where: { $0.hasPrefix("ws://") }) {
                return (child, String(url))
            }
        }
        throw ChildError.noBanner
    }

    /// Kills the process with SIGKILL (no chance to flush or close anything) and reaps it.
    func crash() async {
        kill(process.processIdentifier, SIGKILL)
        _ = await waitForExit(within: 10)
    }
}

enum ChildError: Error { case noBanner }
