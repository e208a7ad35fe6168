import GRDB

/// Migration `v6`: Petri as an LTI 1.3 tool. Shipped once released; never edit it — add `v7` instead
/// (see STYLE.md §9).
///
/// The platforms registered (one per issuer and client id, deployments as a JSON array), the tool's
/// own key (one row), login initiations in flight (the state's digest, never the state) and the
/// nonces used, which LMS users are which teachers and which resource links open which lessons.
/// Removing a platform removes everything of it here; removing a teacher or a lesson removes its links.
enum SchemaV6 {
    static let identifier = "v6"

    @Sendable static func migrate(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE ltiPlatform (
                    id TEXT NOT NULL PRIMARY KEY,
                    issuer TEXT NOT NULL,
                    clientId TEXT NOT NULL,
                    authURL TEXT NOT NULL,
                    tokenURL TEXT NOT NULL,
                    jwksURL TEXT NOT NULL,
                    deploymentIds TEXT NOT NULL CHECK (json_valid(deploymentIds)),
                    createdAt DOUBLE NOT NULL,
                    UNIQUE (issuer, clientId)
                );
                CREATE TABLE ltiToolKey (
                    one INTEGER NOT NULL PRIMARY KEY CHECK (one = 1),
                    kid TEXT NOT NULL,
                    privateKey TEXT NOT NULL,
                    secret BLOB NOT NULL CHECK (length(secret) = 32),
                    createdAt DOUBLE NOT NULL
                );
                CREATE TABLE ltiLaunchState (
                    digest BLOB NOT NULL PRIMARY KEY CHECK (length(digest) = 32),
                    platformId TEXT NOT NULL REFERENCES ltiPlatform (id) ON DELETE CASCADE,
                    nonce TEXT NOT NULL,
                    createdAt DOUBLE NOT NULL
                );
                CREATE TABLE ltiNonce (
                    platformId TEXT NOT NULL REFERENCES ltiPlatform (id) ON DELETE CASCADE,
                    nonce TEXT NOT NULL,
                    usedAt DOUBLE NOT NULL,
                    PRIMARY KEY (platformId, nonce)
                );
                CREATE TABLE ltiTeacher (
                    platformId TEXT NOT NULL REFERENCES ltiPlatform (id) ON DELETE CASCADE,
                    userId TEXT NOT NULL,
                    teacherId TEXT NOT NULL REFERENCES teacher (id) ON DELETE CASCADE,
                    PRIMARY KEY (platformId, userId)
                );
                CREATE TABLE ltiLesson (
                    platformId TEXT NOT NULL REFERENCES ltiPlatform (id) ON DELETE CASCADE,
                    deploymentId TEXT NOT NULL,
                    resourceLinkId TEXT NOT NULL,
                    lessonId TEXT NOT NULL REFERENCES lesson (id) ON DELETE CASCADE,
                    createdAt DOUBLE NOT NULL,
                    PRIMARY KEY (platformId, deploymentId, resourceLinkId)
                );
                """)
    }
}
