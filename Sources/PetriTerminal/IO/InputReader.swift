import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Something typed: a key (full-screen mode), a line (``--json`` mode), or the end of input.
enum InputEvent: Sendable, Hashable {
    case key(Key)
    case line(String)
    case closed
}

/// Reads standard input on its own thread and hands over keys or lines.
///
/// Blocking reads stay off the async tasks. An `ESC` that arrives alone is held for 40 ms in
/// case the rest of a sequence follows, then reported as the Escape key.
enum InputReader {
    /// How input is split.
    enum Mode: Sendable {
        case keys
        case lines
    }

    /// Starts the reader thread; it runs until the input ends.
    ///
    /// - Parameters:
    ///   - descriptor: The file descriptor to read (0).
    ///   - mode: Keys or lines.
    ///   - deliver: Called on the reader thread for each event; must be thread-safe.
    static func start(
        descriptor: Int32 = 0, mode: Mode, deliver: @escaping @Sendable (InputEvent) -> Void
    ) {
        let thread = Thread {
            var keys = KeyReader()
            var line: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 {
                    if mode == .lines, !line.isEmpty { deliver(.line(String(decoding: line, as: UTF8.self))) }
                    deliver(.closed)
                    return
                }
                let chunk = buffer[0..<n]
                switch mode {
                case .keys:
                    for key in keys.feed(chunk) { deliver(.key(key)) }
                    if keys.hasPending && !waitForInput(descriptor, milliseconds: 40) {
                        for key in keys.flush() { deliver(.key(key)) }
                    }
                case .lines:
                    for byte in chunk {
                        if byte == 10 {
                            var text = String(decoding: line, as: UTF8.self)
                            if text.hasSuffix("\r") { text.removeLast() }
                            deliver(.line(text))
                            line.removeAll()
                        } else if line.count < 1 << 20 {
                            line.append(byte)
                        }
                    }
                }
            }
        }
        thread.name = "petri-input"
        thread.start()
    }

    private static func waitForInput(_ descriptor: Int32, milliseconds: Int32) -> Bool {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, milliseconds) > 0
    }
}
