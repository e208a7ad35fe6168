import Synchronization

/// One immutable outgoing message, encoded once and shared by every recipient's queue.
///
/// The payload sits behind ``headroom`` spare bytes so a transport can write its frame header
/// in front of it without copying (libwebsockets needs `LWS_PRE` bytes there). Exactly one
/// transport thread may claim that headroom (``claimHeadroom(for:)``); any other transport
/// sending the same message copies it first. Everything else about the message is read-only.
package final class OutboundMessage: @unchecked Sendable {
    // @unchecked Sendable: `storage` is written only in `init` (the payload) and afterwards only
    // in its headroom, by the single thread that won `claimHeadroom` (an atomic compare-exchange),
    // so no two threads ever write the same bytes and readers never read the headroom.

    /// Whether the payload is UTF-8 text or binary.
    package enum Kind: Sendable, Hashable {
        case text
        case binary
    }

    /// Spare bytes in front of the payload for a transport's frame header.
    static let headroom = 32

    package let kind: Kind
    /// Payload length in bytes.
    package let count: Int
    private let storage: UnsafeMutableRawPointer
    private let headroomOwner = Atomic<UInt64>(0)

    /// Copies `bytes` once into a buffer with headroom.
    package init(kind: Kind, bytes: some Collection<UInt8>) {
        self.kind = kind
        self.count = bytes.count
        storage = UnsafeMutableRawPointer.allocate(byteCount: Self.headroom + max(count, 1), alignment: 16)
        let payload = UnsafeMutableRawBufferPointer(start: storage + Self.headroom, count: count)
        // Arrays and other contiguous collections are one memcpy; the generic copy goes a byte at a time.
        let copied: Void? = bytes.withContiguousStorageIfAvailable { source in
            if let base = source.baseAddress { payload.baseAddress?.copyMemory(from: base, byteCount: source.count) }
        }
        if copied == nil { _ = payload.initializeMemory(as: UInt8.self, from: bytes) }
    }

    /// A text message from a Swift string (its UTF-8).
    package convenience init(text: String) {
        self.init(kind: .text, bytes: text.utf8)
    }

    /// A binary message.
    package convenience init(binary: [UInt8]) {
        self.init(kind: .binary, bytes: binary)
    }

    deinit { storage.deallocate() }

    /// Reads the payload.
    package func withPayload<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: storage + Self.headroom, count: count))
    }

    /// The payload as an array (a copy; for tests and small control messages).
    package var bytes: [UInt8] { withPayload { Array($0) } }

    /// Claims the headroom for one transport thread, identified by a nonzero `owner` token.
    ///
    /// Returns the start of the payload, with ``headroom`` writable bytes before it, when
    /// `owner` holds (or just won) the claim; nil when another owner holds it, in which case
    /// the caller must copy the payload instead.
    package func claimHeadroom(for owner: UInt64) -> UnsafeMutableRawPointer? {
        precondition(owner != 0, "0 is not a valid headroom owner")
        let (exchanged, current) = headroomOwner.compareExchange(
            expected: 0, desired: owner, ordering: .acquiringAndReleasing)
        return exchanged || current == owner ? storage + Self.headroom : nil
    }
}
