import CEpoll
import Foundation
import PetriTransport

#if canImport(Glibc)
    import Glibc
#endif

/// Many WebSocket client connections read with one `epoll` loop: a load generator for
/// benchmarks, not a general client (use PetriWebSocket's `WebSocketClient` for that).
///
/// It exists because lws's own client loop polls every socket on every wake-up, so with
/// thousands of connections in one process the *load generator* — not the server under
/// test — becomes the bottleneck. This reader costs one `read` per ready socket. It answers
/// pings, ignores everything but data frames, and hands each complete message to a callback.
/// Not thread-safe: create it and call ``run(until:onMessage:)`` from one thread.
package final class EpollLoadClients {
    private struct Peer {
        var fd: Int32
        var buffer: [UInt8] = []
        var message: [UInt8] = []
    }

    private var peers: [Peer] = []
    private let epoll: Int32
    /// Connections whose upgrade answer came with frames behind it, not yet parsed.
    private var pendingFirstParse: [Int] = []

    /// Connections whose handshakes are under way at once while opening (below any listen backlog).
    static let openingBatch = 128

    /// Opens `count` connections and completes each handshake (blocking), ``openingBatch`` at a
    /// time: every connection of a batch connects and sends its upgrade request before the first
    /// answer is read, so the server upgrades a batch per wake-up instead of one connection per
    /// round trip (10,000 connections one by one took seconds on a busy machine).
    ///
    /// - Throws: ``TransportError`` when a connection or handshake fails.
    package init(
        host: String = "127.0.0.1", port: Int, path: String = "/", count: Int, subprotocol: String = "petri.v1"
    )
        throws(TransportError)
    {
        epoll = try posixCheck(epoll_create1(Int32(EPOLL_CLOEXEC)), "Creating the load generator's epoll instance")
        peers.reserveCapacity(count)
        for batch in stride(from: 0, to: count, by: Self.openingBatch) {
            let end = min(batch + Self.openingBatch, count)
            for _ in batch..<end {
                // Owned from here on: deinit closes it even when a later step throws.
                peers.append(Peer(fd: try Self.connect(host: host, port: port, path: path, subprotocol: subprotocol)))
            }
            for index in batch..<end {
                let fd = peers[index].fd
                peers[index].buffer = try Self.readUpgradeAnswer(fd, host: host, port: port)
                let flags = try posixCheck(fcntl(fd, F_GETFL), "Reading load connection \(index)'s flags")
                try posixCheck(fcntl(fd, F_SETFL, flags | O_NONBLOCK), "Making load connection \(index) non-blocking")
                var event = epoll_event()
                event.events = EPOLLIN.rawValue
                event.data.u64 = UInt64(index)
                try posixCheck(
                    epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event), "Watching load connection \(index) with epoll")
            }
        }
        // Bytes a server sent right behind its 101 are frames: hand them out on the first run.
        pendingFirstParse = peers.indices.filter { !peers[$0].buffer.isEmpty }
    }

    deinit {
        for p in peers { Glibc.close(p.fd) }
        Glibc.close(epoll)
    }

    /// Reads until `shouldStop` returns true (checked after every wake-up, at least every
    /// `wakeMilliseconds`) or the server has closed every connection.
    ///
    /// - Parameter wakeMilliseconds: The longest wait for a socket: `shouldStop` may also do timed work.
    /// - Parameter onMessage: called with the connection's index and each complete message's
    ///   payload (valid only during the call).
    package func run(
        until shouldStop: () -> Bool, wakeMilliseconds: Int32 = 100, onMessage: (Int, UnsafeRawBufferPointer) -> Void
    ) {
        var events = [epoll_event](repeating: epoll_event(), count: 512)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var open = peers.count
        for index in pendingFirstParse { parseFrames(index, onMessage) }
        pendingFirstParse = []
        while !shouldStop() {
            let n = epoll_wait(epoll, &events, Int32(events.count), wakeMilliseconds)
            guard n > 0 else { continue }
            for i in 0..<Int(n) {
                let index = Int(events[i].data.u64)
                var ended = false
                while true {
                    let got = read(peers[index].fd, &chunk, chunk.count)
                    if got == 0 || (got < 0 && errno != EAGAIN && errno != EINTR) { ended = true }
                    if got <= 0 { break }
                    peers[index].buffer.append(contentsOf: chunk[0..<got])
                    if got < chunk.count { break }
                }
                parseFrames(index, onMessage)
                if ended {
                    // The server closed it: stop watching (level-triggered EOF would spin).
                    _ = epoll_ctl(epoll, EPOLL_CTL_DEL, peers[index].fd, nil)
                    open -= 1
                    if open == 0 { return }
                }
            }
        }
    }

    /// Hands over the whole messages buffered on connection `index` (``ServerFrames``) and answers its pings.
    private func parseFrames(_ index: Int, _ onMessage: (Int, UnsafeRawBufferPointer) -> Void) {
        // The partial message moves out and back, so appending to it never copies it.
        var message = peers[index].message
        peers[index].message = []
        let used = ServerFrames.split(
            peers[index].buffer, message: &message, onMessage: { onMessage(index, $0) },
            onPing: { sendFrame(peers[index].fd, opcode: 10, payload: $0) })
        peers[index].message = message
        peers[index].buffer.removeFirst(used)
    }

    /// Sends one text message on connection `index` (masked, as clients must).
    package func send(text bytes: [UInt8], to index: Int) {
        sendFrame(peers[index].fd, opcode: 1, payload: bytes)
    }

    /// Writes one masked frame; waits out a full socket buffer (load generation only).
    private func sendFrame(_ fd: Int32, opcode: UInt8, payload: [UInt8]) {
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

    private static func connect(host: String, port: Int, path: String, subprotocol: String) throws(TransportError)
        -> Int32
    {
        let fd = try posixCheck(
            socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0), "Opening a socket")
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr(host)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        let request =
            "GET \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: cGV0cmktbG9hZC1nZW4xMg==\r\nSec-WebSocket-Version: 13\r\n"
            + "Sec-WebSocket-Protocol: \(subprotocol)\r\n\r\n"
        do {
            try posixCheck(connected, "Connecting to \(host):\(port)")
            let sent = Array(request.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            try posixCheck(sent, "Sending the WebSocket handshake to \(host):\(port)")
        } catch {
            Glibc.close(fd)
            throw error
        }
        return fd
    }

    /// Reads the server's answer to an upgrade request up to its blank line, and returns the
    /// bytes that came after it (frames the server sent at once, usually none).
    private static func readUpgradeAnswer(_ fd: Int32, host: String, port: Int) throws(TransportError) -> [UInt8] {
        var head = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 512)
        var end: Int?
        while end == nil {
            let got = read(fd, &chunk, chunk.count)
            guard got > 0, head.count < 8192 else {
                throw TransportError(.connectFailed, "The WebSocket handshake with \(host):\(port) failed.")
            }
            let searchFrom = max(0, head.count - 3)
            head += chunk[0..<got]
            end = (searchFrom..<max(searchFrom, head.count - 3)).first {
                head[$0] == 13 && head[$0 + 1] == 10 && head[$0 + 2] == 13 && head[$0 + 3] == 10
            }.map { $0 + 4 }
        }
        guard head.starts(with: Array("HTTP/1.1 101".utf8)), let end else {
            let status = String(decoding: head.prefix(40), as: UTF8.self)
            throw TransportError(.connectFailed, "The server refused the upgrade: \(status)")
        }
        return Array(head[end...])
    }
}
