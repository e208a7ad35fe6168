import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What it takes to give the terminal back, kept where a signal handler can reach it safely.
///
/// ``arm(saved:descriptor:)`` stores the saved termios and the bytes that leave the full-screen
/// mode (reset attributes, line wrap and cursor on, main screen) before any handler is
/// installed; after that the handlers only read them. ``restore()`` uses nothing but an atomic
/// exchange, `write(2)` and `tcsetattr(3)`, which are async-signal-safe, and runs at most once
/// per arming: from a normal exit, `atexit`, SIGINT/SIGTERM/SIGHUP/SIGQUIT, or a crash signal.
enum TerminalRestore {
    /// The bytes that undo ``TerminalModes/enter``.
    static let sequence: [UInt8] = Array(TerminalModes.leave.utf8)

    // nonisolated(unsafe): written only in `arm` while `armed` is 0 and before the handlers that read
    // them are installed; afterwards only read (by `restore`, from any thread or a signal handler).
    nonisolated(unsafe) private static var saved = termios()
    nonisolated(unsafe) private static var descriptor: Int32 = 1
    nonisolated(unsafe) private static var bytes: UnsafeMutablePointer<UInt8>?
    nonisolated(unsafe) private static var count = 0

    /// 1 while the terminal is in full-screen mode and must be given back.
    private static let armed = Atomic<Int>(0)
    /// Set by SIGWINCH; the draw loop takes it.
    private static let resized = Atomic<Int>(0)

    /// Stores what restoring needs and installs the handlers. Call once, before changing the terminal.
    static func arm(saved termios: termios, descriptor fd: Int32) {
        guard armed.load(ordering: .acquiring) == 0 else { return }
        saved = termios
        descriptor = fd
        if bytes == nil {
            let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: sequence.count)
            buffer.initialize(from: sequence, count: sequence.count)
            bytes = buffer
            count = sequence.count
        }
        _ = resized.load(ordering: .relaxed)
        armed.store(1, ordering: .releasing)
        installHandlers()
    }

    /// Gives the terminal back (once): leaves the alternate screen, shows the cursor, restores termios.
    ///
    /// Async-signal-safe.
    static func restore() {
        guard armed.exchange(0, ordering: .acquiringAndReleasing) == 1 else { return }
        if let bytes {
            var written = 0
            while written < count {
                let n = write(descriptor, bytes + written, count - written)
                if n <= 0 { break }
                written += n
            }
        }
        _ = tcsetattr(descriptor, TCSAFLUSH, &saved)
    }

    /// Whether the window changed size since the last call.
    static func takeResize() -> Bool {
        resized.exchange(0, ordering: .acquiringAndReleasing) == 1
    }

    private static func installHandlers() {
        atexit { TerminalRestore.restore() }
        for number in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP] {
            // Restore, then die of the same signal with its default action (exit status, core dump).
            _ = signal(number) { received in
                TerminalRestore.restore()
                _ = signal(received, SIG_DFL)
                _ = raise(received)
            }
        }
        _ = signal(SIGWINCH) { _ in TerminalRestore.resized.store(1, ordering: .releasing) }
        _ = signal(SIGPIPE, SIG_IGN)
    }
}
