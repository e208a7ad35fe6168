import Foundation
import Logging
import PetriAccounts
import PetriHubTesting
import PetriLTI
import PetriProtocol
import PetriStorage
import PetriTransport
import Synchronization
import Testing

@testable import PetriServer

/// The teacher's pick of a deep linking request (`POST /lti/deep-link`), against a request kept in the store, with
/// the tool's clock in the test's hands.
@Suite struct LTIDeepLinkRouteTests {
    static let t0 = Timestamp(millisecondsSince1970: 1_800_000_000_000)

    static let platform = LTIPlatformRecord(
        id: "p-1", issuer: "https://lms.example", clientId: "petri-client", authURL: "https://lms.example/auth",
        tokenURL: "https://lms.example/token", jwksURL: "https://lms.example/jwks", deploymentIds: ["d1"],
        createdAt: t0)

    final class Clock: Sendable {
        let time = Mutex(LTIDeepLinkRouteTests.t0)
    }

    /// A server with its LTI routes attached, one platform, and a deep linking request waiting until t0 + 600 s.
    final class Setup: Sendable {
        let storage = InMemoryLTIStorage()
        let clock = Clock()
        let routes: LTIRoutes
        let server: any HubTestServer

        init() async throws {
            let clock = clock
            routes = LTIRoutes(
                tool: LTITool(
                    storage: storage, fetch: { _ in throw CancellationError() }, now: { clock.time.withLock { $0 } }),
                logger: Logger(label: "petri.lti"), post: { _, _, _ in throw CancellationError() })
            server = try await HubSetup.inProcess.start()
            let accounts = TeacherAccounts(
                storage: InMemoryTeacherAccounts(), now: { LTIDeepLinkRouteTests.t0 },
                audit: AccountAudit(now: { LTIDeepLinkRouteTests.t0 }, write: { _ in }),
                hashing: PasswordHash.Parameters(logN: 4, r: 8, p: 1))
            await routes.attach(hub: server.hub, accounts: accounts)
            try await storage.addPlatform(LTIDeepLinkRouteTests.platform)
            await storage.addDeepLink(
                LTIDeepLinkRecord(
                    digest: TokenHash(of: "ticket-1"), platformId: "p-1", deploymentId: "d1",
                    returnURL: "https://lms.example/return", data: "opaque",
                    launchURL: "https://petri.example/lti/launch",
                    createdAt: LTIDeepLinkRouteTests.t0, expiresAt: LTIDeepLinkRouteTests.t0.adding(seconds: 600)))
        }

        func pick(_ fields: [(String, String)]) async -> (status: Int, page: String) {
            let response = await routes.picked(
                HTTPRequest(
                    method: "POST", path: "/lti/deep-link", remoteAddress: "127.0.0.1",
                    body: Array(LTITool.formEncoded(fields).utf8)))
            return (response.status, String(decoding: response.body, as: UTF8.self))
        }

        func stop() async {
            routes.detach()
            await server.stop()
        }
    }

    @Test func anExpiredRequestIsRefusedWithASentenceAndGone() async throws {
        // Given a request, and the clock past its expiry
        let setup = try await Setup()
        let model = try #require(await setup.server.hub.offeredModels().first).kind.rawValue
        setup.clock.time.withLock { $0 = LTIDeepLinkRouteTests.t0.adding(seconds: 600) }

        // When the teacher's pick arrives
        let answer = await setup.pick([("ticket", "ticket-1"), ("model", model)])

        // Then it is refused with the sentence, and the request is no longer in the store
        #expect(answer.status == 400 && answer.page.contains(LTIWords.text("lti.choose.expired")))
        #expect(await setup.storage.takeDeepLink(TokenHash(of: "ticket-1")) == nil)
        await setup.stop()
    }

    @Test func aModelNotOfferedIsRefusedAndTheRequestStillWaitsForTheRightPick() async throws {
        // Given a request
        let setup = try await Setup()
        let model = try #require(await setup.server.hub.offeredModels().first).kind.rawValue

        // When the pick names a model the server does not offer, then one it offers
        let wrong = await setup.pick([("ticket", "ticket-1"), ("model", "no-such-model")])
        setup.clock.time.withLock { $0 = LTIDeepLinkRouteTests.t0.adding(seconds: 599) }
        let right = await setup.pick([("ticket", "ticket-1"), ("model", model), ("title", "Moths")])
        let again = await setup.pick([("ticket", "ticket-1"), ("model", model)])
        let none = await setup.pick([("model", model)])

        // Then the first gets a sentence, the second the signed form back to the platform's return URL, and the
        // request is used: a second post, or a post with no ticket, gets the sentence
        #expect(wrong.status == 400 && wrong.page.contains(LTIWords.text("lti.choose.unknownModel")))
        #expect(right.status == 200)
        #expect(right.page.contains(#"action="https://lms.example/return""#) && right.page.contains(#"name="JWT""#))
        #expect(again.status == 400 && again.page.contains(LTIWords.text("lti.choose.expired")))
        #expect(none.status == 400 && none.page.contains(LTIWords.text("lti.choose.expired")))
        await setup.stop()
    }

    @Test func aRequestWhosePlatformWasRemovedIsRefused() async throws {
        // Given a request, and its platform removed since (with its requests)
        let setup = try await Setup()
        let model = try #require(await setup.server.hub.offeredModels().first).kind.rawValue
        _ = await setup.storage.removePlatform(id: "p-1")

        // When the pick arrives, then it is refused with a sentence
        let answer = await setup.pick([("ticket", "ticket-1"), ("model", model)])
        #expect(answer.status == 400 && answer.page.contains(LTIWords.text("lti.choose.expired")))
        await setup.stop()
    }
}
