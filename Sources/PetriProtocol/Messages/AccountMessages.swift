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
    /// Attaches to one of those lessons without its teacher token: as its teacher (answered as `teach` is), or,
    /// `asObserver`, as its projector (answered as `observe` is); `language` as `teach` and `observe` carry it.
    case open(code: JoinCode, lastSeen: TimelinePosition?, asObserver: Bool = false, language: String? = nil)
    /// Shares a lesson with a colleague, named by name or email: same controls (`lessonTeachers`).
    case share(code: JoinCode, teacher: String)
    /// Ends a colleague's share of a lesson (`lessonTeachers`).
    case unshare(code: JoinCode, teacher: String)
    /// Gives a lesson to a colleague; its owner stays on as a co-teacher (`lessonTeachers`).
    case handOver(code: JoinCode, teacher: String)
    /// Who teaches a lesson the teacher owns or shares (`lessonTeachers`), for its console.
    case lessonTeachers(code: JoinCode)
    /// The administrator's: every teacher with their status (`teachers`).
    case teachers
    /// The administrator's: adds a teacher and makes their one-time sign-in link (`signInLink`).
    case addTeacher(name: String, email: String?)
    /// The administrator's: a new sign-in link for a teacher, ending their sessions (`signInLink`).
    case resetTeacher(teacher: String)
    /// The administrator's: disables a teacher, ending their sessions on every node (`teachers`).
    case disableTeacher(teacher: String)
    /// The administrator's: lets a disabled teacher sign in again (`teachers`).
    case enableTeacher(teacher: String)
    /// The administrator's: removes a teacher; their lessons become the administrator's (`teachers`).
    case removeTeacher(teacher: String)
    /// The administrator's: erases a lesson now, running or ended, wherever it runs (`myLessons`, every lesson).
    case eraseLesson(code: JoinCode)
    /// The administrator's: every registered LTI platform with Petri's URLs for them (`platforms`).
    case platforms
    /// The administrator's: registers an LTI platform (`platforms`; its mistakes: `platformProblems`).
    case addPlatform(PlatformRegistration)
    /// The administrator's: removes a platform, by issuer and (when the issuer has several) client id (`platforms`).
    case removePlatform(issuer: String, clientId: String?)

    /// Whether only the administrator (the teacher key in place of a session) may send it.
    package var isAdministration: Bool {
        switch self {
        case .teachers, .addTeacher, .resetTeacher, .disableTeacher, .enableTeacher, .removeTeacher, .eraseLesson,
            .platforms, .addPlatform, .removePlatform:
            true
        default: false
        }
    }

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
        case .lessonTeachers: "lessonTeachers"
        case .teachers: "teachers"
        case .addTeacher: "addTeacher"
        case .resetTeacher: "resetTeacher"
        case .disableTeacher: "disableTeacher"
        case .enableTeacher: "enableTeacher"
        case .removeTeacher: "removeTeacher"
        case .eraseLesson: "eraseLesson"
        case .platforms: "platforms"
        case .addPlatform: "addPlatform"
        case .removePlatform: "removePlatform"
        }
    }

    static let types: Set<String> = [
        "signOut", "sessions", "revokeSession", "myLessons", "open", "share", "unshare", "handOver", "lessonTeachers",
        "teachers", "addTeacher", "resetTeacher", "disableTeacher", "enableTeacher", "removeTeacher", "eraseLesson",
        "platforms", "addPlatform", "removePlatform",
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

/// A teacher as the administrator's `teachers` lists them.
package struct TeacherListing: Sendable, Hashable, Codable {
    package var name: String
    package var email: String?
    /// `active` or `disabled`.
    package var status: String
    /// Whether they have chosen a password (used their sign-in link).
    package var passwordSet: Bool
    /// How many live sessions they have.
    package var sessions: Int

    package init(name: String, email: String?, status: String, passwordSet: Bool, sessions: Int) {
        self.name = name
        self.email = email
        self.status = status
        self.passwordSet = passwordSet
        self.sessions = sessions
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
    /// Whose session it is: given to the administrator, who sees every teacher's.
    package var teacher: String?

    package init(
        handle: String, from: String, signedInAt: Timestamp, lastSeenAt: Timestamp, current: Bool,
        teacher: String? = nil
    ) {
        self.handle = handle
        self.from = from
        self.signedInAt = signedInAt
        self.lastSeenAt = lastSeenAt
        self.current = current
        self.teacher = teacher
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
    /// The node of a cluster running it (the administrator's list); absent on a single server, for a teacher, and
    /// when no node runs it now.
    package var node: String?

    package init(
        code: JoinCode, model: String, role: String, owner: String?, createdAt: Timestamp, endedAt: Timestamp?,
        node: String? = nil
    ) {
        self.code = code
        self.model = model
        self.role = role
        self.owner = owner
        self.createdAt = createdAt
        self.endedAt = endedAt
        self.node = node
    }
}
