import PetriProtocol

/// The LTI tables in memory, for tests.
package actor InMemoryLTIStorage: LTIStorage {
    private var platformsByID: [String: LTIPlatformRecord] = [:]
    private var key: LTIToolKeyRecord?
    private var states: [TokenHash: LTILaunchStateRecord] = [:]
    private var nonces: [String: Timestamp] = [:]
    private var teachers: [String: String] = [:]
    private var lessons: [String: LTILessonLink] = [:]
    private var students: [String: LTIStudentLink] = [:]
    private var gradeRows: [String: LTIGradeRecord] = [:]
    private var deepLinks: [TokenHash: LTIDeepLinkRecord] = [:]

    package init() {}

    package func addPlatform(_ platform: LTIPlatformRecord) throws {
        if platformsByID.values.contains(where: { $0.issuer == platform.issuer && $0.clientId == platform.clientId }) {
            throw LTIStorageError.taken(issuer: platform.issuer, clientId: platform.clientId)
        }
        platformsByID[platform.id] = platform
    }

    package func platforms() -> [LTIPlatformRecord] {
        platformsByID.values.sorted { ($0.issuer, $0.clientId) < ($1.issuer, $1.clientId) }
    }

    package func platform(issuer: String, clientId: String?) -> LTIPlatformRecord? {
        let matching = platforms().filter { $0.issuer == issuer && (clientId == nil || $0.clientId == clientId) }
        return matching.count == 1 ? matching.first : nil
    }

    package func removePlatform(id: String) -> Bool {
        guard platformsByID.removeValue(forKey: id) != nil else { return false }
        states = states.filter { $0.value.platformId != id }
        nonces = nonces.filter { !$0.key.hasPrefix(id + " ") }
        teachers = teachers.filter { !$0.key.hasPrefix(id + " ") }
        lessons = lessons.filter { $0.value.platformId != id }
        students = students.filter { $0.value.platformId != id }
        gradeRows = gradeRows.filter { $0.value.platformId != id }
        deepLinks = deepLinks.filter { $0.value.platformId != id }
        return true
    }

    package func toolKey() -> LTIToolKeyRecord? { key }

    package func keepToolKey(_ key: LTIToolKeyRecord) -> LTIToolKeyRecord {
        if let kept = self.key { return kept }
        self.key = key
        return key
    }

    package func addLaunchState(_ state: LTILaunchStateRecord) { states[state.digest] = state }

    package func takeLaunchState(_ digest: TokenHash) -> LTILaunchStateRecord? { states.removeValue(forKey: digest) }

    package func useNonce(_ nonce: String, platformId: String, at time: Timestamp) -> Bool {
        let key = platformId + " " + nonce
        guard nonces[key] == nil else { return false }
        nonces[key] = time
        return true
    }

    package func forgetLaunches(before time: Timestamp) {
        states = states.filter { $0.value.createdAt >= time }
        nonces = nonces.filter { $0.value >= time }
    }

    package func ltiTeacher(platformId: String, userId: String) -> String? { teachers[platformId + " " + userId] }

    package func linkTeacher(platformId: String, userId: String, teacherId: String) {
        teachers[platformId + " " + userId] = teacherId
    }

    package func ltiLesson(platformId: String, deploymentId: String, resourceLinkId: String) -> LTILessonLink? {
        lessons[[platformId, deploymentId, resourceLinkId].joined(separator: " ")]
    }

    package func linkLesson(_ link: LTILessonLink) {
        let key = [link.platformId, link.deploymentId, link.resourceLinkId].joined(separator: " ")
        var kept = link
        if let earlier = lessons[key], kept.lineItemsURL == nil, kept.lineItemURL == nil {
            kept.lineItemsURL = earlier.lineItemsURL
            kept.lineItemURL = earlier.lineItemURL
        }
        lessons[key] = kept
    }

    package func addDeepLink(_ request: LTIDeepLinkRecord) { deepLinks[request.digest] = request }

    package func takeDeepLink(_ digest: TokenHash) -> LTIDeepLinkRecord? { deepLinks.removeValue(forKey: digest) }

    package func forgetDeepLinks(expiredBy time: Timestamp) {
        deepLinks = deepLinks.filter { $0.value.expiresAt > time }
    }

    package func linkStudent(_ link: LTIStudentLink) {
        let key = [link.lessonId, link.platformId, link.userId].joined(separator: " ")
        if students[key] == nil { students[key] = link }
    }

    package func ltiStudents(ofLesson lessonId: String) -> [LTIStudentLink] {
        students.values.filter { $0.lessonId == lessonId }.sorted {
            ($0.platformId, $0.userId) < ($1.platformId, $1.userId)
        }
    }

    package func ltiLesson(forLesson lessonId: String) -> LTILessonLink? {
        lessons.values.filter { $0.lessonId == lessonId }.min { $0.createdAt < $1.createdAt }
    }

    package func setGradeService(
        platformId: String, deploymentId: String, resourceLinkId: String, lineItemsURL: String?, lineItemURL: String?
    ) {
        let key = [platformId, deploymentId, resourceLinkId].joined(separator: " ")
        guard var link = lessons[key] else { return }
        link.lineItemsURL = lineItemsURL ?? link.lineItemsURL
        link.lineItemURL = lineItemURL ?? link.lineItemURL
        lessons[key] = link
    }

    package func queueGrades(_ grades: [LTIGradeRecord]) -> Int {
        var queued = 0
        for grade in grades {
            let key = [grade.lessonId, grade.platformId, grade.userId].joined(separator: " ")
            if let held = gradeRows[key], held.sameScore(as: grade) { continue }
            var fresh = grade
            fresh.state = .pending
            fresh.attempts = 0
            fresh.lastError = nil
            fresh.sentAt = nil
            gradeRows[key] = fresh
            queued += 1
        }
        return queued
    }

    package func claimDueGrades(at time: Timestamp, holdingUntil hold: Timestamp, limit: Int) -> [LTIGradeRecord] {
        let due = gradeRows.filter { $0.value.state == .pending && $0.value.nextAttemptAt <= time }
            .sorted { ($0.value.nextAttemptAt, $0.key) < ($1.value.nextAttemptAt, $1.key) }.prefix(limit)
        return due.map { key, grade in
            gradeRows[key]?.nextAttemptAt = hold
            return grade
        }
    }

    package func gradeSent(_ grade: LTIGradeRecord, at time: Timestamp) {
        let key = [grade.lessonId, grade.platformId, grade.userId].joined(separator: " ")
        guard var held = gradeRows[key], held.scoredAt == grade.scoredAt, held.sameScore(as: grade) else { return }
        held.state = .sent
        held.sentAt = time
        held.lastError = nil
        gradeRows[key] = held
    }

    package func gradeFailed(_ grade: LTIGradeRecord, reason: String, next: Timestamp) {
        let key = [grade.lessonId, grade.platformId, grade.userId].joined(separator: " ")
        guard var held = gradeRows[key], held.scoredAt == grade.scoredAt, held.sameScore(as: grade) else { return }
        held.attempts += 1
        held.lastError = reason
        held.nextAttemptAt = next
        gradeRows[key] = held
    }

    package func grades(ofLesson lessonId: String) -> [LTIGradeRecord] {
        gradeRows.values.filter { $0.lessonId == lessonId }.sorted {
            ($0.platformId, $0.userId) < ($1.platformId, $1.userId)
        }
    }

    package func nextGradeDue() -> Timestamp? {
        gradeRows.values.filter { $0.state == .pending }.map(\.nextAttemptAt).min()
    }
}
