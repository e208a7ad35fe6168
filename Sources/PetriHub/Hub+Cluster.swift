import PetriLesson
import PetriProtocol
import PetriStorage
import PetriTransport

extension Hub {
    /// What a node that does not run a lesson does about a client asking for it (see ``LessonOwnership``).
    enum Adoption: Sendable {
        /// No lesson has this code.
        case unknown
        /// Another node runs it: send the client there.
        case redirect(String)
        /// This node claimed it and restored it from the store: serve the client here.
        case host(any RunningLesson)
        /// It cannot be served right now (the store is unreachable, or its restore failed).
        case unavailable(ProtocolError)
    }

    /// Finds a lesson this node does not run: redirects to its owner, or, when nobody holds a live
    /// lease, places it (``LessonOwnership/place(lesson:)``) and restores it here, or redirects the
    /// client to the node running fewer lessons it was placed on. One adoption per code at a time:
    /// clients arriving together wait for the first one's outcome (a second claim would fence the
    /// first copy).
    func adopt(_ code: JoinCode) async -> Adoption {
        if let host = byCode[code] { return .host(host) }
        // Being rebuilt here after a failed write (``forget(_:reload:)``): a second claim would fence it.
        if reloading.contains(code) {
            return .unavailable(
                ProtocolError(.lessonReloading, HubWords.word("hub.lesson.reloading", ["code": .text("\(code)")])))
        }
        if let pending = adopting[code] { return await pending.value }
        let task = Task { await self.locateAndClaim(code) }
        adopting[code] = task
        let outcome = await task.value
        adopting[code] = nil
        return outcome
    }

    private func locateAndClaim(_ code: JoinCode) async -> Adoption {
        guard let ownership else { return .unknown }
        let since = services.clock.now().adding(milliseconds: -Int64(configuration.endedLessonRetentionSeconds * 1000))
        let unreachable = ProtocolError(
            .lessonReloading, "The server cannot reach its lesson store just now; try again in a moment.")
        let started = services.clock.now()
        do {
            switch try await ownership.locate(code: code, endedSince: since) {
            case .unknown:
                return .unknown
            case .elsewhere(let url, _):
                return .redirect(url)
            case .claimable(let record, let endedAt):
                let located = services.clock.now()
                switch try await ownership.place(lesson: record.id) {
                case .here:
                    break
                case .elsewhere(let url):
                    // A node running fewer lessons takes it (a dead node's lessons spread over the nodes left).
                    return .redirect(url)
                case .taken:
                    // Another node claimed it between the two reads: send the client there.
                    if case .elsewhere(let url, _) = try await ownership.locate(code: code, endedSince: since) {
                        return .redirect(url)
                    }
                    return .unavailable(unreachable)
                }
                let claimed = services.clock.now()
                let interrupted = (try? await services.storage.interruptedReplays()) ?? [:]
                guard await rebuild(record, interruptedAttempt: interrupted[record.id], endedAt: endedAt),
                    let host = byCode[code]
                else {
                    await ownership.release(lesson: record.id)
                    return .unavailable(
                        ProtocolError(.lessonReloading, "The lesson \(code) could not be restored here; try again."))
                }
                let restored = services.clock.now()
                // Where a takeover's time goes (a failover's stages on this node), for operators and benchmarks.
                services.logger.info(
                    "Took a lesson over",
                    metadata: [
                        "lesson": "\(record.id)", "locateMs": "\(located.milliseconds(since: started))",
                        "claimMs": "\(claimed.milliseconds(since: located))",
                        "restoreMs": "\(restored.milliseconds(since: claimed))",
                    ])
                services.metrics.lessonClaimed()
                return .host(host)
            }
        } catch {
            services.logger.error("Could not locate a lesson in the store", metadata: ["error": "\(error)"])
            return .unavailable(unreachable)
        }
    }

    /// Drops the lessons whose lease this node loses, for as long as the hub lives.
    func watchLeases() {
        guard let ownership, leaseWatcher == nil else { return }
        leaseWatcher = Task { [weak self] in
            for await id in ownership.lostLeases {
                await self?.dropLost(id)
            }
        }
    }

    /// Another node owns the lesson now (or may): stop this copy and send its clients away to reconnect. When the
    /// store no longer has the lesson (the administrator erased it from another node), its clients are told that
    /// instead, and do not come back.
    func dropLost(_ id: String) async {
        guard let host = byID.removeValue(forKey: id) else { return }
        endedLessons[id] = nil
        if byCode[host.record.code].map({ $0 === host }) ?? false { byCode[host.record.code] = nil }
        if await isErasedFromStore(host.record) {
            services.logger.notice("Closed a lesson erased from another node", metadata: ["lesson": "\(id)"])
            await host.erased()
            return
        }
        services.logger.warning("Dropped a lesson whose lease was lost", metadata: ["lesson": "\(id)"])
        await host.relinquish()
    }

    /// Whether the store holds this lesson no more (false when it cannot tell: the store is unreachable).
    private func isErasedFromStore(_ record: LessonRecord) async -> Bool {
        guard let ownership else { return false }
        switch try? await ownership.locate(code: record.code, endedSince: Timestamp(millisecondsSince1970: 0)) {
        case .unknown?: return true
        case .elsewhere(_, let lesson)?: return lesson != record.id
        case .claimable(let found, _)?: return found.id != record.id
        case nil: return false
        }
    }

    /// Closes and forgets the lesson this node holds with this id, telling everyone connected that it was erased
    /// (the administrator's `eraseLesson`, before the store deletes it); nothing when this node does not hold it.
    /// Its lease is kept until the store deletes it with the lesson: released before, another node could claim
    /// the lesson (a student reconnecting there) in between.
    func closeErased(_ id: String) async {
        guard let host = byID.removeValue(forKey: id) else { return }
        endedLessons[id] = nil
        if byCode[host.record.code].map({ $0 === host }) ?? false { byCode[host.record.code] = nil }
        await host.erased()
    }

    /// Gives up the leases of every lesson this node runs (after ``stopAll()``, at shutdown).
    package func releaseLeases() async {
        guard let ownership else { return }
        for id in byID.keys { await ownership.release(lesson: id) }
    }
}

extension LessonActor {
    /// The administrator erased the lesson: stop, tell every connection (make-up students too) why in its
    /// language, and close it with 4002 so that nobody reconnects.
    func erased() {
        let why = HubWords.word("hub.lesson.erased")
        stoppedBecause = ProtocolError(.lessonEnded, why)
        let ended = CloseCode(rawValue: LessonCloseCode.lessonEnded.rawValue)
        for connection in everyoneList { send(.error(stoppedBecause), to: connection) }
        for (id, student) in makeups.students {
            student.timer?.cancel()
            makeups.students[id]?.timer = nil
            guard let connection = student.connection else { continue }
            send(.error(stoppedBecause), toAll: [connection], in: student.language ?? lessonLanguage)
            outbox.append(.close(connection, code: ended, reason: "The lesson was erased."))
            makeups.students[id]?.connection = nil
            makeups.byConnection[connection] = nil
        }
        closeEveryone(code: ended, reason: "The lesson was erased.")
        stop()
    }

    /// The lesson's lease went to another node: stop, and close every connection (make-up students' too) with 4012
    /// so clients reconnect (and are redirected to the new owner).
    func relinquish() {
        stoppedBecause = ProtocolError(.lessonReloading, "This lesson moved to another server; reconnect.")
        // Make-up students too: they resume on the new owner (redirected there), where their make-up goes on.
        for (id, student) in makeups.students {
            student.timer?.cancel()
            makeups.students[id]?.timer = nil
            guard let connection = student.connection else { continue }
            outbox.append(
                .close(connection, code: .serverRestarting, reason: "This lesson moved to another server; reconnect."))
            makeups.students[id]?.connection = nil
            makeups.byConnection[connection] = nil
        }
        closeEveryone(code: .serverRestarting, reason: "This lesson moved to another server; reconnect.")
        flushOutbox()
        stop()
    }
}
