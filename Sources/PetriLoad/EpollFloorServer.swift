import CEpoll
import Crypto
import Foundation
import PetriTransport
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The least a WebSocket server can do to broadcast: the floor that `petri bench transport`
/// measures Petri against, with no WebSocket library at all.
///
/// It accepts `count` connections and answers each upgrade (RFC 6455 §4.2.2), then one service
/// thread, woken through an `eventfd` as Petri's service thread is woken by `lws_cancel_service`,
/// writes one pre-framed buffer to every connection with plain `write`s, finishing partial
/// writes when `epoll` says the socket is writable again. No queues, no per-connection state
/// beyond the unsent tail, no framing per send: whatever Petri takes beyond this is what its
/// library and its own code add. Sockets are set up as libwebsockets sets up its own
/// (non-blocking, `TCP_NODELAY`), so the kernel's share of the work is the same.
///
/// Start it, point the clients at ``port``, then ``broadcast(_:)`` from any thread; or give it
/// every round's frame and a descriptor to read round numbers from, so that the write of a
/// round number is the service thread's wake-up, with no thread in between.
public final class EpollFloorServer: Sendable {
    /// The port it listens on, on 127.0.0.1.
    public let port: Int
    private let listener: Int32
    private let wake: Int32
    private let expected: Int
    /// A descriptor to read round numbers from, and each round's frame.
    private let rounds: (input: Int32, frames: [[UInt8]])?
    /// What the service thread shares with callers: the next frame to send, and the stop flag.
    private let inbox = Mutex<(frame: [UInt8]?, stop: Bool)>((nil, false))
    private let accepted = Mutex<(count: Int, failure: TransportError?)>((0, nil))
    private let stopped = Mutex(false)

    /// Listens on 127.0.0.1 on a free port and starts the service thread, which first accepts
    /// `count` connections (see ``waitUntilAccepted()``).
    ///
    /// - Throws: ``TransportError`` when the socket, the listener or the wake-up descriptor fails.
    public convenience init(expecting count: Int) throws(TransportError) {
        try self.init(expecting: count, rounds: nil)
    }

    /// Like ``init(expecting:)``, but the service thread also reads round numbers, one a line,
    /// from `input` and broadcasts `frames[round]` for each, with no other thread in between (a
    /// benchmark's parent process writes them); it stops at the end of `input` or at a number
    /// outside `frames`.
    ///
    /// - Throws: ``TransportError`` when the socket, the listener or the wake-up descriptor fails.
    public convenience init(expecting count: Int, roundsFrom input: Int32, frames: [[UInt8]]) throws(TransportError) {
        try self.init(expecting: count, rounds: (input, frames))
    }

    private init(expecting count: Int, rounds: (input: Int32, frames: [[UInt8]])?) throws(TransportError) {
        expected = count
        self.rounds = rounds
        (listener, port) = try Self.openListener()
        do {
            wake = try posixCheck(eventfd(0, Int32(EFD_CLOEXEC) | Int32(EFD_NONBLOCK)), "Creating the floor's eventfd")
        } catch {
            Glibc.close(listener)
            throw error
        }
        let thread = Thread { [self] in serve() }
        thread.name = "floor broadcaster"
        thread.start()
    }

    deinit {
        Glibc.close(listener)
        Glibc.close(wake)
    }

    /// Waits (polling every millisecond) until every expected connection has been upgraded.
    ///
    /// - Throws: the ``TransportError`` that stopped the accepting.
    public func waitUntilAccepted() async throws(TransportError) {
        while true {
            let (count, failure) = accepted.withLock { $0 }
            if let failure { throw failure }
            if count == expected { return }
            try? await Task.sleep(for: .milliseconds(1))
        }
    }

    /// Sends `frame` (whole WebSocket frames, header included) to every connection: the service
    /// thread writes it as soon as it wakes. A frame not yet taken is replaced.
    public func broadcast(_ frame: [UInt8]) {
        inbox.withLock { $0.frame = frame }
        var one: UInt64 = 1
        _ = write(wake, &one, 8)
    }

    /// Stops the service thread (also while it is still accepting), closes every connection
    /// and waits for it.
    public func shutdown() async {
        inbox.withLock { $0.stop = true }
        Glibc.shutdown(listener, Int32(SHUT_RDWR))
        var one: UInt64 = 1
        _ = write(wake, &one, 8)
        while !stopped.withLock({ $0 }) { try? await Task.sleep(for: .milliseconds(1)) }
    }

    /// Waits (polling every 10 ms) until the service thread has stopped: after ``shutdown()``,
    /// at the end of the round input, or after a failure.
    public func waitUntilStopped() async {
        while !stopped.withLock({ $0 }) { try? await Task.sleep(for: .milliseconds(10)) }
    }

    /// The frame for one text message, exactly as a server writes it: unmasked, FIN set.
    public static func textFrame(_ payload: [UInt8]) -> [UInt8] {
        var frame: [UInt8] = [0x81]
        let n = payload.count
        if n < 126 {
            frame.append(UInt8(n))
        } else if n < 65536 {
            frame += [126, UInt8(n >> 8), UInt8(n & 0xff)]
        } else {
            frame.append(127)
            for i in stride(from: 7, through: 0, by: -1) { frame.append(UInt8(truncatingIfNeeded: n >> (8 * i))) }
        }
        return frame + payload
    }

    /// `Sec-WebSocket-Accept` for a client's key (RFC 6455 §4.2.2).
    public static func acceptValue(forKey key: String) -> String {
        let digest = Insecure.SHA1.hash(data: Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))
        return Data(digest).base64EncodedString()
    }

    /// A listening socket on 127.0.0.1 with a free port (the floors' own, no library).
    ///
    /// - Throws: ``TransportError`` when the socket cannot be opened, bound or listened on.
    static func openListener() throws(TransportError) -> (fd: Int32, port: Int) {
        let fd = try posixCheck(
            socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0), "Opening the floor's socket"
        )
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        do {
            try posixCheck(bound, "Binding the floor's socket")
            try posixCheck(named, "Reading the floor's port")
            try posixCheck(listen(fd, 4096), "Listening on the floor's socket")
        } catch {
            Glibc.close(fd)
            throw error
        }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }

    // MARK: The service thread

    private func serve() {
        var fds: [Int32] = []
        // The listener and the eventfd stay open until deinit (which cannot run before this
        // thread lets go of self), so shutdown() and broadcast() never touch a reused descriptor.
        defer {
            for fd in fds { Glibc.close(fd) }
            stopped.withLock { $0 = true }
        }
        do {
            fds.reserveCapacity(expected)
            while fds.count < expected {
                let fd = accept(listener, nil, nil)
                if fd < 0 && errno == EINTR { continue }
                try posixCheck(fd, "Accepting a floor connection")
                fds.append(fd)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                try Self.upgrade(fd)
                accepted.withLock { $0.count = fds.count }
            }
            try broadcastLoop(fds)
        } catch {
            accepted.withLock { $0.failure = error }
        }
    }

    /// Reads the upgrade request and answers it, then makes the socket non-blocking, no Nagle.
    static func upgrade(_ fd: Int32) throws(TransportError) {
        var head = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 1024)
        while !(head.count >= 4 && head.suffix(4).elementsEqual([13, 10, 13, 10])) {
            let n = read(fd, &chunk, chunk.count)
            guard n > 0, head.count < 16384 else {
                throw TransportError(.connectionBroken, "A floor client closed or sent no upgrade request.")
            }
            head += chunk[0..<n]
        }
        let request = String(decoding: head, as: UTF8.self)
        var key: String?
        var offersPetri = false
        for line in request.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let name = parts[0].lowercased(), value = parts[1].trimmingCharacters(in: .whitespaces)
            if name == "sec-websocket-key" { key = value }
            if name == "sec-websocket-protocol" { offersPetri = value.contains("petri.v1") }
        }
        guard let key else { throw TransportError(.invalidArgument, "A floor client sent no Sec-WebSocket-Key.") }
        let response =
            "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Accept: \(acceptValue(forKey: key))\r\n"
            + (offersPetri ? "Sec-WebSocket-Protocol: petri.v1\r\n" : "") + "\r\n"
        let bytes = Array(response.utf8)
        try posixCheck(bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }, "Answering a floor upgrade")
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        let flags = try posixCheck(fcntl(fd, F_GETFL), "Reading a floor connection's flags")
        try posixCheck(fcntl(fd, F_SETFL, flags | O_NONBLOCK), "Making a floor connection non-blocking")
    }

    /// Waits on the eventfd and the sockets with unsent tails; writes each new frame to all.
    private func broadcastLoop(_ fds: [Int32]) throws(TransportError) {
        let epoll = try posixCheck(epoll_create1(Int32(EPOLL_CLOEXEC)), "Creating the floor's epoll instance")
        defer { Glibc.close(epoll) }
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.u64 = UInt64.max
        try posixCheck(epoll_ctl(epoll, EPOLL_CTL_ADD, wake, &event), "Watching the floor's eventfd")
        if let rounds {
            event.data.u64 = UInt64.max - 1
            try posixCheck(epoll_ctl(epoll, EPOLL_CTL_ADD, rounds.input, &event), "Watching the floor's round input")
        }
        var pendingInput: [UInt8] = []
        var frame: [UInt8] = []
        // Bytes of `frame` already written to each connection; below frame.count = waiting for EPOLLOUT.
        var written = [Int](repeating: 0, count: fds.count)
        var watching = [Bool](repeating: false, count: fds.count)
        var events = [epoll_event](repeating: epoll_event(), count: 512)

        func send(_ index: Int) {
            let fd = fds[index]
            while written[index] < frame.count {
                let n = frame.withUnsafeBytes { bytes in
                    bytes.baseAddress.map { write(fd, $0 + written[index], bytes.count - written[index]) } ?? 0
                }
                if n > 0 {
                    written[index] += n
                } else if n < 0 && errno == EINTR {
                    continue
                } else if n < 0 && errno == EAGAIN {
                    break
                } else {
                    written[index] = frame.count  // a closed client: nothing more to send it
                }
            }
            let wantsOut = written[index] < frame.count
            if wantsOut != watching[index] {
                var e = epoll_event()
                e.events = EPOLLOUT.rawValue
                e.data.u64 = UInt64(index)
                _ = epoll_ctl(
                    epoll, wantsOut ? (watching[index] ? EPOLL_CTL_MOD : EPOLL_CTL_ADD) : EPOLL_CTL_DEL, fd, &e)
                watching[index] = wantsOut
            }
        }

        while true {
            let n = epoll_wait(epoll, &events, Int32(events.count), -1)
            if n < 0 && errno == EINTR { continue }
            try posixCheck(n, "Waiting in the floor's epoll loop")
            for i in 0..<Int(n) {
                let tag = events[i].data.u64
                if tag < UInt64.max - 1 {
                    send(Int(tag))
                    continue
                }
                var next: [[UInt8]] = []
                if tag == UInt64.max - 1, let rounds {
                    var chunk = [UInt8](repeating: 0, count: 256)
                    let got = read(rounds.input, &chunk, chunk.count)
                    if got <= 0 && !(got < 0 && (errno == EINTR || errno == EAGAIN)) { return }
                    pendingInput += chunk.prefix(max(got, 0))
                    while let newline = pendingInput.firstIndex(of: 10) {
                        let line = String(decoding: pendingInput[..<newline], as: UTF8.self)
                        pendingInput.removeSubrange(...newline)
                        guard let round = Int(line), rounds.frames.indices.contains(round) else { return }
                        next.append(rounds.frames[round])
                    }
                } else {
                    var count: UInt64 = 0
                    _ = read(wake, &count, 8)
                    let (taken, stop) = inbox.withLock { state in
                        defer { state.frame = nil }
                        return state
                    }
                    if stop { return }
                    if let taken { next.append(taken) }
                }
                for nextFrame in next {
                    // A new frame before a slow client took the whole last one: finish the last one first.
                    for index in fds.indices where written[index] < frame.count {
                        var pfd = pollfd(fd: fds[index], events: Int16(POLLOUT), revents: 0)
                        while written[index] < frame.count, poll(&pfd, 1, 1000) > 0 { send(index) }
                    }
                    frame = nextFrame
                    for index in fds.indices {
                        written[index] = 0
                        send(index)
                    }
                }
            }
        }
    }
}
