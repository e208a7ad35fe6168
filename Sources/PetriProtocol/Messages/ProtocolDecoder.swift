import Foundation
import PetriWords

/// Turns received bytes into messages, enforcing limits before any JSON is built.
///
/// Every failure is a ``ProtocolError`` with a stable code, so the server can answer
/// `{"type":"error",...}` and keep the connection open:
///
/// ```swift
/// let decoder = ProtocolDecoder()
/// do {
///     let message = try decoder.decodeClientMessage(frame)
///     // hand `message` to the lesson
/// } catch {
///     send(try encoder.encode(.error(error)))
/// }
/// ```
package struct ProtocolDecoder: Sendable {
    package var limits: ProtocolLimits

    package init(limits: ProtocolLimits = .standard) {
        self.limits = limits
    }

    /// Decodes one message from a client.
    ///
    /// - Parameter bytes: One complete text frame.
    /// - Throws: `too-large`, `too-deep`, `malformed-json`, `unknown-type`, `missing-field`,
    ///   `invalid-field` or `too-long`.
    package func decodeClientMessage(_ bytes: [UInt8]) throws(ProtocolError) -> ClientMessage {
        // A class's answers, by the thousand, are read without building a JSON tree.
        if bytes.count <= limits.maxMessageBytes, let answer = AnswerScan.answer(in: bytes) { return answer }
        try JSONShapeCheck.check(bytes, limits: limits)
        // A top-level array, string or number is no message at all: say so, not "a field must be ...".
        let whitespace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        guard bytes.first(where: { !whitespace.contains($0) }) == UInt8(ascii: "{") else {
            throw ProtocolError(
                .malformedJSON,
                ProtocolWords.word("protocol.message.notObject", ["example": .text(#"{"type":"ping"}"#)]))
        }
        return try decode(ClientMessage.self, from: bytes, allowingNonFiniteNumbers: false)
    }

    /// Decodes one message from the server (for clients and tests).
    ///
    /// - Parameter bytes: One complete text frame.
    /// - Throws: The same codes as ``decodeClientMessage(_:)``.
    package func decodeServerMessage(_ bytes: [UInt8]) throws(ProtocolError) -> ServerMessage {
        try decode(ServerMessage.self, from: bytes, allowingNonFiniteNumbers: true)
    }

    /// Decodes a standalone document, such as a lesson file, under the same limits.
    ///
    /// - Parameters:
    ///   - type: The document's type, e.g. ``LessonDefinition``.
    ///   - bytes: The document.
    /// - Throws: The same codes as ``decodeClientMessage(_:)``.
    package func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws(ProtocolError) -> T {
        try decode(type, from: bytes, allowingNonFiniteNumbers: false)
    }

    private func decode<T: Decodable>(
        _ type: T.Type, from bytes: [UInt8], allowingNonFiniteNumbers: Bool
    ) throws(ProtocolError) -> T {
        try JSONShapeCheck.check(bytes, limits: limits)
        let decoder = allowingNonFiniteNumbers ? WireCoding.makeDecoder() : WireCoding.makeStrictDecoder()
        do {
            return try decoder.decode(T.self, from: Data(bytes))
        } catch {
            throw WireCoding.protocolError(for: error)
        }
    }
}
