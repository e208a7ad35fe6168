import Foundation

/// Turns messages into the bytes of one text frame: compact JSON with sorted keys.
///
/// The server encodes a broadcast once and hands the same bytes to every connection;
/// ``encodeSnapshot(_:_:)`` does that for a model's snapshot without converting it to a
/// ``JSONValue`` first.
package struct ProtocolEncoder: Sendable {
    package init() {}

    /// Encodes a server message.
    ///
    /// - Parameter message: The message.
    /// - Throws: ``ProtocolError/Code/internalError`` if a payload cannot be encoded.
    package func encode(_ message: ServerMessage) throws(ProtocolError) -> [UInt8] {
        if let hot = DirectJSONWriter.encode(message) { return hot }
        return try bytes(of: message)
    }

    /// Encodes a server message with `JSONEncoder` alone (the reference for the hot-path writer).
    func encodeWithFoundation(_ message: ServerMessage) throws(ProtocolError) -> [UInt8] {
        try bytes(of: message)
    }

    /// Encodes a client message (for clients and tests).
    ///
    /// - Parameter message: The message.
    /// - Throws: ``ProtocolError/Code/internalError`` if a payload cannot be encoded.
    package func encode(_ message: ClientMessage) throws(ProtocolError) -> [UInt8] {
        try bytes(of: message)
    }

    /// Encodes a standalone document, such as a lesson file.
    ///
    /// - Parameter value: The document.
    /// - Throws: ``ProtocolError/Code/internalError`` if it cannot be encoded.
    package func encodeDocument(_ value: some Encodable) throws(ProtocolError) -> [UInt8] {
        try bytes(of: value)
    }

    /// Encodes a `snapshot` message straight from a model's snapshot value.
    ///
    /// The result decodes as ``ServerMessage/snapshot(_:_:)`` with the same header.
    ///
    /// - Parameters:
    ///   - header: Which model, timeline and generation the picture is.
    ///   - snapshot: The model's snapshot.
    /// - Throws: ``ProtocolError/Code/internalError`` if it cannot be encoded.
    package func encodeSnapshot(_ header: SnapshotHeader, _ snapshot: some Encodable) throws(ProtocolError) -> [UInt8] {
        // Keys in sorted order, as the encoder would write them: generation, model, snapshot, timeline, type.
        var out = Array(#"{"generation":\#(header.generation),"model":"\#(header.model.rawValue)","snapshot":"#.utf8)
        out += try bytes(of: snapshot)
        out += Array(#","timeline":\#(header.timeline),"type":"snapshot"}"#.utf8)
        return out
    }

    private func bytes(of value: some Encodable) throws(ProtocolError) -> [UInt8] {
        do {
            return Array(try WireCoding.makeEncoder().encode(value))
        } catch {
            throw ProtocolError(.internalError, "The server could not encode a message: \(error).")
        }
    }
}
