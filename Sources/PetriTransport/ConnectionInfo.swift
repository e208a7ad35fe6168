/// What a transport knows about a connection when it is accepted or opened.
package struct ConnectionInfo: Sendable, Hashable {
    package let id: ConnectionID
    /// The peer's IP address as text (IPv4 dotted or IPv6), without the port.
    package let remoteAddress: String
    /// The request path of the upgrade, e.g. `/` or `/lesson`.
    let path: String
    /// The browser's `Origin` header, if the client sent one.
    package let origin: String?
    /// The negotiated WebSocket subprotocol (e.g. `petri.v1`), or nil when the client offered none.
    package let subprotocol: String?

    package init(id: ConnectionID, remoteAddress: String, path: String, origin: String?, subprotocol: String?) {
        self.id = id
        self.remoteAddress = remoteAddress
        self.path = path
        self.origin = origin
        self.subprotocol = subprotocol
    }
}
