/// A signed-in teacher's request, sent with their session token (`"session"`): one wire type each.
package enum AccountRequest: Sendable, Hashable {
    /// Ends this session (`signedOut`).
    case signOut
    /// Lists the teacher's live sessions (`sessions`).
    case sessions
    /// Ends one of the teacher's sessions by its handle (answered with the updated `sessions`).
    case revokeSession(handle: String)
    /// Lists the lessons the teacher owns or shares, running and ended within retention (`myLessons`).
    case myLessons
    /// Attaches as the teacher of one of those lessons, without its teacher token (answered as `teach` is).
    case open(code: JoinCode, lastSeen: TimelinePosition?)
    /// Shares a lesson with a colleague, named by name or email: same controls (`lessonTeachers`).
    case share(code: JoinCode, teacher: String)
    /// Ends a colleague's share of a lesson (`lessonTeachers`).
    case unshare(code: JoinCode, teacher: String)
    /// Gives a lesson to a colleague; its owner stays on as a co-teacher (`lessonTeachers`).
    case handOver(code: JoinCode, teacher: String)

    /// The wire name of the request's type.
    package var type: String {
        switch self {
        case .signOut: "signOut"
        case .sessions: "sessions"
        case .revokeSession: "revokeSession"
        case .myLessons: "myLessons"
        case .open: "open"
        case .share: "share"
        case .unshare: "unshare"
        case .handOver: "handOver"
        }
    }

    static let types: Set<String> = [
        "signOut", "sessions", "revokeSession", "myLessons", "open", "share", "unshare", "handOver",
    ]
}

/// A teacher as the server names them to clients.
package struct TeacherInfo: Sendable, Hashable, Codable {
    package var name: String
    package var email: String?

    package init(name: String, email: String?) {
        self.name = name
        self.email = email
    }
}

/// One of a teacher's live sessions, as `sessions` lists it (never its token).
package struct SessionInfo: Sendable, Hashable, Codable {
    /// A short public name for the session, for `revokeSession`.
    package var handle: String
    /// The address the sign-in came from.
    package var from: String
    package var signedInAt: Timestamp
    package var lastSeenAt: Timestamp
    /// Whether it is the session the request was sent with.
    package var current: Bool

    package init(handle: String, from: String, signedInAt: Timestamp, lastSeenAt: Timestamp, current: Bool) {
        self.handle = handle
        self.from = from
        self.signedInAt = signedInAt
        self.lastSeenAt = lastSeenAt
        self.current = current
    }
}

/// One lesson of `myLessons`.
package struct TeacherLessonInfo: Sendable, Hashable, Codable {
    package var code: JoinCode
    package var model: String
    /// `owner` or `co-teacher` (the administrator's lessons: `administrator`).
    package var role: String
    /// The owner's name; absent for the administrator's lessons.
    package var owner: String?
    package var createdAt: Timestamp
    /// When it ended; absent while it runs.
    package var endedAt: Timestamp?

    package init(
        code: JoinCode, model: String, role: String, owner: String?, createdAt: Timestamp, endedAt: Timestamp?
    ) {
        self.code = code
        self.model = model
        self.role = role
        self.owner = owner
        self.createdAt = createdAt
        self.endedAt = endedAt
    }
}
