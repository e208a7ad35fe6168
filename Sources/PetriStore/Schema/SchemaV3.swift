import GRDB

/// Migration `v3`: answers keep the student's reason for their prediction. Shipped once released;
/// never edit it — add `v4` instead (see STYLE.md §9).
///
/// A reason is at most 140 characters, sanitised by the lesson; NULL when the student gave none
/// (every answer stored before this version).
enum SchemaV3 {
    static let identifier = "v3"

    @Sendable static func migrate(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE answer ADD COLUMN reason TEXT")
    }
}
