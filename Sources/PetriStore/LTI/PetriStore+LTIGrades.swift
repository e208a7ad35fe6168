import Foundation
import GRDB
import PetriProtocol
import PetriStorage

/// The grades queue and what it needs (migration `v7`), synchronous like the rest of the store.
extension PetriStore {
    package func linkStudent(_ link: LTIStudentLink) throws {
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO ltiStudent (lessonId, platformId, userId, createdAt) VALUES (?, ?, ?, ?)
                    ON CONFLICT DO NOTHING
                    """,
                arguments: [link.lessonId, link.platformId, link.userId, link.createdAt.storedSeconds])
        }
    }

    package func ltiStudents(ofLesson lessonId: String) throws -> [LTIStudentLink] {
        try read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM ltiStudent WHERE lessonId = ? ORDER BY platformId, userId",
                arguments: [lessonId]
            ).map {
                LTIStudentLink(
                    lessonId: $0["lessonId"], platformId: $0["platformId"], userId: $0["userId"],
                    createdAt: Timestamp(storedSeconds: $0["createdAt"]))
            }
        }
    }

    package func ltiLesson(forLesson lessonId: String) throws -> LTILessonLink? {
        try read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT ltiLesson.*, lesson.joinCode FROM ltiLesson JOIN lesson ON lesson.id = ltiLesson.lessonId
                    WHERE lessonId = ? ORDER BY ltiLesson.createdAt LIMIT 1
                    """,
                arguments: [lessonId]
            ).map {
                LTILessonLink(
                    platformId: $0["platformId"], deploymentId: $0["deploymentId"],
                    resourceLinkId: $0["resourceLinkId"], lessonId: $0["lessonId"], code: $0["joinCode"],
                    createdAt: Timestamp(storedSeconds: $0["createdAt"]), lineItemsURL: $0["lineItemsURL"],
                    lineItemURL: $0["lineItemURL"])
            }
        }
    }

    package func setGradeService(
        platformId: String, deploymentId: String, resourceLinkId: String, lineItemsURL: String?, lineItemURL: String?
    ) throws {
        try write { db in
            try db.execute(
                sql: """
                    UPDATE ltiLesson SET lineItemsURL = coalesce(?, lineItemsURL), lineItemURL = coalesce(?, lineItemURL)
                    WHERE platformId = ? AND deploymentId = ? AND resourceLinkId = ?
                    """,
                arguments: [lineItemsURL, lineItemURL, platformId, deploymentId, resourceLinkId])
        }
    }

    package func queueGrades(_ grades: [LTIGradeRecord]) throws -> Int {
        try write { db in
            var queued = 0
            for grade in grades {
                try db.execute(
                    sql: """
                        INSERT INTO ltiGrade (lessonId, platformId, userId, scoreGiven, scoreMaximum, comment, scoredAt,
                            state, attempts, nextAttemptAt)
                        VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', 0, ?)
                        ON CONFLICT (lessonId, platformId, userId) DO UPDATE SET
                            scoreGiven = excluded.scoreGiven, scoreMaximum = excluded.scoreMaximum,
                            comment = excluded.comment, scoredAt = excluded.scoredAt, state = 'pending', attempts = 0,
                            nextAttemptAt = excluded.nextAttemptAt, lastError = NULL, sentAt = NULL
                        WHERE scoreGiven IS NOT excluded.scoreGiven OR scoreMaximum IS NOT excluded.scoreMaximum
                            OR comment IS NOT excluded.comment
                        """,
                    arguments: [
                        grade.lessonId, grade.platformId, grade.userId, grade.scoreGiven, grade.scoreMaximum,
                        grade.comment, grade.scoredAt.storedSeconds, grade.nextAttemptAt.storedSeconds,
                    ])
                queued += db.changesCount
            }
            return queued
        }
    }

    package func claimDueGrades(at time: Timestamp, holdingUntil hold: Timestamp, limit: Int) throws
        -> [LTIGradeRecord]
    {
        try write { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT * FROM ltiGrade WHERE state = 'pending' AND nextAttemptAt <= ?
                    ORDER BY nextAttemptAt, lessonId, platformId, userId LIMIT ?
                    """,
                arguments: [time.storedSeconds, limit]
            ).map(Self.grade)
            for grade in rows {
                try db.execute(
                    sql: "UPDATE ltiGrade SET nextAttemptAt = ? WHERE lessonId = ? AND platformId = ? AND userId = ?",
                    arguments: [hold.storedSeconds, grade.lessonId, grade.platformId, grade.userId])
            }
            return rows
        }
    }

    package func gradeSent(_ grade: LTIGradeRecord, at time: Timestamp) throws {
        try write { db in
            try db.execute(
                sql: """
                    UPDATE ltiGrade SET state = 'sent', sentAt = ?, lastError = NULL
                    WHERE lessonId = ? AND platformId = ? AND userId = ? AND scoredAt = ? AND scoreGiven = ?
                        AND scoreMaximum = ? AND comment = ?
                    """,
                arguments: [
                    time.storedSeconds, grade.lessonId, grade.platformId, grade.userId, grade.scoredAt.storedSeconds,
                    grade.scoreGiven, grade.scoreMaximum, grade.comment,
                ])
        }
    }

    package func gradeFailed(_ grade: LTIGradeRecord, reason: String, next: Timestamp) throws {
        try write { db in
            try db.execute(
                sql: """
                    UPDATE ltiGrade SET attempts = attempts + 1, lastError = ?, nextAttemptAt = ?
                    WHERE lessonId = ? AND platformId = ? AND userId = ? AND scoredAt = ? AND scoreGiven = ?
                        AND scoreMaximum = ? AND comment = ? AND state = 'pending'
                    """,
                arguments: [
                    reason, next.storedSeconds, grade.lessonId, grade.platformId, grade.userId,
                    grade.scoredAt.storedSeconds, grade.scoreGiven, grade.scoreMaximum, grade.comment,
                ])
        }
    }

    package func grades(ofLesson lessonId: String) throws -> [LTIGradeRecord] {
        try read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM ltiGrade WHERE lessonId = ? ORDER BY platformId, userId", arguments: [lessonId]
            ).map(Self.grade)
        }
    }

    package func nextGradeDue() throws -> Timestamp? {
        try read { db in
            try Double.fetchOne(db, sql: "SELECT min(nextAttemptAt) FROM ltiGrade WHERE state = 'pending'")
                .map { Timestamp(storedSeconds: $0) }
        }
    }

    static func grade(_ row: Row) -> LTIGradeRecord {
        let sentAt: Double? = row["sentAt"]
        return LTIGradeRecord(
            lessonId: row["lessonId"], platformId: row["platformId"], userId: row["userId"],
            scoreGiven: row["scoreGiven"], scoreMaximum: row["scoreMaximum"], comment: row["comment"],
            scoredAt: Timestamp(storedSeconds: row["scoredAt"]),
            state: LTIGradeRecord.State(rawValue: row["state"]) ?? .pending, attempts: row["attempts"],
            nextAttemptAt: Timestamp(storedSeconds: row["nextAttemptAt"]), lastError: row["lastError"],
            sentAt: sentAt.map { Timestamp(storedSeconds: $0) })
    }
}

extension PetriStore {
    /// Every lasting LTI row, for `petri store copy`.
    package func ltiCopy() throws -> LTICopy {
        let platforms = try platforms()
        let key = try toolKey()
        return try read { db in
            let teachers = try Row.fetchAll(db, sql: "SELECT * FROM ltiTeacher ORDER BY platformId, userId").map {
                LTICopy.TeacherLink(platformId: $0["platformId"], userId: $0["userId"], teacherId: $0["teacherId"])
            }
            let lessons = try Row.fetchAll(
                db,
                sql: """
                    SELECT ltiLesson.*, lesson.joinCode FROM ltiLesson JOIN lesson ON lesson.id = ltiLesson.lessonId
                    ORDER BY platformId, deploymentId, resourceLinkId
                    """
            ).map {
                LTILessonLink(
                    platformId: $0["platformId"], deploymentId: $0["deploymentId"],
                    resourceLinkId: $0["resourceLinkId"], lessonId: $0["lessonId"], code: $0["joinCode"],
                    createdAt: Timestamp(storedSeconds: $0["createdAt"]), lineItemsURL: $0["lineItemsURL"],
                    lineItemURL: $0["lineItemURL"])
            }
            let students = try Row.fetchAll(db, sql: "SELECT * FROM ltiStudent ORDER BY lessonId, platformId, userId")
                .map {
                    LTIStudentLink(
                        lessonId: $0["lessonId"], platformId: $0["platformId"], userId: $0["userId"],
                        createdAt: Timestamp(storedSeconds: $0["createdAt"]))
                }
            let grades = try Row.fetchAll(db, sql: "SELECT * FROM ltiGrade ORDER BY lessonId, platformId, userId")
                .map(Self.grade)
            return LTICopy(
                platforms: platforms, toolKey: key, teachers: teachers, lessons: lessons, students: students,
                grades: grades)
        }
    }
}
