/// A signed-in teacher's request, sent with their session token (`"session"`): one wire type each.
public enum AccountRequest: Sendable, Hashable {
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
    public var type: String {
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
public struct TeacherInfo: Sendable, Hashable, Codable {
    public var name: String
    public var email: String?

    public init(name: String, email: String?) {
        self.name = name
        self.email = email
    }
}

/// One of a teacher's live sessions, as `sessions` lists it (never its token).
public struct SessionInfo: Sendable, Hashable, Codable {
    /// A short public name for the session, for `revokeSession`.
    public var handle: String
    /// The address the sign-in came from.
    public var from: String
    public var signedInAt: Timestamp
    public var lastSeenAt: Timestamp
    /// Whether it is the session the request was sent with.
    public var current: Bool

    public init(handle: String, from: String, signedInAt: Timestamp, lastSeenAt: Timestamp, current: Bool) {
        self.handle = handle
        self.from = from
        self.signedInAt = signedInAt
        self.lastSeenAt = lastSeenAt
        self.current = current
    }
}

/// One lesson of `myLessons`.
public struct TeacherLessonInfo: Sendable, Hashable, Codable {
    public var code: JoinCode
    public var model: String
    /// `owner` or `co-teacher` (the administrator's lessons: `administrator`).
    public var role: String
    /// The owner's name; absent for the administrator's lessons.
    public var owner: String?
    public var createdAt: Timestamp
    /// When it ended; absent while it runs.
    public var endedAt: Timestamp?

    public init(
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
