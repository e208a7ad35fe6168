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
