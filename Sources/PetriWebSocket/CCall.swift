import PetriTransport

/// The libwebsockets calls whose return codes Petri checks, each knowing its C convention for
/// failure and the sentence that failure becomes. Every checked call goes through
/// ``lwsCheck(_:_:)``, so a failure always arrives as one ``TransportError``.
enum CCall: Sendable, Equatable {
    /// `lws_create_context` for a server listening on `host:port`.
    case listen(host: String?, port: Int)
    /// `lws_create_context` for a client.
    case startClient
    /// `lws_client_connect_via_info`.
    case connect(host: String, port: Int)
    /// `lws_service`: one turn of lws's own poll loop (when libev is missing).
    case service
    /// `lws_write` of WebSocket frames: data, a gathered batch or a ping.
    case writeFrame
    /// `lws_write` of an HTTP response body.
    case writeHTTPBody
    /// `lws_write` of the HTTP refusal of an upgrade offering no subprotocol the server speaks.
    case writeRefusal
    /// `lws_add_http_*` and `lws_finalize_write_http_header`: an HTTP response's headers.
    case writeHTTPHeaders
    /// `lws_http_transaction_completed`: the end of one HTTP response.
    case completeHTTP
    /// `lws_add_http_header_by_token` for the `Origin` header of a client's handshake.
    case addOriginHeader
    /// `lws_hdr_copy`: one request header.
    case copyHeader

    /// Whether `result` means failure under this call's C convention: the header builders
    /// return nonzero on failure (no room left) and `lws_http_transaction_completed` nonzero when
    /// the connection must close; the rest return a count or zero, negative on failure.
    func failed(_ result: Int32) -> Bool {
        switch self {
        case .writeHTTPHeaders, .completeHTTP, .addOriginHeader: result != 0
        default: result < 0
        }
    }

    /// The error this call's failure becomes: what failed, and what to do about it.
    var error: TransportError {
        switch self {
        case .listen(let host, let port):
            TransportError(
                .cannotListen,
                "Could not listen on \(host ?? "*"):\(port): the port may be in use, the address may not belong to "
                    + "this machine, or a TLS certificate or key could not be read.")
        case .startClient:
            TransportError(.tls, "Could not start the WebSocket client (TLS setup failed; check the CA file).")
        case .connect(let host, let port):
            TransportError(.connectFailed, "Could not connect to \(host):\(port).")
        case .service:
            TransportError(.shutDown, "The libwebsockets service loop failed; the transport has stopped.")
        case .writeFrame:
            TransportError(
                .connectionBroken, "Writing to the connection failed: its socket is broken, so it is closed.")
        case .writeHTTPBody:
            TransportError(
                .connectionBroken, "Writing an HTTP response body failed: the socket is broken, so it is closed.")
        case .writeRefusal:
            TransportError(
                .connectionBroken, "Writing the refusal of an unsupported subprotocol failed; the socket is closed.")
        case .writeHTTPHeaders:
            TransportError(
                .connectionBroken,
                "An HTTP response's headers did not fit or could not be written; the request is dropped.")
        case .completeHTTP:
            TransportError(
                .connectionBroken, "The HTTP connection cannot be kept alive after its response, so it is closed.")
        case .addOriginHeader:
            TransportError(.connectFailed, "The Origin header did not fit in the handshake; use a shorter origin.")
        case .copyHeader:
            TransportError(.invalidArgument, "A request header could not be read; it is treated as absent.")
        }
    }
}

/// Checks a libwebsockets return code and returns it: throws the call's ``TransportError`` when
/// the code means failure (see ``CCall/failed(_:)``).
@discardableResult
func lwsCheck(_ result: Int32, _ call: CCall) throws(TransportError) -> Int32 {
    guard !call.failed(result) else { throw call.error }
    return result
}

/// Checks a libwebsockets call that returns a handle (nil on failure) and returns it unwrapped.
/// Not generic on purpose: a generic `T?` would also take integer codes and never fail them.
func lwsCheck(_ result: OpaquePointer?, _ call: CCall) throws(TransportError) -> OpaquePointer {
    guard let result else { throw call.error }
    return result
}
