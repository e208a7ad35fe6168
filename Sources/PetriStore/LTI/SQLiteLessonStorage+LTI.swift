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

    package func addDeepLink(_ request: LTIDeepLinkRecord) async throws {
        try await run { store in try store.addDeepLink(request) }
    }

    package func takeDeepLink(_ digest: TokenHash) async throws -> LTIDeepLinkRecord? {
        try await run { store in try store.takeDeepLink(digest) }
    }

    package func forgetDeepLinks(expiredBy time: Timestamp) async throws {
        try await run { store in try store.forgetDeepLinks(expiredBy: time) }
    }
}

/// The grades queue on the SQLite store, on the storage's queue.
extension SQLiteLessonStorage: LTIGradeStorage {
    package func linkStudent(_ link: LTIStudentLink) async throws {
        try await run { store in try store.linkStudent(link) }
    }

    package func ltiStudents(ofLesson lessonId: String) async throws -> [LTIStudentLink] {
        try await run { store in try store.ltiStudents(ofLesson: lessonId) }
    }

    package func ltiLesson(forLesson lessonId: String) async throws -> LTILessonLink? {
        try await run { store in try store.ltiLesson(forLesson: lessonId) }
    }

    package func setGradeService(
        platformId: String, deploymentId: String, resourceLinkId: String, lineItemsURL: String?, lineItemURL: String?
    ) async throws {
        try await run { store in
            try store.setGradeService(
                platformId: platformId, deploymentId: deploymentId, resourceLinkId: resourceLinkId,
                lineItemsURL: lineItemsURL, lineItemURL: lineItemURL)
        }
    }

    package func queueGrades(_ grades: [LTIGradeRecord]) async throws -> Int {
        try await run { store in try store.queueGrades(grades) }
    }

    package func claimDueGrades(at time: Timestamp, holdingUntil hold: Timestamp, limit: Int) async throws
        -> [LTIGradeRecord]
    {
        try await run { store in try store.claimDueGrades(at: time, holdingUntil: hold, limit: limit) }
    }

    package func gradeSent(_ grade: LTIGradeRecord, at time: Timestamp) async throws {
        try await run { store in try store.gradeSent(grade, at: time) }
    }

    package func gradeFailed(_ grade: LTIGradeRecord, reason: String, next: Timestamp) async throws {
        try await run { store in try store.gradeFailed(grade, reason: reason, next: next) }
    }

    package func grades(ofLesson lessonId: String) async throws -> [LTIGradeRecord] {
        try await run { store in try store.grades(ofLesson: lessonId) }
    }

    package func nextGradeDue() async throws -> Timestamp? { try await run { store in try store.nextGradeDue() } }
}
