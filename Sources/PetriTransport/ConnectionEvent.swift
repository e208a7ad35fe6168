/// Something that happened on one connection, delivered in order on its event stream.
package enum ConnectionEvent: Sendable, Hashable {
    /// A complete text message (all fragments reassembled, valid UTF-8), as the bytes it
    /// arrived as: the decoder reads them without a detour through `String`.
    case text(TextFrame)
    /// A complete binary message (all fragments reassembled).
    case binary([UInt8])
    /// The connection is gone: the last event. `code` is what the peer or the transport said
    /// (``CloseCode/abnormal`` when it dropped without a close frame).
    case closed(CloseCode, reason: String)
}

/// An accepted (server) or opened (client) connection: who it is and what it says.
package struct Connection: Sendable {
    package let info: ConnectionInfo
    /// The connection's events in order; finishes after ``ConnectionEvent/closed(_:reason:)``.
    package let events: ConnectionEvents

    package init(info: ConnectionInfo, events: ConnectionEvents) {
        self.info = info
        self.events = events
    }

    package var id: ConnectionID { info.id }
}
