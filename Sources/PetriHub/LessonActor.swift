import Logging
import PetriLesson
import PetriProtocol
import PetriSimulation
import PetriTransport

/// One lesson's owner: the only place its ``Lesson`` state lives and changes.
///
/// Commands go through a mailbox and are handled in batches: every command of a batch is
/// applied in memory, their log entries are stored in one write (group commit), and only
/// then are their effects performed, in order. So nothing is acknowledged before it is
/// durable, ten thousand joins do not cost ten thousand fsyncs, and effects never
/// interleave between commands. Actor-isolated; callers just `await handle(...)`.
actor LessonActor<Model: SimulationModel>: RunningLesson {
    struct Job {
        var command: LessonCommand
        var connection: ConnectionID?
        /// Who sent it when not read from the connection's membership (a student's `left`).
        var actor: Participant?
        /// The raw resume token to send in place of the digest in a join's welcome.
        var token: AccessToken?
        /// The caller answers a rejection itself (see ``RunningLesson/handle(_:from:revealing:quietly:)``).
        var quiet = false
        var done: CheckedContinuation<HostResult, Never>
    }

    struct Member {
        var participant: Participant
        var session: Int
    }

    nonisolated let record: LessonRecord
    var lesson: Lesson<Model>
    let services: LessonEnvironment
    let logger: Logger

    private var mailbox: [Job] = []
    private var wake: CheckedContinuation<Void, Never>?
    private var loop: Task<Void, Never>?
    var stopped = false
    /// What a command that arrives after ``stop()`` is answered (the session sends it).
    var stoppedBecause = ProtocolError(.lessonEnded, "This lesson has ended; ask the teacher for a new code.")

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
    var endHandled = false
    var checkpoints: CheckpointSchedule
    /// Stops the replicates running for this lesson, if any.
    var replicateCancellation: ReplicateCancellation?

    /// Why the lesson was restored short of its last log entry, told to each teacher who attaches.
    let recoveryNotice: String?

    /// - Parameters:
    ///   - checkpoint: The log entry and generation of the lesson's newest durable checkpoint;
    ///     (0, 0) for none.
    ///   - endedAt: When the lesson's end was stored, for a lesson restored after its end.
    ///   - notice: Why the lesson was restored short of its log, if it was.
    init(
        record: LessonRecord, lesson: Lesson<Model>, services: LessonEnvironment,
        checkpoint: (sequence: Int, generation: Int) = (0, 0), endedAt: Timestamp? = nil, notice: String? = nil
    ) {
        recoveryNotice = notice
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

    /// Starts the mailbox and re-arms the timers a rebuilt lesson needs.
    func start() {
        loop = Task { await self.run() }
        checkpointIfDue(after: [])
        let timers = lesson.pendingTimers
        Task {
            await self.perform(timers, for: nil)
            self.flushOutbox()
        }
    }

    func handle(
        _ command: LessonCommand, from connection: ConnectionID?, revealing token: AccessToken?, quietly: Bool
    ) async -> HostResult {
        await enqueue(command, from: connection, as: nil, revealing: token, quietly: quietly)
    }

    private func enqueue(
        _ command: LessonCommand, from connection: ConnectionID?, as actor: Participant?,
        revealing token: AccessToken? = nil, quietly: Bool = false
    ) async -> HostResult {
        await withCheckedContinuation { continuation in
            guard !stopped else {
                continuation.resume(returning: HostResult(rejection: stoppedBecause, attached: false, told: false))
                return
            }
            mailbox.append(
                Job(
                    command: command, connection: connection, actor: actor, token: token, quiet: quietly,
                    done: continuation))
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
        cancelReplicates()
        ticker?.cancel()
        for task in deadlines.values { task.cancel() }
        deadlines = [:]
        loop?.cancel()
        if let wake {
            self.wake = nil
            wake.resume()
        }
        for job in mailbox {
            job.done.resume(returning: HostResult(rejection: stoppedBecause, attached: false, told: false))
        }
        mailbox = []
    }

    func studentCount() -> Int { lesson.rosterEntries.count }

    func queuedCommandCount() -> Int { mailbox.count }

    // MARK: - The mailbox

    private func run() async {
        while !stopped {
            if mailbox.isEmpty {
                await withCheckedContinuation { wake = $0 }
                continue
            }
            let batch = mailbox
            mailbox = []
            await process(batch)
        }
    }

    /// Who sent a job: its explicit actor, else the connection's membership (a guest until
    /// attached), else the server (ticks and deadlines have no connection).
    private func participant(for job: Job) -> Participant {
        if let actor = job.actor { return actor }
        guard let connection = job.connection else { return .server }
        return members[connection]?.participant ?? .guest
    }

    private func process(_ batch: [Job]) async {
        let now = services.clock.now()
        var outcomes: [(Job, LessonOutcome<Model>)] = []
        var entries: [LogEntryToStore] = []
        for job in batch {
            let actor = participant(for: job)
            let outcome = lesson.handle(job.command, from: actor, at: now)
            for case .persist(let entry, let facts) in outcome.effects {
                entries.append(
                    LogEntryToStore(entry: entry, generation: lesson.generation, facts: facts, tokens: record.tokens))
            }
            outcomes.append((job, outcome))
        }
        if !entries.isEmpty {
            let started = ContinuousClock.now
            do {
                try await services.storage.append(entries, toLesson: record.id)
                services.metrics.storeWrite(seconds: started.duration(to: .now))
                services.storageWrote(true)
            } catch {
                await failStorage(error, batch: batch)
                return
            }
            checkpointIfDue(after: entries)
        }
        // Effects fill the outbox; it goes to the transport as one batch before anyone is
        // answered, so a sender's next message never overtakes what this one caused.
        var answers: [(CheckedContinuation<HostResult, Never>, HostResult)] = []
        for (job, outcome) in outcomes {
            switch outcome {
            case .rejected(let error):
                if job.quiet {
                    answers.append((job.done, HostResult(rejection: error, attached: false, told: false)))
                    continue
                }
                if let connection = job.connection { send(.error(error), to: connection) }
                services.metrics.rejected(error.code.rawValue)
                answers.append((job.done, HostResult(rejection: error, attached: false)))
            case .accepted(let effects):
                await perform(effects, for: job.connection, revealing: job.token)
                let attached = job.connection.map { members[$0] != nil } ?? false
                answers.append((job.done, HostResult(rejection: nil, attached: attached)))
            }
        }
        flushOutbox()
        for (done, result) in answers { done.resume(returning: result) }
        if lesson.hasEnded && !endHandled { await lessonEnded() }
    }
}
