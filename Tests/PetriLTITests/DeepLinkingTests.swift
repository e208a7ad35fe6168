import Foundation
import JWTKit
import PetriProtocol
import PetriStorage
import Testing

@testable import PetriLTI

/// The deep linking response Petri signs for the platform (Deep Linking 2.0 §4.5).
@Suite struct DeepLinkingTests {
    @Test func theResponseNamesThePickedModelFromThisToolToThePlatformAndVerifiesWithTheToolsKeySet() async throws {
        // Given a verified deep linking request
        let claims = try LaunchCheckTests.claims([
            LaunchClaims.lti + "message_type": "LtiDeepLinkingRequest",
            "https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings": [
                "deep_link_return_url": "https://lms.example/return", "data": "opaque-1",
            ],
        ])
        let launch = try LaunchCheckTests.check(claims).get()
        guard case .deepLinking(let settings) = launch.kind else {
            Issue.record("not a deep linking request")
            return
        }

        // When the teacher picks a model and Petri signs the response
        let response = DeepLinkingResponse.picking(
            model: "camouflage", title: "Moths", launchURL: "https://petri.example/lti/launch",
            platform: launch.platform, deploymentId: launch.deploymentId, data: settings.data,
            now: LaunchCheckTests.now, nonce: "n-1")
        let key = try await ToolKey(ToolKey.make(at: Timestamp(millisecondsSince1970: 0)))
        let signed = try await key.sign(response)

        // Then the platform reads it with Petri's key set: from the tool's client id, to the issuer, one link
        let read = try await JWTKeyCollection().add(jwksJSON: key.jwksJSON).verify(
            signed, as: DeepLinkingResponse.self)
        #expect(read == response)
        #expect(read.issuer == "petri-client" && read.audience == "https://lms.example")
        #expect(read.deploymentId == "dep-1" && read.data == "opaque-1")
        #expect(read.contentItems.map(\.custom) == [["petri_model": "camouflage"]])
        #expect(read.expires - read.issuedAt == 300)
    }
}
