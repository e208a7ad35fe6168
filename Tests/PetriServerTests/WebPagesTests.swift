import Foundation
import Testing

/// One HTTP/1.1 exchange on a fresh socket, with the request line and headers written as given
/// (so a path reaches the server byte for byte, escapes and all).
struct RawHTTP {
    let status: Int
    let headers: [String: String]
    let body: [UInt8]

    static func send(port: Int, _ method: String, _ path: String, headers extra: [String] = []) throws -> RawHTTP {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw RawHTTPError.cannotConnect }
        let lines = ["\(method) \(path) HTTP/1.1", "Host: 127.0.0.1:\(port)", "Connection: close"] + extra
        let request = Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
        _ = request.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        var response = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 8192)
        while true {
            let n = read(fd, &chunk, chunk.count)
            if n <= 0 { break }
            response += chunk[0..<n]
        }
        let separator = Array("\r\n\r\n".utf8)
        guard let split = response.indices.first(where: { response[$0...].starts(with: separator) }) else {
            throw RawHTTPError.noHeaders(String(decoding: response, as: UTF8.self))
        }
        let head = String(decoding: response[..<split], as: UTF8.self).components(separatedBy: "\r\n")
        let status = Int(head[0].split(separator: " ")[1]) ?? 0
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        return RawHTTP(status: status, headers: headers, body: Array(response[(split + 4)...]))
    }

    var text: String { String(decoding: body, as: UTF8.self) }
}

enum RawHTTPError: Error { case cannotConnect, noHeaders(String) }

/// The browser pages as `petri serve` answers them over a real socket.
@Suite(.serialized) struct WebPagesTests {
    /// Starts the real program (which loads the pages shipped next to it) and runs `body`.
    func withServer(_ body: (Int) async throws -> Void) async throws {
        let executable = try #require(petriExecutable(), "build the petri executable first (swift build)")
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let (server, url) = try await PetriProcess.serve(data: data, teacherKey: testTeacherKey, executable: executable)
        let port = try #require(Int(url.split(separator: ":").last?.filter(\.isNumber) ?? ""))
        try await body(port)
        await server.crash()
    }

    @Test(.timeLimit(.minutes(1))) func everyPageRouteServesItsFileWithTheSecurityHeaders() async throws {
        try await withServer { port in
            for (path, type) in [
                ("/", "text/html; charset=utf-8"), ("/join/ABC234", "text/html; charset=utf-8"),
                ("/projector/ABC234", "text/html; charset=utf-8"),
                ("/static/student.js", "text/javascript; charset=utf-8"),
                ("/static/petri.css", "text/css; charset=utf-8"),
            ] {
                let reply = try RawHTTP.send(port: port, "GET", path)
                #expect(reply.status == 200, "\(path)")
                #expect(reply.headers["content-type"] == type, "\(path)")
                #expect(reply.headers["content-length"] == String(reply.body.count), "\(path)")
                #expect(reply.headers["cache-control"] == "no-cache", "\(path)")
                #expect(reply.headers["etag"]?.hasPrefix("\"") == true, "\(path)")
                #expect(reply.headers["x-content-type-options"] == "nosniff", "\(path)")
                #expect(reply.headers["referrer-policy"] == "no-referrer", "\(path)")
                let csp = try #require(reply.headers["content-security-policy"], "\(path)")
                #expect(csp.contains("connect-src 'self' ws://127.0.0.1:\(port) wss://127.0.0.1:\(port);"), "\(path)")
                #expect(csp.contains("frame-ancestors 'none'"), "\(path)")
            }
            let student = try RawHTTP.send(port: port, "GET", "/join/ABC234")
            #expect(student.text.contains("/static/student.js"))
        }
    }

    @Test(.timeLimit(.minutes(1))) func aRevalidationWithTheETagGets304AndHeadGetsNoBody() async throws {
        try await withServer { port in
            let first = try RawHTTP.send(port: port, "GET", "/static/student.js")
            let etag = try #require(first.headers["etag"])

            let again = try RawHTTP.send(port: port, "GET", "/static/student.js", headers: ["If-None-Match: \(etag)"])
            #expect(again.status == 304)
            #expect(again.body.isEmpty)
            #expect(again.headers["etag"] == etag)
            #expect(again.headers["content-security-policy"] != nil)

            let head = try RawHTTP.send(port: port, "HEAD", "/static/student.js")
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
            #expect(head.headers["content-length"] == String(first.body.count))
            #expect(head.headers["etag"] == etag)
        }
    }

    @Test(.timeLimit(.minutes(1))) func unknownPathsStayJSON404AndTraversalNeverReachesAFile() async throws {
        try await withServer { port in
            let missing = try RawHTTP.send(port: port, "GET", "/nope")
            #expect(missing.status == 404)
            #expect(missing.headers["content-type"] == "application/json")
            #expect(missing.text.contains("\"not-found\""))

            // Whatever libwebsockets makes of them, none of these may answer with a file.
            for path in [
                "/static/../student.html", "/static/%2e%2e/student.html", "/static/..%2fstudent.html",
                "/static/%252e%252e/student.html", "/static/..\\student.html", "/static/%00.js",
                "/static/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/../../../../etc/passwd",
                "/join/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
            ] {
                let reply = try RawHTTP.send(port: port, "GET", path)
                #expect([400, 404].contains(reply.status), "\(path) answered \(reply.status)")
                #expect(reply.headers["content-type"] == "application/json", "\(path)")
                #expect(!reply.text.contains("root:"), "\(path)")
            }
        }
    }
}
