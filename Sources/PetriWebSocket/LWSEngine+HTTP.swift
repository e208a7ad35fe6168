import CLibWebSockets
import Foundation
import PetriTransport

extension LWSEngine {
    /// Answers a plain HTTP request on the WebSocket port: the configured handler first,
    /// then the built-in `/healthz`, else 404 (service thread).
    func answerHTTP(_ wsi: OpaquePointer, _ input: UnsafeMutableRawPointer?) -> Int32 {
        assertOnServiceThread()
        let uri = input.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "/"
        let path = String(uri.prefix { $0 != "?" })
        let method: String
        if lws_hdr_total_length(wsi, WSI_TOKEN_GET_URI) > 0 {
            method = "GET"
        } else if lws_hdr_total_length(wsi, WSI_TOKEN_HEAD_URI) > 0 {
            method = "HEAD"
        } else if lws_hdr_total_length(wsi, WSI_TOKEN_POST_URI) > 0 {
            method = "POST"
        } else {
            method = "OTHER"
        }
        let request = HTTPRequest(
            method: method, path: path, remoteAddress: peerAddress(wsi), host: header(wsi, WSI_TOKEN_HOST),
            ifNoneMatch: header(wsi, WSI_TOKEN_HTTP_IF_NONE_MATCH),
            acceptEncoding: header(wsi, WSI_TOKEN_HTTP_ACCEPT_ENCODING), query: queryParameters(wsi),
            contentType: header(wsi, WSI_TOKEN_HTTP_CONTENT_TYPE))
        let framing = Self.framingProblem(
            contentLength: header(wsi, WSI_TOKEN_HTTP_CONTENT_LENGTH),
            transferEncoding: header(wsi, WSI_TOKEN_HTTP_TRANSFER_ENCODING))
        let response: HTTPResponse
        if let framing {
            // A proxy in front may have read this request's length differently: answer and close, so
            // nothing that follows on the connection is taken for another request.
            response = .json(400, #"{"error":"bad-request","message":"\#(framing)"}"#)
            closeAfterResponse.insert(wsi)
        } else {
            response = options.httpHandler?(request) ?? builtInResponse(to: request)
        }
        if let deferred = response.deferred {
            if method == "POST" {
                // The body arrives in LWS_CALLBACK_HTTP_BODY; the work starts at its completion.
                httpBodies[wsi] = PendingBody(request: request, deferred: deferred)
                lws_set_timeout(wsi, PENDING_TIMEOUT_HTTP_CONTENT, 30)
                return 0
            }
            startDeferred(wsi, request, deferred)
            return 0
        }
        return sendHTTP(response, method: method, on: wsi)
    }

    /// Writes a response's headers and queues its body (service thread).
    func sendHTTP(_ response: HTTPResponse, method: String, on wsi: OpaquePointer) -> Int32 {
        var response = response
        // HEAD gets the headers a GET would (its length too) and no body; a 304 has neither.
        let length = lws_filepos_t(response.body.count)
        if method == "HEAD" || response.status == 304 { response.body = [] }

        let extra = response.headers.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 8 }
        var buffer = [UInt8](repeating: 0, count: lwsPre + 1024 + extra)
        do {
            try buffer.withUnsafeMutableBufferPointer { b throws(TransportError) in
                guard let base = b.baseAddress else { throw CCall.writeHTTPHeaders.error }
                let start = base + lwsPre
                let end = base + b.count - 1
                var p: UnsafeMutablePointer<UInt8>? = start
                if response.status == 304 {
                    try lwsCheck(lws_add_http_header_status(wsi, 304, &p, end), .writeHTTPHeaders)
                } else {
                    let status = UInt32(response.status)
                    try lwsCheck(
                        lws_add_http_common_headers(wsi, status, response.contentType, length, &p, end),
                        .writeHTTPHeaders)
                }
                var headers = response.headers
                for fallback in [HTTPHeader("cache-control", "no-store")] + Self.securityHeaders
                where !headers.contains(where: { $0.name.lowercased() == fallback.name }) {
                    headers.append(fallback)
                }
                for h in headers {
                    let value = Array(h.value.utf8)
                    try lwsCheck(
                        lws_add_http_header_by_name(wsi, h.name + ":", value, Int32(value.count), &p, end),
                        .writeHTTPHeaders)
                }
                try lwsCheck(lws_finalize_write_http_header(wsi, start, &p, end), .writeHTTPHeaders)
            }
        } catch {
            return 1
        }
        if response.body.isEmpty {
            return completeTransaction(wsi)
        }
        httpPending[wsi] = response
        lws_callback_on_writable(wsi)
        return 0
    }

    // MARK: - Answers that come later

    /// A `POST` whose route answers later, while its body arrives.
    struct PendingBody {
        var request: HTTPRequest
        var deferred: DeferredHTTPAnswer
        var tooLong = false
    }

    /// Collects a chunk of a `POST` body (service thread); past ``HTTPRequest/maxBodyBytes`` the rest is dropped
    /// and the request is answered 413.
    func receiveHTTPBody(_ wsi: OpaquePointer, _ input: UnsafeMutableRawPointer?, _ length: Int) -> Int32 {
        assertOnServiceThread()
        guard var pending = httpBodies[wsi] else { return 0 }
        if let input, length > 0, !pending.tooLong {
            if pending.request.body.count + length > HTTPRequest.maxBodyBytes {
                pending.tooLong = true
                pending.request.body = []
            } else {
                pending.request.body.append(
                    contentsOf: UnsafeRawBufferPointer(start: input, count: length).bindMemory(to: UInt8.self))
            }
        }
        httpBodies[wsi] = pending
        return 0
    }

    /// The body is complete: starts the route's work, or answers 413 for a body too long (service thread).
    func completeHTTPBody(_ wsi: OpaquePointer) -> Int32 {
        assertOnServiceThread()
        guard let pending = httpBodies.removeValue(forKey: wsi) else { return 0 }
        if pending.tooLong {
            closeAfterResponse.insert(wsi)
            let limit = HTTPRequest.maxBodyBytes / 1024
            return sendHTTP(
                .json(413, #"{"error":"too-large","message":"A request body may hold at most \#(limit) KB."}"#),
                method: "POST", on: wsi)
        }
        startDeferred(wsi, pending.request, pending.deferred)
        return 0
    }

    /// Runs a route's work off the service thread; its answer comes back through the inbox (``answerLater(_:_:)``).
    private func startDeferred(_ wsi: OpaquePointer, _ request: HTTPRequest, _ deferred: DeferredHTTPAnswer) {
        let serial = nextHTTPSerial
        nextHTTPSerial += 1
        httpWaiting[serial] = (wsi, request.method)
        httpSerials[wsi] = serial
        lws_set_timeout(wsi, PENDING_TIMEOUT_HTTP_CONTENT, 60)
        Task {
            let response = await deferred.answer(request)
            self.enqueue(.httpAnswer(serial, response))
        }
    }

    /// A route's work answered: sends it when the request's connection is still there (service thread).
    func answerLater(_ serial: UInt64, _ response: HTTPResponse) {
        assertOnServiceThread()
        guard let (wsi, method) = httpWaiting.removeValue(forKey: serial) else { return }
        httpSerials[wsi] = nil
        lws_set_timeout(wsi, NO_PENDING_TIMEOUT, 0)
        httpReady[wsi] = (response, method)
        lws_callback_on_writable(wsi)
    }

    /// Forgets a connection's HTTP state when it closes (service thread).
    func forgetHTTP(_ wsi: OpaquePointer) {
        httpPending[wsi] = nil
        httpBodies[wsi] = nil
        httpReady[wsi] = nil
        if let serial = httpSerials.removeValue(forKey: wsi) { httpWaiting[serial] = nil }
        closeAfterResponse.remove(wsi)
    }

    /// The query string's parameters, as lws splits and decodes them (one fragment per `name=value`).
    private func queryParameters(_ wsi: OpaquePointer) -> [String: String] {
        var parameters: [String: String] = [:]
        var buffer = [CChar](repeating: 0, count: 4096)
        var index: Int32 = 0
        while index < 64 {
            let n = lws_hdr_copy_fragment(wsi, &buffer, Int32(buffer.count), WSI_TOKEN_HTTP_URI_ARGS, index)
            guard n >= 0 else { break }
            let fragment = string(fromCBuffer: buffer)
            index += 1
            guard !fragment.isEmpty else { continue }
            let parts = fragment.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            if parameters[name] == nil { parameters[name] = parts.count > 1 ? String(parts[1]) : "" }
        }
        return parameters
    }

    /// Writes the body queued by ``answerHTTP(_:_:)`` and ends the transaction.
    func writeHTTPBody(_ wsi: OpaquePointer) -> Int32 {
        assertOnServiceThread()
        if let ready = httpReady.removeValue(forKey: wsi) {
            return sendHTTP(ready.response, method: ready.method, on: wsi)
        }
        guard let response = httpPending.removeValue(forKey: wsi) else { return 0 }
        let n = response.body.count
        grow(scratchTo: lwsPre + max(n, 1))
        response.body.withUnsafeBytes { body in
            if let base = body.baseAddress { (scratch + lwsPre).copyMemory(from: base, byteCount: n) }
        }
        // lws 4.1 returns the whole length even when it buffers part of it: only -1 is failure.
        do throws(TransportError) {
            try lwsCheck(
                lws_write(wsi, (scratch + lwsPre).assumingMemoryBound(to: UInt8.self), n, LWS_WRITE_HTTP_FINAL),
                .writeHTTPBody)
        } catch {
            return 1
        }
        return completeTransaction(wsi)
    }

    /// Ends a response: the connection stays open for the next request, unless its framing was refused.
    func completeTransaction(_ wsi: OpaquePointer) -> Int32 {
        if closeAfterResponse.remove(wsi) != nil { return -1 }
        return (try? lwsCheck(lws_http_transaction_completed(wsi), .completeHTTP)) == nil ? -1 : 0
    }

    /// Headers every response carries unless its route sets its own: no MIME sniffing, no framing by
    /// another site, no referrer, and (for anything that is not a page with its own policy) no active
    /// content at all.
    static let securityHeaders = [
        HTTPHeader("x-content-type-options", "nosniff"),
        HTTPHeader("x-frame-options", "DENY"),
        HTTPHeader("referrer-policy", "no-referrer"),
        HTTPHeader("content-security-policy", "default-src 'none'; frame-ancestors 'none'"),
    ]

    /// Why a request's length is ambiguous, as a sentence for its 400; nil when it is not.
    ///
    /// Two `Content-Length` headers that differ (lws joins repeated headers with a space), a list
    /// or a value that is not a number, or one beside `Transfer-Encoding`, can make a proxy and this
    /// server disagree on where the request ends (request smuggling), so each is refused.
    static func framingProblem(contentLength: String?, transferEncoding: String?) -> String? {
        if transferEncoding != nil, contentLength != nil {
            return "A request may not have both Content-Length and Transfer-Encoding; send one."
        }
        guard let contentLength else { return nil }
        let values = Set(contentLength.split(whereSeparator: { $0 == " " || $0 == "," }))
        guard values.count == 1, let value = values.first, value.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            return "The request's Content-Length must be one whole number, given once; send one."
        }
        return nil
    }

    private func builtInResponse(to request: HTTPRequest) -> HTTPResponse {
        switch request.path {
        case "/healthz":
            let uptime = Int(monotonicSeconds() - startTime)
            let status = draining ? "stopping" : "ok"
            return .json(
                draining ? 503 : 200,
                #"{"status":"\#(status)","connections":\#(counts.open.load(ordering: .relaxed)),"uptimeSeconds":\#(uptime)}"#
            )
        default:
            return .json(404, #"{"error":"not-found","message":"No such page. Try /healthz."}"#)
        }
    }
}
