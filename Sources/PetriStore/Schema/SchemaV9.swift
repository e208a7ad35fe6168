import GRDB

/// Migration `v9`: make-up lessons. Shipped once released; never edit it — add a later one instead (see STYLE.md
/// §9). (`v7` and `v8` are taken by other branches; the migrator runs them in the order they are registered.)
///
/// One make-up per lesson, with its own code (unique), and its students: their make-up id, name, the hash of their
/// resume token (never the token), when they joined, their pace, and their playback as JSON (their moment,
/// answers and results), written before anything they did is acknowledged. Removing a lesson removes its make-up.
enum SchemaV9 {
    static let identifier = "v9"

    @Sendable static func migrate(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE makeup (
                    lessonId TEXT NOT NULL PRIMARY KEY REFERENCES lesson (id) ON DELETE CASCADE,
                    lessonCode TEXT NOT NULL,
                    code TEXT NOT NULL UNIQUE,
                    openedAt DOUBLE NOT NULL,
                    until DOUBLE,
                    closed INTEGER NOT NULL CHECK (closed IN (0, 1))
                );
                CREATE TABLE makeupStudent (
                    lessonId TEXT NOT NULL REFERENCES makeup (lessonId) ON DELETE CASCADE,
                    studentId INTEGER NOT NULL,
                    name TEXT NOT NULL,
                    tokenHash BLOB NOT NULL CHECK (length(tokenHash) = 32),
                    joinedAt DOUBLE NOT NULL,
                    pace TEXT NOT NULL,
                    play TEXT NOT NULL CHECK (json_valid(play)),
                    PRIMARY KEY (lessonId, studentId)
                );
                """)
    }
}
