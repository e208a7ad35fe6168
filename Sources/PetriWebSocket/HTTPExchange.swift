/// A plain HTTP request that arrived on the WebSocket port (not an upgrade).
public struct HTTPRequest: Sendable, Hashable {
    /// `GET`, `POST`, ...
    public let method: String
    /// The path without the query string, e.g. `/healthz`.
    public let path: String
    /// The peer's address.
    public let remoteAddress: String
}

/// The answer to an ``HTTPRequest``.
public struct HTTPResponse: Sendable, Hashable {
    public var status: Int
    public var contentType: String
    public var body: [UInt8]

    public init(status: Int, contentType: String, body: [UInt8]) {
        self.status = status
        self.contentType = contentType
        self.body = body
    }

    /// A JSON response from already-encoded text.
    public static func json(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json", body: Array(text.utf8))
    }

    /// A plain-text response.
    public static func text(_ status: Int, _ text: String, contentType: String = "text/plain; charset=utf-8")
        -> HTTPResponse
    {
        HTTPResponse(status: status, contentType: contentType, body: Array(text.utf8))
    }
}

/// Answers plain HTTP requests; called on the transport's service thread, so it must be quick
/// and must not block. Return nil to fall through to the built-in routes (`/healthz`, else 404).
public typealias HTTPHandler = @Sendable (HTTPRequest) -> HTTPResponse?
