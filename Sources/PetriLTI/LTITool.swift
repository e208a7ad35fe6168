import Foundation
import PetriProtocol
import PetriStorage

/// Petri as an LTI 1.3 tool: the OIDC login initiation and the launch it leads to (IMS LTI Core 1.3 §5.1,
/// IMS Security Framework §5.1.1), and the tool's own key.
///
/// A login initiation records a fresh `state` (its digest) and `nonce` and sends the browser to the platform's
/// authorisation endpoint; the platform posts the signed `id_token` back with the `state`. The launch is accepted
/// only when the state was issued here and not used, the token verifies against the platform's JWKS, its claims
/// pass ``LaunchCheck`` and its nonce was never used before. Nothing is created for a launch refused.
package actor LTITool {
    package nonisolated let storage: any LTIStorage
    let platformKeys: PlatformKeys
    package nonisolated let now: @Sendable () -> Timestamp
    private var toolKey: ToolKey?
    private var lastSweep: Timestamp?

    package init(storage: any LTIStorage, fetch: @escaping PlatformKeys.Fetch, now: @escaping @Sendable () -> Timestamp)
    {
        self.storage = storage
        self.now = now
        self.platformKeys = PlatformKeys(fetch: fetch, now: { now().storedSeconds })
    }

    /// The tool's key: the store's, or a new one kept there (the first caller's, in a cluster).
    package func key() async throws -> ToolKey {
        if let toolKey { return toolKey }
        let record: LTIToolKeyRecord
        if let stored = try await storage.toolKey() {
            record = stored
        } else {
            record = try await storage.keepToolKey(try ToolKey.make(at: now()))
        }
        let key = try await ToolKey(record)
        toolKey = key
        return key
    }

    /// Where a login initiation sends the browser, or why it is refused.
    package enum LoginAnswer: Sendable, Equatable {
        case redirect(String)
        case refused(LaunchRefusal)
    }

    /// Answers a login initiation (its parameters from the query string or the form): `iss`, `login_hint`,
    /// `target_link_uri`, and optionally `client_id`, `lti_deployment_id`, `lti_message_hint`.
    package func login(_ parameters: [String: String]) async -> LoginAnswer {
        guard let issuer = parameters["iss"], !issuer.isEmpty, let hint = parameters["login_hint"], !hint.isEmpty,
            let target = parameters["target_link_uri"], let redirect = Self.launchURL(for: target)
        else { return .refused(.incomplete) }
        let platform: LTIPlatformRecord?
        do {
            platform = try await storage.platform(issuer: issuer, clientId: parameters["client_id"])
        } catch {
            return .refused(.unreachable)
        }
        guard let platform else { return .refused(.unknownPlatform) }
        if let deployment = parameters["lti_deployment_id"], !platform.deploymentIds.contains(deployment) {
            return .refused(.unknownDeployment)
        }
        let state = Self.randomText()
        let nonce = Self.randomText()
        do {
            try await sweep()
            try await storage.addLaunchState(
                LTILaunchStateRecord(
                    digest: TokenHash(of: state), platformId: platform.id, nonce: nonce, createdAt: now()))
        } catch {
            return .refused(.unreachable)
        }
        var query = [
            ("scope", "openid"), ("response_type", "id_token"), ("response_mode", "form_post"), ("prompt", "none"),
            ("client_id", platform.clientId), ("redirect_uri", redirect), ("login_hint", hint), ("state", state),
            ("nonce", nonce),
        ]
        if let message = parameters["lti_message_hint"] { query.append(("lti_message_hint", message)) }
        let separator = platform.authURL.contains("?") ? "&" : "?"
        return .redirect(platform.authURL + separator + Self.formEncoded(query))
    }

    /// Checks a launch: the `id_token` and `state` the platform posted.
    package func launch(idToken: String, state: String) async -> Result<VerifiedLaunch, LaunchRefusal> {
        guard !state.isEmpty, !idToken.isEmpty else { return .failure(.incomplete) }
        let taken: LTILaunchStateRecord?
        let platform: LTIPlatformRecord?
        do {
            taken = try await storage.takeLaunchState(TokenHash(of: state))
            if let taken {
                platform = try await storage.platforms().first { $0.id == taken.platformId }
            } else {
                platform = nil
            }
        } catch {
            return .failure(.unreachable)
        }
        guard let taken else { return .failure(.noState) }
        guard let platform else { return .failure(.unknownPlatform) }
        let time = now()
        guard time.storedSeconds - taken.createdAt.storedSeconds < LaunchCheck.maxAge else { return .failure(.expired) }
        let claims: LaunchClaims
        switch await platformKeys.verify(idToken, for: platform) {
        case .success(let verified): claims = verified
        case .failure(let refusal): return .failure(refusal)
        }
        let launch: VerifiedLaunch
        switch LaunchCheck.check(claims, platform: platform, expectedNonce: taken.nonce, now: time.storedSeconds) {
        case .success(let checked): launch = checked
        case .failure(let refusal): return .failure(refusal)
        }
        do {
            guard try await storage.useNonce(taken.nonce, platformId: platform.id, at: time) else {
                return .failure(.replayed)
            }
        } catch {
            return .failure(.unreachable)
        }
        return .success(launch)
    }

    /// Forgets login initiations and nonces older than a launch may be, and the deep linking requests expired, at most
    /// once a minute.
    private func sweep() async throws {
        let time = now()
        if let lastSweep, time.storedSeconds - lastSweep.storedSeconds < 60 { return }
        lastSweep = time
        try await storage.forgetLaunches(before: time.adding(seconds: -Int(LaunchCheck.maxAge) * 2))
        try await storage.forgetDeepLinks(expiredBy: time)
    }

    /// The launch URL on this server for a target link (same scheme, host and port; path `/lti/launch`).
    package static func launchURL(for target: String) -> String? {
        guard var parts = URLComponents(string: target), let scheme = parts.scheme, ["http", "https"].contains(scheme),
            parts.host != nil
        else { return nil }
        parts.path = "/lti/launch"
        parts.query = nil
        parts.fragment = nil
        return parts.string
    }

    package static func randomText() -> String {
        var random = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let hex = String(random.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    /// `application/x-www-form-urlencoded`, as a query string or a form body.
    package static func formEncoded(_ pairs: [(String, String)]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return pairs.map { name, value in
            (name.addingPercentEncoding(withAllowedCharacters: allowed) ?? "") + "="
                + (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
        }.joined(separator: "&")
    }

    /// Parses an `application/x-www-form-urlencoded` body (the first of a repeated name).
    package static func formDecoded(_ body: [UInt8]) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in String(decoding: body, as: UTF8.self).split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (text: Substring) in
                String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
            }
            let name = decode(parts[0])
            if fields[name] == nil { fields[name] = parts.count > 1 ? decode(parts[1]) : "" }
        }
        return fields
    }
}
