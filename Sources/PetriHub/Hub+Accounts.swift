import PetriAccounts
import PetriProtocol
import PetriStorage
import PetriTransport

/// Teachers' accounts on the protocol: signing in, sessions, "my lessons", sharing and hand-over,
/// and the teacher key's place as the administrator's (``authority(_:from:)``).
///
/// Every use of a session reads it from the store (``TeacherAccounts/teacher(forSession:)``), so a
/// session revoked or a teacher disabled on any node of a cluster is refused at its next use here.
extension Hub {
    /// Who a `create`, `import` or `describeModels` key speaks for: the administrator (the configured
    /// teacher key: nil) or a signed-in teacher (a session token); else the refusal, counted like every
    /// wrong key against the address.
    func authority(_ key: String, from address: String) async -> Result<TeacherRecord?, ProtocolError> {
        guard let accounts, key.hasPrefix(TeacherAccounts.sessionPrefix) else {
            if let refusal = checkTeacherKey(key, from: address) { return .failure(refusal) }
            return .success(nil)
        }
        guard mayTry(.teacherKey, from: address) else { return .failure(Self.tooManyWrongKeys) }
        guard let teacher = await accounts.teacher(forSession: key) else {
            recordFailure(.teacherKey, from: address)
            return .failure(ProtocolError(.notAuthorised, HubWords.word("hub.account.sessionEnded")))
        }
        return .success(teacher)
    }

    /// Records the owner of a lesson a signed-in teacher made (the administrator's lessons have no row).
    func recordOwner(_ owner: TeacherRecord?, ofLesson id: String) async {
        guard let owner, let accounts else { return }
        do {
            try await accounts.storage.setOwner(owner.id, ofLesson: id)
        } catch {
            services.logger.error(
                "Could not record a new lesson's owner; it is the administrator's until handed over",
                metadata: ["lesson": "\(id)", "teacher": "\(owner.id)", "error": "\(error)"])
        }
    }

    /// Notes the signed-in teacher cloning a lesson, so that the clone is theirs (``cloneOwner(of:)``).
    nonisolated func noteCloner(_ token: String, of lesson: String) async {
        guard let teacher = await accounts?.teacher(forSession: token) else { return }
        await setCloner(teacher.id, of: lesson)
    }

    private func setCloner(_ teacher: String, of lesson: String) { cloners[lesson] = teacher }

    /// Who a clone of this lesson belongs to: the signed-in teacher who asked for it (a console opened with
    /// `open`), else the source lesson's owner (a console attached with the lesson's token), else the
    /// administrator. Two teachers of one lesson cloning it at the same moment may each get the other's clone:
    /// both teach the source, and the clones are alike.
    func cloneOwner(of lesson: String) async -> TeacherRecord? {
        guard let accounts else { return nil }
        let id: String?
        if let cloner = cloners.removeValue(forKey: lesson) {
            id = cloner
        } else {
            id = try? await accounts.storage.teachers(ofLesson: lesson).owner
        }
        guard let id else { return nil }
        return try? await accounts.storage.teacher(id: id)
    }

    /// `signIn`, `choosePassword` and a signed-in teacher's requests.
    nonisolated func handleAccount(_ message: ClientMessage, in session: inout Session) async {
        let address = session.connection.remoteAddress
        guard let accounts else {
            replyError(ProtocolError(.notAuthorised, HubWords.word("hub.account.noAccounts")), to: session)
            return
        }
        switch message {
        case .signIn(let name, let password):
            answer(await accounts.signIn(name, password: password, from: address), to: session)
        case .choosePassword(let link, let password):
            answer(await accounts.choosePassword(link: link, password: password, from: address), to: session)
        case .account(let token, let request):
            guard await mayTry(.teacherKey, from: address) else {
                replyError(Self.tooManyWrongKeys, to: session)
                return
            }
            // The teacher key in place of a session is the administrator, who sees and controls every lesson.
            if await keyMatches(token) {
                await handle(request, of: nil, token: token, accounts: accounts, in: &session)
                return
            }
            // Not a session token: a wrong teacher key (the administrator's page), told as such.
            guard token.hasPrefix(TeacherAccounts.sessionPrefix) else {
                await recordFailure(.teacherKey, from: address)
                replyError(Self.wrongTeacherKey, to: session)
                return
            }
            guard let teacher = await accounts.teacher(forSession: token) else {
                await recordFailure(.teacherKey, from: address)
                replyError(ProtocolError(.notAuthorised, HubWords.word("hub.account.sessionEnded")), to: session)
                return
            }
            await handle(request, of: teacher, token: token, accounts: accounts, in: &session)
        default:
            break
        }
    }

    /// One request of a signed-in teacher, or of the administrator (`teacher` nil: every lesson, every session).
    private nonisolated func handle(
        _ request: AccountRequest, of teacher: TeacherRecord?, token: String, accounts: TeacherAccounts,
        in session: inout Session
    ) async {
        let address = session.connection.remoteAddress
        let actor = teacher?.name ?? Hub.administrator
        if request.isAdministration {
            guard teacher == nil else {
                let word =
                    switch request {
                    case .platforms, .addPlatform, .removePlatform:
                        HubWords.word("hub.account.administratorOnlyPlatforms")
                    default: HubWords.word("hub.account.administratorOnly")
                    }
                replyError(ProtocolError(.notAuthorised, word), to: session)
                return
            }
            await administer(request, accounts: accounts, in: session)
            return
        }
        do {
            switch request {
            case .signOut:
                if teacher != nil { _ = await accounts.signOut(token, from: address) }
                reply(.signedOut, to: session)
            case .sessions:
                reply(.sessions(try await sessionList(of: teacher, token: token, accounts: accounts)), to: session)
            case .revokeSession(let handle):
                _ = try await accounts.revoke(handle: handle, of: teacher, by: actor, from: address)
                reply(.sessions(try await sessionList(of: teacher, token: token, accounts: accounts)), to: session)
            case .myLessons:
                reply(.myLessons(try await lessons(of: teacher, accounts: accounts)), to: session)
            case .open(let code, let lastSeen, let asObserver, let language):
                await attach(
                    .open(teacherId: teacher?.id, lastSeen: lastSeen, asObserver: asObserver), code: code,
                    language: language, in: &session)
                // A teacher's console (or projector) lasts as long as their session; the administrator's key has none
                // to end.
                if session.host != nil, teacher != nil { session.signedIn = token }
            case .teachers, .addTeacher, .resetTeacher, .disableTeacher, .enableTeacher, .removeTeacher, .eraseLesson,
                .platforms, .addPlatform, .removePlatform:
                return  // the administrator's, above
            case .lessonTeachers(let code):
                guard let lesson = try await teachableLesson(code, by: teacher, accounts: accounts, in: session) else {
                    return
                }
                reply(try await lessonTeachers(code, lesson: lesson, accounts: accounts), to: session)
            case .share(let code, let name), .unshare(let code, let name), .handOver(let code, let name):
                guard let lesson = try await teachableLesson(code, by: teacher, accounts: accounts, in: session) else {
                    return
                }
                let teachers = try await accounts.storage.teachers(ofLesson: lesson)
                guard let colleague = try await accounts.find(name), colleague.status == .active else {
                    replyError(
                        ProtocolError(
                            .invalidField, HubWords.word("hub.account.noSuchColleague", ["name": .text(name)])),
                        to: session)
                    return
                }
                switch request {
                case .share:
                    try await accounts.storage.share(lesson: lesson, with: colleague.id)
                    accounts.audit.record(
                        "lesson-shared", by: actor, from: address, ["lesson": lesson, "with": colleague.name])
                case .unshare:
                    try await accounts.storage.unshare(lesson: lesson, with: colleague.id)
                    accounts.audit.record(
                        "lesson-unshared", by: actor, from: address, ["lesson": lesson, "with": colleague.name])
                default:
                    try await accounts.storage.handOver(lesson: lesson, to: colleague.id)
                    accounts.audit.record(
                        "lesson-handed-over", by: actor, from: address,
                        ["lesson": lesson, "to": colleague.name, "previous": teachers.owner ?? "administrator"])
                }
                reply(try await lessonTeachers(code, lesson: lesson, accounts: accounts), to: session)
            }
        } catch {
            services.logger.error("An account request failed", metadata: ["error": "\(error)"])
            replyError(ProtocolError(.internalError, AccountWords.word("accounts.store.failed")), to: session)
        }
    }

    /// The id of the lesson with this code when this teacher may teach it (the administrator: any lesson this node
    /// holds); else nil, and the connection was told why.
    private nonisolated func teachableLesson(
        _ code: JoinCode, by teacher: TeacherRecord?, accounts: TeacherAccounts, in session: Session
    ) async throws -> String? {
        guard let lesson = try await lessonId(for: code) else {
            replyError(
                ProtocolError(.unknownLesson, HubWords.word("hub.account.notYourLesson", ["code": .text("\(code)")])),
                to: session)
            return nil
        }
        let teachers = try await accounts.storage.teachers(ofLesson: lesson)
        guard teacher.map({ teachers.admits($0.id) }) ?? true else {
            replyError(
                ProtocolError(.notAuthorised, HubWords.word("hub.account.notYourLesson", ["code": .text("\(code)")])),
                to: session)
            return nil
        }
        return lesson
    }

    /// The id of the lesson with this code: one this node holds, else (in a cluster) one the store knows, running
    /// on another node or on none, ended within retention. Who teaches a lesson lives in the store, so sharing and
    /// handing over work from any node, without moving the lesson.
    nonisolated func lessonId(for code: JoinCode) async throws -> String? {
        if let host = await readableHost(for: code) { return host.record.id }
        guard let ownership else { return nil }
        let since = services.clock.now().adding(milliseconds: -Int64(configuration.endedLessonRetentionSeconds * 1000))
        switch try await ownership.locate(code: code, endedSince: since) {
        case .unknown: return nil
        case .elsewhere(_, let lesson): return lesson
        case .claimable(let record, _): return record.id
        }
    }

    /// Whether the session that opened this connection's lesson is still good; when it has ended (signed out,
    /// expired, revoked, the teacher disabled or reset, on whichever node), the connection is told why and closed.
    nonisolated func stillSignedIn(_ token: String, session: Session) async -> Bool {
        if await accounts?.teacher(forSession: token) != nil { return true }
        replyError(ProtocolError(.notAuthorised, HubWords.word("hub.account.sessionEnded")), to: session)
        services.transport.close(session.connection.id, code: .policyViolation, reason: "signed out")
        return false
    }

    /// A `teach` without the lesson's token, for a signed-in teacher the lesson is shared with; nil
    /// when they may, else the refusal.
    nonisolated func refusalOfOpening(_ host: any RunningLesson, by teacherId: String?) async -> ProtocolError? {
        guard let teacherId else { return nil }
        guard let accounts else { return ProtocolError(.notAuthorised, HubWords.word("hub.account.noAccounts")) }
        guard let teachers = try? await accounts.storage.teachers(ofLesson: host.record.id) else {
            return ProtocolError(.internalError, AccountWords.word("accounts.store.failed"))
        }
        return teachers.admits(teacherId)
            ? nil
            : ProtocolError(
                .notAuthorised, HubWords.word("hub.account.notYourLesson", ["code": .text("\(host.record.code)")]))
    }

    private nonisolated func sessionList(of teacher: TeacherRecord?, token: String, accounts: TeacherAccounts)
        async throws -> [SessionInfo]
    {
        let current = TokenHash(of: token)
        // The administrator sees every teacher's sessions, each with its teacher's name.
        var names: [String: String] = [:]
        if teacher == nil {
            for listed in try await accounts.storage.teachers() { names[listed.id] = listed.name }
        }
        return try await accounts.liveSessions(of: teacher).map {
            SessionInfo(
                handle: $0.handle, from: $0.address, signedInAt: $0.createdAt, lastSeenAt: $0.lastSeenAt,
                current: $0.digest == current, teacher: teacher == nil ? names[$0.teacherId] : nil)
        }
    }

    /// The lessons a teacher owns or shares, running or ended within retention, newest first: as this node
    /// holds them, else (in a cluster, lessons on other nodes) as the store has them.
    private nonisolated func lessons(of teacher: TeacherRecord?, accounts: TeacherAccounts) async throws
        -> [TeacherLessonInfo]
    {
        guard let teacher else { return try await everyLesson(accounts: accounts) }
        let roles = try await accounts.storage.lessons(ofTeacher: teacher.id)
        var records: [String: (record: LessonRecord, endedAt: Timestamp?)] = [:]
        for id in roles.keys { records[id] = await heldLesson(id: id) }
        let elsewhere = roles.keys.filter { records[$0] == nil }
        if !elsewhere.isEmpty {
            let since = services.clock.now().adding(
                milliseconds: -Int64(configuration.endedLessonRetentionSeconds * 1000))
            for stored in try await accounts.storage.lessonRecords(ids: elsewhere.sorted())
            where stored.endedAt.map({ $0 >= since }) ?? true {
                records[stored.record.id] = stored
            }
        }
        var found: [TeacherLessonInfo] = []
        for (id, role) in roles {
            guard let held = records[id] else { continue }
            let (record, endedAt) = held
            var owner = teacher.name
            if role != .owner {
                let ownerId = try await accounts.storage.teachers(ofLesson: id).owner
                owner = try await ownerId.asyncMap { try await accounts.storage.teacher(id: $0) }??.name ?? ""
            }
            found.append(
                TeacherLessonInfo(
                    code: record.code, model: record.model.rawValue, role: role.rawValue,
                    owner: owner.isEmpty ? nil : owner,
                    createdAt: record.createdAt, endedAt: endedAt))
        }
        return found.sorted { ($0.createdAt, $0.code.text) > ($1.createdAt, $1.code.text) }
    }

    /// Every lesson of the server, for the administrator, with each owner's name, newest first: those this node holds,
    /// and (in a cluster) those the store has that run on another node or none (ended within retention, or unfinished),
    /// each with the node running it (``LessonOwnership/holders()``).
    nonisolated func everyLesson(accounts: TeacherAccounts) async throws -> [TeacherLessonInfo] {
        var lessons: [String: (record: LessonRecord, endedAt: Timestamp?)] = [:]
        for (record, endedAt) in await heldLessons() { lessons[record.id] = (record, endedAt) }
        let since = services.clock.now().adding(milliseconds: -Int64(configuration.endedLessonRetentionSeconds * 1000))
        for record in try await services.storage.unfinishedLessons() where lessons[record.id] == nil {
            lessons[record.id] = (record, nil)
        }
        for ended in try await services.storage.lessons(endedSince: since) where lessons[ended.record.id] == nil {
            lessons[ended.record.id] = (ended.record, ended.endedAt)
        }
        let holders = try await ownership?.holders() ?? [:]
        var found: [TeacherLessonInfo] = []
        for (id, (record, endedAt)) in lessons {
            let ownerId = try await accounts.storage.teachers(ofLesson: id).owner
            let owner = try await ownerId.asyncMap { try await accounts.storage.teacher(id: $0) }??.name
            found.append(
                TeacherLessonInfo(
                    code: record.code, model: record.model.rawValue, role: Hub.administrator,
                    owner: owner, createdAt: record.createdAt, endedAt: endedAt, node: holders[id]))
        }
        return found.sorted { ($0.createdAt, $0.code.text) > ($1.createdAt, $1.code.text) }
    }

    /// Every lesson this node holds, with when each ended (nil while it runs).
    func heldLessons() -> [(record: LessonRecord, endedAt: Timestamp?)] {
        byID.values.map { ($0.record, endedLessons[$0.record.id]) }
    }

    /// A lesson this node holds, with when it ended (nil while it runs).
    func heldLesson(id: String) -> (record: LessonRecord, endedAt: Timestamp?)? {
        guard let host = byID[id] else { return nil }
        return (host.record, endedLessons[id])
    }

    private nonisolated func lessonTeachers(_ code: JoinCode, lesson: String, accounts: TeacherAccounts) async throws
        -> ServerMessage
    {
        let teachers = try await accounts.storage.teachers(ofLesson: lesson)
        var coTeachers: [String] = []
        for id in teachers.coTeachers {
            if let name = try await accounts.storage.teacher(id: id)?.name { coTeachers.append(name) }
        }
        let owner = try await teachers.owner.asyncMap { try await accounts.storage.teacher(id: $0) }??.name
        return .lessonTeachers(code: code, owner: owner, coTeachers: coTeachers.sorted())
    }

    private nonisolated func answer(_ result: Result<SignedIn, AccountRefusal>, to session: Session) {
        switch result {
        case .success(let signedIn):
            reply(
                .signedIn(
                    session: signedIn.token,
                    teacher: TeacherInfo(name: signedIn.teacher.name, email: signedIn.teacher.email)),
                to: session)
        case .failure(let refusal):
            let code: ProtocolError.Code =
                switch refusal.kind {
                case .rateLimited: .rateLimited
                case .wrongCredentials, .disabled, .invalidLink: .notAuthorised
                case .weakPassword, .invalidName: .invalidField
                case .unavailable: .internalError
                }
            services.metrics.rejected(code.rawValue)
            replyError(ProtocolError(code, refusal.word), to: session)
        }
    }

}

extension Optional {
    /// The wrapped value transformed by an async throwing function, or nil.
    fileprivate func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
        guard let self else { return nil }
        return try await transform(self)
    }
}

extension Hub {
    /// Who the audit lines name when the teacher key acts, and the `role` of every lesson in the administrator's
    /// `myLessons`: an identifier (the pages translate the role), not a sentence.
    static let administrator = "administrator"
}
