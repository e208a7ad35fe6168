import PetriWords

/// A school's LMS registered as an LTI 1.3 platform, as the administrator types it (`addPlatform`, and
/// `petri lti add-platform`) and as `platforms` lists it: the values the platform's registration of Petri shows.
package struct PlatformRegistration: Sendable, Hashable, Codable {
    /// The platform's `iss`, e.g. `https://canvas.instructure.com`.
    package var issuer: String
    /// The client id the platform gave Petri.
    package var clientId: String
    /// The platform's OIDC authorisation (login) URL.
    package var authUrl: String
    /// The platform's OAuth 2 token URL.
    package var tokenUrl: String
    /// The platform's public key set (JWKS) URL.
    package var jwksUrl: String
    /// The deployments of Petri on the platform that may launch it.
    package var deploymentIds: [String]

    package init(
        issuer: String, clientId: String, authUrl: String, tokenUrl: String, jwksUrl: String, deploymentIds: [String]
    ) {
        self.issuer = issuer
        self.clientId = clientId
        self.authUrl = authUrl
        self.tokenUrl = tokenUrl
        self.jwksUrl = jwksUrl
        self.deploymentIds = deploymentIds
    }

    /// The fields of an `addPlatform`, by wire name, each a ``PlatformProblem/field``.
    package enum Field: String, Sendable, Hashable, CaseIterable {
        case issuer, clientId, authUrl, tokenUrl, jwksUrl, deploymentIds
    }
}

/// A mistake in an `addPlatform`, as `platformProblems` lists them: the field and a sentence saying what to fix.
package struct PlatformProblem: Sendable, Hashable, Codable {
    /// One of ``PlatformRegistration/Field``'s wire names.
    package var field: String
    package var sentence: Sentence

    package init(field: PlatformRegistration.Field, sentence: Sentence) {
        self.field = field.rawValue
        self.sentence = sentence
    }

    /// The problem as a reader of `language` gets it.
    package func rendered(in language: Language) -> PlatformProblem {
        var copy = self
        copy.sentence = sentence.rendered(in: language)
        return copy
    }
}

/// Where Petri's LTI endpoints are on its server (`platforms` sends them; the administrator's page puts the
/// address it reached the server at before each): what the LMS's registration of Petri asks for.
package struct LTIToolPaths: Sendable, Hashable, Codable {
    /// The OIDC login initiation URL.
    package var login: String
    /// The target link (redirect) URL every launch is posted to.
    package var launch: String
    /// Petri's public key set.
    package var jwks: String
    /// The deep linking (content selection) URL: launches, too.
    package var deepLinking: String

    package init(login: String, launch: String, jwks: String, deepLinking: String) {
        self.login = login
        self.launch = launch
        self.jwks = jwks
        self.deepLinking = deepLinking
    }

    /// Petri's.
    package static let petri = LTIToolPaths(
        login: "/lti/login", launch: "/lti/launch", jwks: "/lti/jwks", deepLinking: "/lti/launch")
}
