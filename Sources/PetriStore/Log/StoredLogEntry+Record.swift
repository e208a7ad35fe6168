import GRDB

// Fetchable only: the log is append-only, so there is no PersistableRecord (no update or delete);
// appends go through StoreTransaction.appendLogEntries, and triggers refuse changes made any other way.
extension StoredLogEntry: FetchableRecord, TableRecord {
    package static let databaseTableName = "action"

    package init(row: Row) throws {
        self.init(
            lessonId: try row.decode(forColumn: "lessonId"),
            seq: try row.decode(forColumn: "seq"),
            generation: try row.decode(forColumn: "generation"),
            kind: try row.decode(forColumn: "kind"),
            payload: try row.decode(forColumn: "payload"),
            at: try row.decode(forColumn: "at"))
    }
}
