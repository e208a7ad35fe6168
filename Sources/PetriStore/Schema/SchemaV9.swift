import GRDB

/// Migration `v9`: lesson plans shared by link. Shipped once released; never edit it — add a later one instead (see
/// STYLE.md §9).
///
/// A link's token (unique) and the stored plan it opens, at most one link per plan. Removing the plan (or its owner,
/// which removes the plan) removes its link; saving the plan again keeps it.
enum SchemaV9 {
    static let identifier = "v9"

    @Sendable static func migrate(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE planShare (
                    token TEXT NOT NULL PRIMARY KEY,
                    planId INTEGER NOT NULL UNIQUE REFERENCES plan (id) ON DELETE CASCADE,
                    sharedAt DOUBLE NOT NULL
                );
                """)
    }
}
