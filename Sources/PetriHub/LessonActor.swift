import Logging
import PetriLesson
import PetriProtocol
import PetriSimulation
import PetriStorage
import PetriTransport
import PetriWords

/// One lesson's owner: the only place its ``Lesson`` state lives and changes.
///
/// Commands go through a mailbox and are handled in batches: every command of a batch is
/// applied in memory, their log entries are stored in one write (group commit), and only
/// then are their effects performed, in order. So nothing is acknowledged before it is
/// durable, ten thousand joins do not cost ten thousand fsyncs, and effects never
/// interleave between commands. The next batch is applied while the previous one's write
/// is under way (see ``run()``). Actor-isolated; callers just `await handle(...)`.
actor LessonActor<Model: SteppingModel>: RunningLesson {
    struct Job {
        var command: LessonCommand
        var connection: ConnectionID?
        /// Who sent it when not read from the connection's membership (a student's `left`).
        var actor: Participant?
        /// The raw resume token to send in place of the digest in a join's welcome.
        var token: AccessToken?
        /// The caller answers a rejection itself (see ``RunningLesson/handle(_:from:revealing:quietly:language:)``).
        var quiet = false
        /// When a timer's command (a tick) was due, for ``LessonEnvironment/stepObserver``.
        var scheduled: Timestamp?
        /// The language the connection asked for, if it did.
        var language: Language?
        var done: CheckedContinuation<HostResult, Never>
    }

    struct Member {
        var participant: Participant
        var session: Int
        /// The language the connection asked for; nil: the lesson's.
        var language: Language?
    }

    nonisolated let record: LessonRecord
    var lesson: Lesson<Model>
    let services: LessonEnvironment
    let logger: Logger

    /// Commands waiting their turn, from `mailboxStart` on: each turn takes at most
    /// ``LessonEnvironment/commandsPerTurn`` of them (see ``nextBatch()``).
    private var mailbox: [Job] = []
    private var mailboxStart = 0
    /// Joins and resumes waiting their turn: a turn that empties `mailbox` takes at most
    /// ``LessonEnvironment/arrivalsPerTurn`` of these after it, so a step never waits behind more
    /// than one bounded slice of a join storm (see ``nextBatch()``).
    private var arrivals: [Job] = []
    private var arrivalsStart = 0
    private var wake: CheckedContinuation<Void, Never>?
    /// Whether the write of the turn under way has returned (see ``run()``).
    private var written = false
    /// The jobs of the turn being written and of the batch applied behind it: what a failed write fails.
    private var unstoredJobs: (writing: [Job], behind: [Job]) = ([], [])
    /// A write failed and the lesson stopped to reload (``wrote(_:)`` handled it the moment it returned).
    private var writeFailed = false
    private var loop: Task<Void, Never>?
    var stopped = false
    /// What a command that arrives after ``stop()`` is answered (the session sends it).
    var stoppedBecause = ProtocolError(.lessonEnded, HubWords.word("hub.lesson.ended"))

    var members: [ConnectionID: Member] = [:]
    /// Every attached connection, kept as an array so a broadcast hands the transport one list.
    var everyoneList: [ConnectionID] = []
    var everyoneIndex: [ConnectionID: Int] = [:]
    var studentConnections: [StudentID: ConnectionID] = [:]
    var teacherList: Set<ConnectionID> = []
    /// Connections attached with `observe` (projectors): broadcasts, counts, no names of who answered.
    var observerList: Set<ConnectionID> = []
    /// The newest class size for observers not yet queued: a join storm tells them once per turn.
    var pendingClassSize: ClassSize?

    /// What this turn of the mailbox has to send and close, handed to the transport in one
    /// batch (``flushOutbox()``) so each student's messages of a generation can go out in one write.
    var outbox: [TransportInstruction] = []
    /// Writes this lesson's welcomes, keeping the parts every welcome shares.
    var welcomeEncoder = WelcomeEncoder()
    /// The last snapshot encoded and its bytes: every welcome of a join storm carries the same
    /// picture, encoded once.
    var encodedSnapshot: (header: SnapshotHeader, snapshot: Model.Snapshot, bytes: [UInt8])?
    /// The newest history pages encoded (a few), for the same reason.
    var encodedHistory: [(page: HistoryPage, bytes: [UInt8])] = []

    /// The teacher's answer count not yet queued (see ``countForTeacher(_:answered:students:answeredBy:)``).
    var teacherCount: TeacherCount?

    struct TeacherCount {
        var question: QuestionID
        var answered: Int
        var students: Int
        var answeredBy: [StudentID]
    }

    var ticker: Task<Void, Never>?
    var deadlines: [QuestionID: Task<Void, Never>] = [:]
    /// The plan's timed pause (``LessonEffect/schedulePlanTimer(at:)``).
    var planTimer: Task<Void, Never>?
    /// Sends `huntEnd` when the hunt round under way is over.
    var huntTimer: Task<Void, Never>?
    var endHandled = false
    var checkpoints: CheckpointSchedule
    /// Stops the replicates running for this lesson, if any.
    var replicateCancellation: ReplicateCancellation?

    /// Why the lesson was restored short of its last log entry, told to each teacher who attaches.
    let recoveryNotice: String?
    /// What restoring the model needs (the make-up's reel replays the lesson's log with it).
    let source: Model.Source
    /// The lesson's make-up: its record, the class's reel and its students (``LessonActor+Makeup``).
    var makeups = MakeupBook<Model>()

    /// - Parameters:
    ///   - checkpoint: The log entry and generation of the lesson's newest durable checkpoint;
    ///     (0, 0) for none.
    ///   - endedAt: When the lesson's end was stored, for a lesson restored after its end.
    ///   - notice: Why the lesson was restored short of its log, if it was.
    init(
        record: LessonRecord, lesson: Lesson<Model>, services: LessonEnvironment, source: Model.Source,
        checkpoint: (sequence: Int, generation: Int) = (0, 0), endedAt: Timestamp? = nil, notice: String? = nil
    ) {
        recoveryNotice = notice
        self.source = source
        self.record = record
        // A lesson restored after its end was stored needs no second end (no closes, no new end time).
        endHandled = endedAt != nil
        self.lesson = lesson
        self.services = services
        checkpoints = CheckpointSchedule(
            policy: services.checkpoints, checkpoint: checkpoint, generation: lesson.generation)
        var logger = services.logger
        logger[metadataKey: "lesson"] = "\(record.id)"
        self.logger = logger
    }

    /// Starts the mailbox, re-arms the timers a rebuilt lesson needs and runs again the replicates it
    /// was still waiting for.
    func start() {
        // Above the sessions that decode what students send: a flood of ten thousand answers would
        // otherwise be decoded and queued in full before the loop's next hop (a write returning, a
        // batch delivered) could run, and the lesson would store and answer none of it meanwhile.
        loop = Task(priority: .high) { await self.run() }
        checkpointIfDue(after: [])
        // A restored lesson's timers, and the replicates that were still running when the server stopped
        let resumed = lesson.pendingTimers + lesson.replicatesToResume
        Task {
            await self.perform(resumed, for: nil)
            self.flushOutbox()
        }
    }

    func handle(
        _ command: LessonCommand, from connection: ConnectionID?, revealing token: AccessToken?, quietly: Bool,
        language: Language?
    ) async -> HostResult {
        await enqueue(command, from: connection, as: nil, revealing: token, quietly: quietly, language: language)
    }

    func admit(_ command: LessonCommand) async -> HostResult {
        await enqueue(command, from: nil, as: .guest, quietly: true)
    }

    /// The auto-run timer fired for the step due at `scheduled`.
    func tick(scheduled: Timestamp) async -> HostResult {
        await enqueue(.tick, from: nil, as: nil, scheduled: scheduled)
    }

    private func enqueue(
        _ command: LessonCommand, from connection: ConnectionID?, as actor: Participant?,
        revealing token: AccessToken? = nil, quietly: Bool = false, scheduled: Timestamp? = nil,
        language: Language? = nil
    ) async -> HostResult {
        await withCheckedContinuation { continuation in
            guard !stopped else {
                continuation.resume(returning: HostResult(rejection: stoppedBecause, attached: false, told: false))
                return
            }
            let job = Job(
                command: command, connection: connection, actor: actor, token: token, quiet: quietly,
                scheduled: scheduled, language: language, done: continuation)
            if command.isArrival { arrivals.append(job) } else { mailbox.append(job) }
            if let wake {
                self.wake = nil
                wake.resume()
            }
        }
    }

    func connectionClosed(_ connection: ConnectionID) async {
        guard let member = members[connection] else { return }
        detach(connection)
        if case .student = member.participant {
            _ = await enqueue(.left(session: member.session), from: nil, as: member.participant)
        }
    }

    func stop() {
        stopped = true
        stopMakeupTimers()
        cancelReplicates()
        ticker?.cancel()
        for task in deadlines.values { task.cancel() }
        planTimer?.cancel()
        planTimer = nil
        huntTimer?.cancel()
        huntTimer = nil
        deadlines = [:]
        loop?.cancel()
        if let wake {
            self.wake = nil
            wake.resume()
        }
        for job in mailbox[mailboxStart...] + arrivals[arrivalsStart...] {
            job.done.resume(returning: HostResult(rejection: stoppedBecause, attached: false, told: false))
        }
        mailbox = []
        mailboxStart = 0
        arrivals = []
        arrivalsStart = 0
    }

    func studentCount() -> Int { lesson.rosterEntries.count }

    func studentResults() -> [StudentResult] { lesson.studentResults() }

    func queuedCommandCount() -> Int { mailbox.count - mailboxStart + arrivals.count - arrivalsStart }

    func appliedLogSequence() -> Int { lesson.lastLogSequence }

    // MARK: - The mailbox

    /// One turn's batch, applied in memory, on its way to the store and then to the transport.
    struct Turn {
        var batch: [Job]
        /// How many of the batch's first jobs are not arrivals (see ``deliver(_:)``).
        var urgent: Int
        var outcomes: [(Job, LessonOutcome<Model>)]
        var entries: [LogEntryToStore]
        /// The write of `entries`, once started (none when there are no entries): how long it took, or why it failed.
        var write: Task<Result<Duration, any Error>, Never>?
        /// The lesson's last log entry once the batch was applied.
        var lastSequence: Int
        /// Whether the lesson had ended once the batch was applied.
        var ended: Bool
        /// Whether an effect reads the stored lesson as of this batch (an erasure's checkpoint, a clone).
        var readsStoredState: Bool
    }

    /// Takes turns until the lesson stops, keeping the store busy while the lesson computes.
    ///
    /// While one turn's write is under way the next batch is applied in memory (so its entries are
    /// ready the moment the store is free); its write starts only once the earlier write returned,
    /// so the store holds the lesson's entries in order and a batch is never stored after one it
    /// followed failed. Nothing of either batch is sent or answered before its own write returned,
    /// turns are delivered in order, and a failed write fails the batch applied behind it too (both
    /// were told nothing; the lesson reloads from the store, which holds neither). A kill between the
    /// two leaves the store with the first batch and not the second, exactly as a kill during a
    /// single turn's write does.
    ///
    /// A turn whose delivery reads the lesson as it was stored (a checkpoint due after it, an erasure,
    /// a clone, the lesson's end) has no batch applied behind it: its write returns first.
    private func run() async {
        var inFlight: Turn?
        while !stopped {
            let waiting = mailboxStart < mailbox.count || arrivalsStart < arrivals.count
            if let turn = inFlight, written || (waiting && !mayApply(behind: turn)) {
                inFlight = nil
                guard await stored(turn, applyingBehind: nil) else { return }
                await deliver(turn)
                continue
            }
            guard waiting else {
                // Woken by a command or by the write under way returning (``wrote()``).
                await withCheckedContinuation { wake = $0 }
                continue
            }
            let (batch, urgent) = nextBatch()
            let next = apply(batch, urgent: urgent)
            guard let turn = inFlight else {
                inFlight = writing(next)
                continue
            }
            inFlight = nil
            unstoredJobs.behind = next.batch
            guard await stored(turn, applyingBehind: next) else { return }
            unstoredJobs.behind = []
            inFlight = writing(next)
            await deliver(turn)
        }
        // Stopped: a turn already applied is still stored and answered, as one under way always was.
        if let turn = inFlight, await stored(turn, applyingBehind: nil) { await deliver(turn) }
    }

    /// What the next turn handles: one bounded slice of the mailbox, in order; once that empties the
    /// mailbox, one bounded slice of the arrivals after it.
    ///
    /// Slices keep the pipeline of ``run()`` full: a flood of answers taken as one batch would be
    /// applied, then written, then delivered, each step waiting for the one before with nothing to do
    /// beside it; in slices, one slice is written while the next is applied and the one before it is
    /// delivered and sent.
    private func nextBatch() -> (batch: [Job], urgent: Int) {
        let urgent = Self.slice(of: &mailbox, from: &mailboxStart, atMost: services.commandsPerTurn)
        guard mailboxStart == mailbox.count else { return (urgent, urgent.count) }
        let admitted = Self.slice(of: &arrivals, from: &arrivalsStart, atMost: services.arrivalsPerTurn)
        return (urgent + admitted, urgent.count)
    }

    /// Takes at most `limit` (at least one) jobs of `queue` from `start` on, and drops the taken ones
    /// from the queue's storage when they are all of it or most of a long one.
    private static func slice(of queue: inout [Job], from start: inout Int, atMost limit: Int) -> [Job] {
        if start == 0, queue.count <= max(1, limit) {
            defer { queue = [] }
            return queue
        }
        let end = start + min(queue.count - start, max(1, limit))
        let taken = Array(queue[start..<end])
        start = end
        if start == queue.count {
            queue = []
            start = 0
        } else if start > 4096, start * 2 > queue.count {
            queue.removeFirst(start)
            start = 0
        }
        return taken
    }

    /// Reports a timed step just taken: to the metrics and to the hub's observer, if any.
    private func timedStep(due scheduled: Timestamp, at now: Timestamp) {
        services.metrics.tickLate(milliseconds: now.milliseconds(since: scheduled))
        services.stepObserver?(
            TimedStep(
                lesson: record.id, code: record.code, generation: lesson.generation, scheduled: scheduled, taken: now))
    }

    /// Who sent a job: its explicit actor, else the connection's membership (a guest until
    /// attached), else the server (ticks and deadlines have no connection).
    private func participant(for job: Job) -> Participant {
        if let actor = job.actor { return actor }
        guard let connection = job.connection else { return .server }
        return members[connection]?.participant ?? .guest
    }

    /// Applies every command of a turn in memory and collects their log entries (one write:
    /// group commit). Nothing is sent: that waits for the write (``deliver(_:)``).
    private func apply(_ batch: [Job], urgent: Int) -> Turn {
        let now = services.clock.now()
        var outcomes: [(Job, LessonOutcome<Model>)] = []
        var entries: [LogEntryToStore] = []
        var readsStoredState = false
        for job in batch {
            let actor = participant(for: job)
            let before = lesson.generation
            let outcome = lesson.handle(job.command, from: actor, at: now)
            if let scheduled = job.scheduled, lesson.generation != before { timedStep(due: scheduled, at: now) }
            for effect in outcome.effects {
                switch effect {
                case .persist(let entry, let facts):
                    entries.append(
                        LogEntryToStore(
                            entry: entry, generation: lesson.generation, facts: facts, tokens: record.tokens))
                case .eraseStored, .spawn:
                    readsStoredState = true
                default:
                    break
                }
            }
            outcomes.append((job, outcome))
        }
        return Turn(
            batch: batch, urgent: urgent, outcomes: outcomes, entries: entries, write: nil,
            lastSequence: lesson.lastLogSequence, ended: lesson.hasEnded, readsStoredState: readsStoredState)
    }

    /// Whether the next batch may be applied while `turn`'s write is under way: not when delivering
    /// `turn` reads the lesson as of its last entry (a checkpoint it makes due, an erasure, a clone,
    /// the lesson's end), since the lesson would by then hold the next batch too.
    private func mayApply(behind turn: Turn) -> Bool {
        guard !turn.ended, !turn.readsStoredState else { return false }
        var schedule = checkpoints
        schedule.stored(turn.entries)
        return !schedule.isDue(at: turn.lastSequence)
    }

    /// Starts storing a turn's entries, off the actor, so the lesson can apply the next batch meanwhile.
    private func writing(_ turn: Turn) -> Turn {
        guard !turn.entries.isEmpty else {
            written = true
            return turn
        }
        written = false
        unstoredJobs.writing = turn.batch
        var turn = turn
        let (storage, entries, id) = (services.storage, turn.entries, record.id)
        // At the mailbox's own priority: its completion (``wrote(_:)``) reaches the actor no later than a
        // job of the same turn's loop would have.
        turn.write = Task.detached(priority: Task.currentPriority) {
            let started = ContinuousClock.now
            let result: Result<Duration, any Error>
            do {
                try await storage.append(entries, toLesson: id)
                result = .success(started.duration(to: .now))
            } catch {
                result = .failure(error)
            }
            await self.wrote(result)
            return result
        }
        return turn
    }

    /// The write under way returned: the mailbox, if idle, goes on to deliver its turn. A failure is
    /// handled here at once, as it was when the turn itself awaited its write, so the senders hear that
    /// nothing was saved before anything else reaches them (a lost lease's close, say).
    private func wrote(_ result: Result<Duration, any Error>) async {
        written = true
        if let wake {
            self.wake = nil
            wake.resume()
        }
        if case .failure(let error) = result, !writeFailed {
            writeFailed = true
            await failStorage(error, batch: unstoredJobs.writing + unstoredJobs.behind)
        }
    }

    /// Waits for a turn's write; then what follows a durable write (checkpoints, the make-up's reel).
    ///
    /// - Parameter next: The batch applied behind it, if any: not yet written, and failed with it
    ///   if its write fails (neither was told anything).
    /// - Returns: whether the turn is stored; if not, the lesson has stopped to reload.
    private func stored(_ turn: Turn, applyingBehind next: Turn?) async -> Bool {
        guard let write = turn.write else { return true }
        switch await write.value {
        case .failure:
            // ``wrote(_:)`` failed this turn and the batch applied behind it (`next`), and stopped the lesson.
            return false
        case .success(let took):
            services.metrics.storeWrite(seconds: took)
            services.storageWrote(true)
        }
        if next == nil {
            checkpointIfDue(after: turn.entries)
        } else {
            // The lesson already holds the next batch, so no checkpoint of it now (``mayApply(behind:)``
            // made sure none was due); the next turn's write counts from here.
            checkpoints.stored(turn.entries)
        }
        makeupsFollow(turn.entries)
        return true
    }

    /// Performs a stored turn's effects in order and answers its commands.
    ///
    /// The first `urgent` jobs are not arrivals (joins and resumes come last in a batch): their
    /// effects go to the transport before the arrivals' welcomes are even encoded, so a step's
    /// snapshot leaves as soon as the turn is stored.
    private func deliver(_ turn: Turn) async {
        // Effects fill the outbox; it goes to the transport as one batch before anyone is
        // answered, so a sender's next message never overtakes what this one caused.
        var answers: [(CheckedContinuation<HostResult, Never>, HostResult)] = []
        for (index, (job, outcome)) in turn.outcomes.enumerated() {
            if index == turn.urgent, index > 0 { flushOutbox() }
            switch outcome {
            case .rejected(let error):
                if job.quiet {
                    answers.append((job.done, HostResult(rejection: error, attached: false, told: false)))
                    continue
                }
                if let connection = job.connection {
                    send(.error(error), toAll: [connection], in: job.language ?? language(of: connection))
                }
                services.metrics.rejected(error.code.rawValue)
                answers.append((job.done, HostResult(rejection: error, attached: false)))
            case .accepted(let effects):
                await perform(effects, for: job.connection, revealing: job.token, language: job.language)
                let attached = job.connection.map { members[$0] != nil } ?? false
                answers.append(
                    (
                        job.done,
                        HostResult(
                            rejection: nil, attached: attached,
                            language: attached ? job.connection.map(language(of:)) : nil)
                    ))
            }
        }
        flushOutbox()
        for (done, result) in answers { done.resume(returning: result) }
        // A turn that ended the lesson has nothing applied behind it (``mayApply(behind:)``).
        if turn.ended && !endHandled { await lessonEnded() }
    }
}
