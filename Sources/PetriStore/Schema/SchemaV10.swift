import GRDB

/// Migration `v10`: the LTI deep linking requests waiting for a teacher's pick. Shipped once released; never edit
/// it — add a later one instead (see STYLE.md §9).
///
/// Each under the digest of the ticket in the chooser's form (never the ticket), with what the signed response
/// needs (platform, deployment, return URL, the platform's data, the activity's launch URL) and when it expires.
/// Taken once (deleted as read); removing a platform removes its requests.
enum SchemaV10 {
    static let identifier = "v10"

    @Sendable static func migrate(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE ltiDeepLink (
                    digest BLOB NOT NULL PRIMARY KEY CHECK (length(digest) = 32),
                    platformId TEXT NOT NULL REFERENCES ltiPlatform (id) ON DELETE CASCADE,
                    deploymentId TEXT NOT NULL,
                    returnURL TEXT NOT NULL,
                    data TEXT,
                    launchURL TEXT NOT NULL,
                    createdAt DOUBLE NOT NULL,
                    expiresAt DOUBLE NOT NULL
                );
                CREATE INDEX ltiDeepLinkExpiry ON ltiDeepLink (expiresAt);
                """)
    }
}
