import Foundation
import JWTKit
import PetriProtocol
import PetriStorage
import Synchronization
import Testing

@testable import PetriLTI

/// The grades queue sent through ``GradeSender``: an in-memory store, a clock the test moves and a platform that
/// answers as the test says (no network).
@Suite struct GradeSenderTests {
    static let t0 = Timestamp(millisecondsSince1970: 1_800_000_000_000)
    static let platform = LTIPlatformRecord(
        id: "p1", issuer: "https://lms.example", clientId: "petri-client", authURL: "https://lms.example/auth",
        tokenURL: "https://lms.example/token", jwksURL: "https://lms.example/jwks", deploymentIds: ["dep-1"],
        createdAt: t0)

    /// The time, moved by the test.
    final class ManualClock: Sendable {
        private let time = Mutex(GradeSenderTests.t0)
        var now: Timestamp { time.withLock { $0 } }
        func advance(seconds: Int) { time.withLock { $0 = $0.adding(seconds: seconds) } }
    }

    /// The LMS: every request recorded; the scores endpoint answers `scoreStatus` (200 unless changed).
    final class LMS: Sendable {
        private let state = Mutex<(requests: [(url: String, body: String)], scoreStatus: Int)>(([], 200))

        var requests: [(url: String, body: String)] { state.withLock { $0.requests } }
        func setScoreStatus(_ status: Int) { state.withLock { $0.scoreStatus = status } }
        func posts(to suffix: String) -> [String] { requests.filter { $0.url.hasSuffix(suffix) }.map(\.body) }

        func answer(_ url: String, _ body: [UInt8]) -> LTIHTTPAnswer {
            let status = state.withLock { held in
                held.requests.append((url, String(decoding: body, as: UTF8.self)))
                return held.scoreStatus
            }
            if url.hasSuffix("/token") {
                return LTIHTTPAnswer(status: 200, body: Array(#"{"access_token":"lms-token","expires_in":3600}"#.utf8))
            }
            if url.hasSuffix("/lineitems") {
                return LTIHTTPAnswer(status: 201, body: Array(#"{"id":"https://lms.example/lineitems/9"}"#.utf8))
            }
            return LTIHTTPAnswer(status: status, body: Array((status == 200 ? "{}" : "Down for maintenance").utf8))
        }
    }

    struct Setup {
        let clock = ManualClock()
        let lms = LMS()
        let storage = InMemoryLTIStorage()
        let tool: LTITool
        let sender: GradeSender

        init(lineItem: String? = nil) async throws {
            let clock = clock
            let lms = lms
            tool = LTITool(storage: storage, fetch: { _ in [] }, now: { clock.now })
            sender = GradeSender(tool: tool, post: { url, _, body in lms.answer(url, body) }, now: { clock.now })
            try await storage.addPlatform(GradeSenderTests.platform)
            await storage.linkLesson(
                LTILessonLink(
                    platformId: "p1", deploymentId: "dep-1", resourceLinkId: "link-1", lessonId: "lesson-1",
                    code: "K7QF", createdAt: GradeSenderTests.t0))
            await storage.setGradeService(
                platformId: "p1", deploymentId: "dep-1", resourceLinkId: "link-1",
                lineItemsURL: "https://lms.example/lineitems", lineItemURL: lineItem)
        }

        func queue(_ users: [String: Double]) async throws {
            _ = await storage.queueGrades(
                users.map { user, score in
                    LTIGradeRecord(
                        lessonId: "lesson-1", platformId: "p1", userId: user, scoreGiven: score, scoreMaximum: 2000,
                        comment: "Rank 1 of 2 in the lesson.", scoredAt: clock.now)
                })
        }
    }

    @Test func theWaitAfterEachFailureDoublesFromTenSecondsToAnHour() {
        let waits = (1...12).map(GradeSender.backoff(afterFailures:))
        #expect(waits == [10, 20, 40, 80, 160, 320, 640, 1280, 2560, 3600, 3600, 3600])
    }

    @Test func gradesGoToTheLineItemMadeOnceWithATokenFromAnAssertionSignedByTheToolKey() async throws {
        let setup = try await Setup()
        try await setup.queue(["u-ada": 1510, "u-bo": 700])

        #expect(await setup.sender.sendDue() == 2)

        // One token, one line item (kept), one score per learner at the line item's scores endpoint.
        let tokenForm = try #require(setup.lms.posts(to: "/token").first)
        #expect(setup.lms.posts(to: "/token").count == 1)
        let fields = LTITool.formDecoded(Array(tokenForm.utf8))
        #expect(fields["grant_type"] == "client_credentials")
        #expect(fields["scope"]?.split(separator: " ").contains(Substring(GradeSender.scoreScope)) == true)
        let assertion = try #require(fields["client_assertion"])
        let key = try await setup.tool.key()
        let claims = try await key.keys.verify(assertion, as: ClientAssertion.self)
        #expect(claims.issuer.value == "petri-client" && claims.subject.value == "petri-client")
        #expect(claims.audience.value == ["https://lms.example/token"])
        #expect(setup.lms.posts(to: "/lineitems").count == 1)
        #expect(await setup.storage.ltiLesson(forLesson: "lesson-1")?.lineItemURL == "https://lms.example/lineitems/9")
        let scores = setup.lms.requests.filter { $0.url == "https://lms.example/lineitems/9/scores" }.map(\.body)
        #expect(scores.count == 2)
        let ada = try #require(
            scores.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
                .first { $0["userId"] as? String == "u-ada" })
        #expect(ada["scoreGiven"] as? Double == 1510 && ada["scoreMaximum"] as? Double == 2000)
        #expect(ada["comment"] as? String == "Rank 1 of 2 in the lesson.")
        #expect(ada["timestamp"] as? String == "2027-01-15T08:00:00.000Z")
        #expect(await setup.storage.grades(ofLesson: "lesson-1").allSatisfy { $0.state == .sent })

        // A later grade goes to the same line item, with the same token.
        setup.clock.advance(seconds: 60)
        try await setup.queue(["u-ada": 1600])
        #expect(await setup.sender.sendDue() == 1)
        #expect(setup.lms.posts(to: "/lineitems").count == 1 && setup.lms.posts(to: "/token").count == 1)
    }

    @Test func aRefusedGradeWaitsItsBackoffWithTheLMSsReasonThenIsSentOnce() async throws {
        let setup = try await Setup(lineItem: "https://lms.example/lineitems/3?type=x")
        try await setup.queue(["u-ada": 1510])
        setup.lms.setScoreStatus(503)

        #expect(await setup.sender.sendDue() == 0)
        var row = try #require(await setup.storage.grades(ofLesson: "lesson-1").first)
        #expect(row.state == .pending && row.attempts == 1)
        #expect(row.lastError?.contains("HTTP 503: Down for maintenance") == true)
        #expect(row.nextAttemptAt == Self.t0.adding(seconds: 10))

        // Not before its time; the second failure waits twice as long.
        setup.clock.advance(seconds: 9)
        #expect(await setup.sender.sendDue() == 0)
        #expect(setup.lms.requests.filter { $0.url.contains("/scores") }.count == 1)
        setup.clock.advance(seconds: 1)
        #expect(await setup.sender.sendDue() == 0)
        row = try #require(await setup.storage.grades(ofLesson: "lesson-1").first)
        #expect(row.attempts == 2 && row.nextAttemptAt == Self.t0.adding(seconds: 30))

        // The LMS is back: sent once, the same score with the same timestamp as the refused attempts.
        setup.lms.setScoreStatus(200)
        setup.clock.advance(seconds: 20)
        #expect(await setup.sender.sendDue() == 1)
        setup.clock.advance(seconds: 3600)
        #expect(await setup.sender.sendDue() == 0)
        let posted = setup.lms.requests.filter { $0.url == "https://lms.example/lineitems/3/scores?type=x" }
        #expect(posted.count == 3 && Set(posted.map(\.body)).count == 1)
        row = try #require(await setup.storage.grades(ofLesson: "lesson-1").first)
        #expect(row.state == .sent && row.sentAt == Self.t0.adding(seconds: 30) && row.lastError == nil)
    }

    @Test func aGradeOfAnActivityWithoutAGradeServiceSaysSo() async throws {
        let setup = try await Setup()
        await setup.storage.linkLesson(
            LTILessonLink(
                platformId: "p1", deploymentId: "dep-1", resourceLinkId: "link-2", lessonId: "lesson-2", code: "ABCD",
                createdAt: Self.t0))
        _ = await setup.storage.queueGrades([
            LTIGradeRecord(
                lessonId: "lesson-2", platformId: "p1", userId: "u-ada", scoreGiven: 1, scoreMaximum: 1000,
                comment: "", scoredAt: Self.t0)
        ])
        #expect(await setup.sender.sendDue() == 0)
        let row = try #require(await setup.storage.grades(ofLesson: "lesson-2").first)
        #expect(row.lastError == LTIWords.text("lti.grade.noService") && setup.lms.requests.isEmpty)
    }
}
