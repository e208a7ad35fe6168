import PetriProtocol
import PetriStorage

/// ``LTIStorage`` on the SQLite store, each call on the storage's queue like every lesson write.
extension SQLiteLessonStorage: LTIStorage {
    package func addPlatform(_ platform: LTIPlatformRecord) async throws {
        try await run { store in try store.addPlatform(platform) }
    }

    package func platforms() async throws -> [LTIPlatformRecord] { try await run { store in try store.platforms() } }

    package func platform(issuer: String, clientId: String?) async throws -> LTIPlatformRecord? {
        try await run { store in try store.platform(issuer: issuer, clientId: clientId) }
    }

    package func removePlatform(id: String) async throws -> Bool {
        try await run { store in try store.removePlatform(id: id) }
    }

    package func toolKey() async throws -> LTIToolKeyRecord? { try await run { store in try store.toolKey() } }

    package func keepToolKey(_ key: LTIToolKeyRecord) async throws -> LTIToolKeyRecord {
        try await run { store in try store.keepToolKey(key) }
    }

    package func addLaunchState(_ state: LTILaunchStateRecord) async throws {
        try await run { store in try store.addLaunchState(state) }
    }

    package func takeLaunchState(_ digest: TokenHash) async throws -> LTILaunchStateRecord? {
        try await run { store in try store.takeLaunchState(digest) }
    }

    package func useNonce(_ nonce: String, platformId: String, at time: Timestamp) async throws -> Bool {
        try await run { store in try store.useNonce(nonce, platformId: platformId, at: time) }
    }

    package func forgetLaunches(before time: Timestamp) async throws {
        try await run { store in try store.forgetLaunches(before: time) }
    }

    package func ltiTeacher(platformId: String, userId: String) async throws -> String? {
        try await run { store in try store.ltiTeacher(platformId: platformId, userId: userId) }
    }

    package func linkTeacher(platformId: String, userId: String, teacherId: String) async throws {
        try await run { store in try store.linkTeacher(platformId: platformId, userId: userId, teacherId: teacherId) }
    }

    package func ltiLesson(platformId: String, deploymentId: String, resourceLinkId: String) async throws
        -> LTILessonLink?
    {
        try await run { store in
            try store.ltiLesson(platformId: platformId, deploymentId: deploymentId, resourceLinkId: resourceLinkId)
        }
    }

    package func linkLesson(_ link: LTILessonLink) async throws {
        try await run { store in try store.linkLesson(link) }
    }
}
