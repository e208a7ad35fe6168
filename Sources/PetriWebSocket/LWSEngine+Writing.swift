import CLibWebSockets
import PetriTransport

/// Seconds a closing connection gets to flush its queue and close frame before it is dropped.
let closeGraceSeconds = 2

/// The most bytes lws hands the kernel in one send (the protocol's `tx_packet_size`).
///
/// Without it lws caps every send at the receive buffer size (1 KiB on the server), so a
/// generation's stats and snapshot, or a resolution's four frames, went out as a first
/// kilobyte plus a tail that lws buffered and sent after the next poll: every student waited
/// a round of the event loop, and ten thousand tails were copied and flushed one by one.
let maxSendBytes = 256 * 1024

/// The most bytes one gathered write puts together (frames with their headers).
let gatherBytes = 64 * 1024

extension LWSEngine {
    /// Queues a message on one connection (service thread).
    ///
    /// Nothing is written here: the connection is marked, and once the whole inbox has been
    /// taken in, ``flushDirty()`` writes each marked connection's queue, several messages in
    /// one write where they fit (a generation's stats and snapshot go out in one send).
    func enqueueMessage(_ message: OutboundMessage, policy: DeliveryPolicy, on c: LWSConnection) {
        assertOnServiceThread()
        guard c.isWritable else { return }
        if policy.coalesces, let i = c.queue.firstIndex(where: { $0.policy == policy && $0.offset == 0 }) {
            changeQueued(c, by: -c.queue[i].message.count)
            c.queue.remove(at: i)
            counts.coalesced.increment()
        }
        c.queue.append(.init(message: message, policy: policy))
        changeQueued(c, by: message.count)
        if c.queuedBytes > options.maxQueueBytes {
            if c.queuedBytes > 4 * options.maxQueueBytes {
                counts.slowClosed.increment()
                requestClose(
                    c, code: .policyViolation,
                    reason: "too slow: over \(4 * options.maxQueueBytes) bytes waiting", discardQueue: true)
                return
            }
            if c.overLimitSince == nil { c.overLimitSince = monotonicSeconds() }
        }
        // A connection waiting for WRITEABLE catches up from there.
        if !c.writableRequested, !c.isDirty {
            c.isDirty = true
            dirty.append(c)
        }
    }

    /// Writes to every connection that was given messages since the last flush.
    func flushDirty() {
        assertOnServiceThread()
        guard !dirty.isEmpty else { return }
        var marked: [LWSConnection] = []
        swap(&marked, &dirty)
        for c in marked where c.isDirty { flush(c) }
        // Reuse the list's storage, unless a write somehow marked more connections meanwhile.
        marked.removeAll(keepingCapacity: true)
        if dirty.isEmpty { swap(&marked, &dirty) }
    }

    /// Writes what one up-to-date connection has queued, directly from the service thread.
    ///
    /// The direct write is safe only when lws holds no partial frame for the connection
    /// (`lws_partial_buffered`): otherwise a second frame would interleave with the first's
    /// unsent tail, so we ask for WRITEABLE and catch up from there.
    func flush(_ c: LWSConnection) {
        assertOnServiceThread()
        c.isDirty = false
        guard c.isWritable, !c.writableRequested, !c.queue.isEmpty, let wsi = c.wsi else { return }
        if lws_partial_buffered(wsi) != 0 {
            requestWritable(c)
            return
        }
        releaseBuffered(c, wsi)
        do {
            try writeSome(c, wsi)
        } catch {
            abort(c, wsi)
        }
    }

    /// A WRITEABLE callback: one frame, or the close frame once the queue is empty.
    func writeable(_ wsi: OpaquePointer) -> Int32 {
        assertOnServiceThread()
        guard let c = connection(of: wsi) else { return 0 }
        c.writableRequested = false
        if lws_partial_buffered(wsi) != 0 {
            requestWritable(c)
            return 0
        }
        releaseBuffered(c, wsi)
        if c.pingDue {
            // One write per callback: the ping now, the queue on the next WRITEABLE.
            c.pingDue = false
            c.pingSent = true
            // A payload, because lws 4.1 reports an empty pong to no callback.
            let payload: [UInt8] = Array("ping".utf8)
            grow(scratchTo: lwsPre + payload.count)
            (scratch + lwsPre).copyMemory(from: payload, byteCount: payload.count)
            let written = lws_write(
                wsi, (scratch + lwsPre).assumingMemoryBound(to: UInt8.self), payload.count, LWS_WRITE_PING)
            guard (try? lwsCheck(written, .writeFrame)) != nil else { return -1 }
            if !c.queue.isEmpty || c.closeRequest != nil { requestWritable(c) }
            return 0
        }
        if !c.queue.isEmpty {
            return (try? writeSome(c, wsi)) == nil ? -1 : 0
        }
        if let close = c.closeRequest {
            guard options.isServer else {
                sendCloseReason(wsi, close.code, close.reason)
                return -1
            }
            if !c.closeSent { sendCloseFrame(c, wsi, close.code, close.reason) }
            return 0
        }
        return 0
    }

    /// Sends a server's close frame and leaves the socket open, reading and discarding, until the
    /// peer answers with its own close or `closeGraceSeconds` pass (RFC 6455 §7.1.1).
    ///
    /// lws's own close, on a libev loop, frees the socket as soon as its close frame is out; a peer
    /// still sending then gets a TCP reset, which can destroy the close frame unread in its buffer.
    /// So the frame goes out as raw bytes (lws's state stays open), `receive` drops what follows,
    /// and the peer's close (see `recordPeerClose`) or the time-out ends the connection.
    private func sendCloseFrame(_ c: LWSConnection, _ wsi: OpaquePointer, _ code: CloseCode, _ reason: String) {
        c.closeSent = true
        var payload = [UInt8(code.rawValue >> 8), UInt8(code.rawValue & 0xff)] + Array(reason.utf8.prefix(123))
        while payload.count > 2, String(validating: payload.dropFirst(2), as: UTF8.self) == nil {
            payload.removeLast()  // never cut a character in half
        }
        grow(scratchTo: FrameHeader.maximumSize + payload.count)
        var length = FrameHeader.write(opcode: 8, payloadLength: payload.count, to: scratch)
        payload.withUnsafeBytes { bytes in
            if let base = bytes.baseAddress { (scratch + length).copyMemory(from: base, byteCount: bytes.count) }
        }
        length += payload.count
        if (try? lwsCheck(
            lws_write(wsi, scratch.assumingMemoryBound(to: UInt8.self), length, LWS_WRITE_HTTP), .writeFrame))
            == nil
        {
            lws_set_timeout(wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC)
            return
        }
        lws_set_timeout(wsi, PENDING_TIMEOUT_USER_OK, Int32(closeGraceSeconds))
    }

    /// Writes from the head of the queue: several whole messages in one write when a server
    /// has them queued, else one frame.
    ///
    /// - Throws: ``CCall/writeFrame``'s error when lws reports the connection broken.
    func writeSome(_ c: LWSConnection, _ wsi: OpaquePointer) throws(TransportError) {
        let count = options.isServer ? gatherableCount(c) : 1
        if count >= 2 {
            try writeGathered(count, c, wsi)
        } else {
            try writeNext(c, wsi)
        }
    }

    /// How many whole messages at the head of the queue fit one gathered write.
    private func gatherableCount(_ c: LWSConnection) -> Int {
        var count = 0
        var bytes = 0
        for pending in c.queue {
            let size = pending.message.count
            guard pending.offset == 0, size <= options.maxFrameBytes,
                bytes + size + FrameHeader.maximumSize <= gatherBytes
            else { break }
            bytes += size + FrameHeader.maximumSize
            count += 1
        }
        return count
    }

    /// Writes the first `count` queued messages as consecutive frames in one raw write.
    ///
    /// A server's frames are unmasked, so each one is just its header and its payload: we
    /// frame them ourselves in the `gathered` buffer and hand lws the lot as `LWS_WRITE_RAW`
    /// (spelled `LWS_WRITE_HTTP` in Swift), which on a WebSocket connection skips lws's framing
    /// and goes through the same partial-send buffering as any other write (lws copies an unsent
    /// tail into its own buffer, so `gathered` is ours again when `lws_write` returns). The frames
    /// the last gathered write began with are kept as they are while this one begins with the same
    /// messages, as every connection of a broadcast does: a generation's stats and snapshot are
    /// framed once for the whole class instead of copied once per student, and only what differs
    /// after them (a student's own result) is framed for each.
    private func writeGathered(_ count: Int, _ c: LWSConnection, _ wsi: OpaquePointer) throws(TransportError) {
        var payloadBytes = 0
        for i in 0..<count { payloadBytes += c.queue[i].message.count }
        var kept = 0
        while kept < min(count, gatheredMessages.count), gatheredMessages[kept] === c.queue[kept].message { kept += 1 }
        if kept < count {
            // gatherableCount keeps every message and its largest header within gatherBytes.
            gatheredMessages.removeSubrange(kept...)
            gatheredEnds.removeSubrange(kept...)
            var length = gatheredEnds.last ?? 0
            for i in kept..<count {
                let message = c.queue[i].message
                length += FrameHeader.write(
                    opcode: message.kind == .text ? 1 : 2, payloadLength: message.count, to: gathered + length)
                message.withPayload { source in
                    if let base = source.baseAddress {
                        (gathered + length).copyMemory(from: base, byteCount: source.count)
                    }
                }
                length += message.count
                gatheredMessages.append(message)
                gatheredEnds.append(length)
            }
        }
        // The first `count` frames (the buffer may hold more, from a longer write before).
        try lwsCheck(
            lws_write(wsi, gathered.assumingMemoryBound(to: UInt8.self), gatheredEnds[count - 1], LWS_WRITE_HTTP),
            .writeFrame)
        c.queue.removeFirst(count)
        wrote(payloadBytes, c, wsi)
        counts.messagesOut.increment(by: count)
        counts.bytesOut.increment(by: payloadBytes)
        if !c.queue.isEmpty || c.closeRequest != nil || c.bufferedBytes > 0 { requestWritable(c) }
    }

    /// Writes one frame of the queue's head.
    ///
    /// - Throws: ``CCall/writeFrame``'s error when lws reports the connection broken.
    func writeNext(_ c: LWSConnection, _ wsi: OpaquePointer) throws(TransportError) {
        guard let head = c.queue.first else { return }
        let total = head.message.count
        let remaining = total - head.offset
        let chunk = min(remaining, options.maxFrameBytes)
        let isStart = head.offset == 0
        let isEnd = chunk == remaining
        let initial = head.message.kind == .text ? LWS_WRITE_TEXT : LWS_WRITE_BINARY
        let flags = petri_ws_flags(Int32(initial.rawValue), isStart ? 1 : 0, isEnd ? 1 : 0)

        // A server sending a whole message writes it in place: lws puts the (identical)
        // unmasked header in the headroom. Clients mask in place and fragments would need the
        // previous fragment's bytes for a header, so both go through the scratch buffer.
        let payload: UnsafeMutableRawPointer
        if options.isServer, isStart, isEnd, let shared = head.message.claimHeadroom(for: headroomToken) {
            payload = shared
        } else {
            grow(scratchTo: lwsPre + max(chunk, 1))
            head.message.withPayload { source in
                if chunk > 0, let base = source.baseAddress {
                    (scratch + lwsPre).copyMemory(from: base + head.offset, byteCount: chunk)
                }
            }
            payload = scratch + lwsPre
        }
        let protocolFlags = lws_write_protocol(rawValue: UInt32(flags))
        try lwsCheck(lws_write(wsi, payload.assumingMemoryBound(to: UInt8.self), chunk, protocolFlags), .writeFrame)
        if isEnd {
            c.queue.removeFirst()
            wrote(total, c, wsi)
            counts.messagesOut.increment()
            counts.bytesOut.increment(by: total)
        } else {
            c.queue[0].offset += chunk
        }
        if !c.queue.isEmpty || c.closeRequest != nil || c.bufferedBytes > 0 { requestWritable(c) }
    }

    /// Uncounts the payload bytes of messages a write has just handed to lws, once they are out of
    /// memory: at once when the socket took the whole write, else when lws's buffer of its unsent
    /// tail is empty (``releaseBuffered(_:_:)``). A reader that stops reading keeps that tail, a
    /// whole history page or more, in lws's buffer: it stays counted against the budget meanwhile.
    private func wrote(_ bytes: Int, _ c: LWSConnection, _ wsi: OpaquePointer) {
        if lws_partial_buffered(wsi) != 0 {
            c.bufferedBytes += bytes
        } else {
            changeQueued(c, by: -bytes)
            if c.queuedBytes <= options.maxQueueBytes { c.overLimitSince = nil }
        }
    }

    /// Uncounts the bytes of the last partial write once lws has sent its buffered tail (called
    /// where the service thread sees `lws_partial_buffered` false: WRITEABLE, a flush, the sweep).
    func releaseBuffered(_ c: LWSConnection, _ wsi: OpaquePointer) {
        guard c.bufferedBytes > 0, lws_partial_buffered(wsi) == 0 else { return }
        changeQueued(c, by: -c.bufferedBytes)
        c.bufferedBytes = 0
        if c.queuedBytes <= options.maxQueueBytes { c.overLimitSince = nil }
    }

    /// Changes a connection's queued bytes and the server-wide total together (one relaxed atomic
    /// add per message: the service thread is its only writer).
    func changeQueued(_ c: LWSConnection, by delta: Int) {
        c.queuedBytes += delta
        counts.queuedBytes.increment(by: delta)
    }

    /// Drops everything a connection has queued. What lws still buffers of a partial write stays
    /// counted: it is in memory until lws frees the connection (``finish(_:fallback:wsiIsValid:)``
    /// uncounts it with ``dropAll(_:)``).
    func dropQueue(_ c: LWSConnection) {
        c.queue.removeAll()
        changeQueued(c, by: -(c.queuedBytes - c.bufferedBytes))
    }

    /// Uncounts everything a connection held, lws's buffer included: the connection is gone.
    func dropAll(_ c: LWSConnection) {
        c.queue.removeAll()
        changeQueued(c, by: -c.queuedBytes)
        c.bufferedBytes = 0
    }

    /// Whether all connections together have more queued than the server's budget (any thread).
    var isOverQueueBudget: Bool {
        options.maxTotalQueueBytes > 0 && counts.queuedBytes.load(ordering: .relaxed) > options.maxTotalQueueBytes
    }

    /// Over the server's budget, closes the connections holding the most queued bytes (1008,
    /// dropping their queues) until the total is back under it (service thread, on the sweep).
    ///
    /// The biggest holders go first: they are the slowest readers, and each one closed frees the most.
    func enforceQueueBudget() {
        assertOnServiceThread()
        guard isOverQueueBudget else { return }
        // Connections already closing give back what they hold when lws frees them (within
        // `closeGraceSeconds`): their bytes are as good as gone, and closing more would not free them sooner.
        var total = counts.queuedBytes.load(ordering: .relaxed)
        var holders: [LWSConnection] = []
        for c in connectionsByID.values where c.queuedBytes > 0 {
            if c.closeRequest == nil { holders.append(c) } else { total -= c.queuedBytes }
        }
        holders.sort { $0.queuedBytes > $1.queuedBytes }
        for c in holders {
            guard total > options.maxTotalQueueBytes else { break }
            total -= c.queuedBytes
            counts.slowClosed.increment()
            requestClose(
                c, code: .policyViolation,
                reason: "too slow: \(c.queuedBytes) bytes waiting while the server's outbound budget is full",
                discardQueue: true)
        }
    }

    func requestWritable(_ c: LWSConnection) {
        guard !c.writableRequested, let wsi = c.wsi, c.isEstablished else { return }
        c.writableRequested = true
        lws_callback_on_writable(wsi)
    }

    /// Closes after the queue drains (or at once, dropping it, when `discardQueue`).
    func requestClose(_ c: LWSConnection, code: CloseCode, reason: String, discardQueue: Bool = false) {
        assertOnServiceThread()
        guard c.closeRequest == nil else { return }
        c.closeRequest = (code, reason)
        if discardQueue { dropQueue(c) }
        guard let wsi = c.wsi else { return }
        if c.isEstablished {
            requestWritable(c)
            // A peer that stopped reading never makes the socket writable, so the close frame
            // may never go out: bound the wait, then lws drops the socket.
            lws_set_timeout(wsi, PENDING_TIMEOUT_USER_OK, Int32(closeGraceSeconds))
        } else {
            lws_set_timeout(wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC)
        }
    }

    /// Drops a connection whose socket failed outside a callback (lws closes it async).
    private func abort(_ c: LWSConnection, _ wsi: OpaquePointer) {
        c.closeRequest = c.closeRequest ?? (.abnormal, "write failed")
        dropQueue(c)
        lws_set_timeout(wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC)
    }
}
