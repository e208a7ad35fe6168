import GRDB
import PetriProtocol
import PetriStorage

/// Lesson plans (migration `v5`), synchronous like the rest of the store; ``SQLiteLessonStorage`` runs them on
/// its queue.
extension PetriStore {
    package func savePlan(_ plan: PlanRecord, replace: Bool) throws -> Bool {
        try write { db -> Bool in
            let existing = try Int64.fetchOne(
                db, sql: "SELECT id FROM plan WHERE name = ? AND ownerId IS ?", arguments: [plan.name, plan.ownerId])
            if let existing {
                guard replace else { return false }
                try db.execute(
                    sql: "UPDATE plan SET text = ?, savedAt = ? WHERE id = ?",
                    arguments: [plan.text, plan.savedAt.storedSeconds, existing])
            } else {
                try db.execute(
                    sql: "INSERT INTO plan (name, ownerId, text, savedAt) VALUES (?, ?, ?, ?)",
                    arguments: [plan.name, plan.ownerId, plan.text, plan.savedAt.storedSeconds])
            }
            return true
        }
    }

    package func plans(ownedBy ownerId: String?) throws -> [PlanRecord] {
        try read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM plan WHERE ownerId IS ? ORDER BY name", arguments: [ownerId]
            ).map(Self.plan)
        }
    }

    package func plan(named name: String, ownedBy ownerId: String?) throws -> PlanRecord? {
        try read { db in
            try Row.fetchOne(
                db, sql: "SELECT * FROM plan WHERE name = ? AND ownerId IS ?", arguments: [name, ownerId]
            ).map(Self.plan)
        }
    }

    package func removePlan(named name: String, ownedBy ownerId: String?) throws -> Bool {
        try write { db -> Bool in
            try db.execute(sql: "DELETE FROM plan WHERE name = ? AND ownerId IS ?", arguments: [name, ownerId])
            return db.changesCount == 1
        }
    }

    /// Every stored plan (the server's and each teacher's), as `petri store copy` moves them.
    package func plansCopy() throws -> [PlanRecord] {
        try read { db in try Row.fetchAll(db, sql: "SELECT * FROM plan ORDER BY ownerId, name").map(Self.plan) }
    }

    /// Shares a stored plan by link (migration `v9`), unless it is shared already.
    package func sharePlan(_ share: PlanShare) throws -> PlanShare? {
        try write { db -> PlanShare? in
            guard
                let id = try Int64.fetchOne(
                    db, sql: "SELECT id FROM plan WHERE name = ? AND ownerId IS ?",
                    arguments: [share.name, share.ownerId])
            else { return nil }
            if let row = try Row.fetchOne(
                db, sql: "SELECT token, sharedAt FROM planShare WHERE planId = ?", arguments: [id])
            {
                return PlanShare(
                    token: row["token"], name: share.name, ownerId: share.ownerId,
                    sharedAt: Timestamp(storedSeconds: row["sharedAt"]))
            }
            try db.execute(
                sql: "INSERT INTO planShare (token, planId, sharedAt) VALUES (?, ?, ?)",
                arguments: [share.token, id, share.sharedAt.storedSeconds])
            return share
        }
    }

    package func unsharePlan(named name: String, ownedBy ownerId: String?) throws -> Bool {
        try write { db -> Bool in
            try db.execute(
                sql: "DELETE FROM planShare WHERE planId IN (SELECT id FROM plan WHERE name = ? AND ownerId IS ?)",
                arguments: [name, ownerId])
            return db.changesCount == 1
        }
    }

    package func sharedPlan(token: String) throws -> (share: PlanShare, plan: PlanRecord)? {
        try read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT plan.*, planShare.token, planShare.sharedAt AS sharedAt2 FROM planShare
                    JOIN plan ON plan.id = planShare.planId WHERE planShare.token = ?
                    """, arguments: [token]
            ).map { row in
                let plan = Self.plan(row)
                return (
                    PlanShare(
                        token: row["token"], name: plan.name, ownerId: plan.ownerId,
                        sharedAt: Timestamp(storedSeconds: row["sharedAt2"])), plan
                )
            }
        }
    }

    package func planShares(ownedBy ownerId: String?) throws -> [PlanShare] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT planShare.token, planShare.sharedAt, plan.name, plan.ownerId FROM planShare
                    JOIN plan ON plan.id = planShare.planId WHERE plan.ownerId IS ? ORDER BY plan.name
                    """, arguments: [ownerId]
            ).map(Self.share)
        }
    }

    /// Every plan's link, as `petri store copy` moves them (after the plans).
    package func planSharesCopy() throws -> [PlanShare] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT planShare.token, planShare.sharedAt, plan.name, plan.ownerId FROM planShare
                    JOIN plan ON plan.id = planShare.planId ORDER BY plan.ownerId, plan.name
                    """
            ).map(Self.share)
        }
    }

    private static func share(_ row: Row) -> PlanShare {
        PlanShare(
            token: row["token"], name: row["name"], ownerId: row["ownerId"],
            sharedAt: Timestamp(storedSeconds: row["sharedAt"]))
    }

    private static func plan(_ row: Row) -> PlanRecord {
        PlanRecord(
            name: row["name"], ownerId: row["ownerId"], text: row["text"],
            savedAt: Timestamp(storedSeconds: row["savedAt"]))
    }
}

/// ``PlanStorage`` on the SQLite store, each call on the storage's queue like every lesson write.
extension SQLiteLessonStorage: PlanStorage {
    package func savePlan(_ plan: PlanRecord, replace: Bool) async throws -> Bool {
        try await run { store in try store.savePlan(plan, replace: replace) }
    }

    package func plans(ownedBy ownerId: String?) async throws -> [PlanRecord] {
        try await run { store in try store.plans(ownedBy: ownerId) }
    }

    package func plan(named name: String, ownedBy ownerId: String?) async throws -> PlanRecord? {
        try await run { store in try store.plan(named: name, ownedBy: ownerId) }
    }

    package func removePlan(named name: String, ownedBy ownerId: String?) async throws -> Bool {
        try await run { store in try store.removePlan(named: name, ownedBy: ownerId) }
    }
}

/// ``PlanShareStorage`` on the SQLite store.
extension SQLiteLessonStorage: PlanShareStorage {
    package func sharePlan(_ share: PlanShare) async throws -> PlanShare? {
        try await run { store in try store.sharePlan(share) }
    }

    package func unsharePlan(named name: String, ownedBy ownerId: String?) async throws -> Bool {
        try await run { store in try store.unsharePlan(named: name, ownedBy: ownerId) }
    }

    package func sharedPlan(token: String) async throws -> (share: PlanShare, plan: PlanRecord)? {
        try await run { store in
            try store.sharedPlan(token: token).map { SharedPlanRow(share: $0.share, plan: $0.plan) }
        }
        .map { ($0.share, $0.plan) }
    }

    package func planShares(ownedBy ownerId: String?) async throws -> [PlanShare] {
        try await run { store in try store.planShares(ownedBy: ownerId) }
    }
}

/// A shared plan with its link, to carry it off the store's queue (a tuple is not `Sendable`-checked as a result).
private struct SharedPlanRow: Sendable {
    var share: PlanShare
    var plan: PlanRecord
}
