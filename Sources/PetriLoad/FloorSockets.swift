import CEpoll
import Foundation
import PetriTransport
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// What the floors (``EpollFloorServer``, ``EpollAnswerFloor``) share: a listener on 127.0.0.1,
/// the eventfd that wakes their service thread, and the accepting and upgrading of the
/// connections they expect, as plainly as a server with no library can.
final class FloorSockets: Sendable {
    let port: Int
    let listener: Int32
    /// Written to wake the service thread (``wakeUp()``); the service thread reads it.
    let wake: Int32
    let expected: Int
    private let accepted = Mutex<(count: Int, failure: TransportError?)>((0, nil))
    private let isStopped = Mutex(false)

    /// Listens on a free port and opens the wake-up descriptor.
    ///
    /// - Throws: ``TransportError`` when the socket, the listener or the wake-up descriptor fails.
    init(expecting count: Int) throws(TransportError) {
        expected = count
        (listener, port) = try Self.openListener()
        do {
            wake = try posixCheck(eventfd(0, Int32(EFD_CLOEXEC) | Int32(EFD_NONBLOCK)), "Creating the floor's eventfd")
        } catch {
            Glibc.close(listener)
            throw error
        }
    }

    // The listener and the eventfd stay open until deinit (which cannot run before the service
    // thread lets go of its floor), so stop() and wakeUp() never touch a reused descriptor.
    deinit {
        Glibc.close(listener)
        Glibc.close(wake)
    }

    /// On the service thread: accepts and upgrades every expected connection (blocking), adding
    /// each to `fds` as it comes, so that a failure midway leaves them for the caller to close.
    ///
    /// - Throws: ``TransportError`` when an accept or an upgrade fails (or ``stop()`` was called).
    func acceptAll(into fds: inout [Int32]) throws(TransportError) {
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
    }

    /// On the service thread: what stopped it, for ``waitUntilAccepted()``.
    func failed(_ error: TransportError) { accepted.withLock { $0.failure = error } }

    /// On the service thread, last: closes its connections and says it has stopped.
    func stopped(closing fds: [Int32]) {
        for fd in fds { Glibc.close(fd) }
        isStopped.withLock { $0 = true }
    }

    /// Waits (polling every millisecond) until every expected connection has been upgraded.
    ///
    /// - Throws: the ``TransportError`` that stopped the accepting.
    func waitUntilAccepted() async throws(TransportError) {
        while true {
            let (count, failure) = accepted.withLock { $0 }
            if let failure { throw failure }
            if count == expected { return }
            try? await Task.sleep(for: .milliseconds(1))
        }
    }

    /// Wakes the service thread.
    func wakeUp() {
        var one: UInt64 = 1
        _ = write(wake, &one, 8)
    }

    /// Ends the accepting (if still under way), wakes the service thread and waits until it has
    /// stopped; the caller has told it to stop first.
    func stop() async {
        Glibc.shutdown(listener, Int32(SHUT_RDWR))
        wakeUp()
        await waitUntilStopped(checkingEvery: .milliseconds(1))
    }

    /// Waits until the service thread has stopped, checking at the given interval.
    func waitUntilStopped(checkingEvery interval: Duration) async {
        while !isStopped.withLock({ $0 }) { try? await Task.sleep(for: interval) }
    }

    /// A listening socket on 127.0.0.1 with a free port (the floors' own, no library).
    ///
    /// - Throws: ``TransportError`` when the socket cannot be opened, bound or listened on.
    private static func openListener() throws(TransportError) -> (fd: Int32, port: Int) {
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

    /// Reads the upgrade request and answers it, then makes the socket non-blocking, no Nagle.
    private static func upgrade(_ fd: Int32) throws(TransportError) {
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
            + "Sec-WebSocket-Accept: \(EpollFloorServer.acceptValue(forKey: key))\r\n"
            + (offersPetri ? "Sec-WebSocket-Protocol: petri.v1\r\n" : "") + "\r\n"
        let bytes = Array(response.utf8)
        try posixCheck(bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }, "Answering a floor upgrade")
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        let flags = try posixCheck(fcntl(fd, F_GETFL), "Reading a floor connection's flags")
        try posixCheck(fcntl(fd, F_SETFL, flags | O_NONBLOCK), "Making a floor connection non-blocking")
    }
}
