/// The wire protocol's name and version.
///
/// Clients ask for ``subprotocol`` in the WebSocket handshake (`Sec-WebSocket-Protocol`);
/// the server accepts only that value, so a client built for another version fails at
/// connect time instead of misreading messages later.
package enum ProtocolVersion {
    /// The WebSocket subprotocol of this version of the protocol.
    package static let subprotocol = "petri.v1"
}
