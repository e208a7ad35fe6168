import Foundation
import GRDB
import PetriProtocol

extension StoredLesson: FetchableRecord, PersistableRecord {
    package static let databaseTableName = "lesson"

    package init(row: Row) throws {
        let id: String = try row.decode(forColumn: "id")
        let digest: Data = try row.decode(forColumn: "teacherTokenHash")
        guard let teacherTokenHash = TokenHash(bytes: Array(digest)) else {
            throw StoreError.corruptDigest(table: "lesson", key: id)
        }
        self.init(
            id: id,
            joinCode: try row.decode(forColumn: "joinCode"),
            teacherTokenHash: teacherTokenHash,
            model: try row.decode(forColumn: "model"),
            definition: try row.decode(forColumn: "definition"),
            settings: try row.decode(forColumn: "settings"),
            createdAt: try row.decode(forColumn: "createdAt"),
            endedAt: try row.decode(forColumn: "endedAt"))
    }

    package func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        container["joinCode"] = joinCode
        container["teacherTokenHash"] = Data(teacherTokenHash.bytes)
        container["model"] = model
        container["definition"] = definition
        container["settings"] = settings
        container["createdAt"] = createdAt
        container["endedAt"] = endedAt
    }
}

extension StoreError {
    static func corruptDigest(table: String, key: String) -> StoreError {
        StoreError(
            .corruptData,
            "A token digest in table \(table) (\(key)) is not 32 bytes; the database was changed outside Petri "
                + "or is damaged: restore it from a backup.")
    }
}
