import Foundation
import Logging
import PetriAccounts
import PetriLesson
import PetriProtocol
import PetriSimulation
import PetriStorage
import PetriTransport

/// Tuning for the hub: rate limits and lesson defaults.
package struct HubConfiguration: Sendable {
    /// Messages a connection may send back to back, and per second sustained.
    package var messageBurst = Double(ProtocolLimits.Defaults.messageBurst)
    package var messagesPerSecond = Double(ProtocolLimits.Defaults.messagesPerSecond)
    /// Failed `join`/`resume`/`teach` attempts per remote address: a burst, then one per this many seconds.
    package var failedJoinBurst = Double(ProtocolLimits.Defaults.failedJoinBurst)
    package var secondsPerFailedJoin = Double(ProtocolLimits.Defaults.secondsPerFailedJoin)
    /// How long an ended lesson stays readable before its code answers `lesson-expired`.
    package var endedLessonRetentionSeconds: Double = 30 * 86_400
    /// Checkpoint spacing and history limits for new lessons.
    var lessonDefaults = LessonConfiguration()
    /// How often lessons save durable checkpoints to storage.
    package var checkpoints = CheckpointPolicy()
    /// Threads each request of replicates runs on (default: all cores but one).
    package var replicateThreads = ReplicateWorker.defaultThreads
    /// Told how running replicates progress; for tests that watch them run.
    package var replicateProgress: (@Sendable (ReplicateProgress) -> Void)?
    /// Told each time an auto-running lesson takes its timed step, at the moment it takes it (the
    /// lesson's actor waits for it, so it must return at once); for benchmarks that measure how late
    /// timers fire. Operators read the same lateness from `/metrics` (``ServerMetrics/tickLatenessLabel``).
    package var stepObserver: (@Sendable (TimedStep) -> Void)?
    /// Joins and resumes a lesson takes in one turn at most, after every other command waiting:
    /// during a join storm a step waits for at most this many joins (and their one group commit).
    var arrivalsPerTurn = 256
    /// Other commands (answers, steps, ...) a lesson takes in one turn at most: a flood of ten thousand
    /// answers goes through in slices, so one slice's write overlaps the next slice's apply and the
    /// slice before's delivery, instead of one huge turn whose apply, write and delivery run one after
    /// another with nothing beside them.
    var commandsPerTurn = 1024
    /// Lessons not yet ended this server runs at most; `create`, `import` and `clone` beyond it get
    /// `too-many-lessons` (one cap for the whole server: the administrator and every signed-in teacher together).
    package var maxLessons = 500
    /// Imports larger than the standard message limit one address may send back to back, and then
    /// one per ``secondsPerLargeImport`` seconds (whether the key was right or not).
    var largeImportBurst = 5.0
    var secondsPerLargeImport = 12.0
    /// Told each time a message larger than the standard limit (an `import`) is decoded in full; for
    /// tests that check what is decoded before the teacher key.
    var largeMessageDecoded: (@Sendable () -> Void)?
    /// The models lessons can run: the shipped ones and any model files the server loaded.
    package var models = ModelCatalog.shipped
    /// The lesson plans `describePlans` lists and `startPlan` starts: the shipped ones and, on a server, the files
    /// of its plans directory (read each time, so a plan imported while the server runs is there at once).
    package var plans: @Sendable () -> [PlanFile] = { ShippedPlans.files }

    package init() {}
}

// The hub's vocabulary, in one place.
//
// Lessons and connections:
// - `Hub`: maps join codes to running lessons and connections to the lesson they speak to.
// - `RunningLesson`: a lesson being served, whatever its model (one `LessonActor` per lesson).
// - `LessonEnvironment`: what every lesson actor shares (transport, storage, clock, metrics, logger,
//   calls back into the hub).
// - `TransportInstruction` (PetriTransport): one instruction of a batch handed to the transport (a message
//   to some connections, or a close); `OutboundMessage` is the encoded bytes such a message carries.
//   A lesson actor collects a turn's `TransportInstruction`s in its outbox and submits them at once.
//
// Checkpoints and recovery, from the lesson outwards:
// - `SavedCheckpoint` (PetriLesson, internal): the teacher's in-lesson rewind point (the
//   `checkpoint` command); part of a lesson's state, never stored on its own.
// - `LessonCheckpoint` (PetriLesson): the whole lesson encoded after one log entry, a durable
//   checkpoint; the hub saves one every `CheckpointPolicy` entries or generations
//   (`CheckpointSchedule` tracks when the next is due).
// - `StoredCheckpoint` (PetriStore): that checkpoint as the SQLite store keeps it.
// - `LessonRecoveryPoint` (here): where a restart picks a lesson up, as `LessonStorage` returns it:
//   the newest `LessonCheckpoint` and the log entries after it. PetriStore's `LessonRecovery` is
//   the same read in the store's own types; the SQLite adapter turns one into the other.
//
// Log entries: `LessonLogEntry` (PetriLesson) is one accepted command as logged; `LogEntryToStore`
// (here) is what the hub hands `LessonStorage.append`: the entry, the generation after it and the
// facts the store keeps beside the log (`LessonFact`).

/// Maps join codes to running lessons and connections to the lesson they speak to.
///
/// The hub is an actor for its small tables (codes, lessons, failed-join buckets); the work of
/// a lesson happens in that lesson's own actor, and each connection's messages are handled by a
/// short task of its own that runs only while the connection has something to handle
/// (``startSession(_:ended:)``), so one busy lesson never holds up another and an idle student
/// costs no task.
///
/// ```swift
/// let hub = Hub(transport: server, storage: store, clock: SystemClock(), teacherKey: key)
/// _ = try await hub.restoreLessons()
/// await hub.serve(connections: server.connections)
/// ```
package actor Hub {
    nonisolated let services: LessonEnvironment
    nonisolated let configuration: HubConfiguration
    let teacherKey: [UInt8]
    var byCode: [JoinCode: any RunningLesson] = [:]
    var byID: [String: any RunningLesson] = [:]
    private var reservedCodes: Set<JoinCode> = []
    var failedJoins: [String: TokenBucket] = [:]
    /// Large imports per address (``takeLargeImport(from:)``).
    var largeImports: [String: TokenBucket] = [:]
    /// Codes of lessons being rebuilt from storage after a failed write: they answer
    /// `lesson-reloading` (retry), never `unknown-lesson` (which a client takes as final).
    var reloading: Set<JoinCode> = []
    /// Codes of ended lessons whose retention ran out since the start (until a new lesson takes
    /// the code): they answer `lesson-expired`.
    private var expired: Set<JoinCode> = []
    /// When each ended lesson still held (readable) ended, by lesson id: swept once expired.
    var endedLessons: [String: Timestamp] = [:]
    /// Told of each lesson that ends here (``watchLessonEnds(_:)``).
    var endWatcher: (@Sendable (_ lessonId: String) async -> Void)?
    /// Plan previews running now (``previewPlan(key:text:seed:from:)``), at most ``maxPreviews`` at once.
    var previewsRunning = 0
    /// The signed-in teacher (their id) whose `clone` of each lesson (by id) is on its way to that lesson's actor.
    var cloners: [String: String] = [:]
    /// Which lessons this node may run, in a cluster (nil on a single node).
    nonisolated let ownership: (any LessonOwnership)?
    /// Adoptions under way (see ``adopt(_:)``), by code.
    var adopting: [JoinCode: Task<Adoption, Never>] = [:]
    /// Drops lessons whose lease is lost (``watchLeases()``).
    var leaseWatcher: Task<Void, Never>?
    /// The answer to every `describeModels` (``encodeDescribedModels(with:)``), one buffer shared by all.
    nonisolated let describedModels: OutboundMessage?
    /// Teachers' accounts (``Hub/authority(_:from:)``); nil when the server keeps none (the key alone).
    nonisolated let accounts: TeacherAccounts?

    package init(
        transport: any Transport, storage: any LessonStorage, clock: any HubClock, teacherKey: String,
        configuration: HubConfiguration = .init(), logger: Logger = Logger(label: "petri.hub"),
        metrics: ServerMetrics = .init(), storageWrote: @escaping @Sendable (_ succeeded: Bool) -> Void = { _ in },
        ownership: (any LessonOwnership)? = nil, accounts: TeacherAccounts? = nil
    ) {
        self.ownership = ownership
        self.accounts = accounts
        let reference = HubReference()
        services = LessonEnvironment(
            transport: transport, storage: storage, clock: clock, metrics: metrics, logger: logger,
            checkpoints: configuration.checkpoints, models: configuration.models,
            arrivalsPerTurn: configuration.arrivalsPerTurn, commandsPerTurn: configuration.commandsPerTurn,
            spawn: { definition, lessonConfiguration, source in
                guard let hub = reference.hub else {
                    return .failure(ProtocolError(.internalError, "The server is shutting down."))
                }
                let owner = await hub.cloneOwner(of: source)
                return await hub.start(definition: definition, configuration: lessonConfiguration, owner: owner)
            },
            forget: { id, reload in await reference.hub?.forget(id, reload: reload) },
            ended: { id, time in await reference.hub?.lessonEnded(id, at: time) }, storageWrote: storageWrote,
            replicateThreads: configuration.replicateThreads, replicateProgress: configuration.replicateProgress,
            stepObserver: configuration.stepObserver)
        self.configuration = configuration
        self.teacherKey = Array(teacherKey.utf8)
        describedModels = Self.encodeDescribedModels(configuration.models, with: services.encoder)
        reference.hub = self
    }

    /// Rebuilds every unfinished lesson, and every lesson ended within the retention period
    /// (readable only), from storage (at start-up).
    ///
    /// - Returns: how many lessons are running again (ended ones not counted).
    /// - Throws: when storage cannot be read at all; a lesson that fails to rebuild is logged and skipped.
    package func restoreLessons() async throws -> Int {
        // In a cluster, a lesson is restored by the node the first client asks (``adopt(_:)``).
        if ownership != nil {
            watchLeases()
            return 0
        }
        var restored = 0
        // A replay still recorded as under way died with the last process (a trap cannot be
        // caught): that lesson is restored more cautiously, not replayed into the same crash.
        let interrupted = (try? await services.storage.interruptedReplays()) ?? [:]
        for record in try await services.storage.unfinishedLessons() {
            if await rebuild(record, interruptedAttempt: interrupted[record.id]) { restored += 1 }
        }
        let since = services.clock.now().adding(milliseconds: -Int64(configuration.endedLessonRetentionSeconds * 1000))
        for ended in try await services.storage.lessons(endedSince: since).reversed()
        where byCode[ended.record.code] == nil {
            _ = await rebuild(ended.record, endedAt: ended.endedAt)
        }
        return restored
    }

    /// Lessons running now.
    package var lessonCount: Int { byID.count }

    /// Students in all running lessons, connected or not.
    package func studentCount() async -> Int {
        var total = 0
        for host in byID.values { total += await host.studentCount() }
        return total
    }

    /// Stops every lesson's timers (at shutdown; their state is already stored) and waits for
    /// checkpoints being written.
    package func stopAll() async {
        for host in byID.values { await host.shutDown() }
    }

    // MARK: - Lessons

    func host(for code: JoinCode) -> (any RunningLesson)? { byCode[code] }

    /// The lesson with this code, unless it ended longer ago than the retention period: then
    /// it is dropped and the code answers `lesson-expired` (``isExpired(_:)``).
    func readableHost(for code: JoinCode) async -> (any RunningLesson)? {
        guard let host = byCode[code] else { return nil }
        guard let ended = endedLessons[host.record.id], isPastRetention(ended) else { return host }
        await expire(host)
        return nil
    }

    /// An ended lesson told the hub (it stays readable until the retention period is over).
    func lessonEnded(_ id: String, at time: Timestamp) {
        guard byID[id] != nil else { return }
        endedLessons[id] = time
        if let endWatcher { Task { await endWatcher(id) } }
    }

    /// Calls `watcher` with a lesson's id each time a lesson held here ends (the LMS grades go out then).
    package func watchLessonEnds(_ watcher: @escaping @Sendable (_ lessonId: String) async -> Void) {
        endWatcher = watcher
    }

    private func isPastRetention(_ ended: Timestamp) -> Bool {
        Double(services.clock.now().milliseconds(since: ended)) / 1000 > configuration.endedLessonRetentionSeconds
    }

    /// Drops every ended lesson whose retention is over, freeing its memory (run as lessons start).
    private func sweepExpiredLessons() async {
        for (id, ended) in endedLessons where isPastRetention(ended) {
            if let host = byID[id] { await expire(host) }
        }
    }

    private func expire(_ host: any RunningLesson) async {
        let id = host.record.id
        guard byID[id] === host else { return }
        byID[id] = nil
        endedLessons[id] = nil
        if byCode[host.record.code] === host { byCode[host.record.code] = nil }
        expired.insert(host.record.code)
        await ownership?.release(lesson: id)
        services.logger.info("Ended lesson expired", metadata: ["lesson": "\(id)"])
        await host.stop()
    }

    /// Erases from storage every lesson that ended longer ago than the retention period
    /// (`data.keepEndedLessonsDays`), as a teacher's erasure would and for good, and forgets any copy this node
    /// still holds. In a cluster every node sweeps; the store gives each lesson to exactly one.
    ///
    /// - Returns: The ids this node erased (none when storage could not be reached: logged, tried at the next sweep).
    @discardableResult
    package func eraseExpiredLessons() async -> [String] {
        let before = services.clock.now().adding(milliseconds: -Int64(configuration.endedLessonRetentionSeconds * 1000))
        let erased: [String]
        do {
            erased = try await services.storage.eraseLessons(endedBefore: before)
        } catch {
            services.logger.warning(
                "Could not erase lessons past their retention; the next sweep tries again",
                metadata: ["error": "\(error)"])
            return []
        }
        for id in erased {
            if let host = byID[id] { await expire(host) }
            services.logger.notice("Erased an ended lesson past its retention", metadata: ["lesson": "\(id)"])
        }
        return erased
    }

    /// Sweeps with ``eraseExpiredLessons()`` now and every `interval` of the hub's clock, until cancelled.
    package func sweepRetention(every interval: Duration) async {
        let milliseconds = interval.components.seconds * 1000 + interval.components.attoseconds / 1_000_000_000_000_000
        while !Task.isCancelled {
            await eraseExpiredLessons()
            do {
                try await services.clock.sleep(until: services.clock.now().adding(milliseconds: milliseconds))
            } catch {
                return
            }
        }
    }

    /// Whether the code belonged to an ended lesson whose retention period has run out.
    func isExpired(_ code: JoinCode) -> Bool { expired.contains(code) }

    /// Whether the lesson with this code is being rebuilt after a failed write.
    func isReloading(_ code: JoinCode) -> Bool { reloading.contains(code) }

    /// Creates a lesson from the teacher's `create` or `import` message.
    ///
    /// A wrong key counts against the sender's address (``FailedAttempt/teacherKey``); once it
    /// has used up its tries, every key from it, right or wrong, is answered `rate-limited`. A
    /// signed-in teacher's session token in place of the key makes the lesson theirs; the key makes
    /// it the administrator's.
    func create(key: String, definition: LessonDefinition, options: LessonOptions?, from address: String) async
        -> Result<CreatedLesson, ProtocolError>
    {
        let owner: TeacherRecord?
        switch await authority(key, from: address) {
        case .success(let teacher): owner = teacher
        case .failure(let refusal): return .failure(refusal)
        }
        var lessonConfiguration = configuration.lessonDefaults
        lessonConfiguration.options = options ?? LessonOptions()
        var random = SystemRandomNumberGenerator()
        lessonConfiguration.nameSeed = random.next()
        return await start(definition: definition, configuration: lessonConfiguration, owner: owner)
    }

    /// Starts a new lesson (create, import or clone): stored first, then running.
    ///
    /// The lesson holds digests of its tokens (``TokenForm/digest``); the teacher's raw token
    /// exists only in the result.
    func start(
        definition: LessonDefinition, configuration lessonConfiguration: LessonConfiguration,
        owner: TeacherRecord? = nil
    ) async -> Result<CreatedLesson, ProtocolError> {
        var definition = definition
        // A lesson of a loaded model file keeps the file as it is now: a later change to the file changes it not.
        if definition.modelFile == nil, let file = services.models.entry(for: definition.model)?.file {
            definition.modelFile = ModelFileCopy(file)
        }
        await sweepExpiredLessons()
        let running = byID.count - endedLessons.count
        guard running < configuration.maxLessons else {
            return .failure(
                ProtocolError(
                    .tooManyLessons,
                    HubWords.word("hub.lessons.tooMany", ["count": .int(running)])))
        }
        var random = SystemRandomNumberGenerator()
        var code = JoinCode.random(using: &random)
        while byCode[code] != nil || reservedCodes.contains(code) { code = JoinCode.random(using: &random) }
        reservedCodes.insert(code)
        defer { reservedCodes.remove(code) }
        expired.remove(code)
        // The raw token goes back to the teacher only; the record and the lesson hold its digest.
        let token: AccessToken
        let held: AccessToken
        do {
            token = try Secrets.token()
            held = try TokenForm.digest.held(token)
        } catch {
            return .failure(error)
        }
        let record = LessonRecord(
            id: UUID().uuidString.lowercased(), code: code, teacherToken: held, tokens: .digest, definition: definition,
            configuration: lessonConfiguration, createdAt: services.clock.now())
        let host: any RunningLesson
        do {
            let empty = LessonRecoveryPoint(checkpoint: nil, entries: [])
            host = try await Self.makeHost(record, from: empty, services: services).host
        } catch {
            return .failure(error)
        }
        do {
            try await services.storage.createLesson(record)
            services.storageWrote(true)
        } catch {
            services.storageWrote(false)
            services.logger.error("Could not store a new lesson", metadata: ["error": "\(error)"])
            return .failure(
                ProtocolError(.internalError, "The server could not save the new lesson; try again in a moment."))
        }
        await recordOwner(owner, ofLesson: record.id)
        register(host)
        services.metrics.lessonCreated()
        services.logger.info(
            "Lesson created", metadata: ["lesson": "\(record.id)", "model": "\(definition.model.rawValue)"])
        return .success(CreatedLesson(code: code, token: token))
    }

    private func register(_ host: any RunningLesson) {
        byCode[host.record.code] = host
        byID[host.record.id] = host
    }

    /// Rebuilds one lesson, recording the replay as under way while it runs.
    ///
    /// - Parameter interruptedAttempt: The attempt whose replay died with the last process, if
    ///   one did: attempt 1 replayed the log; attempt 2 replays nothing after the newest
    ///   checkpoint; attempt 3 only the lesson's definition; after that the lesson is left alone.
    func rebuild(
        _ record: LessonRecord, interruptedAttempt: Int? = nil, endedAt: Timestamp? = nil
    ) async -> Bool {
        let attempt = (interruptedAttempt ?? 0) + 1
        if let interruptedAttempt {
            services.logger.error(
                "The server stopped while replaying this lesson last time; restoring it without that replay",
                metadata: ["lesson": "\(record.id)", "attempt": "\(interruptedAttempt)"])
        }
        guard attempt <= RecoveryMode.lastAttempt else {
            services.logger.error(
                "The lesson crashed the server in every way of restoring it; it is left in storage unrestored",
                metadata: ["lesson": "\(record.id)"])
            return false
        }
        do {
            try await services.storage.beginReplay(ofLesson: record.id, attempt: attempt)
        } catch {
            services.logger.warning(
                "Could not record that the lesson is being replayed; a crash during it would not be detected",
                metadata: ["lesson": "\(record.id)", "error": "\(error)"])
        }
        do {
            let point = try await services.storage.recovery(ofLesson: record.id)
            let mode = RecoveryMode(attempt: attempt)
            let (host, restoration) = try await Self.makeHost(
                record, from: point, mode: mode, services: services, endedAt: endedAt)
            register(host)
            if let endedAt { endedLessons[record.id] = endedAt }
            services.logger.info(
                "Lesson restored",
                metadata: [
                    "lesson": "\(record.id)", "entries": "\(restoration.entries)",
                    "checkpoint": "\(restoration.checkpoint.map(String.init) ?? "none")",
                    "replayed": "\(restoration.replayed)", "ended": "\(endedAt != nil)",
                ])
            await endReplay(of: record.id)
            return true
        } catch {
            services.logger.error(
                "Could not restore a lesson", metadata: ["lesson": "\(record.id)", "error": "\(error)"])
            await endReplay(of: record.id)
            return false
        }
    }

    /// Clears the record that the lesson's replay is under way: it finished, well or not, without a crash.
    private func endReplay(of id: String) async {
        do { try await services.storage.endReplay(ofLesson: id) } catch {
            services.logger.warning(
                "Could not clear the record of the lesson's replay; the next start restores it more cautiously",
                metadata: ["lesson": "\(id)", "error": "\(error)"])
        }
    }

    /// Drops a stopped lesson; with `reload`, rebuilds it from storage (after a failed write).
    func forget(_ id: String, reload: Bool) async {
        guard let host = byID.removeValue(forKey: id) else { return }
        let endedAt = endedLessons.removeValue(forKey: id)
        if byCode[host.record.code].map({ $0 === host }) ?? false { byCode[host.record.code] = nil }
        guard reload else {
            await ownership?.release(lesson: id)
            return
        }
        reloading.insert(host.record.code)
        defer { reloading.remove(host.record.code) }
        // In a cluster, only while this node still holds (or can take back) the lesson's lease.
        if let ownership, (try? await ownership.claim(lesson: id)) != true { return }
        _ = await rebuild(host.record, endedAt: endedAt)
    }
}

/// What a failed attempt guessed at, for the per-address limiter (``Hub/mayTry(_:from:)``).
enum FailedAttempt {
    /// A lesson code or a token: `join`, `resume`, `teach`, `observe`.
    case lessonAccess
    /// The teacher key: `create`, `import`, `describeModels`.
    case teacherKey
}

/// Lets the hub's service closures reach the hub once it exists.
private final class HubReference: @unchecked Sendable {
    // @unchecked Sendable: `hub` is written once, in Hub.init, before the closures that read
    // it can be called (nothing can reach them until init returns); after that it only reads.
    weak var hub: Hub?
}

/// Secrets from the system's cryptographic generator (getrandom on Linux).
enum Secrets {
    /// A fresh 128-bit token.
    static func token() throws(ProtocolError) -> AccessToken {
        // Two draws of 64 bits, not sixteen of one byte: each draw is a system call, and a join
        // storm mints thousands of tokens a second.
        var random = SystemRandomNumberGenerator()
        let words: [UInt64] = [random.next(), random.next()]
        let bytes = words.flatMap { word in (0..<8).map { UInt8(truncatingIfNeeded: word >> (8 * $0)) } }
        return try AccessToken(randomBytes: bytes)
    }
}
