import Foundation
import PetriProtocol
import PetriStorage
import PetriWords

/// The LTI platforms the administrator registers, from the command line (`petri lti`) and from the /admin page
/// (`addPlatform`, `removePlatform`): one rule for what a registration must hold, and one audit line for each change.
package struct LTIPlatforms: Sendable {
    package let storage: any LTIStorage
    let audit: AccountAudit
    let now: @Sendable () -> Timestamp

    package init(storage: any LTIStorage, now: @escaping @Sendable () -> Timestamp, audit: AccountAudit) {
        self.storage = storage
        self.now = now
        self.audit = audit
    }

    /// Why a registration was refused: a sentence for each field to fix.
    package struct Refusal: Error, Sendable, Hashable {
        package var problems: [PlatformProblem]
    }

    /// Every platform, by issuer then client id.
    package func list() async throws -> [LTIPlatformRecord] { try await storage.platforms() }

    /// Registers a platform after ``problems(in:)`` finds nothing to fix (its text trimmed of spaces).
    ///
    /// - Throws: ``Refusal`` (nothing registered), or the store's error.
    package func add(_ form: PlatformRegistration, by actor: String, from address: String) async throws
        -> LTIPlatformRecord
    {
        let form = Self.trimmed(form)
        var problems = Self.problems(in: form)
        if problems.isEmpty, try await storage.platform(issuer: form.issuer, clientId: form.clientId) != nil {
            problems.append(Self.taken(form))
        }
        guard problems.isEmpty else { throw Refusal(problems: problems) }
        let platform = LTIPlatformRecord(
            id: UUID().uuidString.lowercased(), issuer: form.issuer, clientId: form.clientId, authURL: form.authUrl,
            tokenURL: form.tokenUrl, jwksURL: form.jwksUrl, deploymentIds: form.deploymentIds, createdAt: now())
        do {
            try await storage.addPlatform(platform)
        } catch let error as LTIStorageError where error.code == .taken {
            throw Refusal(problems: [Self.taken(form)])
        }
        audit.record(
            "platform-added", by: actor, from: address,
            [
                "id": platform.id, "issuer": platform.issuer, "clientId": platform.clientId,
                "deployments": platform.deploymentIds.joined(separator: " "),
            ])
        return platform
    }

    /// Removes the platform with this issuer and client id (with no client id: the issuer's only platform).
    ///
    /// - Returns: The platform removed; nil when there is no such single platform.
    package func remove(issuer: String, clientId: String?, by actor: String, from address: String) async throws
        -> LTIPlatformRecord?
    {
        guard let platform = try await storage.platform(issuer: issuer, clientId: clientId),
            try await storage.removePlatform(id: platform.id)
        else { return nil }
        audit.record(
            "platform-removed", by: actor, from: address,
            ["id": platform.id, "issuer": platform.issuer, "clientId": platform.clientId])
        return platform
    }

    /// The registration with spaces around each value gone, and blank deployment ids dropped.
    package static func trimmed(_ form: PlatformRegistration) -> PlatformRegistration {
        let trim = { (text: String) in text.trimmingCharacters(in: .whitespacesAndNewlines) }
        return PlatformRegistration(
            issuer: trim(form.issuer), clientId: trim(form.clientId), authUrl: trim(form.authUrl),
            tokenUrl: trim(form.tokenUrl), jwksUrl: trim(form.jwksUrl),
            deploymentIds: form.deploymentIds.map(trim).filter { !$0.isEmpty })
    }

    /// What to fix in a (trimmed) registration, one sentence per field, in the form's order; empty when it may be
    /// registered (the store still refuses a second platform with the same issuer and client id).
    package static func problems(in form: PlatformRegistration) -> [PlatformProblem] {
        var problems: [PlatformProblem] = []
        if form.issuer.isEmpty {
            problems.append(.init(field: .issuer, sentence: Sentence(AccountWords.word("accounts.platform.noIssuer"))))
        }
        if form.clientId.isEmpty {
            problems.append(
                .init(field: .clientId, sentence: Sentence(AccountWords.word("accounts.platform.noClientId"))))
        }
        for (field, url) in [
            (PlatformRegistration.Field.authUrl, form.authUrl), (.tokenUrl, form.tokenUrl), (.jwksUrl, form.jwksUrl),
        ] {
            if url.isEmpty {
                problems.append(.init(field: field, sentence: Sentence(AccountWords.word("accounts.platform.noURL"))))
            } else if !isWebURL(url) {
                problems.append(
                    .init(
                        field: field,
                        sentence: Sentence(AccountWords.word("accounts.platform.notAURL", ["value": .text(url)]))))
            }
        }
        if form.deploymentIds.isEmpty {
            problems.append(
                .init(field: .deploymentIds, sentence: Sentence(AccountWords.word("accounts.platform.noDeployment"))))
        }
        return problems
    }

    /// Whether `text` is an http or https URL with a host.
    static func isWebURL(_ text: String) -> Bool {
        guard let parts = URLComponents(string: text), ["http", "https"].contains(parts.scheme?.lowercased() ?? "")
        else { return false }
        return parts.host?.isEmpty == false
    }

    static func taken(_ form: PlatformRegistration) -> PlatformProblem {
        PlatformProblem(
            field: .clientId,
            sentence: Sentence(
                AccountWords.word(
                    "accounts.platform.taken", ["issuer": .text(form.issuer), "clientId": .text(form.clientId)])))
    }
}

extension LTIPlatformRecord {
    /// The platform as the protocol lists it.
    package var registration: PlatformRegistration {
        PlatformRegistration(
            issuer: issuer, clientId: clientId, authUrl: authURL, tokenUrl: tokenURL, jwksUrl: jwksURL,
            deploymentIds: deploymentIds)
    }
}
