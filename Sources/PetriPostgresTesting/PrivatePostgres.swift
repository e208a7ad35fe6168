import Foundation

/// A PostgreSQL server of its own for tests and benchmarks: `initdb` into a fresh temporary
/// directory, listening on a loopback port with its socket in that directory, never the system's.
///
/// PostgreSQL refuses to run as root: a root process starts it as the `petri-pg` user
/// (`Deploy/install-deps.sh` creates it). The server runs under a small shell that stops it and
/// deletes its directory when this process's end of a pipe closes, so it goes away with the process
/// that started it, however that process ends (even by a crash or `kill -9`).
///
/// ```swift
/// let postgres = try await PrivatePostgres.shared()
/// let url = try await postgres.createDatabase()   // postgres://petri@127.0.0.1:port/test_3
/// ```
///
/// Thread-safe: an actor.
package actor PrivatePostgres {
    /// The user tests start PostgreSQL as when they run as root.
    static let systemUser = "petri-pg"

    let port: Int
    let directory: String
    private let binaries: String
    private let runAs: String?
    private var databases = 0
    private var supervisor: Process?
    private var keepAlive: Pipe?

    /// The one server of this process, started on first use.
    package static func shared() async throws -> PrivatePostgres {
        try await Shared.instance.server()
    }

    private actor Shared {
        static let instance = Shared()
        private var starting: Task<PrivatePostgres, any Error>?

        func server() async throws -> PrivatePostgres {
            if let starting { return try await starting.value }
            let task = Task { try await PrivatePostgres.start() }
            starting = task
            return try await task.value
        }
    }

    private init(port: Int, directory: String, binaries: String, runAs: String?) {
        self.port = port
        self.directory = directory
        self.binaries = binaries
        self.runAs = runAs
    }

    /// Starts a new server in a new temporary directory.
    ///
    /// - Throws: ``PrivatePostgresError`` when PostgreSQL is not installed, the user is missing, or it fails to start.
    package static func start() async throws -> PrivatePostgres {
        let binaries = try findBinaries()
        let runAs: String? = getuid() == 0 ? systemUser : nil
        if let runAs, getpwnam(runAs) == nil {
            throw PrivatePostgresError(
                "Tests run as root start PostgreSQL as the user \(runAs), which does not exist; run `make deps`.")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "petri-pg-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        ).path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        if let runAs, let user = getpwnam(runAs) {
            guard chown(directory, user.pointee.pw_uid, user.pointee.pw_gid) == 0 else {
                throw PrivatePostgresError("Could not hand \(directory) to \(runAs) (errno \(errno)).")
            }
        }
        let server = PrivatePostgres(port: try freePort(), directory: directory, binaries: binaries, runAs: runAs)
        try await server.initialise()
        try await server.launch()
        return server
    }

    /// A new empty database on this server; its URL.
    package func createDatabase() async throws -> String {
        databases += 1
        let name = "test_\(databases)"
        try await runCommand("\(binaries)/createdb", ["-h", directory, "-p", "\(port)", "-U", "petri", name])
        return url(database: name)
    }

    /// The URL of a database on this server.
    func url(database: String) -> String { "postgres://petri@127.0.0.1:\(port)/\(database)" }

    /// Stops the server now (its directory stays): for tests of what a node does without its database.
    func stop() async throws {
        try await runCommand("\(binaries)/pg_ctl", ["-D", "\(directory)/data", "-m", "immediate", "-w", "stop"])
    }

    /// Starts the server again after ``stop()``.
    func restart() async throws {
        try await runCommand(
            "\(binaries)/pg_ctl", ["-D", "\(directory)/data", "-w", "-l", "\(directory)/restart.log", "start"])
    }

    private func initialise() async throws {
        try await runCommand(
            "\(binaries)/initdb",
            ["-D", "\(directory)/data", "-U", "petri", "-A", "trust", "-E", "UTF8", "--no-instructions", "-N"])
        let settings = """
            listen_addresses = '127.0.0.1'
            port = \(port)
            unix_socket_directories = '\(directory)'
            fsync = on
            max_connections = 200
            shared_buffers = 32MB
            logging_collector = off

            """
        let conf = "\(directory)/data/postgresql.conf"
        guard let handle = FileHandle(forWritingAtPath: conf) else {
            throw PrivatePostgresError("Could not open \(conf) to configure the test server.")
        }
        handle.seekToEndOfFile()
        handle.write(Data(settings.utf8))
        try handle.close()
    }

    /// Starts `postgres` under a shell that waits on stdin: when the pipe closes (this process
    /// exited), it stops the server and deletes the directory.
    private func launch() async throws {
        let script = """
            "$1/pg_ctl" -D "$2/data" -w -l "$2/server.log" start >/dev/null || exit 1
            echo started
            cat >/dev/null
            "$1/pg_ctl" -D "$2/data" -m immediate -w stop >/dev/null 2>&1
            rm -rf "$2"
            """
        let process = Process()
        let (executable, arguments) = wrapped("/bin/sh", ["-c", script, "sh", binaries, directory])
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.currentDirectoryURL = URL(fileURLWithPath: "/")
        try process.run()
        supervisor = process
        keepAlive = input
        let reader = output.fileHandleForReading
        let line = await Task.detached { String(decoding: reader.availableData, as: UTF8.self) }.value
        guard line.contains("started") else {
            let log = (try? String(contentsOfFile: "\(directory)/server.log", encoding: .utf8)) ?? ""
            throw PrivatePostgresError("The test PostgreSQL did not start: \(log.suffix(600))")
        }
    }

    private func wrapped(_ executable: String, _ arguments: [String]) -> (String, [String]) {
        guard let runAs else { return (executable, arguments) }
        return ("/usr/sbin/runuser", ["-u", runAs, "--", executable] + arguments)
    }

    private func runCommand(_ executable: String, _ arguments: [String]) async throws {
        let process = Process()
        let (path, all) = wrapped(executable, arguments)
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = all
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        process.currentDirectoryURL = URL(fileURLWithPath: "/")
        try process.run()
        let reader = errors.fileHandleForReading
        let message = await Task.detached { String(decoding: reader.readDataToEndOfFile(), as: UTF8.self) }.value
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PrivatePostgresError(
                "\((executable as NSString).lastPathComponent) failed (\(process.terminationStatus)): \(message)")
        }
    }

    /// The newest installed PostgreSQL's programs (Debian keeps them in /usr/lib/postgresql/N/bin).
    static func findBinaries() throws -> String {
        let root = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        let found = versions.compactMap(Int.init).sorted().last.map { "\(root)/\($0)/bin" }
        if let found, FileManager.default.isExecutableFile(atPath: "\(found)/initdb") { return found }
        for directory in ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"]
        where FileManager.default.isExecutableFile(atPath: "\(directory)/initdb") {
            return directory
        }
        throw PrivatePostgresError("PostgreSQL is not installed (no initdb found); run `make deps`.")
    }

    /// A loopback TCP port nothing listens on now.
    package static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw PrivatePostgresError("Could not open a socket to find a free port.") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(fd, socketAddress, length) == 0 && getsockname(fd, socketAddress, &length) == 0
            }
        }
        guard bound else { throw PrivatePostgresError("Could not bind a loopback socket to find a free port.") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// Why the private PostgreSQL could not be used: a sentence saying what to do.
struct PrivatePostgresError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) { self.description = description }
}
