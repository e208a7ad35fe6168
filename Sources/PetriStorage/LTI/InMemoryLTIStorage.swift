import PetriProtocol

/// The LTI tables in memory, for tests.
package actor InMemoryLTIStorage: LTIStorage {
    private var platformsByID: [String: LTIPlatformRecord] = [:]
    private var key: LTIToolKeyRecord?
    private var states: [TokenHash: LTILaunchStateRecord] = [:]
    private var nonces: [String: Timestamp] = [:]
    private var teachers: [String: String] = [:]
    private var lessons: [String: LTILessonLink] = [:]

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
        lessons[[link.platformId, link.deploymentId, link.resourceLinkId].joined(separator: " ")] = link
    }
}
