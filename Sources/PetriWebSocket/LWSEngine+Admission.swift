import CLibWebSockets
import Glibc
import PetriTransport

/// Letting a TCP connection in (server, service thread): before lws spends anything on it, the
/// descriptor reserve and the per-address cap; then the record that counts it until it closes.
extension LWSEngine {
    /// The process's open-files limit and how many descriptors under it are kept for everything
    /// that is not a client connection: the store's files, PostgreSQL, logs, the runtime's own
    /// (`/proc` reads), one in 16 of them, between 32 and 1024.
    static func descriptorBudget() -> (limit: Int, reserve: Int) {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max
        else { return (Int.max, 0) }
        let open = Int(clamping: limit.rlim_cur)
        return (open, min(max(open / 16, 32), 1024))
    }

    /// `LWS_CALLBACK_FILTER_NETWORK_CONNECTION`: lws has accepted `descriptor` from `listener` (the
    /// listening socket's wsi); nonzero closes it at once.
    ///
    /// The kernel gives each new descriptor the lowest free number, so a connection numbered at
    /// or above `limit - reserve` means every number below is in use: refusing it keeps the
    /// reserve free, and `accept` itself never fails for want of descriptors (lws then retried it
    /// in a loop, logging each failure, while the rest of the process could open nothing). Then
    /// accepting pauses (``pauseAccepting(_:)``): the next connections wait in the kernel's queue
    /// instead of being accepted only to be closed, for as long as the reserve stays in use.
    func admit(descriptor: Int32, listener: OpaquePointer) -> Int32 {
        assertOnServiceThread()
        acceptPause.listener = listener
        if draining { return 1 }
        descriptorBudget = Self.descriptorBudget()
        if Int(descriptor) >= descriptorBudget.limit - descriptorBudget.reserve {
            counts.refused.increment()
            refusals.descriptors += 1
            refusals.firstAt = refusals.firstAt ?? monotonicSeconds()
            pauseAccepting(listener)
            return 1
        }
        acceptPause.delay = 0
        let peer = peerAddress(ofDescriptor: descriptor)
        if options.maxConnectionsPerAddress > 0, !options.trustedProxies.contains(peer),
            perAddress[peer, default: 0] >= options.maxConnectionsPerAddress
        {
            counts.refused.increment()
            refusals.perAddress += 1
            refusals.firstAt = refusals.firstAt ?? monotonicSeconds()
            return 1
        }
        acceptedPeer = peer
        return 0
    }

    /// `LWS_CALLBACK_SERVER_NEW_CLIENT_INSTANTIATED`: the connection `admit(descriptor:)` let in gets its record,
    /// which counts it against its address from now until lws destroys it, upgraded or not.
    func adoptAccepted(_ wsi: OpaquePointer) {
        assertOnServiceThread()
        guard options.isServer, let peer = acceptedPeer else { return }
        acceptedPeer = nil
        let c = newConnection()
        c.wsi = wsi
        c.peer = peer
        if !options.trustedProxies.contains(peer) {
            c.countedAddress = peer
            perAddress[peer, default: 0] += 1
        }
        lws_set_opaque_user_data(wsi, Unmanaged.passUnretained(c).toOpaque())
        // Not among `connectionsByID` (which shutdown and the sweeps walk) until it upgrades: lws may free a
        // connection it never upgraded without telling us (`__lws_free_wsi`), and then nothing may touch it.
        accepting[c.id] = c
    }

    /// Logs, at most once a second, how many connections were refused since the last time and why
    /// (housekeeping sweep): a flood of them writes one line a second, not one per connection.
    func logRefusals(now: Double) {
        guard let first = refusals.firstAt ?? acceptPause.since, now - refusals.lastLogged >= 1 else { return }
        let seconds = max(1, Int((now - first).rounded(.up)))
        if refusals.descriptors > 0 || acceptPause.since != nil {
            let refused =
                refusals.descriptors > 0
                ? "Refused \(refusals.descriptors) connections in the last \(seconds) s" : "Accepting no connections"
            let paused =
                acceptPause.since.map {
                    "; accepting paused for \(Int(now - $0)) s, retried every \(Int(acceptPause.delay * 1000)) ms"
                } ?? ""
            logger.warning(
                "\(refused): the process is near its limit of \(descriptorBudget.limit) open file descriptors (\(descriptorBudget.reserve) kept for the store and the rest of the server)\(paused); raise LimitNOFILE (ulimit -n)",
                metadata: ["open": "\(connectionsByID.count)"])
        }
        if refusals.perAddress > 0 {
            logger.notice(
                "Refused \(refusals.perAddress) connections in the last \(seconds) s over websocket.maxConnectionsPerAddress (\(options.maxConnectionsPerAddress))"
            )
        }
        refusals = Refusals(lastLogged: now)
    }

    /// Stops lws watching the listening socket for a while: Go's `net/http` backoff, from 5 ms
    /// doubling to 1 s. When it ends (``endAcceptPause()``) accepting resumes if the lowest free
    /// descriptor is under the reserve again, else the pause starts over, twice as long.
    func pauseAccepting(_ listener: OpaquePointer) {
        assertOnServiceThread()
        acceptPause.listener = listener
        // Flow control on the listening wsi takes POLLIN off its socket (its watcher on our loop). Again
        // during a pause: lws puts POLLIN back whenever a connection of its closes (`lws_accept_modulation`).
        lws_rx_flow_control(listener, 0)
        guard acceptPause.since == nil else { return }
        acceptPause.since = monotonicSeconds()
        acceptPause.delay = min(max(acceptPause.delay * 2, 0.005), 1)
        scheduleAcceptPauseEnd()
    }

    /// lws's own `accept` failed (every descriptor in use, the reserve too: something else in the
    /// process took them): it would retry at once, round the loop, so accepting pauses as for a refusal.
    func acceptFailed() {
        assertOnServiceThread()
        guard options.isServer, let listener = acceptPause.listener else { return }
        pauseAccepting(listener)
    }

    private func scheduleAcceptPauseEnd() {
        guard let context else { return }
        let sul = UnsafeMutableRawPointer(acceptTimer).assumingMemoryBound(to: lws_sorted_usec_list_t.self)
        lws_sul_schedule(
            context, 0, sul,
            { sul in
                guard let sul, let owner = petri_timer_owner(sul) else { return }
                Unmanaged<LWSEngine>.fromOpaque(owner).takeUnretainedValue().endAcceptPause()
            }, lws_usec_t(acceptPause.delay * 1_000_000))
    }

    /// The pause is over: accept again if descriptors are free below the reserve, else pause longer.
    private func endAcceptPause() {
        assertOnServiceThread()
        guard let listener = acceptPause.listener, acceptPause.since != nil, !stopRequested else { return }
        descriptorBudget = Self.descriptorBudget()
        if Self.lowestFreeDescriptor(probing: lws_get_socket_fd(listener))
            < descriptorBudget.limit - descriptorBudget.reserve
        {
            acceptPause.since = nil
            lws_rx_flow_control(listener, 1)
        } else {
            acceptPause.delay = min(acceptPause.delay * 2, 1)
            scheduleAcceptPauseEnd()
        }
    }

    /// The number the kernel would give the next descriptor (`Int.max` when none is free), found by
    /// duplicating `descriptor` (an open one) and closing the copy.
    static func lowestFreeDescriptor(probing descriptor: Int32) -> Int {
        let probe = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
        guard probe >= 0 else { return Int.max }
        close(probe)
        return Int(probe)
    }

    /// The textual address of the peer on `descriptor` (`10.0.0.7`, `::1`), or `unknown`.
    func peerAddress(ofDescriptor descriptor: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 128)
        guard lws_get_peer_simple_fd(descriptor, &buffer, buffer.count) != nil else { return "unknown" }
        return ForwardedAddress.normalised(string(fromCBuffer: buffer))
    }
}

/// Connections refused since the last log line about them (see ``LWSEngine/logRefusals(now:)``).
struct Refusals {
    var descriptors = 0
    var perAddress = 0
    /// When the first of them was refused (monotonic seconds); nil when there are none.
    var firstAt: Double?
    var lastLogged: Double = 0
}

/// Accepting paused because the descriptor reserve is in use (see ``LWSEngine/pauseAccepting(_:)``).
struct AcceptPause {
    /// The listening socket's wsi, as the last connection accepted came from it (nil until one was).
    var listener: OpaquePointer?
    /// When the pause began (monotonic seconds); nil while accepting.
    var since: Double?
    /// Seconds of the current pause; back to 0 once a connection is admitted.
    var delay: Double = 0
}
