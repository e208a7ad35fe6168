import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A pseudo-terminal with a child process on its slave side, as a person's terminal would run it.
///
/// The child is a session leader with the slave as its controlling terminal (so it gets SIGWINCH);
/// the test reads and writes the master. The test also keeps the slave open, to read its settings
/// with `tcgetattr` before and after the child ran.
final class PseudoTerminal: @unchecked Sendable {
    // @unchecked Sendable: used by one test task at a time; the file descriptors are plain integers.
    let master: Int32
    let slaveName: String
    /// The slave, opened by the test (not as a controlling terminal) to inspect its settings.
    let slave: Int32
    private(set) var pid: pid_t = 0

    init(width: Int, height: Int) throws {
        // posix_openpt/grantpt/unlockpt are not visible through Swift's Glibc module, so do what they
        // do on Linux: open the multiplexer, unlock the slave (TIOCSPTLCK) and ask its number (TIOCGPTN).
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard master >= 0, ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
            throw PTYError("could not open a pseudo-terminal")
        }
        slaveName = "/dev/pts/\(number)"
        slave = open(slaveName, O_RDWR | O_NOCTTY)
        guard slave >= 0 else { throw PTYError("could not open \(slaveName)") }
        resize(width: width, height: height)
    }

    deinit {
        if pid > 0 { kill(pid, SIGKILL) }
        close(master)
        close(slave)
    }

    /// The slave's current settings.
    func attributes() -> termios {
        var t = termios()
        tcgetattr(slave, &t)
        return t
    }

    func resize(width: Int, height: Int) {
        var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// Starts `executable` with the slave as its standard input, output and error.
    func spawn(_ executable: String, _ arguments: [String], environment: [String: String]) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Opening the terminal in a new session makes it the controlling terminal.
        posix_spawn_file_actions_addopen(&actions, 0, slaveName, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(0x80))  // POSIX_SPAWN_SETSID
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for p in argv { free(p) }
            for p in envp { free(p) }
        }
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard result == 0 else { throw PTYError("posix_spawn failed: \(result)") }
    }

    func write(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
    }

    /// Whatever arrives within `milliseconds` (returns as soon as some bytes came and then a short quiet).
    func read(milliseconds: Int32) -> [UInt8] {
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        var wait = milliseconds
        while true {
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, wait) > 0 else { return out }
            let n = buffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
            guard n > 0 else { return out }
            out += buffer[0..<n]
            wait = 30
        }
    }

    /// Waits for the child to exit; its status (or 128 + signal), or nil on time-out.
    func waitForExit(seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            var status: Int32 = 0
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid {
                pid = 0
                let signal = status & 0x7F
                return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
            }
            usleep(10_000)
        }
        return nil
    }
}

struct PTYError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension termios {
    /// The fields a program changes for raw mode, for comparing before and after.
    var settings: [UInt64] {
        var t = self
        let cc = withUnsafeBytes(of: &t.c_cc) { Array($0) }
        return [UInt64(c_iflag), UInt64(c_oflag), UInt64(c_cflag), UInt64(c_lflag)] + cc.map(UInt64.init)
    }
}
