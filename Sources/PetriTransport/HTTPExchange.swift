/// A plain HTTP request that arrived on the WebSocket port (not an upgrade).
package struct HTTPRequest: Sendable, Hashable {
    /// `GET`, `HEAD`, `POST`, ... (`OTHER` for a method this transport does not name).
    package let method: String
    /// The path without the query string, e.g. `/healthz`, as libwebsockets delivers it:
    /// percent-escapes already decoded and `/./`, `/../` segments already folded.
    package let path: String
    /// The peer's address.
    package let remoteAddress: String
    /// The request's `Host` header, if any (e.g. `school.example:8080`).
    package let host: String?
    /// The request's `If-None-Match` header, if any.
    package let ifNoneMatch: String?
    /// The request's `Accept-Encoding` header, if any.
    package let acceptEncoding: String?
    /// The query string's parameters, already percent-decoded (the first of a repeated name).
    package var query: [String: String]
    /// The request's `Content-Type` header, if any.
    package var contentType: String?
    /// A `POST`'s body: filled in only for a route that answers ``HTTPResponse/later(_:)`` (empty before).
    package var body: [UInt8]

    package init(
        method: String, path: String, remoteAddress: String, host: String? = nil, ifNoneMatch: String? = nil,
        acceptEncoding: String? = nil, query: [String: String] = [:], contentType: String? = nil, body: [UInt8] = []
    ) {
        self.method = method
        self.path = path
        self.remoteAddress = remoteAddress
        self.host = host
        self.ifNoneMatch = ifNoneMatch
        self.acceptEncoding = acceptEncoding
        self.query = query
        self.contentType = contentType
        self.body = body
    }

    /// The most a `POST` body may hold for a route that reads it (an LTI launch's form is a few kilobytes).
    package static let maxBodyBytes = 64 * 1024
}

/// The work of a route that answers after reading a `POST` body or waiting on something slow (the store,
/// another server): the transport reads the body (at most ``HTTPRequest/maxBodyBytes``), runs the work off its
/// service thread and sends what it answers.
package final class DeferredHTTPAnswer: Sendable, Hashable {
    private let work: @Sendable (HTTPRequest) async -> HTTPResponse

    package init(_ work: @escaping @Sendable (HTTPRequest) async -> HTTPResponse) { self.work = work }

    package func answer(_ request: HTTPRequest) async -> HTTPResponse { await work(request) }

    package static func == (a: DeferredHTTPAnswer, b: DeferredHTTPAnswer) -> Bool { a === b }
    package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// One response header: a lower-case name without the colon, and its value.
package struct HTTPHeader: Sendable, Hashable {
    package let name: String
    package let value: String

    package init(_ name: String, _ value: String) {
        self.name = name.lowercased()
        self.value = value
    }
}

/// The answer to an ``HTTPRequest``.
///
/// The transport adds `content-type`, `content-length` and, unless ``headers`` names one,
/// `cache-control: no-store`. For a `HEAD` request it sends the headers (with the length the
/// body would have) and no body; a 304 carries neither a body nor a length.
package struct HTTPResponse: Sendable, Hashable {
    package var status: Int
    package var contentType: String
    package var body: [UInt8]
    /// Further headers, sent in this order.
    package var headers: [HTTPHeader]
    /// Set when the answer comes later (``later(_:)``): the other fields are not sent.
    package var deferred: DeferredHTTPAnswer?

    package init(status: Int, contentType: String, body: [UInt8], headers: [HTTPHeader] = []) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.headers = headers
    }

    /// An answer the route gives later, from `work`, once a `POST`'s body has arrived.
    package static func later(_ work: @escaping @Sendable (HTTPRequest) async -> HTTPResponse) -> HTTPResponse {
        var response = HTTPResponse(status: 0, contentType: "", body: [])
        response.deferred = DeferredHTTPAnswer(work)
        return response
    }

    /// A JSON response from already-encoded text.
    package static func json(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json", body: Array(text.utf8))
    }

    /// A plain-text response.
    package static func text(_ status: Int, _ text: String, contentType: String = "text/plain; charset=utf-8")
        -> HTTPResponse
    {
        HTTPResponse(status: status, contentType: contentType, body: Array(text.utf8))
    }
}

/// Answers plain HTTP requests; called on the transport's service thread, so it must be quick
/// and must not block. Return nil to fall through to the built-in routes (`/healthz`, else 404).
package typealias HTTPHandler = @Sendable (HTTPRequest) -> HTTPResponse?
