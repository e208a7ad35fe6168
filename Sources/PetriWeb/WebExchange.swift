/// What the web pages need to know about an HTTP request (the transport fills it in).
public struct WebRequest: Sendable, Hashable {
    public var method: String
    /// The decoded path without the query string.
    public var path: String
    /// The `Host` header, used to name this server's ws:/wss: origin in the CSP.
    public var host: String?
    public var ifNoneMatch: String?
    public var acceptEncoding: String?

    public init(
        method: String, path: String, host: String? = nil, ifNoneMatch: String? = nil,
        acceptEncoding: String? = nil
    ) {
        self.method = method
        self.path = path
        self.host = host
        self.ifNoneMatch = ifNoneMatch
        self.acceptEncoding = acceptEncoding
    }
}

/// The web pages' answer; the transport adds `content-type` and `content-length`, and leaves
/// out the body for `HEAD` and 304.
public struct WebReply: Sendable, Hashable {
    public var status: Int
    public var contentType: String
    public var body: [UInt8]
    /// Lower-case names, in the order to send them.
    public var headers: [Header]

    public struct Header: Sendable, Hashable {
        public let name: String
        public let value: String

        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    public func header(_ name: String) -> String? { headers.first { $0.name == name }?.value }
}
