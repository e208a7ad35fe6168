import CEpoll
import Foundation
import PetriTransport

#if canImport(Glibc)
    import Glibc
#endif

/// WebSocket client connections opened one by one at a chosen pace and read with one `epoll`
/// loop: the load generator of a join storm (``EpollLoadClients`` opens all of its connections
/// before anything is read, which cannot model a school arriving at 2,000 students a second).
///
/// Connects and handshakes are non-blocking, so a slow handshake never delays what the other
/// connections receive (their receive times are what a storm benchmark measures). It answers
/// pings, ignores everything but data frames and hands each complete message to a callback.
/// Not thread-safe: create it and call ``run(until:tick:onMessage:)`` from one thread.
package final class PacedLoadClients {
    private enum Phase { case connecting, upgrading, open, closed }

    private struct Peer {
        var fd: Int32
        var phase: Phase
        var buffer: [UInt8] = []
        var message: [UInt8] = []
    }

    private var peers: [Peer] = []
    private let epoll: Int32
    private let host: String
    private let port: Int
    private let request: [UInt8]
    /// The extra descriptor watched with the sockets (a command pipe), and what to do when it is readable.
    private var extra: (fd: Int32, onReadable: () -> Void)?
    private var openedCallback: ((Int) -> Void)?

    /// Connections opened so far (including those still connecting).
    package var count: Int { peers.count }

    /// - Throws: ``TransportError`` when epoll is unavailable.
    package init(host: String = "127.0.0.1", port: Int, path: String = "/", subprotocol: String = "petri.v1")
        throws(TransportError)
    {
        epoll = try posixCheck(epoll_create1(Int32(EPOLL_CLOEXEC)), "Creating the load generator's epoll instance")
        self.host = host
        self.port = port
        request = Array(
            ("GET \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: cGV0cmktbG9hZC1nZW4xMg==\r\nSec-WebSocket-Version: 13\r\n"
                + "Sec-WebSocket-Protocol: \(subprotocol)\r\n\r\n").utf8)
    }

    deinit {
        for p in peers where p.phase != .closed { Glibc.close(p.fd) }
        Glibc.close(epoll)
    }

    /// Watches `fd` too; `onReadable` runs on the loop's thread whenever it is readable.
    func watch(_ fd: Int32, onReadable: @escaping () -> Void) throws(TransportError) {
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.u64 = UInt64.max
        try posixCheck(epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event), "Watching descriptor \(fd) with epoll")
        extra = (fd, onReadable)
    }

    /// Starts one more connection (non-blocking); `onOpen` of ``run(until:tick:onOpen:onMessage:)``
    /// is called with its index once its upgrade is accepted.
    ///
    /// - Returns: the new connection's index.
    /// - Throws: ``TransportError`` when no socket can be opened.
    @discardableResult
    package func open() throws(TransportError) -> Int {
        let fd = try posixCheck(
            socket(
                AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0),
            "Opening a socket")
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr(host)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 || errno == EINPROGRESS else {
            let reason = String(cString: strerror(errno))
            Glibc.close(fd)
            throw TransportError(.connectFailed, "Connecting to \(host):\(port) failed: \(reason).")
        }
        let index = peers.count
        peers.append(Peer(fd: fd, phase: .connecting))
        var event = epoll_event()
        event.events = EPOLLOUT.rawValue
        event.data.u64 = UInt64(index)
        try posixCheck(epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event), "Watching load connection \(index) with epoll")
        return index
    }

    /// Reads until `shouldStop` returns true, calling `tick` after every wake-up (at least every
    /// `tickMilliseconds`) so the caller can open connections on its schedule.
    ///
    /// - Parameters:
    ///   - onOpen: called with a connection's index once its upgrade was accepted.
    ///   - onMessage: called with the connection's index and each complete message's payload
    ///     (valid only during the call).
    package func run(
        until shouldStop: () -> Bool, tickMilliseconds: Int32 = 1, tick: () -> Void, onOpen: (Int) -> Void,
        onMessage: (Int, UnsafeRawBufferPointer) -> Void
    ) {
        var events = [epoll_event](repeating: epoll_event(), count: 512)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while !shouldStop() {
            tick()
            let n = epoll_wait(epoll, &events, Int32(events.count), tickMilliseconds)
            guard n > 0 else { continue }
            for i in 0..<Int(n) {
                let key = events[i].data.u64
                if key == UInt64.max {
                    extra?.onReadable()
                    continue
                }
                let index = Int(key)
                switch peers[index].phase {
                case .connecting:
                    upgrade(index)
                case .upgrading, .open:
                    var ended = false
                    while true {
                        let got = read(peers[index].fd, &chunk, chunk.count)
                        if got == 0 || (got < 0 && errno != EAGAIN && errno != EINTR) { ended = true }
                        if got <= 0 { break }
                        peers[index].buffer.append(contentsOf: chunk[0..<got])
                        if got < chunk.count { break }
                    }
                    if peers[index].phase == .upgrading {
                        if acceptUpgrade(index) {
                            onOpen(index)
                        } else if ended {
                            close(index)
                            continue
                        }
                    }
                    if peers[index].phase == .open { parseFrames(index, onMessage) }
                    if ended { close(index) }
                case .closed:
                    break
                }
            }
        }
    }

    /// The socket connected (or failed): send the upgrade request and wait for the answer.
    private func upgrade(_ index: Int) {
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(peers[index].fd, SOL_SOCKET, SO_ERROR, &error, &length)
        guard error == 0 else {
            close(index)
            return
        }
        let sent = request.withUnsafeBytes { write(peers[index].fd, $0.baseAddress, $0.count) }
        guard sent == request.count else {
            close(index)
            return
        }
        peers[index].phase = .upgrading
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.u64 = UInt64(index)
        _ = epoll_ctl(epoll, EPOLL_CTL_MOD, peers[index].fd, &event)
    }

    /// Consumes the upgrade's answer once it is complete; false while it is not (or was refused).
    private func acceptUpgrade(_ index: Int) -> Bool {
        let buffer = peers[index].buffer
        guard let end = headEnd(buffer) else { return false }
        guard buffer.starts(with: Array("HTTP/1.1 101".utf8)) else {
            close(index)
            return false
        }
        peers[index].buffer.removeFirst(end)
        peers[index].phase = .open
        return true
    }

    private func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for i in 0...(bytes.count - 4)
        where bytes[i] == 13 && bytes[i + 1] == 10 && bytes[i + 2] == 13 && bytes[i + 3] == 10 {
            return i + 4
        }
        return nil
    }

    private func close(_ index: Int) {
        guard peers[index].phase != .closed else { return }
        _ = epoll_ctl(epoll, EPOLL_CTL_DEL, peers[index].fd, nil)
        Glibc.close(peers[index].fd)
        peers[index].phase = .closed
    }

    /// Hands over the whole messages buffered on connection `index` (``ServerFrames``) and answers its pings.
    private func parseFrames(_ index: Int, _ onMessage: (Int, UnsafeRawBufferPointer) -> Void) {
        // The partial message moves out and back, so appending to it never copies it.
        var message = peers[index].message
        peers[index].message = []
        let used = ServerFrames.split(
            peers[index].buffer, message: &message, onMessage: { onMessage(index, $0) },
            onPing: { send(opcode: 10, payload: $0, to: index) })
        peers[index].message = message
        peers[index].buffer.removeFirst(used)
    }

    /// Sends one text message on connection `index` (masked, as clients must).
    package func send(text bytes: [UInt8], to index: Int) {
        send(opcode: 1, payload: bytes, to: index)
    }

    /// Writes one masked frame; waits out a full socket buffer (load generation only).
    private func send(opcode: UInt8, payload: [UInt8], to index: Int) {
        guard peers[index].phase == .open else { return }
        let fd = peers[index].fd
        let frame = ClientFrame.masked(opcode: opcode, payload: payload)
        var offset = 0
        while offset < frame.count {
            let written = frame[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if written > 0 {
                offset += written
            } else if errno == EAGAIN || errno == EINTR {
                var pfd = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&pfd, 1, 100)
            } else {
                return
            }
        }
    }
}
