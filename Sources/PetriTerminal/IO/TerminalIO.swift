#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The controlling terminal in full-screen mode: raw input, alternate screen, hidden cursor.
///
/// ``enter()`` saves the terminal's settings and arms ``TerminalRestore``, so the terminal is
/// given back exactly as it was on ``leave()``, on `exit`, on SIGINT, SIGTERM, SIGHUP and
/// SIGQUIT, and on a crash signal. Ctrl-C arrives as a key (raw mode turns ISIG off), so the
/// client can quit cleanly.
///
/// Owned by the one task that draws; not for use from other threads.
final class TerminalIO {
    let input: Int32
    let output: Int32
    private var active = false

    /// The terminal on standard input and output.
    ///
    /// - Throws: ``TerminalError/Code/notATerminal`` when either is not a terminal.
    init(input: Int32 = 0, output: Int32 = 1) throws(TerminalError) {
        guard isatty(input) == 1, isatty(output) == 1 else {
            throw TerminalError(
                .notATerminal,
                "The full-screen client needs a terminal; use --json to script it through pipes.")
        }
        self.input = input
        self.output = output
    }

    /// Switches to raw mode and the alternate screen.
    ///
    /// - Throws: ``TerminalError/Code/notATerminal`` when the settings cannot be read or changed.
    func enter() throws(TerminalError) {
        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else {
            throw TerminalError(.notATerminal, "Could not read the terminal's settings (errno \(errno)).")
        }
        TerminalRestore.arm(saved: saved, descriptor: input)
        var raw = saved
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else {
            TerminalRestore.restore()
            throw TerminalError(.notATerminal, "Could not switch the terminal to raw mode (errno \(errno)).")
        }
        active = true
        write(TerminalModes.enter)
    }

    /// Gives the terminal back as it was before ``enter()``.
    func leave() {
        guard active else { return }
        active = false
        TerminalRestore.restore()
    }

    /// The window's size in columns and rows (80×24 when the terminal does not say).
    func size() -> (width: Int, height: Int) {
        var size = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return (80, 24) }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// Whether the window changed size (SIGWINCH) since the last call.
    func takeResize() -> Bool { TerminalRestore.takeResize() }

    /// Writes all of `text` to the terminal.
    func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { rawWrite(output, $0.baseAddress, offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            offset += n
        }
    }

    deinit { leave() }
}

/// `write(2)` from a buffer at an offset (a free function, so the method's name does not hide it).
private func rawWrite(_ fd: Int32, _ base: UnsafeMutableRawPointer?, _ offset: Int, _ count: Int) -> Int {
    guard let base else { return 0 }
    return write(fd, base + offset, count)
}
