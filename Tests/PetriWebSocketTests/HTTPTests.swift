import Foundation
import PetriTransport
import Testing

@testable import PetriWebSocket

/// Runs a program and returns its exit status and standard output.
func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

func which(_ name: String) -> String? {
    for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
        let path = "\(dir)/\(name)"
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
}

@Suite struct HTTPTests {
    @Test(.timeLimit(.minutes(1))) func healthzAnswersWithStatusConnectionsAndUptimeForCurl() async throws {
        guard let curl = which("curl") else {
            print("skipped: curl is not installed, so /healthz was not checked with an independent client")
            return
        }
        // Given a server with one WebSocket client connected
        let echo = try await EchoServer.start()
        let client = try await WebSocketClient.start()
        _ = try await client.connect(to: echo.url)

        // When curl asks for /healthz and for an unknown page
        let port = echo.server.port
        let health = try await onThread {
            try run(curl, ["-s", "-w", "\n%{http_code}", "http://127.0.0.1:\(port)/healthz"])
        }
        let missing = try await onThread {
            try run(curl, ["-s", "-o", "/dev/null", "-w", "%{http_code}", "http://127.0.0.1:\(port)/nope"])
        }

        // Then /healthz is 200 with JSON, and other paths are 404
        let lines = health.output.split(separator: "\n")
        #expect(lines.last == "200")
        let json = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any]
        #expect(json?["status"] as? String == "ok")
        #expect(json?["connections"] as? Int == 1)
        #expect(json?["uptimeSeconds"] is Int)
        #expect(missing.output == "404")
        await client.shutdown()
        await echo.stop()
    }

    @Test(.timeLimit(.minutes(1))) func aConfiguredHandlerAnswersItsOwnRoutes() async throws {
        let echo = try await EchoServer.start { c in
            c.httpHandler = { request in request.path == "/metrics" ? .text(200, "petri_up 1\n") : nil }
        }
        let peer = try await onThread { [port = echo.server.port] in try httpGet(port: port, path: "/metrics") }
        #expect(peer.hasPrefix("HTTP/1.1 200"))
        #expect(peer.hasSuffix("petri_up 1\n"))
        await echo.stop()
    }

    @Test(.timeLimit(.minutes(1))) func aHandlerSeesRequestHeadersAndItsResponseHeadersAreSent() async throws {
        // Given a handler that echoes the request's headers into its own
        let echo = try await EchoServer.start { c in
            c.httpHandler = { request in
                guard request.path == "/page" else { return nil }
                let status = request.ifNoneMatch == "\"v1\"" ? 304 : 200
                return HTTPResponse(
                    status: status, contentType: "text/plain", body: Array("hello".utf8),
                    headers: [
                        HTTPHeader("X-Method", request.method), HTTPHeader("x-host", request.host ?? "none"),
                        HTTPHeader("x-encoding", request.acceptEncoding ?? "none"),
                        HTTPHeader("cache-control", "no-cache"),
                    ])
            }
        }
        let port = echo.server.port

        // When it is asked with GET, HEAD and a matching If-None-Match
        let get = try await onThread { try httpGet(port: port, path: "/page", extra: ["Accept-Encoding: gzip"]) }
        let head = try await onThread { try httpGet(port: port, path: "/page", method: "HEAD") }
        let notModified = try await onThread {
            try httpGet(port: port, path: "/page", extra: ["If-None-Match: \"v1\""])
        }

        // Then GET has the headers and the body, HEAD the same headers and length but no body,
        // and 304 neither body nor length; a handler's cache-control replaces the default
        #expect(get.hasPrefix("HTTP/1.1 200"))
        #expect(get.contains("x-method: GET\r\n"))
        #expect(get.contains("x-host: 127.0.0.1\r\n"))
        #expect(get.contains("x-encoding: gzip\r\n"))
        #expect(get.contains("cache-control: no-cache\r\n"))
        #expect(!get.contains("no-store"))
        #expect(get.hasSuffix("\r\n\r\nhello"))
        #expect(head.contains("x-method: HEAD\r\n"))
        #expect(head.contains("content-length: 5\r\n"))
        #expect(head.hasSuffix("\r\n\r\n"))
        #expect(notModified.hasPrefix("HTTP/1.1 304"))
        #expect(!notModified.contains("content-length"))
        #expect(notModified.hasSuffix("\r\n\r\n"))
        await echo.stop()
    }

    @Test(.timeLimit(.minutes(1))) func everyResponseCarriesTheSecurityHeaders() async throws {
        // Given a server with a handler route of its own (as /metrics and /readyz are)
        let echo = try await EchoServer.start { c in
            c.httpHandler = { request in request.path == "/metrics" ? .text(200, "petri_up 1\n") : nil }
        }
        let port = echo.server.port

        // When /healthz, the handler's route and an unknown page are asked for
        for path in ["/healthz", "/metrics", "/nope"] {
            let response = try await onThread { try httpGet(port: port, path: path) }
            let head = response.lowercased().components(separatedBy: "\r\n\r\n")[0] + "\r\n"

            // Then each answer forbids sniffing, framing, referrers and any active content
            for header in [
                "x-content-type-options: nosniff", "x-frame-options: deny", "referrer-policy: no-referrer",
                "content-security-policy: default-src 'none'; frame-ancestors 'none'",
            ] {
                #expect(head.contains("\r\n" + header + "\r\n"), "\(path) lacks \(header): \(head)")
            }
        }
        await echo.stop()
    }

    @Test(.timeLimit(.minutes(1))) func aPageSetsItsOwnPolicyAndTheDefaultsFillTheRest() async throws {
        // Given a handler whose page names its own content security policy
        let echo = try await EchoServer.start { c in
            c.httpHandler = { request in
                HTTPResponse(
                    status: 200, contentType: "text/html", body: Array("<p>hi</p>".utf8),
                    headers: [HTTPHeader("content-security-policy", "default-src 'self'")])
            }
        }

        // When it is asked for
        let response = try await onThread { [port = echo.server.port] in try httpGet(port: port, path: "/page") }

        // Then the page's policy is sent once, unchanged, with the other defaults beside it
        let head = response.lowercased().components(separatedBy: "\r\n\r\n")[0]
        #expect(head.components(separatedBy: "content-security-policy:").count == 2, "\(head)")
        #expect(head.contains("content-security-policy: default-src 'self'\r\n"))
        #expect(head.contains("x-content-type-options: nosniff\r\n"))
        await echo.stop()
    }

    @Test(
        .timeLimit(.minutes(1)),
        arguments: [
            ["Content-Length: 0", "Content-Length: 1"],
            ["Content-Length: 0", "Transfer-Encoding: chunked"],
            ["Transfer-Encoding: chunked", "Content-Length: 0"],
            ["Content-Length: 0, 1"],
            ["Content-Length: -1"],
        ])
    func ambiguousRequestFramingIsRefusedWith400(_ headers: [String]) async throws {
        // Given a server (a proxy in front may read a request's length differently from it)
        let echo = try await EchoServer.start()

        // When a request says its length twice, differently, or with a transfer coding beside it
        let response = try await onThread { [port = echo.server.port] in
            try httpGet(port: port, path: "/healthz", extra: headers)
        }

        // Then it is refused with 400 and a sentence, and the connection closes
        #expect(response.hasPrefix("HTTP/1.1 400"), "\(headers): \(response)")
        #expect(response.contains("Content-Length"))
        await echo.stop()
    }

    @Test(.timeLimit(.minutes(1))) func aSingleOrRepeatedEqualContentLengthIsServed() async throws {
        let echo = try await EchoServer.start()
        let port = echo.server.port
        for extra in [["Content-Length: 0"], ["Content-Length: 0", "Content-Length: 0"]] {
            let response = try await onThread { try httpGet(port: port, path: "/healthz", extra: extra) }
            #expect(response.hasPrefix("HTTP/1.1 200"), "\(extra): \(response)")
        }
        await echo.stop()
    }

    @Test(.timeLimit(.minutes(1))) func pythonsStandardLibraryCanTalkToTheServer() async throws {
        guard let python = which("python3") else {
            print("skipped: python3 is not installed, so no independent WebSocket client was tried")
            return
        }
        // Given an echo server and a WebSocket client written with Python's standard library alone
        let echo = try await EchoServer.start()
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("petri-ws-\(UUID().uuidString).py")
        try independentClient.write(to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }

        // When it connects, sends a message and reads the echo
        let port = echo.server.port
        let result = try await onThread { try run(python, [script.path, String(port)]) }

        // Then it got the same text back
        #expect(result.status == 0)
        #expect(result.output == "echo: hello from python\n")
        await echo.stop()
    }
}

/// A plain HTTP/1.1 GET on a socket; returns the whole response.
func httpGet(port: Int, path: String, method: String = "GET", extra: [String] = []) throws -> String {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    _ = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    let lines = ["\(method) \(path) HTTP/1.1", "Host: 127.0.0.1", "Connection: close"] + extra
    let request = Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    _ = request.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    var response = [UInt8]()
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = read(fd, &chunk, chunk.count)
        if n <= 0 { break }
        response += chunk[0..<n]
    }
    return String(decoding: response, as: UTF8.self)
}

/// An RFC 6455 client in Python's standard library only: a client no code of ours wrote.
let independentClient = #"""
    import base64, hashlib, os, socket, struct, sys

    port = int(sys.argv[1])
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall((f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
               f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: petri.v1\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += s.recv(1)
    assert head.startswith(b"HTTP/1.1 101"), head
    accept = base64.b64encode(hashlib.sha1((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").encode()).digest()).decode()
    assert ("sec-websocket-accept: " + accept).lower() in head.decode().lower(), head
    payload = "hello from python".encode()
    mask = os.urandom(4)
    s.sendall(bytes([0x81, 0x80 | len(payload)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
    def exact(n):
        data = b""
        while len(data) < n:
            data += s.recv(n - len(data))
        return data
    b0, b1 = exact(2)
    n = b1 & 0x7F
    if n == 126: n = struct.unpack(">H", exact(2))[0]
    print("echo: " + exact(n).decode())
    """#
