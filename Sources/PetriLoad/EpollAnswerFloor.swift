import CEpoll
import Foundation
import PetriTransport
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The least a server can do to take answers: the floor that `petri-bench class --reference floor`
/// measures Petri's answers per second against, with no WebSocket library, no decoding, no lesson
/// and no store.
///
/// One service thread accepts `count` connections and answers each upgrade (as
/// ``EpollFloorServer`` does), then reads every connection with `epoll`. Each whole message a
/// client sends is handed to `respond`, and the pre-framed reply it returns (a welcome stub for a
/// `join`, say, or an `answerAccepted` for an `answer`) is written back with one plain `write`.
/// ``broadcast(_:)`` writes one pre-framed buffer to every connection (the question). Whatever
/// Petri takes per answer beyond this is what its library, its hub, its lesson and its store add;
/// the kernel's share (one read and one write per answer on the server's side) is the same.
package final class EpollAnswerFloor: Sendable {
    /// The port it listens on, on 127.0.0.1.
    package var port: Int { sockets.port }
    private let sockets: FloorSockets
    private let respond: @Sendable (UnsafeRawBufferPointer) -> [UInt8]?
    /// What the service thread shares with callers: frames to broadcast, and the stop flag.
    private let inbox = Mutex<(frames: [[UInt8]], stop: Bool)>(([], false))

    /// Listens on 127.0.0.1 on a free port and starts the service thread, which first accepts
    /// `count` connections (see ``waitUntilAccepted()``), then answers each client message with
    /// what `respond` returns for it (nothing when it returns nil).
    ///
    /// - Parameter respond: Called on the service thread with each whole message's payload
    ///   (unmasked; valid only during the call); returns whole WebSocket frames to write back.
    /// - Throws: ``TransportError`` when the socket, the listener or the wake-up descriptor fails.
    package init(expecting count: Int, respond: @escaping @Sendable (UnsafeRawBufferPointer) -> [UInt8]?)
        throws(TransportError)
    {
        self.respond = respond
        sockets = try FloorSockets(expecting: count)
        let thread = Thread { [self] in
            // At the priority Petri's transport thread asks for, so the two are compared like for like.
            _ = ThreadPriority.adjustCallingThread(by: ThreadPriority.transportNiceOffset)
            serve()
        }
        thread.name = "answer floor"
        thread.start()
    }

    /// Waits (polling every millisecond) until every expected connection has been upgraded.
    ///
    /// - Throws: the ``TransportError`` that stopped the accepting.
    package func waitUntilAccepted() async throws(TransportError) { try await sockets.waitUntilAccepted() }

    /// Writes `frame` (whole WebSocket frames) to every connection, as soon as the service thread wakes.
    package func broadcast(_ frame: [UInt8]) {
        inbox.withLock { $0.frames.append(frame) }
        sockets.wakeUp()
    }

    /// Stops the service thread (also while it is still accepting), closes every connection
    /// and waits for it.
    package func shutdown() async {
        inbox.withLock { $0.stop = true }
        await sockets.stop()
    }

    // MARK: The service thread

    /// One connection: what it sent that is not yet a whole frame, and what could not be written yet.
    private struct Peer {
        let fd: Int32
        var inbound: [UInt8] = []
        var message: [UInt8] = []
        var outbound: [UInt8] = []
        var watchingOut = false
        var open = true
    }

    private func serve() {
        var fds: [Int32] = []
        defer { sockets.stopped(closing: fds) }
        do {
            try sockets.acceptAll(into: &fds)
            var peers = fds.map { Peer(fd: $0) }
            try answerLoop(&peers)
        } catch {
            sockets.failed(error)
        }
    }

    private func answerLoop(_ peers: inout [Peer]) throws(TransportError) {
        let epoll = try posixCheck(epoll_create1(Int32(EPOLL_CLOEXEC)), "Creating the floor's epoll instance")
        defer { Glibc.close(epoll) }
        func watch(_ index: Int, writable: Bool, operation: Int32) {
            var event = epoll_event()
            event.events = EPOLLIN.rawValue | (writable ? EPOLLOUT.rawValue : 0)
            event.data.u64 = UInt64(index)
            _ = epoll_ctl(epoll, operation, peers[index].fd, &event)
        }
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.u64 = UInt64.max
        try posixCheck(epoll_ctl(epoll, EPOLL_CTL_ADD, sockets.wake, &event), "Watching the floor's eventfd")
        for index in peers.indices { watch(index, writable: false, operation: EPOLL_CTL_ADD) }

        /// Writes `bytes` after whatever connection `index` still owes; keeps the rest for EPOLLOUT.
        func send(_ index: Int, _ bytes: [UInt8]) {
            guard peers[index].open else { return }
            guard peers[index].outbound.isEmpty else {
                peers[index].outbound += bytes
                return
            }
            // Nothing owed: straight from the caller's bytes, copying only what does not fit.
            let fd = peers[index].fd
            let n = bytes.withUnsafeBytes { raw in raw.baseAddress.map { write(fd, $0, raw.count) } ?? 0 }
            if n == bytes.count { return }
            if n < 0 && errno != EAGAIN && errno != EINTR {
                close(index)
                return
            }
            peers[index].outbound = Array(bytes[max(n, 0)...])
            flush(index)
        }
        func flush(_ index: Int) {
            var done = 0
            while done < peers[index].outbound.count {
                let fd = peers[index].fd
                let n = peers[index].outbound.withUnsafeBytes { bytes in
                    bytes.baseAddress.map { write(fd, $0 + done, bytes.count - done) } ?? 0
                }
                if n > 0 {
                    done += n
                } else if n < 0 && errno == EINTR {
                    continue
                } else if n < 0 && errno == EAGAIN {
                    break
                } else {
                    close(index)
                    return
                }
            }
            peers[index].outbound.removeFirst(done)
            // Watch for room only while something is owed (level-triggered EPOLLOUT would spin).
            let owes = !peers[index].outbound.isEmpty
            if owes != peers[index].watchingOut {
                watch(index, writable: owes, operation: EPOLL_CTL_MOD)
                peers[index].watchingOut = owes
            }
        }
        func close(_ index: Int) {
            guard peers[index].open else { return }
            peers[index].open = false
            peers[index].outbound = []
            _ = epoll_ctl(epoll, EPOLL_CTL_DEL, peers[index].fd, nil)
        }

        var events = [epoll_event](repeating: epoll_event(), count: 512)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = epoll_wait(epoll, &events, Int32(events.count), -1)
            if n < 0 && errno == EINTR { continue }
            try posixCheck(n, "Waiting in the floor's epoll loop")
            for i in 0..<Int(n) {
                let tag = events[i].data.u64
                if tag == UInt64.max {
                    var count: UInt64 = 0
                    _ = read(sockets.wake, &count, 8)
                    let (frames, stop) = inbox.withLock { state in
                        defer { state.frames = [] }
                        return state
                    }
                    if stop { return }
                    for frame in frames { for index in peers.indices { send(index, frame) } }
                    continue
                }
                let index = Int(tag)
                guard peers[index].open else { continue }
                if events[i].events & EPOLLOUT.rawValue != 0 { flush(index) }
                guard events[i].events & (EPOLLIN.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0 else {
                    continue
                }
                let got = read(peers[index].fd, &chunk, chunk.count)
                if got == 0 || (got < 0 && errno != EAGAIN && errno != EINTR) {
                    close(index)
                    continue
                }
                guard got > 0 else { continue }
                peers[index].inbound.append(contentsOf: chunk[0..<got])
                var message = peers[index].message
                peers[index].message = []
                let split = ClientFrames.split(peers[index].inbound, message: &message) { payload in
                    if let reply = respond(payload) { send(index, reply) }
                }
                peers[index].message = message
                switch split {
                case .used(let used): peers[index].inbound.removeFirst(used)
                case .closed: close(index)
                }
            }
        }
    }
}
