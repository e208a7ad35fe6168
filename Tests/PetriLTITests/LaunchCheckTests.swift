import Foundation
import PetriProtocol
import PetriStorage
import Testing

@testable import PetriLTI

/// The checks of a launch's claims (``LaunchCheck``): each claim Petri relies on, refused with its own reason.
@Suite struct LaunchCheckTests {
    static let now: Double = 1_800_000_000
    static let platform = LTIPlatformRecord(
        id: "p1", issuer: "https://lms.example", clientId: "petri-client", authURL: "https://lms.example/auth",
        tokenURL: "https://lms.example/token", jwksURL: "https://lms.example/jwks", deploymentIds: ["dep-1"],
        createdAt: Timestamp(millisecondsSince1970: 0))

    /// A resource link launch by an instructor that passes every check, with `changes` applied.
    static func claims(_ changes: [String: Any?] = [:]) throws -> LaunchClaims {
        var fields: [String: Any] = [
            "iss": "https://lms.example", "sub": "user-7", "aud": "petri-client", "exp": now + 300, "iat": now - 5,
            "nonce": "nonce-1", "name": "Ada Lovelace",
            LaunchClaims.lti + "message_type": "LtiResourceLinkRequest", LaunchClaims.lti + "version": "1.3.0",
            LaunchClaims.lti + "deployment_id": "dep-1",
            LaunchClaims.lti + "roles": ["http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor"],
            LaunchClaims.lti + "resource_link": ["id": "link-1", "title": "Camouflage"],
        ]
        for (key, value) in changes { fields[key] = value }
        for (key, value) in fields where value is NSNull { fields[key] = nil }
        let data = try JSONSerialization.data(withJSONObject: fields)
        return try JSONDecoder().decode(LaunchClaims.self, from: data)
    }

    static func check(_ claims: LaunchClaims) -> Result<VerifiedLaunch, LaunchRefusal> {
        LaunchCheck.check(claims, platform: platform, expectedNonce: "nonce-1", now: now)
    }

    @Test func aGoodResourceLinkLaunchPassesWithItsUserAndLink() throws {
        let launch = try Self.check(Self.claims()).get()
        #expect(launch.userId == "user-7")
        #expect(launch.deploymentId == "dep-1")
        #expect(launch.kind == .resourceLink(id: "link-1", title: "Camouflage"))
        #expect(launch.claims.isInstructor)
        #expect(launch.claims.displayName == "Ada Lovelace")
    }

    /// Each case: what is wrong, the claims changed (JSON; null removes a claim), the reason refused.
    static let refused: [(String, String, LaunchRefusal)] = [
        ("another issuer", #"{"iss": "https://other.example"}"#, .unknownPlatform),
        ("another audience", #"{"aud": "someone-else"}"#, .wrongAudience),
        ("two audiences without azp", #"{"aud": ["petri-client", "other"]}"#, .wrongAudience),
        ("azp naming another client", #"{"azp": "other"}"#, .wrongAudience),
        ("expired", #"{"exp": \#(now - 61)}"#, .expired),
        ("issued long ago", #"{"iat": \#(now - 601)}"#, .expired),
        ("issued in the future", #"{"iat": \#(now + 61)}"#, .expired),
        ("another nonce", #"{"nonce": "nonce-2"}"#, .replayed),
        ("no nonce", #"{"nonce": null}"#, .incomplete),
        ("LTI 1.1", #"{"\#(LaunchClaims.lti)version": "1.1"}"#, .unsupported),
        ("an unknown message", #"{"\#(LaunchClaims.lti)message_type": "LtiSubmissionReviewRequest"}"#, .unsupported),
        ("an unknown deployment", #"{"\#(LaunchClaims.lti)deployment_id": "dep-9"}"#, .unknownDeployment),
        ("no deployment", #"{"\#(LaunchClaims.lti)deployment_id": null}"#, .incomplete),
        ("no user", #"{"sub": null}"#, .incomplete),
        ("no resource link", #"{"\#(LaunchClaims.lti)resource_link": null}"#, .incomplete),
    ]

    @Test(arguments: refused.indices)
    func aLaunchFailingOneCheckIsRefusedForThatReason(_ index: Int) throws {
        let (what, json, reason) = Self.refused[index]
        let changes = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(Self.check(try Self.claims(changes)) == .failure(reason), "\(what)")
    }

    @Test func twoAudiencesWithThisToolAsAuthorisedPartyPass() throws {
        let claims = try Self.claims(["aud": ["petri-client", "other"], "azp": "petri-client"])
        #expect((try? Self.check(claims).get()) != nil)
    }

    @Test func aDeepLinkingRequestNeedsItsReturnURL() throws {
        let deep = LaunchClaims.lti + "message_type"
        let settings = "https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings"
        let good = try Self.claims([
            deep: "LtiDeepLinkingRequest", settings: ["deep_link_return_url": "https://lms/dl"],
        ])
        guard case .success(let launch) = Self.check(good), case .deepLinking(let found) = launch.kind else {
            Issue.record("a deep linking request was refused")
            return
        }
        #expect(found.returnURL == "https://lms/dl")
        #expect(Self.check(try Self.claims([deep: "LtiDeepLinkingRequest"])) == .failure(.incomplete))
    }

    @Test func onlyTeachingRolesOfTheContextAreInstructors() throws {
        let roles = LaunchClaims.lti + "roles"
        let membership = "http://purl.imsglobal.org/vocab/lis/v2/membership#"
        #expect(try !Self.claims([roles: [membership + "Learner"]]).isInstructor)
        #expect(try Self.claims([roles: [membership + "Learner", membership + "ContentDeveloper"]]).isInstructor)
        // An institution's administrator is not the course's instructor.
        #expect(
            try !Self.claims([roles: ["http://purl.imsglobal.org/vocab/lis/v2/institution/person#Administrator"]])
                .isInstructor)
        #expect(try !Self.claims([roles: nil]).isInstructor)
    }

    @Test func theDisplayNameFallsBackToGivenAndFamilyNames() throws {
        #expect(
            try Self.claims(["name": nil, "given_name": "Grace", "family_name": "Hopper"]).displayName == "Grace Hopper"
        )
        #expect(try Self.claims(["name": nil]).displayName == nil)
    }
}
