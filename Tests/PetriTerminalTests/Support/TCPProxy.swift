import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A TCP relay on 127.0.0.1 whose connections the test can cut, like a Wi-Fi drop.
final class TCPProxy: Sendable {
    let port: UInt16
    private let listener: Int32
    private let open = OpenSockets()

    /// The relayed sockets, shared with the accepting thread.
    final class OpenSockets: Sendable {
        let list = Mutex<[Int32]>([])
    }

    /// Listens on a free port and relays each connection to `targetPort`.
    init(targetPort: UInt16) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        listener = fd
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = Self.loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 16) == 0 else { throw PTYError("the proxy could not listen") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        let open = self.open
        Thread {
            while true {
                let client = accept(fd, nil, nil)
                guard client >= 0 else { return }
                let upstream = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
                var target = Self.loopback(port: targetPort)
                let connected = withUnsafePointer(to: &target) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                    }
                }
                guard connected == 0 else {
                    close(client)
                    close(upstream)
                    continue
                }
                open.list.withLock { $0 += [client, upstream] }
                Self.pump(from: client, to: upstream)
                Self.pump(from: upstream, to: client)
            }
        }.start()
    }

    /// Drops every relayed connection at once (no close frame: the client sees the connection die).
    func cut() {
        let sockets = open.list.withLock { s -> [Int32] in
            defer { s = [] }
            return s
        }
        for s in sockets { shutdown(s, Int32(SHUT_RDWR)) }
    }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        cut()
    }

    private static func pump(from source: Int32, to destination: Int32) {
        Thread {
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
                if n <= 0 { break }
                var offset = 0
                while offset < n {
                    let w = buffer[offset..<n].withUnsafeBytes {
                        send(destination, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                    }
                    if w <= 0 { break }
                    offset += w
                }
                if offset < n { break }
            }
            shutdown(source, Int32(SHUT_RDWR))
            shutdown(destination, Int32(SHUT_RDWR))
        }.start()
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }
}
