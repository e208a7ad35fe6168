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
