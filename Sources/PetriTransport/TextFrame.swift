/// A complete text message as the bytes it arrived as, valid UTF-8 (the transport checked).
///
/// The protocol decoder reads bytes, so a text message stays bytes from the socket to the
/// decoder; ``string`` is there for what shows text to people (logs, tests, the terminal's
/// raw view), not for decoding.
package struct TextFrame: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The message's UTF-8 bytes.
    package let bytes: [UInt8]

    /// Wraps bytes the transport has already checked are UTF-8 (lws's validation, or the
    /// client's own): no second pass over them.
    package init(validatedUTF8 bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Checks `bytes` are UTF-8; nil when they are not.
    package init?(validating bytes: [UInt8]) {
        guard String(validating: bytes, as: UTF8.self) != nil else { return nil }
        self.bytes = bytes
    }

    /// The UTF-8 bytes of `text`.
    package init(_ text: String) {
        bytes = Array(text.utf8)
    }

    package init(stringLiteral text: String) {
        self.init(text)
    }

    /// The text, for display.
    package var string: String { String(decoding: bytes, as: UTF8.self) }

    package var description: String { string }
}
