import PetriProtocol
import PetriStorage

/// What every ``LTIStorage`` must do, as scenarios the tests of each store run on a fresh store (SQLite,
/// PostgreSQL) holding one lesson (its id and join code given).
package enum LTIStoreScenarios {
    package typealias Store = any LTIStorage & TeacherAccountStorage
    package typealias Scenario = @Sendable (Store, _ lessonId: String, _ code: String) async throws -> Void

    /// Every scenario, by name.
    package static let all: [(String, Scenario)] =
        [
            ("a platform is registered once per issuer and client id, and removed", platformsAreRegisteredAndRemoved),
            ("a login initiation's state is taken once, and a nonce used once", statesAndNoncesAreUsedOnce),
            ("the first tool key kept is the one every later caller gets", theFirstToolKeyIsKept),
            ("LMS users and resource links are linked to teachers and lessons", usersAndLinksAreLinked),
        ] + deepLinks.map { name, body in (name, { store, _, _ in try await body(store) }) }

    /// The deep linking scenarios, which need only ``LTIStorage`` (the in-memory store runs them too).
    package static let deepLinks: [(String, @Sendable (any LTIStorage) async throws -> Void)] = [
        ("a deep linking request is taken once, expired ones forgotten", deepLinksAreTakenOnce),
        ("two takers of one deep linking request: one gets it", aDeepLinkGoesToOneOfTwoTakers),
    ]

    static let t0 = Timestamp(millisecondsSince1970: 1_800_000_000_000)

    static func platform(_ issuer: String = "https://lms.example", clientId: String = "client-1") -> LTIPlatformRecord {
        LTIPlatformRecord(
            id: "p-\(clientId)", issuer: issuer, clientId: clientId, authURL: issuer + "/auth",
            tokenURL: issuer + "/token", jwksURL: issuer + "/jwks", deploymentIds: ["d1", "d2"], createdAt: t0)
    }

    static func check(_ condition: Bool, _ what: String) throws {
        if !condition { throw ScenarioFailure(message: what) }
    }

    /// A second platform with the same issuer and client id is refused; an issuer's only platform is found
    /// without its client id, one of two only with it; removing one leaves the other.
    package static func platformsAreRegisteredAndRemoved(_ store: Store, _: String, _: String) async throws {
        try await store.addPlatform(platform())
        var refused = false
        do { try await store.addPlatform(platform()) } catch let error as LTIStorageError {
            refused = error.code == .taken
        }
        try check(refused, "a second platform with the same issuer and client id was not refused")
        try check(try await store.platforms() == [platform()], "the platform reads back as written")
        try check(
            try await store.platform(issuer: "https://lms.example", clientId: nil)?.id == "p-client-1",
            "the issuer's only platform is found without a client id")
        try await store.addPlatform(platform(clientId: "client-2"))
        try check(
            try await store.platform(issuer: "https://lms.example", clientId: nil) == nil,
            "an issuer with two platforms is ambiguous without a client id")
        try check(
            try await store.platform(issuer: "https://lms.example", clientId: "client-2")?.id == "p-client-2",
            "found by issuer and client id")
        try check(try await store.removePlatform(id: "p-client-1"), "removing a platform says it did")
        try check(try await !store.removePlatform(id: "p-client-1"), "removing it again finds nothing")
        try check(try await store.platforms().map(\.clientId) == ["client-2"], "the other platform stays")
    }

    /// A state is taken out once; a nonce is accepted once per platform; old ones are forgotten.
    package static func statesAndNoncesAreUsedOnce(_ store: Store, _: String, _: String) async throws {
        try await store.addPlatform(platform())
        let state = LTILaunchStateRecord(
            digest: TokenHash(of: "state-1"), platformId: "p-client-1", nonce: "n-1", createdAt: t0)
        try await store.addLaunchState(state)
        try check(try await store.takeLaunchState(TokenHash(of: "state-1")) == state, "the state is taken")
        try check(try await store.takeLaunchState(TokenHash(of: "state-1")) == nil, "the state was taken twice")
        try check(try await store.useNonce("n-1", platformId: "p-client-1", at: t0), "a fresh nonce is accepted")
        try check(try await !store.useNonce("n-1", platformId: "p-client-1", at: t0), "a nonce was accepted twice")
        try await store.addLaunchState(
            LTILaunchStateRecord(digest: TokenHash(of: "old"), platformId: "p-client-1", nonce: "n-2", createdAt: t0))
        try await store.forgetLaunches(before: t0.adding(seconds: 1))
        try check(try await store.takeLaunchState(TokenHash(of: "old")) == nil, "an old state was not forgotten")
        try check(try await store.useNonce("n-1", platformId: "p-client-1", at: t0), "an old nonce was not forgotten")
    }

    static func deepLink(_ ticket: String, platformId: String = "p-client-1", expiresAt: Timestamp)
        -> LTIDeepLinkRecord
    {
        LTIDeepLinkRecord(
            digest: TokenHash(of: ticket), platformId: platformId, deploymentId: "d1",
            returnURL: "https://lms.example/return?course=1", data: "opaque-\(ticket)",
            launchURL: "https://petri.example/lti/launch", createdAt: t0, expiresAt: expiresAt)
    }

    /// A deep linking request reads back as written, once; an expired one is still answered (its expiry says so) until
    /// forgotten; forgetting leaves those not expired; removing the platform removes its requests.
    package static func deepLinksAreTakenOnce(_ store: any LTIStorage) async throws {
        try await store.addPlatform(platform())
        let fresh = deepLink("ticket-1", expiresAt: t0.adding(seconds: 600))
        try await store.addDeepLink(fresh)
        try check(try await store.takeDeepLink(TokenHash(of: "ticket-2")) == nil, "an unknown ticket found a request")
        try check(try await store.takeDeepLink(TokenHash(of: "ticket-1")) == fresh, "the request reads back as written")
        try check(try await store.takeDeepLink(TokenHash(of: "ticket-1")) == nil, "the request was taken twice")

        var noData = deepLink("ticket-3", expiresAt: t0.adding(seconds: 10))
        noData.data = nil
        try await store.addDeepLink(noData)
        try await store.addDeepLink(deepLink("ticket-4", expiresAt: t0.adding(seconds: 20)))
        try await store.addDeepLink(deepLink("ticket-5", expiresAt: t0.adding(seconds: 600)))
        try await store.forgetDeepLinks(expiredBy: t0.adding(seconds: 20))
        try check(try await store.takeDeepLink(TokenHash(of: "ticket-3")) == nil, "an expired request was kept")
        try check(try await store.takeDeepLink(TokenHash(of: "ticket-4")) == nil, "a request expiring then was kept")
        try check(
            try await store.takeDeepLink(TokenHash(of: "ticket-5"))?.expiresAt == t0.adding(seconds: 600),
            "a request not yet expired was forgotten")

        try await store.addDeepLink(deepLink("ticket-6", expiresAt: t0.adding(seconds: 600)))
        try check(try await store.removePlatform(id: "p-client-1"), "the platform is removed")
        try check(
            try await store.takeDeepLink(TokenHash(of: "ticket-6")) == nil, "a removed platform's request was kept")
    }

    /// Two callers (two nodes) taking the same request at once: exactly one gets it.
    package static func aDeepLinkGoesToOneOfTwoTakers(_ store: any LTIStorage) async throws {
        try await store.addPlatform(platform())
        for round in 0..<20 {
            try await store.addDeepLink(deepLink("race-\(round)", expiresAt: t0.adding(seconds: 600)))
            async let first = store.takeDeepLink(TokenHash(of: "race-\(round)"))
            async let second = store.takeDeepLink(TokenHash(of: "race-\(round)"))
            let taken = [try await first, try await second].compactMap { $0 }
            try check(taken.count == 1, "round \(round): \(taken.count) takers got the request")
        }
    }

    /// The tool key is made once: a second node's key is not kept, and it gets the first's.
    package static func theFirstToolKeyIsKept(_ store: Store, _: String, _: String) async throws {
        try check(try await store.toolKey() == nil, "a fresh store has no tool key")
        let first = LTIToolKeyRecord(
            kid: "k1", privateKeyPEM: "pem-1", secret: Array(repeating: 1, count: 32), createdAt: t0)
        let second = LTIToolKeyRecord(
            kid: "k2", privateKeyPEM: "pem-2", secret: Array(repeating: 2, count: 32), createdAt: t0)
        try check(try await store.keepToolKey(first) == first, "the first key is kept")
        try check(try await store.keepToolKey(second) == first, "a second key replaced the first")
        try check(try await store.toolKey() == first, "the kept key reads back")
    }

    /// An LMS user is linked to a teacher and a resource link to a lesson (with the lesson's code); removing the
    /// platform removes its links.
    package static func usersAndLinksAreLinked(_ store: Store, _ lessonId: String, _ code: String) async throws {
        try await store.addPlatform(platform())
        try await store.addTeacher(TeacherRecord(id: "t-ada", name: "Ada", email: nil, createdAt: t0))
        try check(try await store.ltiTeacher(platformId: "p-client-1", userId: "u1") == nil, "no link yet")
        try await store.linkTeacher(platformId: "p-client-1", userId: "u1", teacherId: "t-ada")
        try check(try await store.ltiTeacher(platformId: "p-client-1", userId: "u1") == "t-ada", "the user is Ada")
        let link = LTILessonLink(
            platformId: "p-client-1", deploymentId: "d1", resourceLinkId: "r1", lessonId: lessonId, code: code,
            createdAt: t0)
        try await store.linkLesson(link)
        try check(
            try await store.ltiLesson(platformId: "p-client-1", deploymentId: "d1", resourceLinkId: "r1") == link,
            "the resource link opens the lesson")
        try check(
            try await store.ltiLesson(platformId: "p-client-1", deploymentId: "d2", resourceLinkId: "r1") == nil,
            "another deployment's link is another activity")
        _ = try await store.removePlatform(id: "p-client-1")
        try check(
            try await store.ltiLesson(platformId: "p-client-1", deploymentId: "d1", resourceLinkId: "r1") == nil,
            "removing the platform removed its links")
    }
}

extension LTIStoreScenarios {
    /// The grades scenarios (migration SQLite `v7`, PostgreSQL `v8`).
    package static let grades: [(String, Scenario)] = [
        ("an activity keeps its grade service, a learner is linked once", gradeServiceAndLearnersAreKept),
        ("a grade is queued once per score, held while claimed, then sent or failed", gradesAreQueuedAndSent),
    ]

    static func grade(_ lessonId: String, _ user: String, score: Double, at time: Timestamp = t0) -> LTIGradeRecord {
        LTIGradeRecord(
            lessonId: lessonId, platformId: "p-client-1", userId: user, scoreGiven: score, scoreMaximum: 1000,
            comment: "Rank 1 of 2 in the lesson.", scoredAt: time)
    }

    /// The launch's endpoints are kept (the line item only when named); a learner linked twice is one learner.
    package static func gradeServiceAndLearnersAreKept(_ store: Store, _ lessonId: String, _ code: String)
        async throws
    {
        try await store.addPlatform(platform())
        try await store.linkLesson(
            LTILessonLink(
                platformId: "p-client-1", deploymentId: "d1", resourceLinkId: "r1", lessonId: lessonId, code: code,
                createdAt: t0))
        try await store.setGradeService(
            platformId: "p-client-1", deploymentId: "d1", resourceLinkId: "r1", lineItemsURL: "https://lms/items",
            lineItemURL: nil)
        var link = try await store.ltiLesson(forLesson: lessonId)
        try check(link?.lineItemsURL == "https://lms/items" && link?.lineItemURL == nil, "the container is kept")
        try await store.setGradeService(
            platformId: "p-client-1", deploymentId: "d1", resourceLinkId: "r1", lineItemsURL: nil,
            lineItemURL: "https://lms/items/7")
        link = try await store.ltiLesson(forLesson: lessonId)
        try check(
            link?.lineItemsURL == "https://lms/items" && link?.lineItemURL == "https://lms/items/7",
            "the line item is kept beside the container")
        try check(
            try await store.ltiLesson(platformId: "p-client-1", deploymentId: "d1", resourceLinkId: "r1")?.lineItemURL
                == "https://lms/items/7", "the activity's link reads its line item")
        try check(link?.code == code, "the lesson's link has its code")
        let learner = LTIStudentLink(lessonId: lessonId, platformId: "p-client-1", userId: "u1", createdAt: t0)
        try await store.linkStudent(learner)
        try await store.linkStudent(learner)
        try check(try await store.ltiStudents(ofLesson: lessonId) == [learner], "one learner")
    }

    /// Queued grades are due at once; a claim holds them from a second claim; sent is sent; a failure waits until
    /// its next attempt; the same score again queues nothing, a new score is pending again; an answer about an older
    /// score does not touch a newer one.
    package static func gradesAreQueuedAndSent(_ store: Store, _ lessonId: String, _: String) async throws {
        try await store.addPlatform(platform())
        let ada = grade(lessonId, "u-ada", score: 800)
        let bo = grade(lessonId, "u-bo", score: 500)
        try check(try await store.queueGrades([ada, bo]) == 2, "two grades queued")
        try check(try await store.queueGrades([ada, bo]) == 0, "the same scores queue nothing")
        try check(try await store.nextGradeDue() == t0, "due at once")
        let claimed = try await store.claimDueGrades(at: t0, holdingUntil: t0.adding(seconds: 120), limit: 10)
        try check(claimed.map(\.userId).sorted() == ["u-ada", "u-bo"], "both claimed")
        try check(
            try await store.claimDueGrades(at: t0, holdingUntil: t0.adding(seconds: 120), limit: 10).isEmpty,
            "a claimed grade is held from another claim")
        try await store.gradeSent(ada, at: t0.adding(seconds: 1))
        try await store.gradeFailed(bo, reason: "HTTP 503", next: t0.adding(seconds: 10))
        var rows = try await store.grades(ofLesson: lessonId)
        try check(rows.map(\.userId) == ["u-ada", "u-bo"], "both rows read back by user")
        try check(
            rows[0].state == .sent && rows[0].sentAt == t0.adding(seconds: 1) && rows[0].lastError == nil,
            "Ada's grade is sent")
        try check(
            rows[1].state == .pending && rows[1].attempts == 1 && rows[1].lastError == "HTTP 503"
                && rows[1].nextAttemptAt == t0.adding(seconds: 10), "Bo's grade failed once and waits")
        try check(
            try await store.claimDueGrades(at: t0.adding(seconds: 9), holdingUntil: t0.adding(seconds: 200), limit: 10)
                .isEmpty, "not due before its next attempt")
        try check(
            try await store.claimDueGrades(at: t0.adding(seconds: 10), holdingUntil: t0.adding(seconds: 200), limit: 9)
                .map(\.userId) == ["u-bo"], "due at its next attempt")
        try check(try await store.queueGrades([ada]) == 0, "a sent score queued again is left sent")
        let better = grade(lessonId, "u-ada", score: 900, at: t0.adding(seconds: 30))
        try check(try await store.queueGrades([better]) == 1, "a new score is queued")
        try await store.gradeSent(ada, at: t0.adding(seconds: 31))
        rows = try await store.grades(ofLesson: lessonId)
        try check(
            rows[0].state == .pending && rows[0].scoreGiven == 900 && rows[0].attempts == 0,
            "the older score's answer leaves the new one pending")
        try check(try await store.nextGradeDue() == t0.adding(seconds: 30), "the new score is due when given")
    }
}
