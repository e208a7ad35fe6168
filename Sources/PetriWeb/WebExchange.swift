/// What the web pages need to know about an HTTP request (the transport fills it in).
package struct WebRequest: Sendable, Hashable {
    var method: String
    /// The decoded path without the query string.
    var path: String
    /// The `Host` header, used to name this server's ws:/wss: origin in the CSP.
    var host: String?
    var ifNoneMatch: String?
    var acceptEncoding: String?

    package init(
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
package struct WebReply: Sendable, Hashable {
    package var status: Int
    package var contentType: String
    package var body: [UInt8]
    /// Lower-case names, in the order to send them.
    package var headers: [Header]

    package struct Header: Sendable, Hashable {
        package let name: String
        package let value: String

        package init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    func header(_ name: String) -> String? { headers.first { $0.name == name }?.value }
}
