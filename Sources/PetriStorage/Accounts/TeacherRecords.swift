import PetriProtocol
import PetriWords

/// A teacher's account on a school's server, as every store keeps it.
///
/// The administrator (the holder of the configured teacher key) has no account: a lesson with no
/// owner row belongs to the administrator, as every lesson created before accounts existed does.
package struct TeacherRecord: Sendable, Hashable {
    /// A stable id chosen by the server (a lowercase UUID); names and emails may change, this does not.
    package var id: String
    /// The name the teacher signs in with, unique on the server ignoring case.
    package var name: String
    /// An email address the teacher may also sign in with, unique ignoring case; nil when none was given.
    package var email: String?
    package var status: TeacherStatus
    /// The password's salted hash in its own self-describing form (``PasswordHash``'s text); nil until
    /// the teacher first chose one from a sign-in link.
    package var passwordHash: String?
    package var createdAt: Timestamp

    package init(
        id: String, name: String, email: String?, status: TeacherStatus = .active, passwordHash: String? = nil,
        createdAt: Timestamp
    ) {
        self.id = id
        self.name = name
        self.email = email
        self.status = status
        self.passwordHash = passwordHash
        self.createdAt = createdAt
    }
}

/// Whether a teacher may sign in.
package enum TeacherStatus: String, Sendable, Hashable, Codable {
    case active
    /// Signed out everywhere and refused until enabled again; their lessons stay theirs.
    case disabled
}

/// A signed-in teacher's session, as the store keeps it: the digest of its token, never the token.
package struct TeacherSessionRecord: Sendable, Hashable {
    /// SHA-256 of the session token.
    package var digest: TokenHash
    package var teacherId: String
    package var createdAt: Timestamp
    package var lastSeenAt: Timestamp
    /// Where the sign-in came from (the remote address), for the teacher's list of their sessions.
    package var address: String
    /// When it was revoked (signed out, revoked from the list, the teacher disabled or reset); nil while it may be used.
    package var revokedAt: Timestamp?

    package init(
        digest: TokenHash, teacherId: String, createdAt: Timestamp, lastSeenAt: Timestamp, address: String,
        revokedAt: Timestamp? = nil
    ) {
        self.digest = digest
        self.teacherId = teacherId
        self.createdAt = createdAt
        self.lastSeenAt = lastSeenAt
        self.address = address
        self.revokedAt = revokedAt
    }

    /// A short public name for the session (the first 12 hex digits of its digest): what a teacher
    /// revokes from their list without ever seeing another session's token.
    package var handle: String { String(digest.hex.prefix(12)) }
}

/// A one-time sign-in link as the store keeps it: the digest of its secret, never the secret.
package struct SignInLinkRecord: Sendable, Hashable {
    package var digest: TokenHash
    package var teacherId: String
    package var createdAt: Timestamp
    package var expiresAt: Timestamp
    /// When it was used; a used link never works again.
    package var usedAt: Timestamp?

    package init(
        digest: TokenHash, teacherId: String, createdAt: Timestamp, expiresAt: Timestamp, usedAt: Timestamp? = nil
    ) {
        self.digest = digest
        self.teacherId = teacherId
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.usedAt = usedAt
    }
}

/// Who may teach a lesson besides the administrator: its owner and the colleagues it is shared with.
package struct LessonTeachers: Sendable, Hashable {
    /// The owning teacher's id; nil for a lesson of the administrator (every lesson made with the key).
    package var owner: String?
    /// Co-teachers' ids (same controls as the owner), sorted.
    package var coTeachers: [String]

    package init(owner: String?, coTeachers: [String] = []) {
        self.owner = owner
        self.coTeachers = coTeachers.sorted()
    }

    /// Whether this teacher may see and control the lesson (the administrator always may).
    package func admits(_ teacherId: String) -> Bool { owner == teacherId || coTeachers.contains(teacherId) }
}

/// A teacher's part in a lesson.
package enum LessonRole: String, Sendable, Hashable, Codable {
    case owner
    case coTeacher = "co-teacher"
}

/// What a store's account write refuses, in a sentence for the administrator.
package struct TeacherStorageError: Error, Sendable, Hashable, CustomStringConvertible {
    package enum Code: Sendable, Hashable {
        /// Another teacher already has this name or email.
        case taken
        /// No teacher (or lesson) with this id.
        case unknown
    }

    package var code: Code
    /// The sentence, rendered for whoever reads it.
    package var word: Word

    /// The sentence in English.
    package var message: String { word.text(in: .english) }

    package init(_ code: Code, _ word: Word) {
        self.code = code
        self.word = word
    }

    package var description: String { message }
}
