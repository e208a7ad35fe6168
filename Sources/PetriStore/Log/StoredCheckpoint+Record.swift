import Foundation
import GRDB

extension StoredCheckpoint: FetchableRecord, PersistableRecord {
    package static let databaseTableName = "checkpoint"

    package init(row: Row) throws {
        let state: Data = try row.decode(forColumn: "state")
        let stateHash: Int64 = try row.decode(forColumn: "stateHash")
        self.init(
            lessonId: try row.decode(forColumn: "lessonId"),
            seq: try row.decode(forColumn: "seq"),
            generation: try row.decode(forColumn: "generation"),
            state: Array(state),
            stateHash: UInt64(bitPattern: stateHash),
            at: try row.decode(forColumn: "at"))
    }

    package func encode(to container: inout PersistenceContainer) throws {
        container["lessonId"] = lessonId
        container["seq"] = seq
        container["generation"] = generation
        container["state"] = Data(state)
        // SQLite integers are signed 64-bit: keep the hash's bits, not its value.
        container["stateHash"] = Int64(bitPattern: stateHash)
        container["at"] = at
    }
}
