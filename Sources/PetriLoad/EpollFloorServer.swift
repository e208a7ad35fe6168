import CEpoll
import Crypto
import Foundation
import PetriTransport
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The least a WebSocket server can do to broadcast: the floor that `petri-bench transport`
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
package final class EpollFloorServer: Sendable {
    /// The port it listens on, on 127.0.0.1.
    package var port: Int { sockets.port }
    private let sockets: FloorSockets
    /// A descriptor to read round numbers from, and each round's frame.
    private let rounds: (input: Int32, frames: [[UInt8]])?
    /// What the service thread shares with callers: the next frame to send, and the stop flag.
    private let inbox = Mutex<(frame: [UInt8]?, stop: Bool)>((nil, false))

    /// Listens on 127.0.0.1 on a free port and starts the service thread, which first accepts
    /// `count` connections (see ``waitUntilAccepted()``).
    ///
    /// - Throws: ``TransportError`` when the socket, the listener or the wake-up descriptor fails.
    package convenience init(expecting count: Int) throws(TransportError) {
        try self.init(expecting: count, rounds: nil)
    }

    /// Like ``init(expecting:)``, but the service thread also reads round numbers, one a line,
    /// from `input` and broadcasts `frames[round]` for each, with no other thread in between (a
    /// benchmark's parent process writes them); it stops at the end of `input` or at a number
    /// outside `frames`.
    ///
    /// - Throws: ``TransportError`` when the socket, the listener or the wake-up descriptor fails.
    package convenience init(expecting count: Int, roundsFrom input: Int32, frames: [[UInt8]]) throws(TransportError) {
        try self.init(expecting: count, rounds: (input, frames))
    }

    private init(expecting count: Int, rounds: (input: Int32, frames: [[UInt8]])?) throws(TransportError) {
        self.rounds = rounds
        sockets = try FloorSockets(expecting: count)
        let thread = Thread { [self] in
            // At the priority Petri's transport thread asks for, so the two are compared like for like.
            _ = ThreadPriority.adjustCallingThread(by: ThreadPriority.transportNiceOffset)
            serve()
        }
        thread.name = "floor broadcaster"
        thread.start()
    }

    /// Waits (polling every millisecond) until every expected connection has been upgraded.
    ///
    /// - Throws: the ``TransportError`` that stopped the accepting.
    package func waitUntilAccepted() async throws(TransportError) { try await sockets.waitUntilAccepted() }

    /// Sends `frame` (whole WebSocket frames, header included) to every connection: the service
    /// thread writes it as soon as it wakes. A frame not yet taken is replaced.
    package func broadcast(_ frame: [UInt8]) {
        inbox.withLock { $0.frame = frame }
        sockets.wakeUp()
    }

    /// Stops the service thread (also while it is still accepting), closes every connection
    /// and waits for it.
    package func shutdown() async {
        inbox.withLock { $0.stop = true }
        await sockets.stop()
    }

    /// Waits (polling every 10 ms) until the service thread has stopped: after ``shutdown()``,
    /// at the end of the round input, or after a failure.
    package func waitUntilStopped() async { await sockets.waitUntilStopped(checkingEvery: .milliseconds(10)) }

    /// The frame for one text message, exactly as a server writes it: unmasked, FIN set.
    package static func textFrame(_ payload: [UInt8]) -> [UInt8] {
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
    package static func acceptValue(forKey key: String) -> String {
        let digest = Insecure.SHA1.hash(data: Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))
        return Data(digest).base64EncodedString()
    }

    // MARK: The service thread

    private func serve() {
        var fds: [Int32] = []
        defer { sockets.stopped(closing: fds) }
        do {
            try sockets.acceptAll(into: &fds)
            try broadcastLoop(fds)
        } catch {
            sockets.failed(error)
        }
    }

    /// Waits on the eventfd and the sockets with unsent tails; writes each new frame to all.
    private func broadcastLoop(_ fds: [Int32]) throws(TransportError) {
        let epoll = try posixCheck(epoll_create1(Int32(EPOLL_CLOEXEC)), "Creating the floor's epoll instance")
        defer { Glibc.close(epoll) }
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.u64 = UInt64.max
        try posixCheck(epoll_ctl(epoll, EPOLL_CTL_ADD, sockets.wake, &event), "Watching the floor's eventfd")
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
                    _ = read(sockets.wake, &count, 8)
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
