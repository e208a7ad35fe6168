import PetriProtocol

/// What Petri keeps as an LTI 1.3 tool: the platforms registered, its own signing key, the login
/// initiations in flight and the nonces used, and which LMS users and resource links are which
/// teachers and lessons.
///
/// It lives in the same store as the lessons (SQLite on one server, PostgreSQL for a cluster), so
/// every node of a cluster accepts the same launches. Times are the caller's; the store decides nothing.
package protocol LTIStorage: LTIGradeStorage {
    /// Registers a platform.
    ///
    /// - Throws: ``LTIStorageError/Code/taken`` when a platform has the same issuer and client id.
    func addPlatform(_ platform: LTIPlatformRecord) async throws
    /// Every platform, by issuer then client id.
    func platforms() async throws -> [LTIPlatformRecord]
    /// The platform with this issuer and client id; with no client id, the issuer's only platform.
    func platform(issuer: String, clientId: String?) async throws -> LTIPlatformRecord?
    /// Removes a platform with its launch states, nonces and links; false when there was none.
    func removePlatform(id: String) async throws -> Bool
    /// The tool's key, when one was made.
    func toolKey() async throws -> LTIToolKeyRecord?
    /// Keeps `key` unless the store has a key already; answers the key kept (the first node's, in a cluster).
    func keepToolKey(_ key: LTIToolKeyRecord) async throws -> LTIToolKeyRecord
    /// Records a login initiation.
    func addLaunchState(_ state: LTILaunchStateRecord) async throws
    /// Takes a login initiation out (once): nil when there is none with this digest.
    func takeLaunchState(_ digest: TokenHash) async throws -> LTILaunchStateRecord?
    /// Records a launch's nonce as used; false when the platform's nonce was used before (a replay).
    func useNonce(_ nonce: String, platformId: String, at time: Timestamp) async throws -> Bool
    /// Forgets login initiations and nonces from before `time` (a launch that old is refused anyway).
    func forgetLaunches(before time: Timestamp) async throws
    /// The teacher an LMS user (the platform's `sub`) is, when linked.
    func ltiTeacher(platformId: String, userId: String) async throws -> String?
    /// Links an LMS user to a teacher.
    func linkTeacher(platformId: String, userId: String, teacherId: String) async throws
    /// The lesson a resource link opens, when linked.
    func ltiLesson(platformId: String, deploymentId: String, resourceLinkId: String) async throws -> LTILessonLink?
    /// Links a resource link to a lesson (replacing any earlier link of it).
    func linkLesson(_ link: LTILessonLink) async throws
    /// Records a deep linking request waiting for the teacher's pick.
    func addDeepLink(_ request: LTIDeepLinkRecord) async throws
    /// Takes a deep linking request out, once: of two callers (two nodes) taking the same digest, one gets it. Nil
    /// when there is none with this digest; an expired one is answered too (the caller refuses it by its expiry).
    func takeDeepLink(_ digest: TokenHash) async throws -> LTIDeepLinkRecord?
    /// Forgets the deep linking requests that expired at or before `time`.
    func forgetDeepLinks(expiredBy time: Timestamp) async throws
}
