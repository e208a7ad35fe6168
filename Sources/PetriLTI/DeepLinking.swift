import Foundation
import JWTKit
import PetriStorage

/// The deep linking response (IMS LTI Deep Linking 2.0 §4.5): the activity a teacher picked in Petri, as one
/// `ltiResourceLink` content item whose custom parameters name the model, signed with Petri's key and posted back
/// to the platform's return URL.
package struct DeepLinkingResponse: JWTPayload, Equatable {
    package struct ContentItem: Codable, Sendable, Equatable {
        package var type = "ltiResourceLink"
        package var title: String
        package var url: String
        package var custom: [String: String]
    }

    package var issuer: String
    package var audience: String
    package var issuedAt: Double
    package var expires: Double
    package var nonce: String
    package var messageType = "LtiDeepLinkingResponse"
    package var version = "1.3.0"
    package var deploymentId: String
    package var contentItems: [ContentItem]
    package var data: String?

    enum CodingKeys: String, CodingKey {
        case issuer = "iss"
        case audience = "aud"
        case issuedAt = "iat"
        case expires = "exp"
        case nonce
        case messageType = "https://purl.imsglobal.org/spec/lti/claim/message_type"
        case version = "https://purl.imsglobal.org/spec/lti/claim/version"
        case deploymentId = "https://purl.imsglobal.org/spec/lti/claim/deployment_id"
        case contentItems = "https://purl.imsglobal.org/spec/lti-dl/claim/content_items"
        case data = "https://purl.imsglobal.org/spec/lti-dl/claim/data"
    }

    package func verify(using algorithm: some JWTAlgorithm) async throws {}

    /// The response to a verified deep linking request of `platform`'s deployment `deploymentId` (its settings'
    /// `data` returned as it came): the model (and its title) the teacher picked, the resource link's launch URL on
    /// this server; from the tool (`iss`: its client id) to the platform (`aud`: its issuer), valid 5 minutes.
    package static func picking(
        model: String, title: String, launchURL: String, platform: LTIPlatformRecord, deploymentId: String,
        data: String?, now: Double, nonce: String
    ) -> DeepLinkingResponse {
        DeepLinkingResponse(
            issuer: platform.clientId, audience: platform.issuer, issuedAt: now, expires: now + 300,
            nonce: nonce, deploymentId: deploymentId,
            contentItems: [ContentItem(title: title, url: launchURL, custom: ["petri_model": model])],
            data: data)
    }
}
