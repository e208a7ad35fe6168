import Foundation
import Logging
import PetriProtocol
import PetriStorage
import PostgresNIO

extension PostgresLessonStorage {
    package func locate(code: JoinCode, endedSince: Timestamp) async throws -> LessonLocation {
        let rows = try await read("find a lesson by code") { connection in
            try await connection.run(
                """
                SELECT l.id, l.settings, l.ended_at, le.node,
                    COALESCE(le.expires_at > now() AND petri_node_present(le.node), false), n.url
                FROM lesson l LEFT JOIN lease le ON le.lesson_id = l.id LEFT JOIN node n ON n.id = le.node
                WHERE l.join_code = \(code.text)
                    AND (l.ended_at IS NULL OR l.ended_at >= \(endedSince.storedSeconds))
                ORDER BY l.ended_at IS NULL DESC, l.ended_at DESC LIMIT 1
                """, logger: self.logger
            ).decode((String, String, Double?, String?, Bool, String?).self).collected()
        }
        guard let row = rows.first else { return .unknown }
        if row.4, let owner = row.3, owner != node.id, let url = row.5 { return .elsewhere(url: url, lesson: row.0) }
        return .claimable(try LessonRecord(storedJSON: row.1), endedAt: row.2.map { Timestamp(storedSeconds: $0) })
    }

    /// The live leases of live nodes: the lease not run out, its node's session present (as ``locate(code:endedSince:)``
    /// counts a holder).
    package func holders() async throws -> [String: String] {
        let rows = try await read("list the lessons' holders") { connection in
            try await connection.run(
                "SELECT lesson_id, node FROM lease WHERE expires_at > now() AND petri_node_present(node)",
                logger: self.logger
            ).decode((String, String).self).collected()
        }
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }

    /// Claims a lesson whose lease expired, is this node's, or whose holder's session is gone (see
    /// `NodePresence`), raising its epoch so the previous holder can write nothing more.
    package func claim(lesson id: String) async throws -> Bool {
        let epochs = try await write("claim a lesson") { connection in
            try await connection.run(
                """
                INSERT INTO lease (lesson_id, node, epoch, expires_at)
                VALUES (\(id), \(self.node.id), 1, now() + \(self.leaseInterval)::interval)
                ON CONFLICT (lesson_id) DO UPDATE
                    SET node = EXCLUDED.node, epoch = lease.epoch + 1, expires_at = EXCLUDED.expires_at
                    WHERE lease.expires_at <= now() OR lease.node = EXCLUDED.node
                        OR NOT petri_node_present(lease.node)
                RETURNING epoch
                """, logger: self.logger
            ).decode(Int64.self).collected()
        }
        guard let epoch = epochs.first else { return false }
        took(id, epoch: epoch)
        return true
    }

    /// The first half of the key of the lock placements take one at a time ("Plac" in ASCII; presence locks use
    /// "Petr", see `NodePresence`).
    static let placementLock: Int32 = 1_349_280_099

    /// Takes the lease of a lesson nobody live holds for the live node running the fewest lessons that have not
    /// ended (this node on a tie, and always when the lease was this node's). Placements hold one transaction
    /// lock, so each counts the ones before it: a dead node's lessons, asked for at one node all at once, spread
    /// over every node left, a restarted (empty) one first. The lease a node is given here is claimed again by
    /// it when the client it is sent to arrives (a new epoch); given and never claimed, it runs out like any.
    package func place(lesson id: String) async throws -> LessonPlacement {
        let me = node.id
        let placed = try await write("place a lesson") { connection in
            _ = try await connection.run(
                "SELECT pg_advisory_xact_lock(\(Self.placementLock), 0)", logger: self.logger
            ).collect()
            return try await connection.run(
                """
                WITH live AS (
                    SELECT n.id, n.url, (
                        SELECT count(*) FROM lease le JOIN lesson l ON l.id = le.lesson_id
                        WHERE le.node = n.id AND le.expires_at > now() AND l.ended_at IS NULL
                    ) AS lessons
                    FROM node n WHERE n.id = \(me) OR petri_node_present(n.id)
                ), target AS (
                    SELECT id, url FROM live
                    ORDER BY COALESCE(id = (SELECT node FROM lease WHERE lesson_id = \(id)) AND id = \(me), false) DESC,
                        lessons, id <> \(me), id
                    LIMIT 1
                ), placed AS (
                    INSERT INTO lease (lesson_id, node, epoch, expires_at)
                    SELECT \(id), target.id, 1, now() + \(self.leaseInterval)::interval FROM target
                    ON CONFLICT (lesson_id) DO UPDATE
                        SET node = EXCLUDED.node, epoch = lease.epoch + 1, expires_at = EXCLUDED.expires_at
                        WHERE lease.expires_at <= now() OR lease.node = \(me) OR NOT petri_node_present(lease.node)
                    RETURNING lease.node, lease.epoch
                )
                SELECT placed.node, placed.epoch, target.url FROM placed, target
                """, logger: self.logger
            ).decode((String, Int64, String).self).collected()
        }
        guard let (holder, epoch, url) = placed.first else { return .taken }
        guard holder == me else {
            logger.info("Gave a lesson to a node running fewer", metadata: ["lesson": "\(id)", "node": "\(holder)"])
            return .elsewhere(url: url)
        }
        took(id, epoch: epoch)
        return .here
    }

    /// Counts a lease this node just took at `epoch` as its own.
    private func took(_ id: String, epoch: Int64) {
        held.withLock { $0[id] = epoch }
        counters.claimed()
        counters.owned(held.withLock { $0.count })
        logger.info("Claimed a lesson", metadata: ["lesson": "\(id)", "epoch": "\(epoch)"])
    }

    package func release(lesson id: String) async {
        guard let epoch = held.withLock({ $0.removeValue(forKey: id) }) else { return }
        counters.owned(held.withLock { $0.count })
        do {
            _ = try await write("release a lease") { connection in
                try await connection.run(
                    """
                    UPDATE lease SET expires_at = now()
                    WHERE lesson_id = \(id) AND node = \(self.node.id) AND epoch = \(epoch)
                    """, logger: self.logger)
            }
        } catch {
            logger.warning(
                "Could not release a lease; it expires by itself", metadata: ["lesson": "\(id)", "error": "\(error)"])
        }
    }

    /// Releases every lease this node holds (at a graceful shutdown: other nodes take over at once).
    func releaseAll() async {
        for id in held.withLock({ Array($0.keys) }) { await release(lesson: id) }
    }

    /// Whether this node holds its presence lock in PostgreSQL now (see `NodePresence`).
    var isPresent: Bool { presence?.isHeld ?? false }

    /// The leases this node holds now, by lesson id, with their epochs (for tests and metrics).
    package var heldLeases: [String: Int64] { held.withLock { $0 } }

    /// Changes the URL other nodes send clients to (once the port is known) and records it.
    ///
    /// - Throws: ``PostgresStoreError`` when PostgreSQL cannot be reached.
    package func advertise(_ url: String) async throws {
        advertised.withLock { $0 = url }
        try await announce()
        try await refreshNodeURLs()
    }

    /// Records this node and its advertised URL, so other nodes can redirect clients here.
    func announce() async throws {
        let url = advertised.withLock { $0 }
        _ = try await write("announce this node") { connection in
            try await connection.run(
                """
                INSERT INTO node (id, url, seen_at) VALUES (\(self.node.id), \(url), now())
                ON CONFLICT (id) DO UPDATE SET url = EXCLUDED.url, seen_at = now()
                """, logger: self.logger)
        }
    }

    /// The advertised URLs of the cluster's nodes seen in the last day, this one included, as last
    /// read: the pages a node serves may open WebSockets to them (a `redirect` points to one).
    package var clusterNodeURLs: [String] { nodeURLs.withLock { $0 } }

    /// Reads every recently seen node's advertised URL into ``clusterNodeURLs``.
    func refreshNodeURLs() async throws {
        let urls = try await read("list the cluster's nodes") { connection in
            try await connection.run(
                "SELECT url FROM node WHERE seen_at > now() - interval '1 day' ORDER BY url", logger: self.logger
            ).decode(String.self).collected()
        }
        nodeURLs.withLock { $0 = urls }
    }

    /// Renews this node's leases every renewal interval, until cancelled.
    func renewLoop() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(node.renewMilliseconds))
            guard !Task.isCancelled else { return }
            await renewOnce()
        }
    }

    /// One renewal: every lease this node holds gets a new expiry, in one statement. A lease
    /// the statement does not return was taken over; a node that cannot reach PostgreSQL for a
    /// whole lease duration counts all of its leases lost (another node may have claimed them;
    /// either way none of its writes could commit).
    func renewOnce() async {
        let started = ContinuousClock.now
        let mine = held.withLock { $0 }
        let url = advertised.withLock { $0 }
        do {
            let ids = Array(mine.keys)
            let epochs = mine.map { $0.value }
            let renewed = try await write("renew leases") { connection in
                try await connection.run(
                    "UPDATE node SET seen_at = now(), url = \(url) WHERE id = \(self.node.id)",
                    logger: self.logger)
                guard !ids.isEmpty else { return [(String, Int64)]() }
                return try await connection.run(
                    """
                    UPDATE lease SET expires_at = now() + \(self.leaseInterval)::interval
                    FROM unnest(\(ids)::text[], \(epochs)::bigint[]) AS mine(lesson_id, epoch)
                    WHERE lease.lesson_id = mine.lesson_id AND lease.epoch = mine.epoch AND lease.node = \(self.node.id)
                    RETURNING lease.lesson_id, lease.epoch
                    """, logger: self.logger
                ).decode((String, Int64).self).collected()
            }
            lastContact.withLock { $0 = started }
            try? await refreshNodeURLs()
            let kept = Set(renewed.map { "\($0.0) \($0.1)" })
            counters.renewed(renewed.count)
            for (id, epoch) in mine where !kept.contains("\(id) \(epoch)") { dropLease(id, epoch: epoch) }
        } catch {
            let since = lastContact.withLock { $0 } ?? started
            logger.warning("Could not renew leases", metadata: ["error": "\(error)"])
            guard since.duration(to: .now) >= .milliseconds(node.leaseMilliseconds) else { return }
            for (id, epoch) in mine { dropLease(id, epoch: epoch) }
        }
    }
}
