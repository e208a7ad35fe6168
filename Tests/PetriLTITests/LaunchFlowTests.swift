import Foundation
import JWTKit
import PetriProtocol
import PetriStorage
import Testing

@testable import PetriLTI

/// The login initiation and the launch through ``LTITool``: real RS256 signatures (jwt-kit) by a platform key served
/// as a JWKS, an in-memory store and a fixed clock.
@Suite struct LaunchFlowTests {
    static let t0 = Timestamp(millisecondsSince1970: 1_800_000_000_000)
    static let platform = LTIPlatformRecord(
        id: "p1", issuer: "https://lms.example", clientId: "petri-client", authURL: "https://lms.example/auth",
        tokenURL: "https://lms.example/token", jwksURL: "https://lms.example/jwks", deploymentIds: ["dep-1"],
        createdAt: t0)

    /// A platform: its key signs launches, its key set is what the tool fetches.
    struct Platform {
        let key: ToolKey
        let storage = InMemoryLTIStorage()
        let tool: LTITool

        init(fetched: @escaping @Sendable (ToolKey) -> String = { $0.jwksJSON }) async throws {
            let key = try await ToolKey(ToolKey.make(at: LaunchFlowTests.t0))
            self.key = key
            tool = LTITool(
                storage: storage, fetch: { _ in Array(fetched(key).utf8) }, now: { LaunchFlowTests.t0 })
            try await storage.addPlatform(LaunchFlowTests.platform)
        }

        /// Starts a login and answers the state and nonce the tool sent the browser with.
        func login(_ extra: [String: String] = [:]) async throws -> (state: String, nonce: String) {
            let answer = await tool.login(
                [
                    "iss": "https://lms.example", "login_hint": "user-7", "client_id": "petri-client",
                    "target_link_uri": "https://petri.example/lti/launch",
                ].merging(extra) { _, new in new })
            guard case .redirect(let url) = answer else { throw LaunchTestFailure("login refused: \(answer)") }
            let items = URLComponents(string: url)?.queryItems ?? []
            let value = { (name: String) in items.first { $0.name == name }?.value ?? "" }
            #expect(url.hasPrefix("https://lms.example/auth?"))
            #expect(value("redirect_uri") == "https://petri.example/lti/launch")
            #expect(value("response_mode") == "form_post")
            return (value("state"), value("nonce"))
        }

        func token(nonce: String, _ changes: [String: Claim] = [:], signer: ToolKey? = nil) async throws -> String {
            var fields: [String: Claim] = [
                "iss": .text("https://lms.example"), "sub": .text("user-7"), "aud": .text("petri-client"),
                "exp": .number(t0.storedSeconds + 300), "iat": .number(t0.storedSeconds), "nonce": .text(nonce),
                "name": .text("Ada Lovelace"),
                LaunchClaims.lti + "message_type": .text("LtiResourceLinkRequest"),
                LaunchClaims.lti + "version": .text("1.3.0"), LaunchClaims.lti + "deployment_id": .text("dep-1"),
                LaunchClaims.lti + "roles": .list(["http://purl.imsglobal.org/vocab/lis/v2/membership#Learner"]),
                LaunchClaims.lti + "resource_link": .object(["id": "link-1"]),
            ]
            for (name, value) in changes { fields[name] = value }
            return try await (signer ?? key).sign(SignedClaims(fields: fields))
        }
    }

    @Test func aLaunchSignedByTheRegisteredPlatformIsAcceptedOnce() async throws {
        let lms = try await Platform()
        let (state, nonce) = try await lms.login()
        let token = try await lms.token(nonce: nonce)

        let launch = try await lms.tool.launch(idToken: token, state: state).get()
        #expect(launch.userId == "user-7")
        #expect(launch.kind == .resourceLink(id: "link-1", title: nil))
        #expect(!launch.claims.isInstructor)

        // The same form posted again (a replay) is refused: its state was used.
        #expect(await lms.tool.launch(idToken: token, state: state) == .failure(.noState))
    }

    @Test func aLaunchSignedByAnotherKeyIsRefusedAsForged() async throws {
        let lms = try await Platform()
        let (state, nonce) = try await lms.login()
        let forger = try await ToolKey(ToolKey.make(at: Self.t0))
        let forged = try await lms.token(nonce: nonce, signer: forger)
        #expect(await lms.tool.launch(idToken: forged, state: state) == .failure(.forged))
    }

    @Test func aTamperedTokenIsRefusedAsForged() async throws {
        let lms = try await Platform()
        let (state, nonce) = try await lms.login()
        let parts = try await lms.token(nonce: nonce).split(separator: ".").map(String.init)
        let other = try await lms.token(nonce: nonce, ["sub": .text("admin")]).split(separator: ".").map(String.init)
        let tampered = [parts[0], other[1], parts[2]].joined(separator: ".")
        #expect(await lms.tool.launch(idToken: tampered, state: state) == .failure(.forged))
    }

    @Test func aTokenForAnotherToolIsRefusedAsWrongAudience() async throws {
        let lms = try await Platform()
        let (state, nonce) = try await lms.login()
        let token = try await lms.token(nonce: nonce, ["aud": .text("another-tool")])
        #expect(await lms.tool.launch(idToken: token, state: state) == .failure(.wrongAudience))
    }

    @Test func anExpiredTokenIsRefused() async throws {
        let lms = try await Platform()
        let (state, nonce) = try await lms.login()
        let token = try await lms.token(nonce: nonce, ["exp": .number(Self.t0.storedSeconds - 120)])
        #expect(await lms.tool.launch(idToken: token, state: state) == .failure(.expired))
    }

    @Test func aTokenCarriedToAnotherLoginIsRefusedAsReplayed() async throws {
        let lms = try await Platform()
        let first = try await lms.login()
        let second = try await lms.login()
        let token = try await lms.token(nonce: first.nonce)
        #expect(await lms.tool.launch(idToken: token, state: second.state) == .failure(.replayed))
    }

    @Test func aStateNotIssuedHereIsRefused() async throws {
        let lms = try await Platform()
        let (_, nonce) = try await lms.login()
        let token = try await lms.token(nonce: nonce)
        #expect(await lms.tool.launch(idToken: token, state: "made-up") == .failure(.noState))
    }

    @Test func loginsFromAnUnknownPlatformOrDeploymentAreRefusedAndRecordNothing() async throws {
        let lms = try await Platform()
        let unknown = await lms.tool.login(
            ["iss": "https://other.example", "login_hint": "u", "target_link_uri": "https://petri.example/lti/launch"])
        #expect(unknown == .refused(.unknownPlatform))
        let deployment = await lms.tool.login(
            [
                "iss": "https://lms.example", "login_hint": "u", "target_link_uri": "https://petri.example/lti/launch",
                "lti_deployment_id": "dep-9",
            ])
        #expect(deployment == .refused(.unknownDeployment))
        let token = try await lms.token(nonce: "n", [LaunchClaims.lti + "deployment_id": .text("dep-9")])
        #expect(await lms.tool.launch(idToken: token, state: "s") == .failure(.noState))
    }

    @Test func theToolsKeySetVerifiesWhatTheToolSigns() async throws {
        let lms = try await Platform()
        let key = try await lms.tool.key()
        #expect(try await lms.tool.key().record == key.record)
        let signed = try await key.sign(SignedClaims(fields: ["iss": .text("petri-client")]))
        let verifier = try await JWTKeyCollection().add(jwksJSON: key.jwksJSON)
        let read = try await verifier.verify(signed, as: SignedClaims.self)
        #expect(read.fields["iss"] == .text("petri-client"))
    }

    @Test func aLearnersResumeTokenIsTheSameEachTimeAndTheirOwn() async throws {
        let key = try await ToolKey(ToolKey.make(at: Self.t0))
        let ada = try key.studentToken(platformId: "p1", userId: "ada", lessonId: "l1")
        #expect(try key.studentToken(platformId: "p1", userId: "ada", lessonId: "l1") == ada)
        #expect(try key.studentToken(platformId: "p1", userId: "bo", lessonId: "l1") != ada)
        #expect(try key.studentToken(platformId: "p1", userId: "ada", lessonId: "l2") != ada)
    }
}

struct LaunchTestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A claim's value, for signing test tokens.
enum Claim: Codable, Sendable, Equatable {
    case text(String)
    case number(Double)
    case list([String])
    case object([String: String])

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let text = try? c.decode(String.self) {
            self = .text(text)
        } else if let number = try? c.decode(Double.self) {
            self = .number(number)
        } else if let list = try? c.decode([String].self) {
            self = .list(list)
        } else {
            self = .object(try c.decode([String: String].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .text(let text): try c.encode(text)
        case .number(let number): try c.encode(number)
        case .list(let list): try c.encode(list)
        case .object(let object): try c.encode(object)
        }
    }
}

/// Any claims, signed as they are.
struct SignedClaims: JWTPayload {
    var fields: [String: Claim]

    init(fields: [String: Claim]) { self.fields = fields }

    init(from decoder: any Decoder) throws { fields = try [String: Claim](from: decoder) }

    func encode(to encoder: any Encoder) throws { try fields.encode(to: encoder) }

    func verify(using algorithm: some JWTAlgorithm) async throws {}
}
