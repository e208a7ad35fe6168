import Dispatch
import Foundation
import PetriProtocol
import PetriStorage
import PetriWords

/// How long sessions and sign-in links last.
package struct SessionPolicy: Sendable {
    /// A session unused this long ends (12 h: a school day and its evening).
    package var idleSeconds = 12 * 3600
    /// A session ends this long after sign-in, however much it is used (7 days).
    package var absoluteSeconds = 7 * 86_400
    /// A sign-in link works this long after it was made, once (7 days).
    package var linkSeconds = 7 * 86_400
    /// A session's last use is written to the store at most this often (one write a minute, not one a message).
    package var touchEverySeconds = 60

    package init() {}
}

/// A teacher signed in: the session token (given to the client once, stored only as its digest).
package struct SignedIn: Sendable {
    package var token: String
    package var teacher: TeacherRecord
}

/// Why an account request was refused, with the sentence to show (in its reader's language: ``word``).
package struct AccountRefusal: Error, Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        /// Wrong name, email or password (which of them is not said), or a disabled account's wrong password.
        case wrongCredentials
        /// The right password of a disabled account: only someone who knows the password learns the account is
        /// disabled, so the refusal tells a guesser nothing more than ``wrongCredentials`` does.
        case disabled
        /// Too many failed sign-ins; try again after `retryAfterSeconds`.
        case rateLimited
        /// The new password breaks the policy.
        case weakPassword
        /// The sign-in link is unknown, used or expired.
        case invalidLink
        /// A name or email that cannot be used.
        case invalidName
        /// The store failed.
        case unavailable
    }

    package var kind: Kind
    /// The sentence, rendered for whoever reads it.
    package var word: Word
    package var retryAfterSeconds: Int?

    /// The sentence in English.
    package var message: String { word.text(in: .english) }

    package init(_ kind: Kind, _ word: Word, retryAfterSeconds: Int? = nil) {
        self.kind = kind
        self.word = word
        self.retryAfterSeconds = retryAfterSeconds
    }
}

/// Teachers' accounts as the server runs them: sign-in with the limiter, sessions with their expiry,
/// one-time sign-in links, and the administrator's changes, each recorded in the audit trail.
///
/// Everything durable is in the store (``TeacherAccountStorage``), read on each use: a session
/// revoked or a teacher disabled on one node is refused by every node at its next use, with no
/// message between nodes. Only the limiter's counters are per node.
///
/// Passwords are hashed on one serial queue of their own (``PasswordHash``, scrypt at OWASP's
/// parameters: 128 MiB and a fraction of a second each), so at most one hash's memory is in use
/// at once and Swift's cooperative threads never wait on one.
package actor TeacherAccounts {
    package nonisolated let storage: any TeacherAccountStorage
    package nonisolated let policy: SessionPolicy
    package nonisolated let audit: AccountAudit
    /// The LTI platforms, when the store keeps them (SQLite, PostgreSQL): the administrator's too.
    package nonisolated let platforms: LTIPlatforms?
    nonisolated let hashing: PasswordHash.Parameters
    nonisolated let now: @Sendable () -> Timestamp
    private var limiter: SignInLimiter
    private let hasher = DispatchQueue(label: "petri.passwords")
    /// Verified against when no account has the name, so that a wrong name takes as long as a wrong password.
    private var decoy: PasswordHash?

    package init(
        storage: any TeacherAccountStorage, now: @escaping @Sendable () -> Timestamp, audit: AccountAudit,
        policy: SessionPolicy = .init(), hashing: PasswordHash.Parameters = .owasp,
        limits: SignInLimiter.Rules = .init(), lti: (any LTIStorage)? = nil
    ) {
        self.storage = storage
        platforms = (lti ?? (storage as? any LTIStorage)).map { LTIPlatforms(storage: $0, now: now, audit: audit) }
        self.now = now
        self.audit = audit
        self.policy = policy
        self.hashing = hashing
        self.limiter = SignInLimiter(rules: limits)
    }

    // MARK: - Secrets

    /// The prefix of every session token, so that a server tells one from its teacher key without a lookup.
    package static let sessionPrefix = "petri-session-"
    /// The prefix of every sign-in link's secret.
    package static let linkPrefix = "petri-link-"

    /// A fresh secret: the prefix and 256 bits from the system's generator, as hex.
    static func secret(_ prefix: String) -> String {
        var random = SystemRandomNumberGenerator()
        let words: [UInt64] = (0..<4).map { _ in random.next() }
        return prefix
            + words.map { word in
                let hex = String(word, radix: 16)
                return String(repeating: "0", count: 16 - hex.count) + hex
            }.joined()
    }

    // MARK: - Administration

    /// Adds a teacher and makes their first sign-in link.
    ///
    /// - Returns: The teacher and the link's secret (shown once; only its digest is stored).
    package func add(name: String, email: String?, by actor: String, from address: String) async throws
        -> (teacher: TeacherRecord, link: String)
    {
        let name = name.trimmingCharacters(in: .whitespaces)
        let email = email?.trimmingCharacters(in: .whitespaces).nilIfEmpty
        if let problem = Self.problem(name: name, email: email) {
            throw AccountRefusal(.invalidName, problem)
        }
        let teacher = TeacherRecord(id: UUID().uuidString.lowercased(), name: name, email: email, createdAt: now())
        try await storage.addTeacher(teacher)
        let link = try await makeLink(for: teacher, endingSessions: false)
        audit.record("teacher-added", by: actor, from: address, ["teacher": teacher.name, "id": teacher.id])
        return (teacher, link)
    }

    /// Why a name or email cannot be used, or nil.
    static func problem(name: String, email: String?) -> Word? {
        if name.isEmpty || name.count > 64 || name.contains("@")
            || name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        {
            return AccountWords.word("accounts.name.invalid")
        }
        if let email,
            !email.contains("@") || email.count > 254 || email.contains(" ")
                || email.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        {
            return AccountWords.word("accounts.email.invalid")
        }
        return nil
    }

    /// A new sign-in link for a teacher (replacing any unused one), signing them out everywhere.
    package func reset(_ teacher: TeacherRecord, by actor: String, from address: String) async throws -> String {
        let link = try await makeLink(for: teacher, endingSessions: true)
        audit.record("teacher-reset", by: actor, from: address, ["teacher": teacher.name, "id": teacher.id])
        return link
    }

    private func makeLink(for teacher: TeacherRecord, endingSessions: Bool) async throws -> String {
        let secret = Self.secret(Self.linkPrefix)
        let created = now()
        try await storage.addSignInLink(
            SignInLinkRecord(
                digest: TokenHash(of: secret), teacherId: teacher.id, createdAt: created,
                expiresAt: created.adding(seconds: policy.linkSeconds)),
            endingSessions: endingSessions)
        return secret
    }

    /// Disables (ending every session at once) or enables a teacher.
    package func setStatus(_ status: TeacherStatus, of teacher: TeacherRecord, by actor: String, from address: String)
        async throws
    {
        try await storage.setStatus(status, ofTeacher: teacher.id, at: now())
        audit.record(
            status == .disabled ? "teacher-disabled" : "teacher-enabled", by: actor, from: address,
            ["teacher": teacher.name, "id": teacher.id])
    }

    /// Removes a teacher; their lessons become the administrator's.
    package func remove(_ teacher: TeacherRecord, by actor: String, from address: String) async throws {
        try await storage.removeTeacher(id: teacher.id)
        audit.record("teacher-removed", by: actor, from: address, ["teacher": teacher.name, "id": teacher.id])
    }

    /// The teacher with this name or email (or id).
    package func find(_ nameOrEmail: String) async throws -> TeacherRecord? {
        if let teacher = try await storage.teacher(named: nameOrEmail) { return teacher }
        return try await storage.teacher(id: nameOrEmail)
    }

    // MARK: - Signing in

    /// Signs a teacher in with their name (or email) and password.
    package func signIn(_ nameOrEmail: String, password: String, from address: String) async
        -> Result<SignedIn, AccountRefusal>
    {
        let account = String(nameOrEmail.trimmingCharacters(in: .whitespaces).prefix(320))
        let wait = limiter.wait(account: account, address: address, at: now())
        guard wait == 0 else {
            audit.record("sign-in-limited", by: account, from: address, ["wait": String(wait)])
            return .failure(
                AccountRefusal(
                    .rateLimited, AccountWords.word("accounts.signIn.tooManyTries", ["seconds": .int(wait)]),
                    retryAfterSeconds: wait))
        }
        let teacher: TeacherRecord?
        do {
            teacher = try await storage.teacher(named: account)
        } catch {
            return .failure(AccountRefusal(.unavailable, AccountWords.word("accounts.store.failed")))
        }
        let stored = teacher?.passwordHash.flatMap(PasswordHash.init(text:))
        let matches = await verify(password, against: stored)
        guard let teacher, matches, teacher.status == .active else {
            limiter.failed(account: account, known: teacher != nil, address: address, at: now())
            audit.record(
                "sign-in-failed", by: account, from: address,
                ["reason": teacher == nil ? "unknown" : teacher?.status == .disabled ? "disabled" : "password"])
            if teacher != nil, matches {
                return .failure(AccountRefusal(.disabled, AccountWords.word("accounts.signIn.disabled")))
            }
            return .failure(AccountRefusal(.wrongCredentials, AccountWords.word("accounts.signIn.wrongCredentials")))
        }
        limiter.succeeded(account: account, address: address)
        let token = Self.secret(Self.sessionPrefix)
        let at = now()
        do {
            try await storage.addSession(
                TeacherSessionRecord(
                    digest: TokenHash(of: token), teacherId: teacher.id, createdAt: at, lastSeenAt: at,
                    address: address))
        } catch {
            return .failure(AccountRefusal(.unavailable, AccountWords.word("accounts.store.failed")))
        }
        // Ended sessions are kept 7 days (the teacher's and the administrator's record of sign-ins), then forgotten.
        _ = try? await storage.forgetSessions(before: at.adding(seconds: -policy.absoluteSeconds))
        audit.record(
            "sign-in", by: teacher.name, from: address,
            ["id": teacher.id, "session": String(TokenHash(of: token).hex.prefix(12))])
        return .success(SignedIn(token: token, teacher: teacher))
    }

    /// Chooses a password with a one-time sign-in link, and signs in.
    package func choosePassword(link: String, password: String, from address: String) async
        -> Result<SignedIn, AccountRefusal>
    {
        let digest = TokenHash(of: link)
        let wait = limiter.wait(account: "link", address: address, at: now())
        guard wait == 0 else {
            return .failure(
                AccountRefusal(
                    .rateLimited, AccountWords.word("accounts.signIn.tooManyTries", ["seconds": .int(wait)]),
                    retryAfterSeconds: wait))
        }
        // Which teacher the link is for, to check the password against their name, before it is used up.
        let teacher: TeacherRecord?
        do {
            teacher = try await linkOwner(digest)
        } catch {
            return .failure(AccountRefusal(.unavailable, AccountWords.word("accounts.store.failed")))
        }
        guard let teacher else {
            limiter.failed(account: "link", known: false, address: address, at: now())
            audit.record("link-refused", by: "?", from: address)
            return .failure(AccountRefusal(.invalidLink, AccountWords.word("accounts.link.invalid")))
        }
        if let problem = PasswordPolicy.refusal(of: password, for: (teacher.name, teacher.email)) {
            return .failure(AccountRefusal(.weakPassword, problem))
        }
        let hash: PasswordHash
        do {
            hash = try await make(password)
        } catch {
            return .failure(AccountRefusal(.unavailable, AccountWords.word("accounts.store.failed")))
        }
        do {
            guard let updated = try await storage.redeemSignInLink(digest, passwordHash: hash.text, at: now()) else {
                audit.record("link-refused", by: teacher.name, from: address)
                return .failure(AccountRefusal(.invalidLink, AccountWords.word("accounts.link.invalid")))
            }
            audit.record("password-chosen", by: updated.name, from: address, ["id": updated.id])
            guard updated.status == .active else {
                return .failure(
                    AccountRefusal(.wrongCredentials, AccountWords.word("accounts.signIn.wrongCredentials")))
            }
        } catch {
            return .failure(AccountRefusal(.unavailable, AccountWords.word("accounts.store.failed")))
        }
        return await signIn(teacher.name, password: password, from: address)
    }

    /// The teacher a link is for, while it may still be used.
    private func linkOwner(_ digest: TokenHash) async throws -> TeacherRecord? {
        guard let link = try await storage.signInLink(digest), link.usedAt == nil, now() < link.expiresAt else {
            return nil
        }
        return try await storage.teacher(id: link.teacherId)
    }

    /// The teacher signed in with this session token, when the session is still good: not revoked,
    /// used within the idle time, younger than the absolute limit, and its teacher active. Records the use.
    package func teacher(forSession token: String) async -> TeacherRecord? {
        guard token.hasPrefix(Self.sessionPrefix) else { return nil }
        let digest = TokenHash(of: token)
        guard let found = try? await storage.session(digest) else { return nil }
        let (session, teacher) = (found.session, found.teacher)
        let at = now()
        guard session.revokedAt == nil, teacher.status == .active,
            at.milliseconds(since: session.lastSeenAt) < Int64(policy.idleSeconds) * 1000,
            at.milliseconds(since: session.createdAt) < Int64(policy.absoluteSeconds) * 1000
        else { return nil }
        if at.milliseconds(since: session.lastSeenAt) >= Int64(policy.touchEverySeconds) * 1000 {
            try? await storage.touchSession(digest, at: at)
        }
        return teacher
    }

    /// Ends the session of this token (signing out); false when it was not a live session.
    package func signOut(_ token: String, from address: String) async -> Bool {
        guard let teacher = await teacher(forSession: token) else { return false }
        let revoked = (try? await storage.revokeSession(TokenHash(of: token), at: now())) ?? false
        if revoked {
            audit.record(
                "sign-out", by: teacher.name, from: address, ["session": String(TokenHash(of: token).hex.prefix(12))])
        }
        return revoked
    }

    /// Ends one of a teacher's sessions by its handle (any teacher's, for the administrator: `teacher` nil).
    package func revoke(handle: String, of teacher: TeacherRecord?, by actor: String, from address: String) async throws
        -> Bool
    {
        let sessions =
            if let teacher { try await storage.sessions(ofTeacher: teacher.id) } else {
                try await storage.allSessions()
            }
        guard let session = sessions.first(where: { $0.handle == handle }) else { return false }
        let revoked = try await storage.revokeSession(session.digest, at: now())
        if revoked { audit.record("session-revoked", by: actor, from: address, ["session": handle]) }
        return revoked
    }

    /// Sessions still good now (not revoked, not expired), newest first: a teacher's, or everyone's.
    package func liveSessions(of teacher: TeacherRecord?) async throws -> [TeacherSessionRecord] {
        let sessions =
            if let teacher { try await storage.sessions(ofTeacher: teacher.id) } else {
                try await storage.allSessions()
            }
        let at = now()
        return sessions.filter {
            at.milliseconds(since: $0.lastSeenAt) < Int64(policy.idleSeconds) * 1000
                && at.milliseconds(since: $0.createdAt) < Int64(policy.absoluteSeconds) * 1000
        }
    }

    // MARK: - Hashing, off the cooperative threads

    private func make(_ password: String) async throws -> PasswordHash {
        let parameters = hashing
        return try await withCheckedThrowingContinuation { continuation in
            hasher.async {
                continuation.resume(with: Result { try PasswordHash.make(password, parameters: parameters) })
            }
        }
    }

    /// Whether `password` is the hashed one; with no hash, verifies against a decoy (same time) and answers false.
    private func verify(_ password: String, against hash: PasswordHash?) async -> Bool {
        if decoy == nil { decoy = try? await make(Self.secret("decoy-")) }
        guard let target = hash ?? decoy else { return false }
        let real = hash != nil
        return await withCheckedContinuation { continuation in
            hasher.async { continuation.resume(returning: target.verifies(password) && real) }
        }
    }
}

extension String {
    fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}
