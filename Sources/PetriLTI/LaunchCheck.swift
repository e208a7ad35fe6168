import PetriStorage

/// Why a launch was refused: each case has one sentence for the page (``sentence``), and none creates anything.
package enum LaunchRefusal: Error, Sendable, Hashable {
    /// The signature does not verify against the platform's keys (or the token is not a JWT, or not RS256).
    case forged
    /// `exp` has passed, or `iat` is too old or in the future.
    case expired
    /// The nonce was used before.
    case replayed
    /// `aud` does not name this tool's client id (or `azp` names another).
    case wrongAudience
    /// No platform with this issuer (and client id) is registered.
    case unknownPlatform
    /// The deployment id is not one of the platform's.
    case unknownDeployment
    /// Not an LTI 1.3.0 resource link or deep linking request.
    case unsupported
    /// A claim Petri needs is missing (the user, the resource link, the return URL, the nonce).
    case incomplete
    /// The `state` was not issued here, or was used.
    case noState
    /// The platform's keys could not be fetched.
    case unreachable

    /// The page's sentence.
    package var sentence: String {
        switch self {
        case .forged: LTIWords.text("lti.launch.forged")
        case .expired: LTIWords.text("lti.launch.expired")
        case .replayed: LTIWords.text("lti.launch.replayed")
        case .wrongAudience: LTIWords.text("lti.launch.wrongAudience")
        case .unknownPlatform: LTIWords.text("lti.launch.unknownPlatform")
        case .unknownDeployment: LTIWords.text("lti.launch.unknownDeployment")
        case .unsupported: LTIWords.text("lti.launch.unsupported")
        case .incomplete: LTIWords.text("lti.launch.incomplete")
        case .noState: LTIWords.text("lti.launch.noState")
        case .unreachable: LTIWords.text("lti.launch.unreachable")
        }
    }
}

/// A launch that passed every check.
package struct VerifiedLaunch: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// Open the lesson of this resource link.
        case resourceLink(id: String, title: String?)
        /// Pick an activity and send it back to this URL.
        case deepLinking(LaunchClaims.DeepLinkingSettings)
    }

    package var platform: LTIPlatformRecord
    package var claims: LaunchClaims
    package var deploymentId: String
    /// The platform's id for the user (`sub`).
    package var userId: String
    package var kind: Kind
}

/// The checks of a launch's claims after its signature and audience verified (IMS LTI Core 1.3 §5.1.3,
/// IMS Security Framework §5.1.3): a pure function of the claims, the platform, the nonce Petri sent and the time.
package enum LaunchCheck {
    /// Clock difference tolerated between the platform and this server, in seconds.
    package static let leeway: Double = 60
    /// The oldest `iat` accepted: a launch is a browser's form post, made seconds after it was signed.
    package static let maxAge: Double = 10 * 60

    package static let resourceLinkRequest = "LtiResourceLinkRequest"
    package static let deepLinkingRequest = "LtiDeepLinkingRequest"

    /// Checks `claims` against `platform`, the nonce of the login initiation and the time `now` (seconds since 1970).
    package static func check(
        _ claims: LaunchClaims, platform: LTIPlatformRecord, expectedNonce: String, now: Double
    ) -> Result<VerifiedLaunch, LaunchRefusal> {
        guard claims.issuer == platform.issuer else { return .failure(.unknownPlatform) }
        guard claims.audience.value.contains(platform.clientId) else { return .failure(.wrongAudience) }
        if claims.audience.value.count > 1 || claims.authorizedParty != nil {
            guard claims.authorizedParty == platform.clientId else { return .failure(.wrongAudience) }
        }
        guard claims.expires > now - leeway, claims.issuedAt > now - maxAge else { return .failure(.expired) }
        guard claims.issuedAt < now + leeway else { return .failure(.expired) }
        guard let nonce = claims.nonce, !nonce.isEmpty else { return .failure(.incomplete) }
        guard nonce == expectedNonce else { return .failure(.replayed) }
        guard claims.version == "1.3.0" else { return .failure(.unsupported) }
        guard let deploymentId = claims.deploymentId, !deploymentId.isEmpty else { return .failure(.incomplete) }
        guard platform.deploymentIds.contains(deploymentId) else { return .failure(.unknownDeployment) }
        guard let userId = claims.subject, !userId.isEmpty else { return .failure(.incomplete) }
        let kind: VerifiedLaunch.Kind
        switch claims.messageType {
        case resourceLinkRequest:
            guard let link = claims.resourceLink, !link.id.isEmpty else { return .failure(.incomplete) }
            kind = .resourceLink(id: link.id, title: link.title)
        case deepLinkingRequest:
            guard let settings = claims.deepLinking, !settings.returnURL.isEmpty else { return .failure(.incomplete) }
            kind = .deepLinking(settings)
        default:
            return .failure(.unsupported)
        }
        return .success(
            VerifiedLaunch(
                platform: platform, claims: claims, deploymentId: deploymentId, userId: userId, kind: kind))
    }
}
