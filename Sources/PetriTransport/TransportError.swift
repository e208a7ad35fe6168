/// Why a transport could not start, connect or carry on.
package struct TransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The family of failure.
    package enum Code: String, Sendable, Hashable {
        /// The listening socket could not be opened (address in use, no permission, bad host).
        case cannotListen = "cannot-listen"
        /// TLS material could not be loaded (missing or unreadable certificate or key).
        case tls = "tls"
        /// An outgoing connection failed before the WebSocket handshake completed.
        case connectFailed = "connect-failed"
        /// A URL or option was malformed.
        case invalidArgument = "invalid-argument"
        /// The transport was already shut down.
        case shutDown = "shut-down"
        /// A connection's socket or its library failed while reading or writing; it is closed.
        case connectionBroken = "connection-broken"
    }

    package let code: Code
    /// One sentence saying what failed and what to do about it.
    package let message: String

    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    package var description: String { message }
}
