import PetriProtocol
import PetriStorage
import PostgresNIO

/// ``PlanStorage`` on PostgreSQL: one set of plans for every node of the cluster. Plan writes are not fenced
/// by a lesson's lease: any node may write them.
extension PostgresLessonStorage: PlanStorage {
    typealias PlanRow = (String, String?, String, Double)

    package func savePlan(_ plan: PlanRecord, replace: Bool) async throws -> Bool {
        try await write("save a lesson plan") { connection in
            // Insert first: of two nodes saving the same new name at once, one inserts and the other
            // finds the row (the unique indexes), and replaces it only if asked to.
            let inserted = try await connection.run(
                """
                INSERT INTO plan (name, owner_id, text, saved_at)
                VALUES (\(plan.name), \(plan.ownerId), \(plan.text), \(plan.savedAt.storedSeconds))
                ON CONFLICT DO NOTHING RETURNING 1
                """, logger: self.logger
            ).collect()
            if !inserted.isEmpty { return true }
            guard replace else { return false }
            try await connection.run(
                """
                UPDATE plan SET text = \(plan.text), saved_at = \(plan.savedAt.storedSeconds)
                WHERE name = \(plan.name) AND owner_id IS NOT DISTINCT FROM \(plan.ownerId)
                """, logger: self.logger)
            return true
        }
    }

    package func plans(ownedBy ownerId: String?) async throws -> [PlanRecord] {
        try await read("list lesson plans") { connection in
            try await connection.run(
                """
                SELECT name, owner_id, text, saved_at FROM plan
                WHERE owner_id IS NOT DISTINCT FROM \(ownerId) ORDER BY name
                """, logger: self.logger
            ).decode(PlanRow.self).collected()
        }.map(Self.plan)
    }

    package func plan(named name: String, ownedBy ownerId: String?) async throws -> PlanRecord? {
        try await read("read a lesson plan") { connection in
            try await connection.run(
                """
                SELECT name, owner_id, text, saved_at FROM plan
                WHERE name = \(name) AND owner_id IS NOT DISTINCT FROM \(ownerId)
                """, logger: self.logger
            ).decode(PlanRow.self).collected()
        }.first.map(Self.plan)
    }

    package func removePlan(named name: String, ownedBy ownerId: String?) async throws -> Bool {
        try await write("remove a lesson plan") { connection in
            try await !connection.run(
                """
                DELETE FROM plan WHERE name = \(name) AND owner_id IS NOT DISTINCT FROM \(ownerId) RETURNING 1
                """, logger: self.logger
            ).collect().isEmpty
        }
    }

    /// Stores the plans copied from another store, in one transaction, leaving each plan already here (same
    /// owner and name) as it is, so the copy can be run again. Run it after the accounts are copied.
    ///
    /// - Returns: How many plans were new.
    package func importPlans(_ plans: [PlanRecord]) async throws -> Int {
        try await write("copy lesson plans") { connection in
            var added = 0
            for plan in plans {
                added +=
                    try await connection.run(
                        """
                        INSERT INTO plan (name, owner_id, text, saved_at)
                        VALUES (\(plan.name), \(plan.ownerId), \(plan.text), \(plan.savedAt.storedSeconds))
                        ON CONFLICT DO NOTHING RETURNING 1
                        """, logger: self.logger
                    ).collect().count
            }
            return added
        }
    }

    /// Stores the plans' links copied from another store (after their plans), leaving each link already here as it
    /// is; a link whose plan is not here is left out.
    ///
    /// - Returns: How many links were new.
    package func importPlanShares(_ shares: [PlanShare]) async throws -> Int {
        try await write("copy lesson plans' links") { connection in
            var added = 0
            for share in shares {
                added +=
                    try await connection.run(
                        """
                        INSERT INTO plan_share (token, plan_id, shared_at)
                        SELECT \(share.token), id, \(share.sharedAt.storedSeconds) FROM plan
                        WHERE name = \(share.name) AND owner_id IS NOT DISTINCT FROM \(share.ownerId)
                        ON CONFLICT DO NOTHING RETURNING 1
                        """, logger: self.logger
                    ).collect().count
            }
            return added
        }
    }

    private static func plan(_ row: PlanRow) -> PlanRecord {
        PlanRecord(name: row.0, ownerId: row.1, text: row.2, savedAt: Timestamp(storedSeconds: row.3))
    }
}

/// ``PlanShareStorage`` on PostgreSQL: a link opens its plan on every node.
extension PostgresLessonStorage: PlanShareStorage {
    typealias ShareRow = (String, String, String?, Double)

    package func sharePlan(_ share: PlanShare) async throws -> PlanShare? {
        try await write("share a lesson plan") { connection in
            // Insert first: of two nodes sharing the same plan at once, one inserts and the other finds its link.
            let inserted = try await connection.run(
                """
                INSERT INTO plan_share (token, plan_id, shared_at)
                SELECT \(share.token), id, \(share.sharedAt.storedSeconds) FROM plan
                WHERE name = \(share.name) AND owner_id IS NOT DISTINCT FROM \(share.ownerId)
                ON CONFLICT DO NOTHING RETURNING 1
                """, logger: self.logger
            ).collect()
            if !inserted.isEmpty { return share }
            return try await connection.run(
                """
                SELECT plan_share.token, plan.name, plan.owner_id, plan_share.shared_at FROM plan_share
                JOIN plan ON plan.id = plan_share.plan_id
                WHERE plan.name = \(share.name) AND plan.owner_id IS NOT DISTINCT FROM \(share.ownerId)
                """, logger: self.logger
            ).decode(ShareRow.self).collected().first.map(Self.share)
        }
    }

    package func unsharePlan(named name: String, ownedBy ownerId: String?) async throws -> Bool {
        try await write("stop sharing a lesson plan") { connection in
            try await !connection.run(
                """
                DELETE FROM plan_share WHERE plan_id IN
                (SELECT id FROM plan WHERE name = \(name) AND owner_id IS NOT DISTINCT FROM \(ownerId)) RETURNING 1
                """, logger: self.logger
            ).collect().isEmpty
        }
    }

    package func sharedPlan(token: String) async throws -> (share: PlanShare, plan: PlanRecord)? {
        let rows = try await read("read a shared lesson plan") { connection in
            try await connection.run(
                """
                SELECT plan.name, plan.owner_id, plan.text, plan.saved_at, plan_share.shared_at FROM plan_share
                JOIN plan ON plan.id = plan_share.plan_id WHERE plan_share.token = \(token)
                """, logger: self.logger
            ).decode((String, String?, String, Double, Double).self).collected()
        }
        guard let row = rows.first else { return nil }
        let plan = PlanRecord(name: row.0, ownerId: row.1, text: row.2, savedAt: Timestamp(storedSeconds: row.3))
        return (PlanShare(token: token, name: row.0, ownerId: row.1, sharedAt: Timestamp(storedSeconds: row.4)), plan)
    }

    package func planShares(ownedBy ownerId: String?) async throws -> [PlanShare] {
        try await read("list lesson plans' links") { connection in
            try await connection.run(
                """
                SELECT plan_share.token, plan.name, plan.owner_id, plan_share.shared_at FROM plan_share
                JOIN plan ON plan.id = plan_share.plan_id
                WHERE plan.owner_id IS NOT DISTINCT FROM \(ownerId) ORDER BY plan.name
                """, logger: self.logger
            ).decode(ShareRow.self).collected()
        }.map(Self.share)
    }

    private static func share(_ row: ShareRow) -> PlanShare {
        PlanShare(token: row.0, name: row.1, ownerId: row.2, sharedAt: Timestamp(storedSeconds: row.3))
    }
}
