import Foundation
import PetriProtocol
import PetriStorage
import PostgresNIO

/// The grades queue on PostgreSQL: one queue for every node of the cluster; a node claims due rows with
/// `FOR UPDATE SKIP LOCKED`, so two nodes never post the same grade at once.
extension PostgresLessonStorage: LTIGradeStorage {
    typealias GradeRow = (String, String, String, Double, Double, String, Double, String, Int, Double, String?, Double?)

    package func linkStudent(_ link: LTIStudentLink) async throws {
        _ = try await write("link an LMS learner") { connection in
            try await connection.run(
                """
                INSERT INTO lti_student (lesson_id, platform_id, user_id, created_at)
                VALUES (\(link.lessonId), \(link.platformId), \(link.userId), \(link.createdAt.storedSeconds))
                ON CONFLICT DO NOTHING
                """, logger: self.logger)
        }
    }

    package func ltiStudents(ofLesson lessonId: String) async throws -> [LTIStudentLink] {
        try await read("list a lesson's LMS learners") { connection in
            try await connection.run(
                """
                SELECT platform_id, user_id, created_at FROM lti_student WHERE lesson_id = \(lessonId)
                ORDER BY platform_id, user_id
                """, logger: self.logger
            ).decode((String, String, Double).self).collected()
        }.map {
            LTIStudentLink(
                lessonId: lessonId, platformId: $0.0, userId: $0.1, createdAt: Timestamp(storedSeconds: $0.2))
        }
    }

    package func ltiLesson(forLesson lessonId: String) async throws -> LTILessonLink? {
        try await read("find a lesson's LMS activity") { connection in
            try await connection.run(
                """
                SELECT l.platform_id, l.deployment_id, l.resource_link_id, lesson.join_code, l.created_at,
                    l.line_items_url, l.line_item_url
                FROM lti_lesson l JOIN lesson ON lesson.id = l.lesson_id
                WHERE l.lesson_id = \(lessonId) ORDER BY l.created_at LIMIT 1
                """, logger: self.logger
            ).decode((String, String, String, String, Double, String?, String?).self).collected()
        }.first.map {
            LTILessonLink(
                platformId: $0.0, deploymentId: $0.1, resourceLinkId: $0.2, lessonId: lessonId, code: $0.3,
                createdAt: Timestamp(storedSeconds: $0.4), lineItemsURL: $0.5, lineItemURL: $0.6)
        }
    }

    package func setGradeService(
        platformId: String, deploymentId: String, resourceLinkId: String, lineItemsURL: String?, lineItemURL: String?
    ) async throws {
        _ = try await write("keep an activity's grade service") { connection in
            try await connection.run(
                """
                UPDATE lti_lesson SET line_items_url = coalesce(\(lineItemsURL), line_items_url),
                    line_item_url = coalesce(\(lineItemURL), line_item_url)
                WHERE platform_id = \(platformId) AND deployment_id = \(deploymentId)
                    AND resource_link_id = \(resourceLinkId)
                """, logger: self.logger)
        }
    }

    package func queueGrades(_ grades: [LTIGradeRecord]) async throws -> Int {
        try await write("queue grades") { connection in
            var queued = 0
            for grade in grades {
                let changed = try await connection.run(
                    """
                    INSERT INTO lti_grade (lesson_id, platform_id, user_id, score_given, score_maximum, comment,
                        scored_at, state, attempts, next_attempt_at)
                    VALUES (\(grade.lessonId), \(grade.platformId), \(grade.userId), \(grade.scoreGiven),
                        \(grade.scoreMaximum), \(grade.comment), \(grade.scoredAt.storedSeconds), 'pending', 0,
                        \(grade.nextAttemptAt.storedSeconds))
                    ON CONFLICT (lesson_id, platform_id, user_id) DO UPDATE SET
                        score_given = EXCLUDED.score_given, score_maximum = EXCLUDED.score_maximum,
                        comment = EXCLUDED.comment, scored_at = EXCLUDED.scored_at, state = 'pending', attempts = 0,
                        next_attempt_at = EXCLUDED.next_attempt_at, last_error = NULL, sent_at = NULL
                    WHERE lti_grade.score_given <> EXCLUDED.score_given
                        OR lti_grade.score_maximum <> EXCLUDED.score_maximum OR lti_grade.comment <> EXCLUDED.comment
                    RETURNING 1
                    """, logger: self.logger
                ).collect().count
                queued += changed
            }
            return queued
        }
    }

    package func claimDueGrades(at time: Timestamp, holdingUntil hold: Timestamp, limit: Int) async throws
        -> [LTIGradeRecord]
    {
        try await write("claim due grades") { connection in
            try await connection.run(
                """
                WITH due AS (
                    SELECT lesson_id, platform_id, user_id, next_attempt_at AS was FROM lti_grade
                    WHERE state = 'pending' AND next_attempt_at <= \(time.storedSeconds)
                    ORDER BY next_attempt_at, lesson_id, platform_id, user_id LIMIT \(limit)
                    FOR UPDATE SKIP LOCKED
                )
                UPDATE lti_grade g SET next_attempt_at = \(hold.storedSeconds) FROM due
                WHERE g.lesson_id = due.lesson_id AND g.platform_id = due.platform_id AND g.user_id = due.user_id
                RETURNING g.lesson_id, g.platform_id, g.user_id, g.score_given, g.score_maximum, g.comment,
                    g.scored_at, g.state, g.attempts, due.was, g.last_error, g.sent_at
                """, logger: self.logger
            ).decode(GradeRow.self).collected()
        }.map(Self.grade).sorted { ($0.nextAttemptAt, $0.userId) < ($1.nextAttemptAt, $1.userId) }
    }

    package func gradeSent(_ grade: LTIGradeRecord, at time: Timestamp) async throws {
        _ = try await write("record a grade sent") { connection in
            try await connection.run(
                """
                UPDATE lti_grade SET state = 'sent', sent_at = \(time.storedSeconds), last_error = NULL
                WHERE lesson_id = \(grade.lessonId) AND platform_id = \(grade.platformId) AND user_id = \(grade.userId)
                    AND scored_at = \(grade.scoredAt.storedSeconds) AND score_given = \(grade.scoreGiven)
                    AND score_maximum = \(grade.scoreMaximum) AND comment = \(grade.comment)
                """, logger: self.logger)
        }
    }

    package func gradeFailed(_ grade: LTIGradeRecord, reason: String, next: Timestamp) async throws {
        _ = try await write("record a grade refused") { connection in
            try await connection.run(
                """
                UPDATE lti_grade SET attempts = attempts + 1, last_error = \(reason),
                    next_attempt_at = \(next.storedSeconds)
                WHERE lesson_id = \(grade.lessonId) AND platform_id = \(grade.platformId) AND user_id = \(grade.userId)
                    AND scored_at = \(grade.scoredAt.storedSeconds) AND score_given = \(grade.scoreGiven)
                    AND score_maximum = \(grade.scoreMaximum) AND comment = \(grade.comment) AND state = 'pending'
                """, logger: self.logger)
        }
    }

    package func grades(ofLesson lessonId: String) async throws -> [LTIGradeRecord] {
        try await read("list a lesson's grades") { connection in
            try await connection.run(
                """
                SELECT lesson_id, platform_id, user_id, score_given, score_maximum, comment, scored_at, state, attempts,
                    next_attempt_at, last_error, sent_at
                FROM lti_grade WHERE lesson_id = \(lessonId) ORDER BY platform_id, user_id
                """, logger: self.logger
            ).decode(GradeRow.self).collected()
        }.map(Self.grade)
    }

    package func nextGradeDue() async throws -> Timestamp? {
        try await read("find the next grade due") { connection in
            try await connection.run(
                "SELECT min(next_attempt_at) FROM lti_grade WHERE state = 'pending'", logger: self.logger
            ).decode(Double?.self).collected()
        }.first.flatMap { $0 }.map { Timestamp(storedSeconds: $0) }
    }

    static func grade(_ row: GradeRow) -> LTIGradeRecord {
        LTIGradeRecord(
            lessonId: row.0, platformId: row.1, userId: row.2, scoreGiven: row.3, scoreMaximum: row.4, comment: row.5,
            scoredAt: Timestamp(storedSeconds: row.6), state: LTIGradeRecord.State(rawValue: row.7) ?? .pending,
            attempts: row.8, nextAttemptAt: Timestamp(storedSeconds: row.9), lastError: row.10,
            sentAt: row.11.map { Timestamp(storedSeconds: $0) })
    }
}

extension PostgresLessonStorage {
    /// Adds what `petri store copy` read from SQLite, in one transaction: a row already there is left as it is (the
    /// tool key too: a store that has one keeps it), and a row whose platform, lesson or teacher is not in this store
    /// is skipped.
    ///
    /// - Returns: How many platforms were added.
    package func importLTI(_ copy: LTICopy) async throws -> Int {
        try await write("copy the LTI tables") { connection in
            var added = 0
            for platform in copy.platforms {
                let ids = String(decoding: try JSONEncoder().encode(platform.deploymentIds), as: UTF8.self)
                added +=
                    try await connection.run(
                        """
                        INSERT INTO lti_platform (id, issuer, client_id, auth_url, token_url, jwks_url, deployment_ids,
                            created_at)
                        VALUES (\(platform.id), \(platform.issuer), \(platform.clientId), \(platform.authURL),
                            \(platform.tokenURL), \(platform.jwksURL), \(ids), \(platform.createdAt.storedSeconds))
                        ON CONFLICT DO NOTHING RETURNING 1
                        """, logger: self.logger
                    ).collect().count
            }
            if let key = copy.toolKey {
                try await connection.run(
                    """
                    INSERT INTO lti_tool_key (one, kid, private_key, secret, created_at)
                    VALUES (1, \(key.kid), \(key.privateKeyPEM), \(ByteBuffer(bytes: key.secret)),
                        \(key.createdAt.storedSeconds))
                    ON CONFLICT (one) DO NOTHING
                    """, logger: self.logger)
            }
            for link in copy.teachers {
                try await connection.run(
                    """
                    INSERT INTO lti_teacher (platform_id, user_id, teacher_id)
                    SELECT \(link.platformId), \(link.userId), \(link.teacherId)
                    WHERE EXISTS (SELECT 1 FROM lti_platform WHERE id = \(link.platformId))
                        AND EXISTS (SELECT 1 FROM teacher WHERE id = \(link.teacherId))
                    ON CONFLICT DO NOTHING
                    """, logger: self.logger)
            }
            for link in copy.lessons {
                try await connection.run(
                    """
                    INSERT INTO lti_lesson (platform_id, deployment_id, resource_link_id, lesson_id, created_at,
                        line_items_url, line_item_url)
                    SELECT \(link.platformId), \(link.deploymentId), \(link.resourceLinkId), \(link.lessonId),
                        \(link.createdAt.storedSeconds), \(link.lineItemsURL), \(link.lineItemURL)
                    WHERE EXISTS (SELECT 1 FROM lti_platform WHERE id = \(link.platformId))
                        AND EXISTS (SELECT 1 FROM lesson WHERE id = \(link.lessonId))
                    ON CONFLICT DO NOTHING
                    """, logger: self.logger)
            }
            for link in copy.students {
                try await connection.run(
                    """
                    INSERT INTO lti_student (lesson_id, platform_id, user_id, created_at)
                    SELECT \(link.lessonId), \(link.platformId), \(link.userId), \(link.createdAt.storedSeconds)
                    WHERE EXISTS (SELECT 1 FROM lti_platform WHERE id = \(link.platformId))
                        AND EXISTS (SELECT 1 FROM lesson WHERE id = \(link.lessonId))
                    ON CONFLICT DO NOTHING
                    """, logger: self.logger)
            }
            for grade in copy.grades {
                try await connection.run(
                    """
                    INSERT INTO lti_grade (lesson_id, platform_id, user_id, score_given, score_maximum, comment,
                        scored_at, state, attempts, next_attempt_at, last_error, sent_at)
                    SELECT \(grade.lessonId), \(grade.platformId), \(grade.userId), \(grade.scoreGiven),
                        \(grade.scoreMaximum), \(grade.comment), \(grade.scoredAt.storedSeconds),
                        \(grade.state.rawValue), \(grade.attempts), \(grade.nextAttemptAt.storedSeconds),
                        \(grade.lastError), \(grade.sentAt?.storedSeconds)
                    WHERE EXISTS (SELECT 1 FROM lti_platform WHERE id = \(grade.platformId))
                        AND EXISTS (SELECT 1 FROM lesson WHERE id = \(grade.lessonId))
                    ON CONFLICT DO NOTHING
                    """, logger: self.logger)
            }
            return added
        }
    }
}
