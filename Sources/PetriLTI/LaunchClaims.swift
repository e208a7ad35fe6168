import Foundation
import JWTKit

/// The claims of an LTI 1.3 launch's `id_token` that Petri reads (IMS LTI Core 1.3 §5, Deep Linking 2.0 §4.4,
/// AGS 2.0 §3.1). jwt-kit checks the signature and the audience (``JWTIdentityToken``); everything else is
/// checked by ``LaunchCheck``, a pure function of these, the platform and the clock.
package struct LaunchClaims: JWTIdentityToken, Equatable {
    package struct ResourceLink: Codable, Sendable, Equatable {
        package var id: String
        package var title: String?
    }

    package struct Context: Codable, Sendable, Equatable {
        package var id: String
        package var title: String?
    }

    package struct DeepLinkingSettings: Codable, Sendable, Equatable {
        package var returnURL: String
        package var acceptTypes: [String]?
        package var data: String?

        enum CodingKeys: String, CodingKey {
            case returnURL = "deep_link_return_url"
            case acceptTypes = "accept_types"
            case data
        }
    }

    package struct GradeService: Codable, Sendable, Equatable {
        package var scope: [String]?
        package var lineItems: String?
        package var lineItem: String?

        enum CodingKeys: String, CodingKey {
            case scope
            case lineItems = "lineitems"
            case lineItem = "lineitem"
        }
    }

    package var issuer: String
    package var subject: String?
    package var audience: AudienceClaim
    package var authorizedParty: String?
    package var expires: Double
    package var issuedAt: Double
    package var nonce: String?
    package var name: String?
    package var givenName: String?
    package var familyName: String?
    package var messageType: String?
    package var version: String?
    package var deploymentId: String?
    package var roles: [String]?
    package var resourceLink: ResourceLink?
    package var context: Context?
    package var targetLinkURI: String?
    package var custom: [String: String]?
    package var deepLinking: DeepLinkingSettings?
    package var gradeService: GradeService?

    static let lti = "https://purl.imsglobal.org/spec/lti/claim/"

    enum CodingKeys: String, CodingKey {
        case issuer = "iss"
        case subject = "sub"
        case audience = "aud"
        case authorizedParty = "azp"
        case expires = "exp"
        case issuedAt = "iat"
        case nonce
        case name
        case givenName = "given_name"
        case familyName = "family_name"
        case messageType = "https://purl.imsglobal.org/spec/lti/claim/message_type"
        case version = "https://purl.imsglobal.org/spec/lti/claim/version"
        case deploymentId = "https://purl.imsglobal.org/spec/lti/claim/deployment_id"
        case roles = "https://purl.imsglobal.org/spec/lti/claim/roles"
        case resourceLink = "https://purl.imsglobal.org/spec/lti/claim/resource_link"
        case context = "https://purl.imsglobal.org/spec/lti/claim/context"
        case targetLinkURI = "https://purl.imsglobal.org/spec/lti/claim/target_link_uri"
        case custom = "https://purl.imsglobal.org/spec/lti/claim/custom"
        case deepLinking = "https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings"
        case gradeService = "https://purl.imsglobal.org/spec/lti-ags/claim/endpoint"
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        issuer = try c.decode(String.self, forKey: .issuer)
        subject = try c.decodeIfPresent(String.self, forKey: .subject)
        audience = try c.decode(AudienceClaim.self, forKey: .audience)
        authorizedParty = try c.decodeIfPresent(String.self, forKey: .authorizedParty)
        expires = try c.decode(Double.self, forKey: .expires)
        issuedAt = try c.decode(Double.self, forKey: .issuedAt)
        nonce = try c.decodeIfPresent(String.self, forKey: .nonce)
        name = try? c.decodeIfPresent(String.self, forKey: .name)
        givenName = try? c.decodeIfPresent(String.self, forKey: .givenName)
        familyName = try? c.decodeIfPresent(String.self, forKey: .familyName)
        messageType = try c.decodeIfPresent(String.self, forKey: .messageType)
        version = try c.decodeIfPresent(String.self, forKey: .version)
        deploymentId = try c.decodeIfPresent(String.self, forKey: .deploymentId)
        roles = try? c.decodeIfPresent([String].self, forKey: .roles)
        resourceLink = try? c.decodeIfPresent(ResourceLink.self, forKey: .resourceLink)
        context = try? c.decodeIfPresent(Context.self, forKey: .context)
        targetLinkURI = try? c.decodeIfPresent(String.self, forKey: .targetLinkURI)
        // A platform may send custom values that are not text (numbers, objects): Petri reads only its own, as text.
        custom = try? c.decodeIfPresent([String: String].self, forKey: .custom)
        deepLinking = try? c.decodeIfPresent(DeepLinkingSettings.self, forKey: .deepLinking)
        gradeService = try? c.decodeIfPresent(GradeService.self, forKey: .gradeService)
    }

    /// Nothing here: the times, the nonce and the rest are ``LaunchCheck``'s, against an injected clock.
    package func verify(using algorithm: some JWTAlgorithm) async throws {}

    /// The name the LMS gives the user: `name`, else the given and family names, else nil.
    package var displayName: String? {
        if let name, !name.trimmingCharacters(in: .whitespaces).isEmpty { return name }
        let parts = [givenName, familyName].compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// Whether the user teaches in this context: an Instructor (or the context's Administrator or Content
    /// Developer, who set activities up); anyone else is a learner.
    package var isInstructor: Bool {
        let teaching = ["Instructor", "Administrator", "ContentDeveloper"]
        return (roles ?? []).contains { role in
            let local = role.split(separator: "#").last.map(String.init) ?? role
            return teaching.contains(local) && (role.contains("/membership") || !role.contains("/"))
        }
    }
}
