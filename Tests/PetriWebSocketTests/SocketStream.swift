import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Blocking reads and writes on one socket, for the tests' raw peers (``RawPeer``, ``HostileServer``):
/// bytes one at a time from a buffered read, an HTTP head up to its blank line, whole writes.
struct SocketStream {
    enum Failure: Error {
        /// The peer closed (or the socket failed) before the bytes asked for arrived.
        case closed
        /// The head did not end within the limit.
        case headTooLong(Int)
    }

    let fd: Int32
    /// What the last read brought and nobody took yet, in reverse (the next byte is last).
    private var pending: [UInt8] = []

    init(fd: Int32) { self.fd = fd }

    /// A blocking socket connected to 127.0.0.1:`port`, or nil with `errno` set; the caller closes it.
    ///
    /// - Parameters:
    ///   - receiveBuffer: Shrinks SO_RCVBUF (a peer that stalls sooner).
    ///   - receiveTimeout: Seconds a read may wait before it fails.
    static func connectToLoopback(port: Int, receiveBuffer: Int? = nil, receiveTimeout: Int? = nil) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        if var size = receiveBuffer.map(Int32.init) {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        if let seconds = receiveTimeout {
            var timeout = timeval(tv_sec: seconds, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let error = errno
            close(fd)
            errno = error
            return nil
        }
        return fd
    }

    mutating func readByte() throws -> UInt8 {
        if pending.isEmpty {
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = read(fd, &chunk, chunk.count)
            guard n > 0 else { throw Failure.closed }
            pending = Array(chunk[0..<n].reversed())
        }
        return pending.removeLast()
    }

    /// An HTTP request's or response's head, through the blank line that ends it.
    mutating func readHead(limit: Int) throws -> String {
        var head = [UInt8]()
        while !(head.count >= 4 && head[(head.count - 4)...].elementsEqual([13, 10, 13, 10])) {
            head.append(try readByte())
            if head.count > limit { throw Failure.headTooLong(limit) }
        }
        return String(decoding: head, as: UTF8.self)
    }

    func writeAll(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw Failure.closed }
            offset += n
        }
    }
}
