import Logging
import PostgresNIO

/// The PostgreSQL schema as its history: each migration runs once, in order, recorded in
/// `petri_migration`. Append new ones; never change or remove one that has shipped (STYLE.md §9).
///
/// `v1` mirrors the SQLite store's schema (`PetriStore`'s `v1` and `v2`) in PostgreSQL's types:
/// ids are caller-chosen text; times are seconds since 1970 as `DOUBLE PRECISION`, given by the
/// caller; JSON is `TEXT` checked to parse (kept as text, so a log entry reads back byte for
/// byte); token digests are 32-byte `BYTEA`, never the tokens. The action log is append-only:
/// triggers refuse to update an action or to delete one while its lesson exists.
/// `v2` adds what a cluster needs: nodes and their advertised URLs, one lease per lesson, and the
/// replays under way (a shared table, since any node may be the next to restore a lesson).
/// `v3` adds the answers' reasons, as the SQLite store's `v3` does.
/// `v4` adds each node's presence: a number of its own (`presence_key`) under which the node holds a
/// session-level advisory lock on a connection of its own for as long as it runs, and
/// `petri_node_present(node)`, true while that lock is held. PostgreSQL releases the lock the moment
/// the node's session ends (process killed, machine gone, session terminated), so another node can
/// take its lessons over at once instead of waiting for their leases to run out.
/// `v5` adds teachers' accounts, sign-in links, sessions and who teaches each lesson, as the SQLite
/// store's `v4` does (names and emails unique through keys the server computes; secrets as digests).
/// `v6` adds lesson plans, as the SQLite store's `v5` does: a plan's text under a name unique per owner (a
/// teacher, or NULL for the server's plans); removing a teacher removes their plans.
/// `v7` adds Petri as an LTI 1.3 tool, as the SQLite store's `v6` does.
/// `v8` adds the grades going back to the LMS (which LMS user is which student, each activity's grade service
/// endpoints, the grades queue), as the SQLite store's `v7` does.
/// `v9` adds make-ups, as the SQLite store's `v8` does.
/// `v10` adds plans shared by link, as the SQLite store's `v9` does.
/// `v11` adds the LTI deep linking requests waiting for a teacher's pick, as the SQLite store's `v10` does.
enum PostgresSchema {
    struct Migration: Sendable {
        var identifier: String
        var statements: [String]
    }

    static let migrations: [Migration] = [
        Migration(
            identifier: "v1",
            statements: [
                """
                CREATE TABLE lesson (
                    id TEXT NOT NULL PRIMARY KEY,
                    join_code TEXT NOT NULL,
                    teacher_token_hash BYTEA NOT NULL CHECK (length(teacher_token_hash) = 32),
                    model TEXT NOT NULL,
                    definition TEXT NOT NULL CHECK (definition::jsonb IS NOT NULL),
                    settings TEXT NOT NULL CHECK (settings::jsonb IS NOT NULL),
                    created_at DOUBLE PRECISION NOT NULL,
                    ended_at DOUBLE PRECISION
                )
                """,
                "CREATE UNIQUE INDEX lesson_unfinished_join_code ON lesson (join_code) WHERE ended_at IS NULL",
                """
                CREATE TABLE action (
                    lesson_id TEXT NOT NULL REFERENCES lesson (id) ON DELETE CASCADE,
                    seq BIGINT NOT NULL CHECK (seq >= 1),
                    generation BIGINT NOT NULL CHECK (generation >= 0),
                    kind TEXT NOT NULL,
                    payload TEXT NOT NULL CHECK (payload::jsonb IS NOT NULL),
                    at DOUBLE PRECISION NOT NULL,
                    PRIMARY KEY (lesson_id, seq)
                )
                """,
                """
                CREATE FUNCTION action_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                    IF TG_OP = 'UPDATE' OR EXISTS (SELECT 1 FROM lesson WHERE id = OLD.lesson_id) THEN
                        RAISE EXCEPTION 'the action log is append-only';
                    END IF;
                    RETURN OLD;
                END $$
                """,
                """
                CREATE TRIGGER action_no_change BEFORE UPDATE OR DELETE ON action
                FOR EACH ROW EXECUTE FUNCTION action_append_only()
                """,
                """
                CREATE TABLE checkpoint (
                    lesson_id TEXT NOT NULL REFERENCES lesson (id) ON DELETE CASCADE,
                    seq BIGINT NOT NULL CHECK (seq >= 0),
                    generation BIGINT NOT NULL CHECK (generation >= 0),
                    state BYTEA NOT NULL,
                    state_hash BIGINT NOT NULL, -- a UInt64 stored as the Int64 with the same bits
                    at DOUBLE PRECISION NOT NULL,
                    PRIMARY KEY (lesson_id, seq)
                )
                """,
                """
                CREATE TABLE student (
                    lesson_id TEXT NOT NULL REFERENCES lesson (id) ON DELETE CASCADE,
                    student_id TEXT NOT NULL,
                    display_name TEXT NOT NULL,
                    resume_token_hash BYTEA NOT NULL UNIQUE CHECK (length(resume_token_hash) = 32),
                    joined_at DOUBLE PRECISION NOT NULL,
                    kicked BOOLEAN NOT NULL DEFAULT false,
                    score BIGINT NOT NULL DEFAULT 0,
                    streak BIGINT NOT NULL DEFAULT 0,
                    PRIMARY KEY (lesson_id, student_id)
                )
                """,
                """
                CREATE TABLE answer (
                    lesson_id TEXT NOT NULL,
                    question_id TEXT NOT NULL,
                    student_id TEXT NOT NULL,
                    prediction TEXT NOT NULL CHECK (prediction::jsonb IS NOT NULL),
                    answered_at DOUBLE PRECISION NOT NULL,
                    used_hint BOOLEAN NOT NULL,
                    points BIGINT,
                    PRIMARY KEY (lesson_id, question_id, student_id),
                    FOREIGN KEY (lesson_id, student_id) REFERENCES student (lesson_id, student_id) ON DELETE CASCADE
                )
                """,
                "CREATE INDEX answer_by_student ON answer (lesson_id, student_id)",
            ]),
        Migration(
            identifier: "v2",
            statements: [
                """
                CREATE TABLE node (
                    id TEXT NOT NULL PRIMARY KEY,
                    url TEXT NOT NULL,
                    seen_at TIMESTAMPTZ NOT NULL DEFAULT now()
                )
                """,
                """
                CREATE TABLE lease (
                    lesson_id TEXT NOT NULL PRIMARY KEY REFERENCES lesson (id) ON DELETE CASCADE,
                    node TEXT NOT NULL,
                    epoch BIGINT NOT NULL CHECK (epoch >= 1),
                    expires_at TIMESTAMPTZ NOT NULL
                )
                """,
                "CREATE INDEX lease_by_node ON lease (node)",
                """
                CREATE TABLE replay (
                    lesson_id TEXT NOT NULL PRIMARY KEY REFERENCES lesson (id) ON DELETE CASCADE,
                    attempt INTEGER NOT NULL CHECK (attempt >= 1)
                )
                """,
            ]),
        // Answers keep the student's reason for their prediction (the SQLite store's `v3`).
        Migration(identifier: "v3", statements: ["ALTER TABLE answer ADD COLUMN reason TEXT"]),
        Migration(
            identifier: "v4",
            statements: [
                "ALTER TABLE node ADD COLUMN presence_key INTEGER GENERATED BY DEFAULT AS IDENTITY UNIQUE",
                // The lock's key is the pair (1348826226, "Petr" in ASCII; presence_key), shown in pg_locks as
                // classid, objid and objsubid 2; locks in other databases on the same server do not count.
                """
                CREATE FUNCTION petri_node_present(node_id TEXT) RETURNS BOOLEAN LANGUAGE sql AS $$
                    SELECT EXISTS (
                        SELECT 1 FROM node n JOIN pg_locks l
                            ON l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
                                AND l.classid = 1348826226::oid AND l.objid = n.presence_key::oid
                                AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
                        WHERE n.id = node_id)
                $$
                """,
            ]),
        Migration(
            identifier: "v5",
            statements: [
                """
                CREATE TABLE teacher (
                    id TEXT NOT NULL PRIMARY KEY,
                    name TEXT NOT NULL,
                    name_key TEXT NOT NULL UNIQUE,
                    email TEXT,
                    email_key TEXT UNIQUE,
                    status TEXT NOT NULL CHECK (status IN ('active', 'disabled')),
                    password_hash TEXT,
                    created_at DOUBLE PRECISION NOT NULL
                )
                """,
                """
                CREATE TABLE sign_in_link (
                    digest BYTEA NOT NULL PRIMARY KEY CHECK (length(digest) = 32),
                    teacher_id TEXT NOT NULL REFERENCES teacher (id) ON DELETE CASCADE,
                    created_at DOUBLE PRECISION NOT NULL,
                    expires_at DOUBLE PRECISION NOT NULL,
                    used_at DOUBLE PRECISION
                )
                """,
                "CREATE INDEX sign_in_link_by_teacher ON sign_in_link (teacher_id)",
                """
                CREATE TABLE teacher_session (
                    digest BYTEA NOT NULL PRIMARY KEY CHECK (length(digest) = 32),
                    teacher_id TEXT NOT NULL REFERENCES teacher (id) ON DELETE CASCADE,
                    created_at DOUBLE PRECISION NOT NULL,
                    last_seen_at DOUBLE PRECISION NOT NULL,
                    address TEXT NOT NULL,
                    revoked_at DOUBLE PRECISION
                )
                """,
                "CREATE INDEX teacher_session_by_teacher ON teacher_session (teacher_id)",
                """
                CREATE TABLE lesson_teacher (
                    lesson_id TEXT NOT NULL REFERENCES lesson (id) ON DELETE CASCADE,
                    teacher_id TEXT NOT NULL REFERENCES teacher (id) ON DELETE CASCADE,
                    role TEXT NOT NULL CHECK (role IN ('owner', 'co-teacher')),
                    PRIMARY KEY (lesson_id, teacher_id)
                )
                """,
                "CREATE UNIQUE INDEX lesson_teacher_one_owner ON lesson_teacher (lesson_id) WHERE role = 'owner'",
                "CREATE INDEX lesson_teacher_by_teacher ON lesson_teacher (teacher_id)",
            ]),
        Migration(
            identifier: "v6",
            statements: [
                """
                CREATE TABLE plan (
                    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                    name TEXT NOT NULL,
                    owner_id TEXT REFERENCES teacher (id) ON DELETE CASCADE,
                    text TEXT NOT NULL,
                    saved_at DOUBLE PRECISION NOT NULL
                )
                """,
                "CREATE UNIQUE INDEX plan_server_name ON plan (name) WHERE owner_id IS NULL",
                "CREATE UNIQUE INDEX plan_owner_name ON plan (owner_id, name) WHERE owner_id IS NOT NULL",
            ]),
        Migration(
            identifier: "v7",
            statements: [
                """
                CREATE TABLE lti_platform (
                    id TEXT NOT NULL PRIMARY KEY,
                    issuer TEXT NOT NULL,
                    client_id TEXT NOT NULL,
                    auth_url TEXT NOT NULL,
                    token_url TEXT NOT NULL,
                    jwks_url TEXT NOT NULL,
                    deployment_ids TEXT NOT NULL CHECK (deployment_ids::jsonb IS NOT NULL),
                    created_at DOUBLE PRECISION NOT NULL,
                    UNIQUE (issuer, client_id)
                )
                """,
                """
                CREATE TABLE lti_tool_key (
                    one INTEGER NOT NULL PRIMARY KEY CHECK (one = 1),
                    kid TEXT NOT NULL,
                    private_key TEXT NOT NULL,
                    secret BYTEA NOT NULL CHECK (length(secret) = 32),
                    created_at DOUBLE PRECISION NOT NULL
                )
                """,
                """
                CREATE TABLE lti_launch_state (
                    digest BYTEA NOT NULL PRIMARY KEY CHECK (length(digest) = 32),
                    platform_id TEXT NOT NULL REFERENCES lti_platform (id) ON DELETE CASCADE,
                    nonce TEXT NOT NULL,
                    created_at DOUBLE PRECISION NOT NULL
                )
                """,
                """
                CREATE TABLE lti_nonce (
                    platform_id TEXT NOT NULL REFERENCES lti_platform (id) ON DELETE CASCADE,
                    nonce TEXT NOT NULL,
                    used_at DOUBLE PRECISION NOT NULL,
                    PRIMARY KEY (platform_id, nonce)
                )
                """,
                """
                CREATE TABLE lti_teacher (
                    platform_id TEXT NOT NULL REFERENCES lti_platform (id) ON DELETE CASCADE,
                    user_id TEXT NOT NULL,
                    teacher_id TEXT NOT NULL REFERENCES teacher (id) ON DELETE CASCADE,
                    PRIMARY KEY (platform_id, user_id)
                )
                """,
                """
                CREATE TABLE lti_lesson (
                    platform_id TEXT NOT NULL REFERENCES lti_platform (id) ON DELETE CASCADE,
                    deployment_id TEXT NOT NULL,
                    resource_link_id TEXT NOT NULL,
                    lesson_id TEXT NOT NULL REFERENCES lesson (id) ON DELETE CASCADE,
                    created_at DOUBLE PRECISION NOT NULL,
                    PRIMARY KEY (platform_id, deployment_id, resource_link_id)
                )
                """,
            ]),
        Migration(
            identifier: "v8",
            statements: [
                "ALTER TABLE lti_lesson ADD COLUMN line_items_url TEXT",
                "ALTER TABLE lti_lesson ADD COLUMN line_item_url TEXT",
                """
                CREATE TABLE lti_student (
                    lesson_id TEXT NOT NULL REFERENCES lesson (id) ON DELETE CASCADE,
                    platform_id TEXT NOT NULL REFERENCES lti_platform (id) ON DELETE CASCADE,
                    user_id TEXT NOT NULL,
                    created_at DOUBLE PRECISION NOT NULL,
                    PRIMARY KEY (lesson_id, platform_id, user_id)
                )
                """,
                """
                CREATE TABLE lti_grade (
                    lesson_id TEXT NOT NULL REFERENCES lesson (id) ON DELETE CASCADE,
                    platform_id TEXT NOT NULL REFERENCES lti_platform (id) ON DELETE CASCADE,
                    user_id TEXT NOT NULL,
                    score_given DOUBLE PRECISION NOT NULL CHECK (score_given >= 0),
                    score_maximum DOUBLE PRECISION NOT NULL CHECK (score_maximum > 0),
                    comment TEXT NOT NULL,
                    scored_at DOUBLE PRECISION NOT NULL,
                    state TEXT NOT NULL CHECK (state IN ('pending', 'sent')),
                    attempts INTEGER NOT NULL CHECK (attempts >= 0),
                    next_attempt_at DOUBLE PRECISION NOT NULL,
                    last_error TEXT,
                    sent_at DOUBLE PRECISION,
                    PRIMARY KEY (lesson_id, platform_id, user_id)
                )
                """,
                "CREATE INDEX lti_grade_due ON lti_grade (state, next_attempt_at)",
            ]),
        Migration(
            identifier: "v9",
            statements: [
                """
                CREATE TABLE makeup (
                    lesson_id TEXT NOT NULL PRIMARY KEY REFERENCES lesson (id) ON DELETE CASCADE,
                    lesson_code TEXT NOT NULL,
                    code TEXT NOT NULL UNIQUE,
                    opened_at DOUBLE PRECISION NOT NULL,
                    until DOUBLE PRECISION,
                    closed BOOLEAN NOT NULL
                )
                """,
                """
                CREATE TABLE makeup_student (
                    lesson_id TEXT NOT NULL REFERENCES makeup (lesson_id) ON DELETE CASCADE,
                    student_id BIGINT NOT NULL,
                    name TEXT NOT NULL,
                    token_hash BYTEA NOT NULL CHECK (length(token_hash) = 32),
                    joined_at DOUBLE PRECISION NOT NULL,
                    pace TEXT NOT NULL,
                    play TEXT NOT NULL CHECK (play::jsonb IS NOT NULL),
                    PRIMARY KEY (lesson_id, student_id)
                )
                """,
            ]),
        Migration(
            identifier: "v10",
            statements: [
                """
                CREATE TABLE plan_share (
                    token TEXT NOT NULL PRIMARY KEY,
                    plan_id BIGINT NOT NULL UNIQUE REFERENCES plan (id) ON DELETE CASCADE,
                    shared_at DOUBLE PRECISION NOT NULL
                )
                """
            ]),
        Migration(
            identifier: "v11",
            statements: [
                """
                CREATE TABLE lti_deep_link (
                    digest BYTEA NOT NULL PRIMARY KEY CHECK (length(digest) = 32),
                    platform_id TEXT NOT NULL REFERENCES lti_platform (id) ON DELETE CASCADE,
                    deployment_id TEXT NOT NULL,
                    return_url TEXT NOT NULL,
                    data TEXT,
                    launch_url TEXT NOT NULL,
                    created_at DOUBLE PRECISION NOT NULL,
                    expires_at DOUBLE PRECISION NOT NULL
                )
                """,
                "CREATE INDEX lti_deep_link_expiry ON lti_deep_link (expires_at)",
            ]),
    ]

    /// Brings the schema up to date, under an advisory lock so that nodes starting together
    /// migrate once; refuses a database migrated by a newer build (a downgrade).
    ///
    /// - Returns: The migrations applied now (empty when it was up to date).
    /// - Throws: ``PostgresStoreError``.
    static func migrate(_ client: PostgresClient, logger: Logger) async throws -> [String] {
        do {
            return try await client.withTransaction(logger: logger) { connection in
                // Any constant: one number all Petri nodes agree on ("petri" in ASCII).
                try await connection.run("SELECT pg_advisory_xact_lock(112101116114105)", logger: logger)
                try await connection.run(
                    """
                    CREATE TABLE IF NOT EXISTS petri_migration (
                        identifier TEXT NOT NULL PRIMARY KEY,
                        applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
                    )
                    """, logger: logger)
                var applied: Set<String> = []
                for try await identifier in try await connection.run(
                    "SELECT identifier FROM petri_migration", logger: logger
                ).decode(String.self) {
                    applied.insert(identifier)
                }
                let known = Set(migrations.map(\.identifier))
                if let unknown = applied.subtracting(known).sorted().first {
                    throw PostgresStoreError(
                        .schemaTooNew,
                        "The database was migrated by a newer Petri (migration \(unknown)); run that version, or "
                            + "restore a backup made before the upgrade.")
                }
                var done: [String] = []
                for migration in migrations where !applied.contains(migration.identifier) {
                    for statement in migration.statements {
                        try await connection.run(PostgresQuery(unsafeSQL: statement), logger: logger)
                    }
                    try await connection.run(
                        "INSERT INTO petri_migration (identifier) VALUES (\(migration.identifier))", logger: logger)
                    done.append(migration.identifier)
                }
                return done
            }
        } catch let error as PostgresStoreError {
            throw error
        } catch {
            throw PostgresStoreError.wrapping(error, "migrate the schema")
        }
    }
}
