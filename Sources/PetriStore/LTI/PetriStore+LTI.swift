import Foundation
import GRDB
import PetriProtocol
import PetriStorage

/// The LTI tables (migration `v6`), synchronous like the rest of the store; ``SQLiteLessonStorage`` runs
/// them on its queue.
extension PetriStore {
    package func addPlatform(_ platform: LTIPlatformRecord) throws {
        let ids = String(decoding: try JSONEncoder().encode(platform.deploymentIds), as: UTF8.self)
        let added = try write { db -> Bool in
            let clash =
                try Int.fetchOne(
                    db, sql: "SELECT count(*) FROM ltiPlatform WHERE issuer = ? AND clientId = ?",
                    arguments: [platform.issuer, platform.clientId]) ?? 0
            guard clash == 0 else { return false }
            try db.execute(
                sql: """
                    INSERT INTO ltiPlatform (id, issuer, clientId, authURL, tokenURL, jwksURL, deploymentIds, createdAt)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    platform.id, platform.issuer, platform.clientId, platform.authURL, platform.tokenURL,
                    platform.jwksURL, ids, platform.createdAt.storedSeconds,
                ])
            return true
        }
        guard added else { throw LTIStorageError.taken(issuer: platform.issuer, clientId: platform.clientId) }
    }

    package func platforms() throws -> [LTIPlatformRecord] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM ltiPlatform ORDER BY issuer, clientId").map(Self.platform)
        }
    }

    package func platform(issuer: String, clientId: String?) throws -> LTIPlatformRecord? {
        let matching = try read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM ltiPlatform WHERE issuer = ? AND (? IS NULL OR clientId = ?) LIMIT 2",
                arguments: [issuer, clientId, clientId]
            ).map(Self.platform)
        }
        return matching.count == 1 ? matching.first : nil
    }

    package func removePlatform(id: String) throws -> Bool {
        try write { db in
            try db.execute(sql: "DELETE FROM ltiPlatform WHERE id = ?", arguments: [id])
            return db.changesCount == 1
        }
    }

    package func toolKey() throws -> LTIToolKeyRecord? {
        try read { db in try Row.fetchOne(db, sql: "SELECT * FROM ltiToolKey").map(Self.toolKey) }
    }

    package func keepToolKey(_ key: LTIToolKeyRecord) throws -> LTIToolKeyRecord {
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO ltiToolKey (one, kid, privateKey, secret, createdAt) VALUES (1, ?, ?, ?, ?)
                    ON CONFLICT (one) DO NOTHING
                    """,
                arguments: [key.kid, key.privateKeyPEM, Data(key.secret), key.createdAt.storedSeconds])
            return try Row.fetchOne(db, sql: "SELECT * FROM ltiToolKey").map(Self.toolKey) ?? key
        }
    }

    package func addLaunchState(_ state: LTILaunchStateRecord) throws {
        try write { db in
            try db.execute(
                sql: "INSERT INTO ltiLaunchState (digest, platformId, nonce, createdAt) VALUES (?, ?, ?, ?)",
                arguments: [Data(state.digest.bytes), state.platformId, state.nonce, state.createdAt.storedSeconds])
        }
    }

    package func takeLaunchState(_ digest: TokenHash) throws -> LTILaunchStateRecord? {
        try write { db in
            let row = try Row.fetchOne(
                db, sql: "SELECT * FROM ltiLaunchState WHERE digest = ?", arguments: [Data(digest.bytes)])
            try db.execute(sql: "DELETE FROM ltiLaunchState WHERE digest = ?", arguments: [Data(digest.bytes)])
            return row.map {
                LTILaunchStateRecord(
                    digest: digest, platformId: $0["platformId"], nonce: $0["nonce"],
                    createdAt: Timestamp(storedSeconds: $0["createdAt"]))
            }
        }
    }

    package func useNonce(_ nonce: String, platformId: String, at time: Timestamp) throws -> Bool {
        try write { db in
            try db.execute(
                sql: "INSERT INTO ltiNonce (platformId, nonce, usedAt) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                arguments: [platformId, nonce, time.storedSeconds])
            return db.changesCount == 1
        }
    }

    package func forgetLaunches(before time: Timestamp) throws {
        try write { db in
            try db.execute(sql: "DELETE FROM ltiLaunchState WHERE createdAt < ?", arguments: [time.storedSeconds])
            try db.execute(sql: "DELETE FROM ltiNonce WHERE usedAt < ?", arguments: [time.storedSeconds])
        }
    }

    package func ltiTeacher(platformId: String, userId: String) throws -> String? {
        try read { db in
            try String.fetchOne(
                db, sql: "SELECT teacherId FROM ltiTeacher WHERE platformId = ? AND userId = ?",
                arguments: [platformId, userId])
        }
    }

    package func linkTeacher(platformId: String, userId: String, teacherId: String) throws {
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO ltiTeacher (platformId, userId, teacherId) VALUES (?, ?, ?)
                    ON CONFLICT (platformId, userId) DO UPDATE SET teacherId = excluded.teacherId
                    """,
                arguments: [platformId, userId, teacherId])
        }
    }

    package func ltiLesson(platformId: String, deploymentId: String, resourceLinkId: String) throws
        -> LTILessonLink?
    {
        try read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT ltiLesson.*, lesson.joinCode FROM ltiLesson JOIN lesson ON lesson.id = ltiLesson.lessonId
                    WHERE platformId = ? AND deploymentId = ? AND resourceLinkId = ?
                    """,
                arguments: [platformId, deploymentId, resourceLinkId]
            ).map(Self.lessonLink)
        }
    }

    private static func lessonLink(_ row: Row) -> LTILessonLink {
        LTILessonLink(
            platformId: row["platformId"], deploymentId: row["deploymentId"], resourceLinkId: row["resourceLinkId"],
            lessonId: row["lessonId"], code: row["joinCode"], createdAt: Timestamp(storedSeconds: row["createdAt"]),
            lineItemsURL: row["lineItemsURL"], lineItemURL: row["lineItemURL"])
    }

    package func linkLesson(_ link: LTILessonLink) throws {
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO ltiLesson (platformId, deploymentId, resourceLinkId, lessonId, createdAt)
                    VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (platformId, deploymentId, resourceLinkId)
                    DO UPDATE SET lessonId = excluded.lessonId, createdAt = excluded.createdAt
                    """,
                arguments: [
                    link.platformId, link.deploymentId, link.resourceLinkId, link.lessonId,
                    link.createdAt.storedSeconds,
                ])
        }
    }

    package func addDeepLink(_ request: LTIDeepLinkRecord) throws {
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO ltiDeepLink (digest, platformId, deploymentId, returnURL, data, launchURL, createdAt,
                        expiresAt)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    Data(request.digest.bytes), request.platformId, request.deploymentId, request.returnURL,
                    request.data, request.launchURL, request.createdAt.storedSeconds, request.expiresAt.storedSeconds,
                ])
        }
    }

    /// Read and deleted in one write transaction: SQLite's single writer makes the taking atomic.
    package func takeDeepLink(_ digest: TokenHash) throws -> LTIDeepLinkRecord? {
        try write { db in
            let row = try Row.fetchOne(
                db, sql: "SELECT * FROM ltiDeepLink WHERE digest = ?", arguments: [Data(digest.bytes)])
            try db.execute(sql: "DELETE FROM ltiDeepLink WHERE digest = ?", arguments: [Data(digest.bytes)])
            return row.map {
                LTIDeepLinkRecord(
                    digest: digest, platformId: $0["platformId"], deploymentId: $0["deploymentId"],
                    returnURL: $0["returnURL"], data: $0["data"], launchURL: $0["launchURL"],
                    createdAt: Timestamp(storedSeconds: $0["createdAt"]),
                    expiresAt: Timestamp(storedSeconds: $0["expiresAt"]))
            }
        }
    }

    package func forgetDeepLinks(expiredBy time: Timestamp) throws {
        try write { db in
            try db.execute(sql: "DELETE FROM ltiDeepLink WHERE expiresAt <= ?", arguments: [time.storedSeconds])
        }
    }

    private static func platform(_ row: Row) -> LTIPlatformRecord {
        let ids: String = row["deploymentIds"]
        return LTIPlatformRecord(
            id: row["id"], issuer: row["issuer"], clientId: row["clientId"], authURL: row["authURL"],
            tokenURL: row["tokenURL"], jwksURL: row["jwksURL"],
            deploymentIds: (try? JSONDecoder().decode([String].self, from: Data(ids.utf8))) ?? [],
            createdAt: Timestamp(storedSeconds: row["createdAt"]))
    }

    private static func toolKey(_ row: Row) -> LTIToolKeyRecord {
        let secret: Data = row["secret"]
        return LTIToolKeyRecord(
            kid: row["kid"], privateKeyPEM: row["privateKey"], secret: Array(secret),
            createdAt: Timestamp(storedSeconds: row["createdAt"]))
    }
}
