import PetriProtocol

/// An LMS registered with this server as an LTI 1.3 platform (`petri lti add-platform`).
///
/// A platform is known by its issuer and the client id it gave Petri; a launch naming a deployment
/// not in ``deploymentIds`` is refused.
package struct LTIPlatformRecord: Sendable, Hashable, Codable {
    /// A stable id chosen by the server (a lowercase UUID).
    package var id: String
    /// The platform's `iss`, e.g. `https://canvas.instructure.com`.
    package var issuer: String
    /// The client id the platform gave this tool (the `aud` of its launches).
    package var clientId: String
    /// The platform's OIDC authorisation endpoint, where the login initiation sends the browser.
    package var authURL: String
    /// The platform's OAuth 2 token endpoint, for the services' client-credentials tokens.
    package var tokenURL: String
    /// Where the platform publishes the keys that sign its launches.
    package var jwksURL: String
    /// The deployments of this tool on the platform that may launch it.
    package var deploymentIds: [String]
    package var createdAt: Timestamp

    package init(
        id: String, issuer: String, clientId: String, authURL: String, tokenURL: String, jwksURL: String,
        deploymentIds: [String], createdAt: Timestamp
    ) {
        self.id = id
        self.issuer = issuer
        self.clientId = clientId
        self.authURL = authURL
        self.tokenURL = tokenURL
        self.jwksURL = jwksURL
        self.deploymentIds = deploymentIds
        self.createdAt = createdAt
    }
}

/// Petri's own signing key for LTI (its public half at `/lti/jwks`), and a secret the tool derives
/// each LMS learner's resume token from. Made once per store, so every node of a cluster signs alike.
package struct LTIToolKeyRecord: Sendable, Hashable {
    /// The key's id in `/lti/jwks` and in the `kid` of what Petri signs.
    package var kid: String
    /// The RSA private key, PEM.
    package var privateKeyPEM: String
    /// 32 random bytes.
    package var secret: [UInt8]
    package var createdAt: Timestamp

    package init(kid: String, privateKeyPEM: String, secret: [UInt8], createdAt: Timestamp) {
        self.kid = kid
        self.privateKeyPEM = privateKeyPEM
        self.secret = secret
        self.createdAt = createdAt
    }
}

/// A login initiation in flight: the `state` Petri sent to the platform (kept as its digest) and
/// the `nonce` the launch's `id_token` must carry. Used once.
package struct LTILaunchStateRecord: Sendable, Hashable {
    package var digest: TokenHash
    package var platformId: String
    package var nonce: String
    package var createdAt: Timestamp

    package init(digest: TokenHash, platformId: String, nonce: String, createdAt: Timestamp) {
        self.digest = digest
        self.platformId = platformId
        self.nonce = nonce
        self.createdAt = createdAt
    }
}

/// The lesson an LMS resource link (an activity in a course) opens.
package struct LTILessonLink: Sendable, Hashable {
    package var platformId: String
    package var deploymentId: String
    package var resourceLinkId: String
    package var lessonId: String
    /// The lesson's join code (from the lesson's own row).
    package var code: String
    package var createdAt: Timestamp
    /// The activity's line items container (the launch's AGS `lineitems`), when the platform offers grades.
    package var lineItemsURL: String?
    /// The activity's line item: the launch's AGS `lineitem`, else the one Petri made in ``lineItemsURL``.
    package var lineItemURL: String?

    package init(
        platformId: String, deploymentId: String, resourceLinkId: String, lessonId: String, code: String,
        createdAt: Timestamp, lineItemsURL: String? = nil, lineItemURL: String? = nil
    ) {
        self.platformId = platformId
        self.deploymentId = deploymentId
        self.resourceLinkId = resourceLinkId
        self.lessonId = lessonId
        self.code = code
        self.createdAt = createdAt
        self.lineItemsURL = lineItemsURL
        self.lineItemURL = lineItemURL
    }
}

/// Why an LTI store write was refused.
package struct LTIStorageError: Error, Sendable, Hashable, CustomStringConvertible {
    package enum Code: Sendable, Hashable {
        /// Another platform has the issuer and client id.
        case taken
    }

    package let code: Code
    package let message: String

    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    package var description: String { message }

    package static func taken(issuer: String, clientId: String) -> LTIStorageError {
        LTIStorageError(
            .taken,
            "A platform with issuer \(issuer) and client id \(clientId) is already registered; "
                + "`petri lti list` shows it, `petri lti remove` takes it away.")
    }
}

/// A deep linking request waiting for the teacher's pick: what the signed response needs from the verified launch
/// (its platform, deployment, the return URL, the platform's opaque `data` and the activity's launch URL), under the
/// digest of the ticket in the chooser's form (never the ticket). Taken once; refused after ``expiresAt``.
///
/// In the store rather than in one node's memory, so that a restart between the launch and the pick loses
/// nothing, and any node of a cluster can finish a request another node showed.
package struct LTIDeepLinkRecord: Sendable, Hashable {
    package var digest: TokenHash
    package var platformId: String
    package var deploymentId: String
    /// Where the signed response goes back (the launch's `deep_link_return_url`).
    package var returnURL: String
    /// The platform's `data`, returned as it came.
    package var data: String?
    /// The new activity's launch URL on this server.
    package var launchURL: String
    package var createdAt: Timestamp
    package var expiresAt: Timestamp

    package init(
        digest: TokenHash, platformId: String, deploymentId: String, returnURL: String, data: String?,
        launchURL: String, createdAt: Timestamp, expiresAt: Timestamp
    ) {
        self.digest = digest
        self.platformId = platformId
        self.deploymentId = deploymentId
        self.returnURL = returnURL
        self.data = data
        self.launchURL = launchURL
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}
