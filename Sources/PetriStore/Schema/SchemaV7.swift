import GRDB

/// Migration `v7`: grades going back to the LMS (LTI Assignment and Grade Services 2.0). Shipped once released;
/// never edit it — add `v8` instead (see STYLE.md §9).
///
/// Which LMS user (the platform's `sub`) is which student of a lesson (`ltiStudent`: the student is the one
/// holding the resume token derived from the platform, the user and the lesson); the launch's grade service
/// endpoints of each activity (`ltiLesson.lineItemsURL`, and `lineItemURL`, the activity's line item, the
/// launch's or the one Petri made); and the grades queue (`ltiGrade`): one row per learner of a lesson, the
/// score to send (with the time it was given, which the LMS orders scores by), `pending` until the LMS accepted
/// it, then `sent`, with the attempts, when the next is due and the LMS's last refusal. Removing the lesson or
/// the platform removes its rows.
enum SchemaV7 {
    static let identifier = "v7"

    @Sendable static func migrate(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE ltiLesson ADD COLUMN lineItemsURL TEXT;
                ALTER TABLE ltiLesson ADD COLUMN lineItemURL TEXT;
                CREATE TABLE ltiStudent (
                    lessonId TEXT NOT NULL REFERENCES lesson (id) ON DELETE CASCADE,
                    platformId TEXT NOT NULL REFERENCES ltiPlatform (id) ON DELETE CASCADE,
                    userId TEXT NOT NULL,
                    createdAt DOUBLE NOT NULL,
                    PRIMARY KEY (lessonId, platformId, userId)
                );
                CREATE TABLE ltiGrade (
                    lessonId TEXT NOT NULL REFERENCES lesson (id) ON DELETE CASCADE,
                    platformId TEXT NOT NULL REFERENCES ltiPlatform (id) ON DELETE CASCADE,
                    userId TEXT NOT NULL,
                    scoreGiven DOUBLE NOT NULL CHECK (scoreGiven >= 0),
                    scoreMaximum DOUBLE NOT NULL CHECK (scoreMaximum > 0),
                    comment TEXT NOT NULL,
                    scoredAt DOUBLE NOT NULL,
                    state TEXT NOT NULL CHECK (state IN ('pending', 'sent')),
                    attempts INTEGER NOT NULL CHECK (attempts >= 0),
                    nextAttemptAt DOUBLE NOT NULL,
                    lastError TEXT,
                    sentAt DOUBLE,
                    PRIMARY KEY (lessonId, platformId, userId)
                );
                CREATE INDEX ltiGradeDue ON ltiGrade (state, nextAttemptAt);
                """)
    }
}
