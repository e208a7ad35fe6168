import CLibWebSockets
import Foundation
import Logging
import PetriTransport
import Synchronization

// Creating the libwebsockets context: the vhost, the protocol list, TLS and the libev loop.
extension LWSEngine {
    func createContext() -> Result<Int, TransportError> {
        assertOnServiceThread()
        let verbose = ProcessInfo.processInfo.environment["PETRI_LWS_DEBUG"] != nil
        lws_set_log_level(
            verbose ? LLL_ERR | LLL_WARN | LLL_NOTICE | LLL_INFO | LLL_CLIENT : LLL_ERR | LLL_WARN,
            { level, line in
                guard let line else { return }
                let text = String(cString: line).trimmingCharacters(in: .whitespacesAndNewlines)
                if text.hasPrefix("accept:") {
                    logAcceptFailure(text)
                    return
                }
                lwsLogger.log(
                    level: level & LLL_ERR != 0 ? .error : level & LLL_WARN != 0 ? .warning : .notice, "\(text)")
            })
        let subprotocols = options.subprotocols.isEmpty ? ["petri"] : options.subprotocols
        subprotocolTable = SubprotocolTable(served: subprotocols, refused: options.refusedSubprotocols)
        let names =
            subprotocols.map { strings.copy($0) }
            + subprotocolTable.refused.indices.map { subprotocolTable.refusedName(at: $0) }
        let count = names.count
        let table = UnsafeMutablePointer<lws_protocols>.allocate(capacity: count + 1)
        for (i, name) in names.enumerated() {
            var p = lws_protocols()
            p.name = name
            p.callback = lwsCallback
            p.per_session_data_size = 0
            p.rx_buffer_size = options.rxBufferSize
            p.tx_packet_size = maxSendBytes
            (table + i).initialize(to: p)
        }
        (table + count).initialize(to: lws_protocols())
        protocols = table

        if options.isServer {
            // No lws validity timers on the server: lws re-inserts each connection's timer into
            // one sorted list on every message received (O(connections) each), which with
            // thousands of students sending is quadratic. The housekeeping sweep does the idle
            // policy instead (see `checkIdle`). A zero hang-up turns lws's off entirely.
            retryPolicy.pointee.secs_since_valid_ping = 0
            retryPolicy.pointee.secs_since_valid_hangup = 0
        } else {
            retryPolicy.pointee.secs_since_valid_ping = UInt16(clamping: options.pingAfterIdle)
            retryPolicy.pointee.secs_since_valid_hangup = UInt16(clamping: options.hangupAfterIdle)
        }

        var info = lws_context_creation_info()
        info.protocols = UnsafePointer(protocols)
        info.user = Unmanaged.passUnretained(self).toOpaque()
        // Servers let lws check UTF-8 (its server parser is bounds-checked). Clients check it
        // themselves: lws 4.1's client parser, on bad UTF-8, keeps its receive cursor where it
        // was and then writes the following frames past the end of its receive buffer (see
        // `LWSEngine.receive`).
        info.options = options.isServer ? petri_option_validate_utf8() : 0
        info.timeout_secs = UInt32(clamping: options.handshakeTimeout)
        info.fd_limit_per_thread = 0
        info.retry_and_idle_policy = UnsafePointer(retryPolicy)
        if options.isServer {
            info.port = Int32(options.port)
            info.iface = strings.copy(options.host)
            info.options |= petri_option_fail_unable_to_bind()
            if let host = options.host, host.contains("."), !host.contains(":") {
                info.options |= petri_option_disable_ipv6()
            }
            if let cert = options.tlsCertificatePath, let key = options.tlsKeyPath {
                info.ssl_cert_filepath = strings.copy(cert)
                info.ssl_private_key_filepath = strings.copy(key)
                info.alpn = strings.copy("http/1.1")
            }
        } else {
            info.port = Int32(petri_port_no_listen())
            info.client_ssl_ca_filepath = strings.copy(options.caFilePath)
        }

        // lws runs on a libev loop of ours: lws 4.1's own loop calls poll() over every socket on
        // each wake-up, which with ten thousand students was most of the server's CPU. lws loads
        // its libev support as a plugin (Debian: libwebsockets-evlib-ev); without it, or without
        // a loop, the context is created again on lws's own loop, which works, only slower.
        var created: OpaquePointer?
        if let loop = petri_ev_loop_new() {
            var foreignLoops: [UnsafeMutableRawPointer?] = [loop]
            var onLoop = info
            onLoop.options |= petri_option_libev()
            created = foreignLoops.withUnsafeMutableBufferPointer { loops in
                onLoop.foreign_loops = loops.baseAddress
                return Self.createContextSerially(&onLoop, needsTLS: options.usesTLS)
            }
            if created != nil {
                eventLoop = loop
            } else {
                petri_ev_loop_destroy(loop)
            }
        }
        if created == nil {
            created = Self.createContextSerially(&info, needsTLS: options.usesTLS)
            if created != nil {
                logger.warning(
                    "libwebsockets' libev support is missing (install libwebsockets-evlib-ev); using its poll loop, which is slower with many connections"
                )
            }
        }
        let ctx: OpaquePointer
        do throws(TransportError) {
            let call: CCall = options.isServer ? .listen(host: options.host, port: options.port) : .startClient
            ctx = try lwsCheck(created, call)
        } catch {
            freeCResources()
            return .failure(error)
        }
        context = ctx
        contextPointer.withLock { $0 = ContextHandle(context: ctx) }
        var port = 0
        if options.isServer, let vhost = lws_get_vhost_by_name(ctx, "default") {
            port = Int(lws_get_vhost_listen_port(vhost))
        }
        timer.pointee.owner = Unmanaged.passUnretained(self).toOpaque()
        acceptTimer.pointee.owner = Unmanaged.passUnretained(self).toOpaque()
        scheduleHousekeeping()
        return .success(port)
    }
}

/// Failed `accept` calls since the last line about them, and when that line was written.
private let acceptFailures = Mutex<(count: Int, lastLogged: Double)>((0, 0))

/// lws logs each failed `accept` (`accept: errno 24` when the process is out of descriptors) every
/// time round the loop, thousands of lines a second: they are counted and written once a second.
private func logAcceptFailure(_ text: String) {
    let now = monotonicSeconds()
    let count: Int? = acceptFailures.withLock { state in
        state.count += 1
        guard now - state.lastLogged >= 1 else { return nil }
        defer { state = (0, now) }
        return state.count
    }
    if let count {
        lwsLogger.error(
            "Could not accept \(count) connections in the last second (\(text)): the process is out of file descriptors or memory"
        )
    }
    // lws logs it on the service thread, inside its accept loop, and would try again at once.
    LWSEngine.engineOnThisThread?.acceptFailed()
}
