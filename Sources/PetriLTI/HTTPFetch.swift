import AsyncHTTPClient
import NIOCore

/// The platforms' endpoints over HTTP(S), with AsyncHTTPClient's shared client.
package enum LTIHTTP {
    /// The most a platform's answer may hold (a key set, a token): more is refused.
    static let maxBytes = 1 << 20

    /// GETs a URL's body; throws on a status other than 2xx, a timeout (10 s) or a body over 1 MiB.
    package static func get(_ url: String) async throws -> [UInt8] {
        let request = HTTPClientRequest(url: url)
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
        guard (200..<300).contains(response.status.code) else { throw LTIHTTPError(status: Int(response.status.code)) }
        return Array(buffer: try await response.body.collect(upTo: maxBytes))
    }
}

/// A platform answered with a status that is not a success.
package struct LTIHTTPError: Error, Sendable {
    package var status: Int
}

/// A platform's answer to a service request: its status and body, whatever the status.
package struct LTIHTTPAnswer: Sendable, Equatable {
    package var status: Int
    package var body: [UInt8]

    package init(status: Int, body: [UInt8]) {
        self.status = status
        self.body = body
    }
}

extension LTIHTTP {
    /// POSTs `body` with these headers; answers the status and the body (at most 1 MiB) whatever the status; throws
    /// only when the platform could not be reached or took more than 20 s.
    package static func post(_ url: String, headers: [(String, String)], body: [UInt8]) async throws -> LTIHTTPAnswer {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        request.body = .bytes(ByteBuffer(bytes: body))
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(20))
        return LTIHTTPAnswer(
            status: Int(response.status.code), body: Array(buffer: try await response.body.collect(upTo: maxBytes)))
    }
}
