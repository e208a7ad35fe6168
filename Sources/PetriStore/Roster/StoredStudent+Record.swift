import Foundation
import GRDB
import PetriProtocol
import PetriStorage

extension StoredStudent: FetchableRecord, PersistableRecord {
    package static let databaseTableName = "student"

    package init(row: Row) throws {
        let studentId: StudentID = try row.decode(forColumn: "studentId")
        let digest: Data = try row.decode(forColumn: "resumeTokenHash")
        guard let resumeTokenHash = TokenHash(bytes: Array(digest)) else {
            throw StoreError.corruptDigest(table: "student", key: studentId.storedText)
        }
        self.init(
            lessonId: try row.decode(forColumn: "lessonId"),
            studentId: studentId,
            displayName: try row.decode(forColumn: "displayName"),
            resumeTokenHash: resumeTokenHash,
            joinedAt: try row.decode(forColumn: "joinedAt"),
            kicked: try row.decode(forColumn: "kicked"),
            score: try row.decode(forColumn: "score"),
            streak: try row.decode(forColumn: "streak"))
    }

    package func encode(to container: inout PersistenceContainer) throws {
        container["lessonId"] = lessonId
        container["studentId"] = studentId
        container["displayName"] = displayName
        container["resumeTokenHash"] = Data(resumeTokenHash.bytes)
        container["joinedAt"] = joinedAt
        container["kicked"] = kicked
        container["score"] = score
        container["streak"] = streak
    }
}
