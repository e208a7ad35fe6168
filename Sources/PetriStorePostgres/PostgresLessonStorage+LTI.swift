import Foundation
import PetriProtocol
import PetriStorage
import PostgresNIO

/// ``LTIStorage`` on PostgreSQL: one set of platforms, one tool key and one record of launches for every
/// node of the cluster, so a launch's state made on one node is accepted on another, and used once.
extension PostgresLessonStorage: LTIStorage {
    typealias PlatformRow = (String, String, String, String, String, String, String, Double)
    static let platformColumns = "id, issuer, client_id, auth_url, token_url, jwks_url, deployment_ids, created_at"

    package func addPlatform(_ platform: LTIPlatformRecord) async throws {
        let ids = String(decoding: try JSONEncoder().encode(platform.deploymentIds), as: UTF8.self)
        let added = try await write("register a platform") { connection in
            try await connection.run(
                """
                INSERT INTO lti_platform (id, issuer, client_id, auth_url, token_url, jwks_url, deployment_ids,
                    created_at)
                VALUES (\(platform.id), \(platform.issuer), \(platform.clientId), \(platform.authURL),
                    \(platform.tokenURL), \(platform.jwksURL), \(ids), \(platform.createdAt.storedSeconds))
                ON CONFLICT (issuer, client_id) DO NOTHING RETURNING 1
                """, logger: self.logger
            ).collect().isEmpty == false
        }
        guard added else { throw LTIStorageError.taken(issuer: platform.issuer, clientId: platform.clientId) }
    }

    package func platforms() async throws -> [LTIPlatformRecord] {
        try await read("list platforms") { connection in
            try await connection.run(
                PostgresQuery(
                    unsafeSQL: "SELECT \(Self.platformColumns) FROM lti_platform ORDER BY issuer, client_id"),
                logger: self.logger
            ).decode(PlatformRow.self).collected()
        }.map(Self.platform)
    }

    package func platform(issuer: String, clientId: String?) async throws -> LTIPlatformRecord? {
        let rows = try await read("find a platform") { connection in
            try await connection.run(
                """
                SELECT id, issuer, client_id, auth_url, token_url, jwks_url, deployment_ids, created_at
                FROM lti_platform WHERE issuer = \(issuer) AND (\(clientId)::text IS NULL OR client_id = \(clientId))
                LIMIT 2
                """, logger: self.logger
            ).decode(PlatformRow.self).collected()
        }
        return rows.count == 1 ? rows.first.map(Self.platform) : nil
    }

    package func removePlatform(id: String) async throws -> Bool {
        try await write("remove a platform") { connection in
            try await connection.run("DELETE FROM lti_platform WHERE id = \(id) RETURNING 1", logger: self.logger)
                .collect().isEmpty == false
        }
    }

    package func toolKey() async throws -> LTIToolKeyRecord? {
        try await read("read the tool key") { connection in
            try await connection.run(
                "SELECT kid, private_key, secret, created_at FROM lti_tool_key", logger: self.logger
            ).decode((String, String, ByteBuffer, Double).self).collected()
        }.first.map(Self.toolKey)
    }

    package func keepToolKey(_ key: LTIToolKeyRecord) async throws -> LTIToolKeyRecord {
        try await write("keep the tool key") { connection in
            try await connection.run(
                """
                INSERT INTO lti_tool_key (one, kid, private_key, secret, created_at)
                VALUES (1, \(key.kid), \(key.privateKeyPEM), \(ByteBuffer(bytes: key.secret)),
                    \(key.createdAt.storedSeconds))
                ON CONFLICT (one) DO NOTHING
                """, logger: self.logger)
            return try await connection.run(
                "SELECT kid, private_key, secret, created_at FROM lti_tool_key", logger: self.logger
            ).decode((String, String, ByteBuffer, Double).self).collected()
        }.first.map(Self.toolKey) ?? key
    }

    package func addLaunchState(_ state: LTILaunchStateRecord) async throws {
        _ = try await write("record a login initiation") { connection in
            try await connection.run(
                """
                INSERT INTO lti_launch_state (digest, platform_id, nonce, created_at)
                VALUES (\(ByteBuffer(bytes: state.digest.bytes)), \(state.platformId), \(state.nonce),
                    \(state.createdAt.storedSeconds))
                """, logger: self.logger)
        }
    }

    package func takeLaunchState(_ digest: TokenHash) async throws -> LTILaunchStateRecord? {
        try await write("use a login initiation") { connection in
            try await connection.run(
                """
                DELETE FROM lti_launch_state WHERE digest = \(ByteBuffer(bytes: digest.bytes))
                RETURNING platform_id, nonce, created_at
                """, logger: self.logger
            ).decode((String, String, Double).self).collected()
        }.first.map {
            LTILaunchStateRecord(
                digest: digest, platformId: $0.0, nonce: $0.1, createdAt: Timestamp(storedSeconds: $0.2))
        }
    }

    package func useNonce(_ nonce: String, platformId: String, at time: Timestamp) async throws -> Bool {
        try await write("use a nonce") { connection in
            try await connection.run(
                """
                INSERT INTO lti_nonce (platform_id, nonce, used_at) VALUES (\(platformId), \(nonce), \(time.storedSeconds))
                ON CONFLICT DO NOTHING RETURNING 1
                """, logger: self.logger
            ).collect().isEmpty == false
        }
    }

    package func forgetLaunches(before time: Timestamp) async throws {
        _ = try await write("forget old launches") { connection in
            try await connection.run(
                "DELETE FROM lti_launch_state WHERE created_at < \(time.storedSeconds)", logger: self.logger)
            try await connection.run("DELETE FROM lti_nonce WHERE used_at < \(time.storedSeconds)", logger: self.logger)
        }
    }

    package func ltiTeacher(platformId: String, userId: String) async throws -> String? {
        try await read("find an LMS teacher") { connection in
            try await connection.run(
                "SELECT teacher_id FROM lti_teacher WHERE platform_id = \(platformId) AND user_id = \(userId)",
                logger: self.logger
            ).decode(String.self).collected()
        }.first
    }

    package func linkTeacher(platformId: String, userId: String, teacherId: String) async throws {
        _ = try await write("link an LMS teacher") { connection in
            try await connection.run(
                """
                INSERT INTO lti_teacher (platform_id, user_id, teacher_id) VALUES (\(platformId), \(userId), \(teacherId))
                ON CONFLICT (platform_id, user_id) DO UPDATE SET teacher_id = EXCLUDED.teacher_id
                """, logger: self.logger)
        }
    }

    package func ltiLesson(platformId: String, deploymentId: String, resourceLinkId: String) async throws
        -> LTILessonLink?
    {
        try await read("find an LMS activity's lesson") { connection in
            try await connection.run(
                """
                SELECT l.lesson_id, lesson.join_code, l.created_at, l.line_items_url, l.line_item_url FROM lti_lesson l
                JOIN lesson ON lesson.id = l.lesson_id
                WHERE l.platform_id = \(platformId) AND l.deployment_id = \(deploymentId)
                    AND l.resource_link_id = \(resourceLinkId)
                """, logger: self.logger
            ).decode((String, String, Double, String?, String?).self).collected()
        }.first.map {
            LTILessonLink(
                platformId: platformId, deploymentId: deploymentId, resourceLinkId: resourceLinkId, lessonId: $0.0,
                code: $0.1, createdAt: Timestamp(storedSeconds: $0.2), lineItemsURL: $0.3, lineItemURL: $0.4)
        }
    }

    package func linkLesson(_ link: LTILessonLink) async throws {
        _ = try await write("link an LMS activity to a lesson") { connection in
            try await connection.run(
                """
                INSERT INTO lti_lesson (platform_id, deployment_id, resource_link_id, lesson_id, created_at)
                VALUES (\(link.platformId), \(link.deploymentId), \(link.resourceLinkId), \(link.lessonId),
                    \(link.createdAt.storedSeconds))
                ON CONFLICT (platform_id, deployment_id, resource_link_id)
                DO UPDATE SET lesson_id = EXCLUDED.lesson_id, created_at = EXCLUDED.created_at
                """, logger: self.logger)
        }
    }

    package func addDeepLink(_ request: LTIDeepLinkRecord) async throws {
        _ = try await write("record a deep linking request") { connection in
            try await connection.run(
                """
                INSERT INTO lti_deep_link (digest, platform_id, deployment_id, return_url, data, launch_url, created_at,
                    expires_at)
                VALUES (\(ByteBuffer(bytes: request.digest.bytes)), \(request.platformId), \(request.deploymentId),
                    \(request.returnURL), \(request.data), \(request.launchURL), \(request.createdAt.storedSeconds),
                    \(request.expiresAt.storedSeconds))
                """, logger: self.logger)
        }
    }

    /// One `DELETE … RETURNING`: of two nodes taking the same request, PostgreSQL gives the row to one.
    package func takeDeepLink(_ digest: TokenHash) async throws -> LTIDeepLinkRecord? {
        try await write("take a deep linking request") { connection in
            try await connection.run(
                """
                DELETE FROM lti_deep_link WHERE digest = \(ByteBuffer(bytes: digest.bytes))
                RETURNING platform_id, deployment_id, return_url, data, launch_url, created_at, expires_at
                """, logger: self.logger
            ).decode((String, String, String, String?, String, Double, Double).self).collected()
        }.first.map {
            LTIDeepLinkRecord(
                digest: digest, platformId: $0.0, deploymentId: $0.1, returnURL: $0.2, data: $0.3, launchURL: $0.4,
                createdAt: Timestamp(storedSeconds: $0.5), expiresAt: Timestamp(storedSeconds: $0.6))
        }
    }

    package func forgetDeepLinks(expiredBy time: Timestamp) async throws {
        _ = try await write("forget expired deep linking requests") { connection in
            try await connection.run(
                "DELETE FROM lti_deep_link WHERE expires_at <= \(time.storedSeconds)", logger: self.logger)
        }
    }

    private static func platform(_ row: PlatformRow) -> LTIPlatformRecord {
        LTIPlatformRecord(
            id: row.0, issuer: row.1, clientId: row.2, authURL: row.3, tokenURL: row.4, jwksURL: row.5,
            deploymentIds: (try? JSONDecoder().decode([String].self, from: Data(row.6.utf8))) ?? [],
            createdAt: Timestamp(storedSeconds: row.7))
    }

    private static func toolKey(_ row: (String, String, ByteBuffer, Double)) -> LTIToolKeyRecord {
        LTIToolKeyRecord(
            kid: row.0, privateKeyPEM: row.1, secret: Array(buffer: row.2), createdAt: Timestamp(storedSeconds: row.3))
    }
}
