import Foundation
import Logging
import PetriLesson
import PetriProtocol
import PetriStorage
import PostgresNIO
import Synchronization

/// ``LessonStorage`` on PostgreSQL, the store of a cluster of Petri nodes, with lesson leases.
///
/// The same guarantees as the SQLite store: a batch of log entries and the rows of the facts
/// stated with them (students, answers, scores) commit in one transaction before the call
/// returns, so nothing is acknowledged before it is durable; recovery reads the newest
/// checkpoint and the entries after it in one transaction; tokens are stored only as digests.
///
/// Ownership: a lesson is written by one node at a time, the holder of its lease (a row:
/// lesson, node, epoch, expiry; see ``LessonOwnership``). Every write transaction first locks
/// the lease row (`FOR SHARE`) and checks that it still names this node and the epoch this node
/// claimed; a claim by another node takes the row `FOR UPDATE` and raises the epoch. So the two
/// serialise in PostgreSQL, and once another node has claimed a lesson, nothing this node sends
/// for it can commit, whatever the clocks say: it gets ``PostgresStoreError/Code/leaseLost`` and
/// the hub drops the lesson. Expiry times are PostgreSQL's own clock (`now()`), one clock for
/// every node.
///
/// Failover: a lease is claimable once it expired, or at once when its holder's session is gone
/// (`NodePresence`: a session-level advisory lock PostgreSQL releases when the node's process dies
/// or its machine vanishes). So a dead node's lessons move as soon as a client asks another node for
/// them; the lease and its epoch stay the safety.
///
/// Thread-safe: the client is; the table of held leases is behind a mutex.
package final class PostgresLessonStorage: LessonStorage, LessonOwnership {
    package let client: PostgresClient
    package let node: ClusterNode
    let logger: Logger
    /// The epoch of each lease this node holds, by lesson id.
    let held = Mutex<[String: Int64]>([:])
    /// When PostgreSQL last answered the renewal (nil before the first).
    let lastContact = Mutex<ContinuousClock.Instant?>(nil)
    /// The URL other nodes redirect this node's clients to.
    let advertised: Mutex<String>
    /// Every node's advertised URL as last read (with each renewal): where this node's redirects can point.
    let nodeURLs = Mutex<[String]>([])
    let lost: AsyncStream<String>.Continuation
    package let lostLeases: AsyncStream<String>
    private let tasks = Mutex<[Task<Void, Never>]>([])
    let counters: LeaseCounters
    /// This node's presence lock (nil for a storage made without one, which other nodes see as absent).
    let presence: NodePresence?

    /// Connects (the pool connects lazily), migrates the schema and starts renewing leases.
    ///
    /// - Parameters:
    ///   - url: `postgres://user:password@host:port/database`.
    ///   - node: This node's identity and lease timing.
    ///   - migrate: Bring the schema up to date first (a node does; `petri store copy` reuses it).
    /// - Throws: ``PostgresStoreError`` when the URL is invalid or the schema cannot be brought up to date.
    package static func connect(
        url: String, node: ClusterNode, logger: Logger = Logger(label: "petri.store.postgres"),
        counters: LeaseCounters = .init(), reachWithin: Duration = .seconds(30)
    ) async throws -> PostgresLessonStorage {
        var parsed = try PostgresStoreURL(url)
        // Named in pg_stat_activity, for operators (and so a test can end one node's sessions).
        let name = [("application_name", "petri \(node.id)")]
        parsed.configuration.options.additionalStartupParameters = name
        parsed.connection.options.additionalStartupParameters = name
        // The pool would wait for a connection for ever, silently: try the server first, for a bounded time.
        try await waitUntilReachable(parsed, within: reachWithin, logger: logger)
        // The pool's own chatter (each failed connection attempt at info) only at errors: the node
        // says itself, once per renewal, that it cannot reach PostgreSQL.
        var background = logger
        background.logLevel = .error
        let client = PostgresClient(configuration: parsed.configuration, backgroundLogger: background)
        let presence = NodePresence(
            configuration: parsed.connection, nodeID: node.id, logger: logger, counters: counters)
        let storage = PostgresLessonStorage(
            client: client, node: node, logger: logger, counters: counters, presence: presence)
        storage.startBackground { await client.run() }
        do {
            _ = try await PostgresSchema.migrate(client, logger: logger)
        } catch {
            storage.close()
            throw error
        }
        try await storage.announce()
        try? await storage.refreshNodeURLs()
        await presence.tryOnce()
        storage.startBackground { await presence.run() }
        storage.startBackground { await storage.renewLoop() }
        return storage
    }

    /// Opens and closes one connection to the server, retrying (1, 2, 4, 8 s apart) for up to `within`
    /// while it cannot be reached, and logging a sentence with the reason before each retry.
    ///
    /// - Throws: ``PostgresStoreError`` naming the server and the reason once `within` has passed, or at
    ///   once when the server refuses this user or database (a wrong password, no such database): retrying
    ///   cannot help. Other refusals (too many clients, starting up) are retried.
    static func waitUntilReachable(_ url: PostgresStoreURL, within: Duration, logger: Logger) async throws {
        let started = ContinuousClock.now
        var delay = Duration.seconds(1)
        var attempt = 1
        var quiet = logger
        quiet.logLevel = .critical
        while true {
            do {
                let connection = try await PostgresConnection.connect(
                    configuration: url.connection, id: attempt, logger: quiet)
                try? await connection.close()
                return
            } catch {
                let psql = error as? PSQLError
                // A wrong user or password (28…) or no such database (3D000) will not change by waiting;
                // anything else the server says (too many clients, starting up) may.
                let state = psql?.serverInfo?[.sqlState] ?? ""
                if let message = psql?.serverInfo?[.message], state.hasPrefix("28") || state == "3D000" {
                    throw PostgresStoreError(
                        .databaseFailed,
                        "PostgreSQL at \(url.endpoint) refused this server: \(message). Check store.url (user, "
                            + "password, database).")
                }
                let reason =
                    psql?.serverInfo?[.message] ?? psql?.underlying.map { "\($0)" } ?? psql.map { "\($0.code)" }
                    ?? "\(error)"
                let remaining = within - (ContinuousClock.now - started)
                guard remaining > .zero else {
                    throw PostgresStoreError(
                        .databaseFailed,
                        "Could not reach PostgreSQL at \(url.endpoint) within \(within.components.seconds) s (\(reason)). "
                            + "Check store.url, that PostgreSQL is running, and that it accepts connections from this "
                            + "machine.")
                }
                let pause = min(delay, remaining)
                let shown = Double(pause.components.seconds) + Double(pause.components.attoseconds) / 1e18
                logger.warning(
                    "Cannot reach PostgreSQL at \(url.endpoint) (\(reason)); retrying in \(Int(shown.rounded(.up))) s")
                try await Task.sleep(for: pause)
                delay = min(delay * 2, .seconds(8))
                attempt += 1
            }
        }
    }

    init(
        client: PostgresClient, node: ClusterNode, logger: Logger, counters: LeaseCounters,
        presence: NodePresence? = nil
    ) {
        self.client = client
        self.presence = presence
        self.node = node
        self.logger = logger
        self.counters = counters
        advertised = Mutex(node.advertisedURL)
        (lostLeases, lost) = AsyncStream.makeStream(of: String.self)
    }

    private func startBackground(_ body: @escaping @Sendable () async -> Void) {
        tasks.withLock { $0.append(Task { await body() }) }
    }

    /// Stops renewing and closes the connections (other nodes may then claim this node's leases at
    /// once: its presence session ends).
    package func close() {
        let running = tasks.withLock { tasks in
            defer { tasks = [] }
            return tasks
        }
        for task in running { task.cancel() }
        presence?.stop()
        lost.finish()
    }

    // MARK: - LessonStorage

    package func createLesson(_ record: LessonRecord) async throws {
        let definition = try LogEncoding.json(record.definition)
        let settings = try record.storedJSON()
        let hash = record.tokens.storeHash(ofHeld: record.teacherToken)
        let epoch: Int64 = try await write("store a new lesson") { connection in
            do {
                try await connection.run(
                    """
                    INSERT INTO lesson (id, join_code, teacher_token_hash, model, definition, settings, created_at)
                    VALUES (\(record.id), \(record.code.text), \(ByteBuffer(bytes: hash.bytes)),
                        \(record.model.rawValue), \(definition), \(settings), \(record.createdAt.storedSeconds))
                    """, logger: self.logger)
            } catch let error where PostgresStoreError.isState(error, "23505") {
                throw PostgresStoreError(
                    .refused, "The join code \(record.code.text) or the lesson id is taken; choose another code.")
            }
            try await connection.run(
                """
                INSERT INTO lease (lesson_id, node, epoch, expires_at)
                VALUES (\(record.id), \(self.node.id), 1, now() + \(self.leaseInterval)::interval)
                """, logger: self.logger)
            return 1
        }
        held.withLock { $0[record.id] = epoch }
        counters.owned(held.withLock { $0.count })
    }

    package func append(_ entries: [LogEntryToStore], toLesson id: String) async throws {
        guard let first = entries.first?.entry.sequence else { return }
        // Each entry is encoded once; an answer's row takes its prediction from that encoding.
        let encoded = try entries.map { try LogEncoding.encode($0.entry) }
        let payloads = encoded.map(\.payload)
        try await fencedWrite(id, "store lesson actions") { connection in
            let last = try await Self.lastSeq(id, connection, self.logger)
            guard last + 1 == first else {
                throw PostgresStoreError(
                    .sequenceMismatch,
                    "Lesson \"\(id)\" expected to store action \(first) but its log ends at \(last); rebuild the "
                        + "lesson from the store.")
            }
            let seqs = entries.indices.map { Int64(first + $0) }
            let generations = entries.map { Int64($0.generation) }
            let kinds = entries.map { $0.entry.command.kind.rawValue }
            let times = entries.map(\.entry.time.storedSeconds)
            try await connection.run(
                """
                INSERT INTO action (lesson_id, seq, generation, kind, payload, at)
                SELECT \(id), * FROM unnest(\(seqs)::bigint[], \(generations)::bigint[], \(kinds)::text[],
                    \(payloads)::text[], \(times)::float8[])
                """, logger: self.logger)
            try await FactWriter(lesson: id, connection: connection, logger: self.logger).write(
                entries, encoded: encoded)
        }
    }

    package func recordScores(_ facts: [LessonFact], ofLesson id: String) async throws {
        guard !facts.isEmpty else { return }
        // Read first, rewrite only what differs: after a clean stop a restart writes nothing here.
        try await fencedWrite(id, "store scores") { connection in
            let writer = FactWriter(lesson: id, connection: connection, logger: self.logger)
            var rewritten = 0
            for fact in facts { rewritten += try await writer.repair(fact) }
            if rewritten > 0 {
                self.logger.notice(
                    "Rewrote scores the log had and the store did not",
                    metadata: ["lesson": "\(id)", "rows": "\(rewritten)"])
            }
        }
    }

    package func endLesson(id: String, at time: Timestamp) async throws {
        try await fencedWrite(id, "store that the lesson ended") { connection in
            try await connection.run(
                "UPDATE lesson SET ended_at = \(time.storedSeconds) WHERE id = \(id) AND ended_at IS NULL",
                logger: self.logger)
        }
    }

    package func unfinishedLessons() async throws -> [LessonRecord] {
        let rows = try await read("list unfinished lessons") { connection in
            try await connection.run(
                "SELECT settings FROM lesson WHERE ended_at IS NULL ORDER BY created_at, id", logger: self.logger
            ).decode(String.self).collected()
        }
        return try rows.map { try LessonRecord(storedJSON: $0) }
    }

    package func lessons(endedSince time: Timestamp) async throws -> [EndedLesson] {
        let rows = try await read("list ended lessons") { connection in
            try await connection.run(
                """
                SELECT settings, ended_at FROM lesson WHERE ended_at IS NOT NULL AND ended_at >= \(time.storedSeconds)
                ORDER BY ended_at, id
                """, logger: self.logger
            ).decode((String, Double).self).collected()
        }
        return try rows.map {
            EndedLesson(record: try LessonRecord(storedJSON: $0.0), endedAt: Timestamp(storedSeconds: $0.1))
        }
    }

    package func log(ofLesson id: String) async throws -> [LessonLogEntry] {
        let payloads = try await read("read a lesson's log") { connection in
            try await connection.run(
                "SELECT payload FROM action WHERE lesson_id = \(id) ORDER BY seq", logger: self.logger
            ).decode(String.self).collected()
        }
        return try payloads.map { try LogEncoding.decode($0) }
    }

    package func saveCheckpoint(
        _ checkpoint: LessonCheckpoint, ofLesson id: String, at time: Timestamp, keeping keep: Int
    ) async throws {
        try await fencedWrite(id, "store a checkpoint") { connection in
            let last = try await Self.lastSeq(id, connection, self.logger)
            guard (0...last).contains(checkpoint.sequence) else {
                throw PostgresStoreError(
                    .refused,
                    "A checkpoint of lesson \"\(id)\" at action \(checkpoint.sequence) is past its log, which ends at "
                        + "\(last); store the actions first.")
            }
            let hash = Int64(bitPattern: checkpoint.stateHash)
            try await connection.run(
                """
                INSERT INTO checkpoint (lesson_id, seq, generation, state, state_hash, at)
                VALUES (\(id), \(Int64(checkpoint.sequence)), \(Int64(checkpoint.generation)),
                    \(ByteBuffer(bytes: checkpoint.state)), \(hash), \(time.storedSeconds))
                ON CONFLICT (lesson_id, seq) DO UPDATE SET generation = EXCLUDED.generation, state = EXCLUDED.state,
                    state_hash = EXCLUDED.state_hash, at = EXCLUDED.at
                """, logger: self.logger)
            try await connection.run(
                """
                DELETE FROM checkpoint WHERE lesson_id = \(id) AND seq NOT IN (
                    SELECT seq FROM checkpoint WHERE lesson_id = \(id) ORDER BY seq DESC LIMIT \(max(1, keep)))
                """, logger: self.logger)
        }
    }

    /// One `DELETE ... RETURNING`: nodes sweeping at once each erase the lessons they deleted, none twice (the
    /// second waits for the first's row lock, then finds nothing). The old row versions stay in PostgreSQL's
    /// pages and WAL until vacuum (Deploy/README.md, Privacy).
    package func eraseLessons(endedBefore time: Timestamp) async throws -> [String] {
        try await write("erase lessons past their retention") { connection in
            try await connection.run(
                "DELETE FROM lesson WHERE ended_at IS NOT NULL AND ended_at < \(time.storedSeconds) RETURNING id",
                logger: self.logger
            ).decode(String.self).collected()
        }
    }

    /// One `DELETE ... RETURNING`, fenced by nothing: the administrator erases a lesson whichever node holds it. Its
    /// lease goes with it (`ON DELETE CASCADE`), so the holder's next renewal drops the lesson, and its writes
    /// meanwhile fail (their rows name a lesson that no longer exists).
    package func eraseLesson(id: String) async throws -> Bool {
        try await write("erase a lesson") { connection in
            try await connection.run("DELETE FROM lesson WHERE id = \(id) RETURNING id", logger: self.logger)
                .decode(String.self).collected()
        }.isEmpty == false
    }

    /// Every stored lesson with this join code (running or ended) in one `DELETE ... RETURNING`, fenced by nothing, as
    /// ``eraseLesson(id:)`` (`petri store erase-lesson --url`): their rows go by `ON DELETE CASCADE` (log, checkpoints,
    /// students, answers, make-ups, owners, LMS links and grades, leases), and a node running one closes it at its next
    /// lease renewal.
    ///
    /// - Returns: The ids of the lessons erased (none when no lesson has the code).
    package func eraseLessons(joinCode: String) async throws -> [String] {
        try await write("erase the lessons with a code") { connection in
            try await connection.run(
                "DELETE FROM lesson WHERE join_code = \(joinCode) RETURNING id", logger: self.logger
            ).decode(String.self).collected()
        }.sorted()
    }

    /// Rewrites the lesson's history in one fenced transaction (see ``LessonStorage/eraseStudent(_:keeping:ofLesson:at:)``).
    ///
    /// The log's append-only trigger is disabled and enabled again inside the transaction: nobody else ever
    /// sees it off, but `ALTER TABLE` holds a lock on `action` until the commit, so every node's log writes
    /// wait for the erasure (milliseconds). The deleted rows stay in PostgreSQL's pages and WAL until
    /// vacuum reclaims them (Deploy/README.md, Privacy).
    package func eraseStudent(
        _ student: StudentID, keeping checkpoint: LessonCheckpoint, ofLesson id: String, at time: Timestamp
    ) async throws {
        try await fencedWrite(id, "erase a student") { connection in
            let last = try await Self.lastSeq(id, connection, self.logger)
            guard checkpoint.sequence == last else {
                throw PostgresStoreError(
                    .refused,
                    "Erasing from lesson \"\(id)\" needs a checkpoint at its last action, \(last), not at "
                        + "\(checkpoint.sequence); store the actions first.")
            }
            let seq = Int64(checkpoint.sequence)
            let hash = Int64(bitPattern: checkpoint.stateHash)
            try await connection.run(
                """
                INSERT INTO checkpoint (lesson_id, seq, generation, state, state_hash, at)
                VALUES (\(id), \(seq), \(Int64(checkpoint.generation)),
                    \(ByteBuffer(bytes: checkpoint.state)), \(hash), \(time.storedSeconds))
                ON CONFLICT (lesson_id, seq) DO UPDATE SET generation = EXCLUDED.generation, state = EXCLUDED.state,
                    state_hash = EXCLUDED.state_hash, at = EXCLUDED.at
                """, logger: self.logger)
            try await connection.run(
                "DELETE FROM checkpoint WHERE lesson_id = \(id) AND seq <> \(seq)", logger: self.logger)
            try await connection.run("ALTER TABLE action DISABLE TRIGGER action_no_change", logger: self.logger)
            try await connection.run(
                "DELETE FROM action WHERE lesson_id = \(id) AND seq < \(seq)", logger: self.logger)
            try await connection.run("ALTER TABLE action ENABLE TRIGGER action_no_change", logger: self.logger)
            let studentId = student.storedText
            try await connection.run(
                "UPDATE student SET display_name = '' WHERE lesson_id = \(id) AND student_id = \(studentId)",
                logger: self.logger)
            try await connection.run(
                "UPDATE answer SET reason = NULL WHERE lesson_id = \(id) AND student_id = \(studentId)",
                logger: self.logger)
        }
    }

    package func recovery(ofLesson id: String) async throws -> LessonRecoveryPoint {
        let (checkpoint, payloads) = try await write("read a lesson's checkpoint and log") { connection in
            // One snapshot for both reads, so the checkpoint and the entries agree.
            try await connection.run("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ", logger: self.logger)
            let checkpoints = try await connection.run(
                """
                SELECT seq, generation, state_hash, state FROM checkpoint WHERE lesson_id = \(id)
                ORDER BY seq DESC LIMIT 1
                """, logger: self.logger
            ).decode((Int64, Int64, Int64, ByteBuffer).self).collected()
            let checkpoint = checkpoints.first.map {
                LessonCheckpoint(
                    sequence: Int($0.0), generation: Int($0.1), stateHash: UInt64(bitPattern: $0.2),
                    state: Array($0.3.readableBytesView))
            }
            let payloads = try await connection.run(
                "SELECT payload FROM action WHERE lesson_id = \(id) AND seq > \(Int64(checkpoint?.sequence ?? 0)) ORDER BY seq",
                logger: self.logger
            ).decode(String.self).collected()
            return (checkpoint, payloads)
        }
        let entries = try payloads.map { try LogEncoding.decode($0) }
        return LessonRecoveryPoint(checkpoint: checkpoint, entries: entries)
    }

    package func beginReplay(ofLesson id: String, attempt: Int) async throws {
        _ = try await write("record a replay") { connection in
            try await connection.run(
                """
                INSERT INTO replay (lesson_id, attempt) VALUES (\(id), \(attempt))
                ON CONFLICT (lesson_id) DO UPDATE SET attempt = EXCLUDED.attempt
                """, logger: self.logger)
        }
    }

    package func endReplay(ofLesson id: String) async throws {
        _ = try await write("clear a replay") { connection in
            try await connection.run("DELETE FROM replay WHERE lesson_id = \(id)", logger: self.logger)
        }
    }

    package func interruptedReplays() async throws -> [String: Int] {
        let rows = try await read("read replays") { connection in
            try await connection.run("SELECT lesson_id, attempt FROM replay", logger: self.logger)
                .decode((String, Int).self).collected()
        }
        return Dictionary(rows.map { ($0.0, $0.1) }, uniquingKeysWith: { $1 })
    }

    package func isWritable() async -> Bool {
        do {
            return try await withThrowingTaskGroup(of: Bool.self) { group in
                group.addTask {
                    try await self.client.withConnection { connection in
                        _ = try await connection.run("SELECT 1", logger: self.logger).collect()
                    }
                    return true
                }
                group.addTask {
                    try await Task.sleep(for: .seconds(2))
                    return false
                }
                let first = try await group.next() ?? false
                group.cancelAll()
                return first
            }
        } catch {
            return false
        }
    }
}
