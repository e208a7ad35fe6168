import CLibWebSockets
import PetriTransport

/// The service thread's 250 ms sweep: slow receivers, the outbound budget, the idle policy, the shutdown deadline.
extension LWSEngine {
    /// Arms the next sweep in 250 ms (service thread).
    func scheduleHousekeeping() {
        assertOnServiceThread()
        guard let context else { return }
        let sul = UnsafeMutableRawPointer(timer).assumingMemoryBound(to: lws_sorted_usec_list_t.self)
        lws_sul_schedule(
            context, 0, sul,
            { sul in
                guard let sul, let owner = petri_timer_owner(sul) else { return }
                Unmanaged<LWSEngine>.fromOpaque(owner).takeUnretainedValue().housekeeping()
            }, 250_000)
    }

    /// Every 250 ms on the service thread: slow receivers, the outbound budget, shutdown deadline.
    private func housekeeping() {
        assertOnServiceThread()
        let now = monotonicSeconds()
        var largest = 0
        for c in connectionsByID.values {
            if c.bufferedBytes > 0, let wsi = c.wsi { releaseBuffered(c, wsi) }
            largest = max(largest, c.queuedBytes)
            if options.isServer { checkIdle(c, now: now) }
            if let since = c.overLimitSince, now - since >= options.stallTimeout, c.closeRequest == nil {
                counts.slowClosed.increment()
                requestClose(
                    c, code: .policyViolation,
                    reason: "too slow: \(c.queuedBytes) bytes waiting for over \(Int(options.stallTimeout)) s")
            }
        }
        enforceQueueBudget()
        logRefusals(now: now)
        counts.largestQueueBytes.store(largest, ordering: .relaxed)
        checkShutdownProgress()
        if !stopRequested { scheduleHousekeeping() }
    }

    /// The idle policy, on the housekeeping sweep: ping a connection that has been silent for
    /// `pingAfterIdle` seconds; drop one silent for `hangupAfterIdle` (its pong counts as heard).
    private func checkIdle(_ c: LWSConnection, now: Double) {
        guard c.isEstablished, c.closeRequest == nil, let wsi = c.wsi else { return }
        let idle = now - c.lastHeard
        if idle >= Double(options.hangupAfterIdle) {
            c.closeRequest = (.goingAway, "no reply for \(options.hangupAfterIdle) s")
            dropQueue(c)
            lws_set_timeout(wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC)
        } else if idle >= Double(options.pingAfterIdle), !c.pingSent, !c.pingDue {
            c.pingDue = true
            requestWritable(c)
        }
    }
}
