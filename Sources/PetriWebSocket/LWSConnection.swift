import DequeModule
import PetriTransport

/// One WebSocket connection's state inside an ``LWSEngine``.
///
/// Service thread only: created, read and changed exclusively on the engine's lws service
/// thread, reached from C through the wsi's opaque user data. Never escapes to other threads
/// (they name connections by ``ConnectionID``).
final class LWSConnection {
    /// A queued outgoing message; `offset` counts payload bytes already written as fragments.
    struct Pending {
        let message: OutboundMessage
        let policy: DeliveryPolicy
        var offset = 0
    }

    let id: ConnectionID
    var wsi: OpaquePointer?
    var info: ConnectionInfo?
    var events: ConnectionEvents?
    /// The per-address bucket this connection counts against (server), released on finish.
    var countedAddress: String?
    /// The TCP peer's address (server), as accepted.
    var peer: String?

    var isEstablished = false
    var queue = Deque<Pending>()
    /// Bytes counted against this connection (and the server's total): what `queue` holds, plus
    /// `bufferedBytes`.
    var queuedBytes = 0
    /// Payload bytes of the last write, which lws could not send whole and keeps the rest of in its
    /// own buffer (`lws_partial_buffered`): still counted until that buffer is seen empty, or the
    /// connection ends (see `LWSEngine.releaseBuffered`).
    var bufferedBytes = 0
    /// When the peer last sent anything, a pong included (monotonic seconds; servers only).
    var lastHeard: Double = 0
    /// A ping is due or was sent since `lastHeard`.
    var pingDue = false
    var pingSent = false
    /// When the queue first went over its limit and has stayed there (monotonic seconds).
    var overLimitSince: Double?
    /// A WRITEABLE callback is already requested.
    var writableRequested = false
    /// It is on the engine's list of connections to write once the inbox is taken in.
    var isDirty = false

    /// The message being reassembled from chunks and fragments.
    var assembler: MessageAssembler

    /// Set when we decided to close; the WRITEABLE callback sends it and returns -1.
    var closeRequest: (code: CloseCode, reason: String)?
    /// A server's close frame is out; the connection only reads (and drops) until it ends.
    var closeSent = false
    /// What the peer said in its close frame, if it sent one.
    var peerClose: (code: CloseCode, reason: String)?

    /// Client connections: the `Origin` header to send, verbatim (lws's own origin field
    /// would prefix it with `http://`).
    var requestOrigin: String?
    /// Client connections: resumed once, with the connection or the failure.
    var onOpen: CheckedContinuation<Connection, any Error>?

    init(id: ConnectionID, assembler: MessageAssembler) {
        self.id = id
        self.assembler = assembler
    }

    /// True while it may still take messages: not closing and not gone.
    var isWritable: Bool { isEstablished && closeRequest == nil && wsi != nil }
}
