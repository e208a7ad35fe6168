import GRDB

/// Migration `v5`: lesson plans, so that they live with the lessons (and `petri store copy` carries them).
/// Shipped once released; never edit it — add `v6` instead (see STYLE.md §9).
///
/// A plan is its file's text under a name, owned by a teacher (`ownerId`) or by the server (NULL); a name is
/// unique per owner. Removing a teacher removes their plans. The shipped plans are built in, never stored.
enum SchemaV5 {
    static let identifier = "v5"

    @Sendable static func migrate(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE plan (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL,
                    ownerId TEXT REFERENCES teacher (id) ON DELETE CASCADE,
                    text TEXT NOT NULL,
                    savedAt DOUBLE NOT NULL
                );
                CREATE UNIQUE INDEX plan_serverName ON plan (name) WHERE ownerId IS NULL;
                CREATE UNIQUE INDEX plan_ownerName ON plan (ownerId, name) WHERE ownerId IS NOT NULL;
                """)
    }
}
