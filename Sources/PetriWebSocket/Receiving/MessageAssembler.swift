import PetriTransport

/// Puts one connection's incoming message together from the chunks lws hands over, and
/// refuses it as soon as it breaks a rule: too large (1009) or, where asked, not UTF-8 (1007).
///
/// A pure value with no pointer kept and no I/O, so every rule is testable and fuzzable without
/// a socket. lws delivers a message as one or more frames, each frame in one or more chunks
/// (its receive buffer's size); only the first chunk of a message says text or binary, only
/// the last says final.
///
/// ```swift
/// var assembler = MessageAssembler(maxMessageBytes: 1 << 20, validatesUTF8: true)
/// switch assembler.take(chunk, isBinary: false, isFinal: true) {
/// case .partial: break                          // wait for more
/// case .complete(let kind): use(kind, assembler.takeMessage())
/// case .refused(let code, let reason): close(code, reason)
/// }
/// ```
package struct MessageAssembler: Sendable {
    /// What the assembler made of a chunk.
    package enum Step: Sendable, Hashable {
        /// The message goes on; more chunks are expected.
        case partial
        /// ``bytes`` now holds a whole message of this kind; call ``reset()`` once it is used.
        case complete(OutboundMessage.Kind)
        /// The message breaks a rule: close with this code and reason. Later chunks are ignored.
        case refused(CloseCode, String)
    }

    /// The largest message accepted; one byte more is refused with 1009.
    let maxMessageBytes: Int
    /// Whether text must be UTF-8 (refused with 1007 at the first byte that cannot be).
    let validatesUTF8: Bool
    /// The message so far (the whole message after ``Step/complete(_:)``).
    package private(set) var bytes: [UInt8] = []
    /// Whether a message is under way (its kind is known).
    private(set) var isStarted = false
    /// Whether a message was refused; everything after it is ignored.
    private(set) var isRefused = false
    private var isBinary = false
    private var utf8 = UTF8Validator()

    /// - Parameters:
    ///   - maxMessageBytes: The largest message accepted.
    ///   - validatesUTF8: Whether to check text here (clients: lws 4.1's client-side check is unsafe, see
    ///     `LWSEngine.receive`; the server leaves it to lws, whose server parser is bounds-checked).
    package init(maxMessageBytes: Int, validatesUTF8: Bool) {
        self.maxMessageBytes = maxMessageBytes
        self.validatesUTF8 = validatesUTF8
    }

    /// Takes the next chunk of the current message.
    ///
    /// - Parameters:
    ///   - chunk: The bytes (may be empty).
    ///   - isBinary: Whether the message is binary; read only on a message's first chunk.
    ///   - isFinal: Whether this chunk ends the message.
    mutating func take(_ chunk: UnsafeRawBufferPointer, isBinary: Bool, isFinal: Bool) -> Step {
        guard !isRefused else { return .partial }
        if !isStarted {
            isStarted = true
            self.isBinary = isBinary
        }
        if chunk.count > maxMessageBytes - bytes.count {
            return refuse(.messageTooBig, "message larger than \(maxMessageBytes) bytes")
        }
        if validatesUTF8, !self.isBinary, !utf8.take(chunk) {
            return refuse(.invalidPayload, "text message is not valid UTF-8")
        }
        bytes.append(contentsOf: chunk)
        guard isFinal else { return .partial }
        if validatesUTF8, !self.isBinary, !utf8.isComplete {
            return refuse(.invalidPayload, "text message ends inside a UTF-8 character")
        }
        return .complete(self.isBinary ? .binary : .text)
    }

    /// ``take(_:isBinary:isFinal:)`` for bytes in an array.
    package mutating func take(_ chunk: [UInt8], isBinary: Bool, isFinal: Bool) -> Step {
        chunk.withUnsafeBytes { take($0, isBinary: isBinary, isFinal: isFinal) }
    }

    /// Hands over the message just completed and forgets it, ready for the next.
    ///
    /// The bytes move out, uncopied, and the assembler keeps no buffer while its connection is
    /// idle: after ``reset()``, a message still referenced (handed on as an event) leaves behind a
    /// fresh buffer of its size, one more allocation per message and a few hundred bytes kept for
    /// every idle connection.
    mutating func takeMessage() -> [UInt8] {
        let message = bytes
        bytes = []
        reset()
        return message
    }

    /// Forgets the message just completed, ready for the next (keeps a small buffer's storage).
    package mutating func reset() {
        bytes.removeAll(keepingCapacity: bytes.capacity <= 4096)
        isStarted = false
        utf8 = UTF8Validator()
    }

    private mutating func refuse(_ code: CloseCode, _ reason: String) -> Step {
        isRefused = true
        bytes = []
        return .refused(code, reason)
    }
}
