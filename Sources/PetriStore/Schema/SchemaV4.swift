import GRDB

/// Migration `v4`: teachers' accounts, their one-time sign-in links and sessions, and who may teach
/// each lesson. Shipped once released; never edit it — add `v5` instead (see STYLE.md §9).
///
/// Names and emails are unique through keys the server computes (`nameKey`, `emailKey`: the text
/// lowercased), so that every store folds case the same way. Link secrets and session tokens are
/// 32-byte SHA-256 digests, never themselves; a password is its salted hash only. A lesson with no
/// `lessonTeacher` row is the administrator's (every lesson stored before this version).
/// Removing a teacher removes their links, sessions and shares; removing a lesson removes its rows here.
enum SchemaV4 {
    static let identifier = "v4"

    @Sendable static func migrate(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE teacher (
                    id TEXT NOT NULL PRIMARY KEY,
                    name TEXT NOT NULL,
                    nameKey TEXT NOT NULL UNIQUE,
                    email TEXT,
                    emailKey TEXT UNIQUE,
                    status TEXT NOT NULL CHECK (status IN ('active', 'disabled')),
                    passwordHash TEXT,
                    createdAt DOUBLE NOT NULL
                );
                CREATE TABLE signInLink (
                    digest BLOB NOT NULL PRIMARY KEY CHECK (length(digest) = 32),
                    teacherId TEXT NOT NULL REFERENCES teacher (id) ON DELETE CASCADE,
                    createdAt DOUBLE NOT NULL,
                    expiresAt DOUBLE NOT NULL,
                    usedAt DOUBLE
                );
                CREATE INDEX signInLink_byTeacher ON signInLink (teacherId);
                CREATE TABLE teacherSession (
                    digest BLOB NOT NULL PRIMARY KEY CHECK (length(digest) = 32),
                    teacherId TEXT NOT NULL REFERENCES teacher (id) ON DELETE CASCADE,
                    createdAt DOUBLE NOT NULL,
                    lastSeenAt DOUBLE NOT NULL,
                    address TEXT NOT NULL,
                    revokedAt DOUBLE
                );
                CREATE INDEX teacherSession_byTeacher ON teacherSession (teacherId);
                CREATE TABLE lessonTeacher (
                    lessonId TEXT NOT NULL REFERENCES lesson (id) ON DELETE CASCADE,
                    teacherId TEXT NOT NULL REFERENCES teacher (id) ON DELETE CASCADE,
                    role TEXT NOT NULL CHECK (role IN ('owner', 'co-teacher')),
                    PRIMARY KEY (lessonId, teacherId)
                );
                CREATE UNIQUE INDEX lessonTeacher_oneOwner ON lessonTeacher (lessonId) WHERE role = 'owner';
                CREATE INDEX lessonTeacher_byTeacher ON lessonTeacher (teacherId);
                """)
    }
}
