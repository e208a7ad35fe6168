import CLibWebSockets
import PetriTransport

/// The protocol callback lws calls for every event; a top-level function, so it can be a C
/// function pointer. It finds the engine through the context's user pointer.
func lwsCallback(
    _ wsi: OpaquePointer?, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
    _ input: UnsafeMutableRawPointer?, _ length: Int
) -> Int32 {
    guard let wsi, let ctx = lws_get_context(wsi), let raw = lws_context_user(ctx) else { return 0 }
    let engine = Unmanaged<LWSEngine>.fromOpaque(raw).takeUnretainedValue()
    return engine.handle(wsi, reason, input, length)
}

extension LWSEngine {
    /// Dispatches one lws event (service thread).
    func handle(_ wsi: OpaquePointer, _ reason: lws_callback_reasons, _ input: UnsafeMutableRawPointer?, _ length: Int)
        -> Int32
    {
        assertOnServiceThread()
        // A served name lent to a refused one lasts only until lws has written its 101 (the
        // next callback after the filter's, whatever it is): see ``SubprotocolTable``.
        subprotocolTable.restore()
        switch reason {
        case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
            drainInbox()
            return 0
        case LWS_CALLBACK_FILTER_NETWORK_CONNECTION:
            // `input` carries the accepted socket's descriptor, not a pointer.
            // `wsi` is the listening socket's.
            return options.isServer
                ? admit(descriptor: Int32(truncatingIfNeeded: Int(bitPattern: input)), listener: wsi) : 0
        case LWS_CALLBACK_SERVER_NEW_CLIENT_INSTANTIATED:
            // After lws set the new wsi's opaque data (to nil) and its socket: not at WSI_CREATE.
            adoptAccepted(wsi)
            return 0
        case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION:
            return filterUpgrade(wsi)
        case LWS_CALLBACK_ESTABLISHED, LWS_CALLBACK_CLIENT_ESTABLISHED:
            established(wsi)
            return 0
        case LWS_CALLBACK_RECEIVE, LWS_CALLBACK_CLIENT_RECEIVE:
            return receive(wsi, input, length)
        case LWS_CALLBACK_RECEIVE_PONG, LWS_CALLBACK_CLIENT_RECEIVE_PONG:
            if let c = connection(of: wsi) { heard(c) }
            return 0
        case LWS_CALLBACK_SERVER_WRITEABLE, LWS_CALLBACK_CLIENT_WRITEABLE:
            return writeable(wsi)
        case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE:
            // After our own close frame, the peer's is the answer: end without echoing it.
            if let c = connection(of: wsi), c.closeSent { return 1 }
            recordPeerClose(wsi, input, length)
            return 0
        case LWS_CALLBACK_CLOSED, LWS_CALLBACK_CLIENT_CLOSED, LWS_CALLBACK_WSI_DESTROY:
            if let c = connection(of: wsi) { finish(c, fallback: nil) }
            return 0
        case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
            if let c = connection(of: wsi) {
                let detail = input.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "no detail"
                failOpen(c, "Could not open the WebSocket connection: \(detail).")
            }
            return 0
        case LWS_CALLBACK_CLIENT_APPEND_HANDSHAKE_HEADER:
            return appendOrigin(wsi, input, length)
        case LWS_CALLBACK_HTTP:
            return answerHTTP(wsi, input)
        case LWS_CALLBACK_HTTP_WRITEABLE:
            return writeHTTPBody(wsi)
        case LWS_CALLBACK_HTTP_BODY:
            return receiveHTTPBody(wsi, input, length)
        case LWS_CALLBACK_HTTP_BODY_COMPLETION:
            return completeHTTPBody(wsi)
        case LWS_CALLBACK_CLOSED_HTTP:
            forgetHTTP(wsi)
            return 0
        default:
            return lws_callback_http_dummy(wsi, reason, nil, input, length)
        }
    }

    func connection(of wsi: OpaquePointer) -> LWSConnection? {
        guard let raw = lws_get_opaque_user_data(wsi) else { return nil }
        return Unmanaged<LWSConnection>.fromOpaque(raw).takeUnretainedValue()
    }

    // MARK: - Opening

    /// Decides whether an upgrade may proceed; completes the connection's record when it may.
    private func filterUpgrade(_ wsi: OpaquePointer) -> Int32 {
        // Made when lws accepted the connection (see `adoptAccepted`), already counted unless its
        // peer is a trusted proxy.
        let accepted = connection(of: wsi)
        let peer = accepted?.peer ?? peerAddress(wsi)
        let address =
            options.trustedProxies.contains(peer)
            ? ForwardedAddress.client(
                peer: peer, forwardedFor: header(wsi, WSI_TOKEN_X_FORWARDED_FOR), trusted: options.trustedProxies)
            : peer
        let origin = header(wsi, WSI_TOKEN_ORIGIN)
        if draining {
            counts.refused.increment()
            return 1
        }
        if let origin,
            !OriginPolicy.allows(
                origin: origin, host: header(wsi, WSI_TOKEN_HOST), allowed: options.allowedOrigins,
                ownHostNames: options.ownHostNames)
        {
            counts.refused.increment()
            logger.notice(
                "Refused an upgrade from a disallowed Origin",
                metadata: ["remote": "\(address)", "origin": "\(origin)"])
            return 1
        }
        let offered = header(wsi, WSI_TOKEN_PROTOCOL)
        let bound = lws_get_protocol(wsi)?.pointee.name.map { String(cString: $0) }
        var negotiated = offered == nil ? nil : bound
        if let offered, let bound, subprotocolTable.isRefused(bound) {
            guard let served = subprotocolTable.firstServed(in: offered) else {
                counts.refused.increment()
                logger.notice(
                    "Refused an upgrade offering no subprotocol this server speaks",
                    metadata: ["remote": "\(address)", "offered": "\(offered)"])
                refuseSubprotocol(wsi)
                return 1
            }
            negotiated = served
        }
        if accepted?.countedAddress == nil, options.maxConnectionsPerAddress > 0,
            perAddress[address, default: 0] >= options.maxConnectionsPerAddress
        {
            counts.refused.increment()
            refusals.perAddress += 1
            refusals.firstAt = refusals.firstAt ?? monotonicSeconds()
            return 1
        }
        if let bound, let negotiated, bound != negotiated {
            // lws bound a refused name listed before a served one; its 101 must name the served one.
            subprotocolTable.standIn(negotiated, for: bound)
        }
        let fullPath = header(wsi, WSI_TOKEN_GET_URI) ?? "/"
        let c = accepted ?? newConnection()
        c.wsi = wsi
        c.info = ConnectionInfo(
            id: c.id, remoteAddress: address, path: fullPath, origin: origin, subprotocol: negotiated)
        if c.countedAddress == nil {
            c.countedAddress = address
            perAddress[address, default: 0] += 1
        }
        lws_set_opaque_user_data(wsi, Unmanaged.passUnretained(c).toOpaque())
        accepting[c.id] = nil
        connectionsByID[c.id] = c
        return 0
    }

    /// Answers an upgrade that offered only refused subprotocols with `400 Bad Request`.
    ///
    /// lws has already made the connection a WebSocket one when it calls the filter, so the
    /// response goes out as raw bytes (`LWS_WRITE_RAW`, spelled `LWS_WRITE_HTTP`), through TLS
    /// when there is TLS. When the filter then returns nonzero lws closes without a close frame,
    /// first flushing whatever part of these bytes the socket did not take at once.
    private func refuseSubprotocol(_ wsi: OpaquePointer) {
        let body = subprotocolTable.refusalBody
        let head =
            "HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: \(body.count)\r\n"
            + "cache-control: no-store\r\nconnection: close\r\n"
            + Self.securityHeaders.map { "\($0.name): \($0.value)\r\n" }.joined() + "\r\n"
        let response = Array(head.utf8) + body
        grow(scratchTo: lwsPre + response.count)
        response.withUnsafeBytes { bytes in
            if let base = bytes.baseAddress { (scratch + lwsPre).copyMemory(from: base, byteCount: bytes.count) }
        }
        let start = (scratch + lwsPre).assumingMemoryBound(to: UInt8.self)
        // A failed write leaves nothing to do: the connection is being refused either way.
        _ = try? lwsCheck(lws_write(wsi, start, response.count, LWS_WRITE_HTTP), .writeRefusal)
    }

    private func established(_ wsi: OpaquePointer) {
        guard let c = connection(of: wsi), let info = c.info else { return }
        c.wsi = wsi
        c.isEstablished = true
        heard(c)
        let events = ConnectionEvents()
        c.events = events
        counts.open.increment()
        counts.accepted.increment()
        let connection = Connection(info: info, events: events)
        if let onOpen = c.onOpen {
            c.onOpen = nil
            onOpen.resume(returning: connection)
        }
        acceptedContinuation.yield(connection)
        if !c.queue.isEmpty || c.closeRequest != nil { requestWritable(c) }
    }

    func failOpen(_ c: LWSConnection, _ message: String) {
        if let onOpen = c.onOpen {
            c.onOpen = nil
            onOpen.resume(throwing: TransportError(.connectFailed, message))
        }
        finish(c, fallback: (.abnormal, message))
    }

    /// Adds the client's `Origin` header as given; `input` points at the header cursor.
    private func appendOrigin(_ wsi: OpaquePointer, _ input: UnsafeMutableRawPointer?, _ length: Int) -> Int32 {
        guard let c = connection(of: wsi), let origin = c.requestOrigin, let input else { return 0 }
        let cursor = input.assumingMemoryBound(to: UnsafeMutablePointer<UInt8>?.self)
        guard let start = cursor.pointee else { return 0 }
        let value = Array(origin.utf8)
        let result = value.withUnsafeBufferPointer { v in
            lws_add_http_header_by_token(wsi, WSI_TOKEN_ORIGIN, v.baseAddress, Int32(v.count), cursor, start + length)
        }
        return (try? lwsCheck(result, .addOriginHeader)) == nil ? -1 : 0
    }

    // MARK: - Reading

    /// Takes one chunk of an incoming message (service thread).
    ///
    /// A client never refuses input by returning nonzero here: lws 4.1's client parser
    /// (`lws_ws_client_rx_sm`) then returns without resetting its receive cursor
    /// (`rx_ubuf_head`), sends its close frame and keeps reading while it waits for the
    /// server's reply; the next frames are written from that stale cursor on, and its only
    /// bounds check is an equality (`rx_ubuf_head == rx_buffer_size`) that a cursor already at
    /// or past the end never meets, so a hostile server overran the heap buffer (`free():
    /// invalid next size`). Its built-in UTF-8 check fails the same way, so clients check UTF-8
    /// in ``MessageAssembler`` and close through WRITEABLE, with lws's parser state intact.
    /// Servers close through WRITEABLE too, so a peer still sending reads the close frame.
    private func receive(_ wsi: OpaquePointer, _ input: UnsafeMutableRawPointer?, _ length: Int) -> Int32 {
        guard let c = connection(of: wsi), c.closeRequest == nil else { return 0 }
        heard(c)
        let chunk = UnsafeRawBufferPointer(start: length > 0 ? input : nil, count: input == nil ? 0 : length)
        let step = c.assembler.take(
            chunk, isBinary: lws_frame_is_binary(wsi) != 0, isFinal: lws_is_final_fragment(wsi) != 0)
        switch step {
        case .partial:
            return 0
        case .complete(let kind):
            deliver(c, kind)
            return 0
        case .refused(let code, let reason):
            counts.badInput.increment()
            // Through WRITEABLE, so the peer (likely still sending) reads the close frame (see `sendCloseFrame`).
            requestClose(c, code: code, reason: reason, discardQueue: true)
            return 0
        }
    }

    /// The peer is alive: restart its idle clock.
    func heard(_ c: LWSConnection) {
        c.lastHeard = monotonicSeconds()
        c.pingSent = false
    }

    private func deliver(_ c: LWSConnection, _ kind: OutboundMessage.Kind) {
        counts.messagesIn.increment()
        counts.bytesIn.increment(by: c.assembler.bytes.count)
        let message = c.assembler.takeMessage()
        if kind == .text {
            c.events?.yield(.text(TextFrame(validatedUTF8: message)))
        } else {
            c.events?.yield(.binary(message))
        }
    }

    private func recordPeerClose(_ wsi: OpaquePointer, _ input: UnsafeMutableRawPointer?, _ length: Int) {
        guard let c = connection(of: wsi) else { return }
        guard let input, length >= 2 else {
            c.peerClose = (.noStatus, "")
            return
        }
        let bytes = UnsafeRawBufferPointer(start: input, count: length)
        let code = UInt16(bytes[0]) << 8 | UInt16(bytes[1])
        c.peerClose = (CloseCode(rawValue: code), String(decoding: bytes.dropFirst(2), as: UTF8.self))
    }

    // MARK: - Closing

    /// Ends a connection's record: its `closed` event, counts, per-address slot (idempotent).
    ///
    /// - Parameter fallback: the code to report when neither side said one (nil: 1006).
    func finish(_ c: LWSConnection, fallback: (CloseCode, String)?, wsiIsValid: Bool = true) {
        assertOnServiceThread()
        guard connectionsByID.removeValue(forKey: c.id) != nil || accepting.removeValue(forKey: c.id) != nil else {
            return
        }
        if wsiIsValid, let wsi = c.wsi { lws_set_opaque_user_data(wsi, nil) }
        c.wsi = nil
        if let onOpen = c.onOpen {
            c.onOpen = nil
            onOpen.resume(
                throwing: TransportError(.connectFailed, fallback?.1 ?? "The connection closed during the handshake."))
        }
        // Uncounted before `closed` is told: whoever awaits it sees the total without this connection.
        dropAll(c)
        if c.isEstablished {
            c.isEstablished = false
            counts.open.decrement()
            counts.closed.increment()
            let (code, reason) = c.peerClose ?? c.closeRequest ?? fallback ?? (.abnormal, "connection lost")
            c.events?.yield(.closed(code, reason: reason))
            c.events?.finish()
            c.events = nil
        }
        if let address = c.countedAddress {
            c.countedAddress = nil
            let left = perAddress[address, default: 1] - 1
            perAddress[address] = left > 0 ? left : nil
        }
        checkShutdownProgress()
    }

    func sendCloseReason(_ wsi: OpaquePointer, _ code: CloseCode, _ reason: String) {
        var bytes = Array(reason.utf8.prefix(123))
        while !bytes.isEmpty, String(validating: bytes, as: UTF8.self) == nil {
            bytes.removeLast()  // never cut a character in half
        }
        bytes.withUnsafeMutableBufferPointer { b in
            lws_close_reason(wsi, lws_close_status(rawValue: UInt32(code.rawValue)), b.baseAddress, b.count)
        }
    }

    // MARK: - Helpers

    func header(_ wsi: OpaquePointer, _ token: lws_token_indexes) -> String? {
        let n = lws_hdr_total_length(wsi, token)
        guard n > 0, n < 8192 else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(n) + 1)
        guard (try? lwsCheck(lws_hdr_copy(wsi, &buffer, Int32(buffer.count), token), .copyHeader)) != nil else {
            return nil
        }
        return string(fromCBuffer: buffer)
    }

    func peerAddress(_ wsi: OpaquePointer) -> String {
        var buffer = [CChar](repeating: 0, count: 128)
        guard lws_get_peer_simple(wsi, &buffer, buffer.count) != nil else { return "unknown" }
        let text = string(fromCBuffer: buffer)
        return text.hasPrefix("::ffff:") ? String(text.dropFirst(7)) : text
    }
}

/// The text of a NUL-terminated C buffer (invalid UTF-8 repaired, never trusted).
func string(fromCBuffer buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
