import GRDB
import PetriProtocol

/// Migration `v1`: the first schema. Shipped; never edit it — add `v2` instead (see STYLE.md §9).
///
/// Written as plain SQL rather than GRDB's table DSL so that the migration is exactly the
/// history it records, whatever later versions of the DSL generate.
///
/// Conventions: ids are caller-chosen text; times are seconds since 1970 as `DOUBLE`, given by
/// the caller (the store reads no clock); JSON is `TEXT` checked with `json_valid`; token
/// digests are 32-byte SHA-256 `BLOB`s, never the tokens. Deleting a lesson cascades to all of
/// its rows (no code does it yet; it is there for retention). The action log is append-only:
/// triggers refuse to update an action or to delete one while its lesson exists.
enum SchemaV1 {
    static let identifier = "v1"

    @Sendable static func migrate(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE lesson (
                    id TEXT NOT NULL PRIMARY KEY,
                    joinCode TEXT NOT NULL,
                    teacherTokenHash BLOB NOT NULL CHECK (length(teacherTokenHash) = 32),
                    model TEXT NOT NULL,
                    definition TEXT NOT NULL CHECK (json_valid(definition)),
                    settings TEXT NOT NULL CHECK (json_valid(settings)),
                    createdAt DOUBLE NOT NULL,
                    endedAt DOUBLE
                );
                -- A join code names one lesson among those still running; ended lessons free theirs.
                CREATE UNIQUE INDEX lesson_unfinishedJoinCode ON lesson (joinCode) WHERE endedAt IS NULL;

                CREATE TABLE action (
                    lessonId TEXT NOT NULL REFERENCES lesson (id) ON DELETE CASCADE,
                    seq INTEGER NOT NULL CHECK (seq >= 1),
                    generation INTEGER NOT NULL CHECK (generation >= 0),
                    kind TEXT NOT NULL,
                    payload TEXT NOT NULL CHECK (json_valid(payload)),
                    at DOUBLE NOT NULL,
                    PRIMARY KEY (lessonId, seq)
                );
                CREATE TRIGGER action_noUpdate BEFORE UPDATE ON action
                BEGIN
                    SELECT RAISE(ABORT, 'the action log is append-only');
                END;
                -- Deleting the lesson (a cascade, which runs after the lesson row is gone) may remove its log.
                CREATE TRIGGER action_noDelete BEFORE DELETE ON action
                WHEN EXISTS (SELECT 1 FROM lesson WHERE id = OLD.lessonId)
                BEGIN
                    SELECT RAISE(ABORT, 'the action log is append-only');
                END;

                -- The lesson's state after applying actions 1...seq (seq 0: before any action).
                CREATE TABLE checkpoint (
                    lessonId TEXT NOT NULL REFERENCES lesson (id) ON DELETE CASCADE,
                    seq INTEGER NOT NULL CHECK (seq >= 0),
                    generation INTEGER NOT NULL CHECK (generation >= 0),
                    state BLOB NOT NULL,
                    stateHash INTEGER NOT NULL, -- a UInt64 stored as the Int64 with the same bits
                    at DOUBLE NOT NULL,
                    PRIMARY KEY (lessonId, seq)
                );

                CREATE TABLE student (
                    lessonId TEXT NOT NULL REFERENCES lesson (id) ON DELETE CASCADE,
                    studentId TEXT NOT NULL,
                    displayName TEXT NOT NULL,
                    resumeTokenHash BLOB NOT NULL UNIQUE CHECK (length(resumeTokenHash) = 32),
                    joinedAt DOUBLE NOT NULL,
                    kicked BOOLEAN NOT NULL DEFAULT 0 CHECK (kicked IN (0, 1)),
                    score INTEGER NOT NULL DEFAULT 0,
                    streak INTEGER NOT NULL DEFAULT 0,
                    PRIMARY KEY (lessonId, studentId)
                );

                -- One answer per student per question; points stay NULL until the question is resolved.
                CREATE TABLE answer (
                    lessonId TEXT NOT NULL,
                    questionId TEXT NOT NULL,
                    studentId TEXT NOT NULL,
                    prediction TEXT NOT NULL CHECK (json_valid(prediction)),
                    answeredAt DOUBLE NOT NULL,
                    usedHint BOOLEAN NOT NULL CHECK (usedHint IN (0, 1)),
                    points INTEGER,
                    PRIMARY KEY (lessonId, questionId, studentId),
                    FOREIGN KEY (lessonId, studentId) REFERENCES student (lessonId, studentId) ON DELETE CASCADE
                );
                CREATE INDEX answer_byStudent ON answer (lessonId, studentId);

                -- Server-wide values; `writeProbe` counts the writes of PetriStore.checkWritable().
                CREATE TABLE server (
                    key TEXT NOT NULL PRIMARY KEY,
                    value
                );
                """)
    }
}
