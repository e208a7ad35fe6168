import Foundation
import JWTKit
import PetriProtocol
import PetriStorage

/// Sends the grades queue to the LMSs (IMS Assignment and Grade Services 2.0), over the store's durable queue.
///
/// Each round claims the grades due (held from other senders for ``hold`` seconds), gets an access token from the
/// platform's token URL (OAuth 2 client credentials with a JWT assertion signed by the tool's key, IMS Security
/// Framework §4.1; kept until a minute before it expires), makes the activity's line item when the launch named
/// none, and posts each learner's score to the line item's `/scores`. A grade the LMS accepted (any 2xx) is `sent`;
/// any other answer, or no answer, is counted and tried again after ``backoff(afterFailures:)``: 10 s, doubling
/// to at most an hour, for as long as it takes. The score's timestamp is the time it was given, the same in every
/// attempt, so a repeat after a lost answer is the same score to the LMS, never a second one.
package actor GradeSender {
    /// POSTs a body to a URL with headers (AsyncHTTPClient in the server, a stub in tests).
    package typealias Post =
        @Sendable (_ url: String, _ headers: [(String, String)], _ body: [UInt8]) async throws
        -> LTIHTTPAnswer

    package static let scoreScope = "https://purl.imsglobal.org/spec/lti-ags/scope/score"
    package static let lineItemScope = "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem"
    /// Seconds a claimed grade is out of other senders' reach (longer than the requests of one round can take).
    package static let hold = 120
    /// Grades one round claims at most.
    package static let batch = 50

    let tool: LTITool
    let post: Post
    let now: @Sendable () -> Timestamp
    private var tokens: [String: (token: String, until: Timestamp)] = [:]

    package init(tool: LTITool, post: @escaping Post, now: @escaping @Sendable () -> Timestamp) {
        self.tool = tool
        self.post = post
        self.now = now
    }

    /// Seconds to wait after the `failures`-th failed attempt: 10, 20, 40, … at most 3600.
    package static func backoff(afterFailures failures: Int) -> Int {
        min(3600, 10 << min(max(failures - 1, 0), 9))
    }

    /// Sends the grades due now; answers how many the LMSs accepted.
    @discardableResult
    package func sendDue() async -> Int {
        let storage = tool.storage
        let time = now()
        let claimed: [LTIGradeRecord]
        let platforms: [String: LTIPlatformRecord]
        do {
            claimed = try await storage.claimDueGrades(
                at: time, holdingUntil: time.adding(seconds: Self.hold), limit: Self.batch)
            guard !claimed.isEmpty else { return 0 }
            platforms = Dictionary(try await storage.platforms().map { ($0.id, $0) }) { first, _ in first }
        } catch {
            return 0
        }
        var sent = 0
        for lessonId in Set(claimed.map(\.lessonId)).sorted() {
            let grades = claimed.filter { $0.lessonId == lessonId }
            sent += await send(grades, ofLesson: lessonId, platforms: platforms)
        }
        return sent
    }

    private func send(_ grades: [LTIGradeRecord], ofLesson lessonId: String, platforms: [String: LTIPlatformRecord])
        async -> Int
    {
        let storage = tool.storage
        let link: LTILessonLink?
        do {
            link = try await storage.ltiLesson(forLesson: lessonId)
        } catch {
            await failed(grades, LTIWords.text("lti.grade.storeFailed"))
            return 0
        }
        guard let link, let platform = platforms[link.platformId] else {
            await failed(grades, LTIWords.text("lti.grade.noActivity"))
            return 0
        }
        guard link.lineItemURL != nil || link.lineItemsURL != nil else {
            await failed(grades, LTIWords.text("lti.grade.noService"))
            return 0
        }
        let token: String
        switch await accessToken(for: platform) {
        case .failure(let reason):
            await failed(grades, reason)
            return 0
        case .success(let got): token = got
        }
        let lineItem: String
        if let known = link.lineItemURL {
            lineItem = known
        } else {
            switch await makeLineItem(for: link, maximum: grades.map(\.scoreMaximum).max() ?? 1, token: token) {
            case .failure(let reason):
                await failed(grades, reason)
                return 0
            case .success(let made): lineItem = made
            }
        }
        var sent = 0
        for grade in grades {
            let answer: LTIHTTPAnswer
            do {
                answer = try await post(
                    Self.scoresURL(of: lineItem),
                    [
                        ("authorization", "Bearer " + token),
                        ("content-type", "application/vnd.ims.lis.v1.score+json"),
                    ], Self.scoreBody(grade))
            } catch {
                await failed([grade], Self.unreachable(error))
                continue
            }
            guard (200..<300).contains(answer.status) else {
                if answer.status == 401 { tokens[platform.id] = nil }
                await failed([grade], Self.refused(answer.status, Self.reason(in: answer.body)))
                continue
            }
            do {
                try await tool.storage.gradeSent(grade, at: now())
                sent += 1
            } catch {
                // Still pending in the store: sent again once the hold ends, the same score with the same timestamp.
            }
        }
        return sent
    }

    private func failed(_ grades: [LTIGradeRecord], _ reason: String) async {
        let time = now()
        for grade in grades {
            let next = time.adding(seconds: Self.backoff(afterFailures: grade.attempts + 1))
            try? await tool.storage.gradeFailed(grade, reason: reason, next: next)
        }
    }

    /// The platform's access token for the scores and line items, or why there is none.
    private func accessToken(for platform: LTIPlatformRecord) async -> Result<String, GradeFailure> {
        let time = now()
        if let held = tokens[platform.id], held.until > time { return .success(held.token) }
        let assertion: String
        do {
            assertion = try await tool.key().sign(
                ClientAssertion(
                    issuer: .init(value: platform.clientId), subject: .init(value: platform.clientId),
                    audience: .init(value: [platform.tokenURL]),
                    issuedAt: .init(value: Date(timeIntervalSince1970: time.storedSeconds)),
                    expires: .init(value: Date(timeIntervalSince1970: time.storedSeconds + 300)),
                    id: .init(value: LTITool.randomText())))
        } catch {
            return .failure(GradeFailure(LTIWords.text("lti.grade.storeFailed")))
        }
        let form = LTITool.formEncoded([
            ("grant_type", "client_credentials"),
            ("client_assertion_type", "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"),
            ("client_assertion", assertion), ("scope", [Self.lineItemScope, Self.scoreScope].joined(separator: " ")),
        ])
        let answer: LTIHTTPAnswer
        do {
            answer = try await post(
                platform.tokenURL, [("content-type", "application/x-www-form-urlencoded")], Array(form.utf8))
        } catch {
            return .failure(GradeFailure(Self.unreachable(error)))
        }
        guard (200..<300).contains(answer.status),
            let granted = try? JSONDecoder().decode(TokenAnswer.self, from: Data(answer.body))
        else {
            return .failure(GradeFailure(Self.tokenRefused(answer.status, Self.reason(in: answer.body))))
        }
        let lifetime = max(0, (granted.expiresIn ?? 3600) - 60)
        tokens[platform.id] = (granted.accessToken, time.adding(seconds: lifetime))
        return .success(granted.accessToken)
    }

    /// Makes the activity's line item in the launch's container and keeps its URL.
    private func makeLineItem(for link: LTILessonLink, maximum: Double, token: String) async
        -> Result<String, GradeFailure>
    {
        guard let container = link.lineItemsURL else {
            return .failure(GradeFailure(LTIWords.text("lti.grade.noService")))
        }
        let item: [String: Any] = [
            "scoreMaximum": maximum, "label": LTIWords.text("lti.grade.lineItemLabel", ["code": .text(link.code)]),
            "resourceLinkId": link.resourceLinkId,
            "resourceId": link.lessonId, "tag": "petri",
        ]
        let body = (try? JSONSerialization.data(withJSONObject: item, options: [.sortedKeys])) ?? Data()
        let answer: LTIHTTPAnswer
        do {
            answer = try await post(
                container,
                [
                    ("authorization", "Bearer " + token),
                    ("content-type", "application/vnd.ims.lis.v2.lineitem+json"),
                ], Array(body))
        } catch {
            return .failure(GradeFailure(Self.unreachable(error)))
        }
        guard (200..<300).contains(answer.status),
            let made = try? JSONDecoder().decode(LineItemAnswer.self, from: Data(answer.body))
        else {
            return .failure(GradeFailure(Self.refused(answer.status, Self.reason(in: answer.body))))
        }
        try? await tool.storage.setGradeService(
            platformId: link.platformId, deploymentId: link.deploymentId, resourceLinkId: link.resourceLinkId,
            lineItemsURL: nil, lineItemURL: made.id)
        return .success(made.id)
    }

    /// The line item's scores endpoint: its path with `/scores` appended, its query kept (AGS 2.0 §3.4).
    package static func scoresURL(of lineItem: String) -> String {
        guard var parts = URLComponents(string: lineItem) else { return lineItem + "/scores" }
        parts.path = (parts.path.hasSuffix("/") ? String(parts.path.dropLast()) : parts.path) + "/scores"
        return parts.string ?? lineItem + "/scores"
    }

    /// The score, as `application/vnd.ims.lis.v1.score+json`.
    package static func scoreBody(_ grade: LTIGradeRecord) -> [UInt8] {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let score: [String: Any] = [
            "userId": grade.userId, "scoreGiven": grade.scoreGiven, "scoreMaximum": grade.scoreMaximum,
            "comment": grade.comment,
            "timestamp": formatter.string(from: Date(timeIntervalSince1970: grade.scoredAt.storedSeconds)),
            "activityProgress": "Completed", "gradingProgress": "FullyGraded",
        ]
        return Array((try? JSONSerialization.data(withJSONObject: score, options: [.sortedKeys])) ?? Data())
    }

    /// What an LMS said when it refused: the start of its body, on one line.
    static func reason(in body: [UInt8]) -> String {
        let text = String(decoding: body.prefix(300), as: UTF8.self)
        return text.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces)
    }
}

/// Why an attempt failed, in a sentence for the console.
struct GradeFailure: Error {
    var sentence: String
    init(_ sentence: String) { self.sentence = sentence }
}

extension GradeSender {
    fileprivate func failed(_ grades: [LTIGradeRecord], _ reason: GradeFailure) async {
        await failed(grades, reason.sentence)
    }
}

/// The client assertion of a token request (IMS Security Framework §4.1.1).
struct ClientAssertion: JWTPayload {
    var issuer: IssuerClaim
    var subject: SubjectClaim
    var audience: AudienceClaim
    var issuedAt: IssuedAtClaim
    var expires: ExpirationClaim
    var id: IDClaim

    enum CodingKeys: String, CodingKey {
        case issuer = "iss"
        case subject = "sub"
        case audience = "aud"
        case issuedAt = "iat"
        case expires = "exp"
        case id = "jti"
    }

    func verify(using algorithm: some JWTAlgorithm) async throws {}
}

struct TokenAnswer: Decodable {
    var accessToken: String
    var expiresIn: Int?

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case expiresIn = "expires_in"
    }
}

struct LineItemAnswer: Decodable {
    var id: String
}

/// The sentences of the grades' failures, kept with each grade (in English: the store keeps one sentence).
extension GradeSender {
    static func unreachable(_ error: any Error) -> String {
        LTIWords.text("lti.grade.unreachable", ["error": .text(String("\(error)".prefix(200)))])
    }

    static func refused(_ status: Int, _ reason: String) -> String {
        reason.isEmpty
            ? LTIWords.text("lti.grade.refused", ["status": .int(status)])
            : LTIWords.text("lti.grade.refusedBecause", ["status": .int(status), "reason": .text(reason)])
    }

    static func tokenRefused(_ status: Int, _ reason: String) -> String {
        reason.isEmpty
            ? LTIWords.text("lti.grade.tokenRefused", ["status": .int(status)])
            : LTIWords.text("lti.grade.tokenRefusedBecause", ["status": .int(status), "reason": .text(reason)])
    }
}
