import PetriAccounts
import PetriProtocol
import PetriStorage

/// The administrator's requests on the protocol (the /admin page, and `petri teachers` while a server holds
/// its SQLite store): what the command line does, with the teacher key in place of a session. The hub
/// checked the key before; a teacher's session never reaches here (`hub.account.administratorOnly`).
extension Hub {
    nonisolated func administer(_ request: AccountRequest, accounts: TeacherAccounts, in session: Session) async {
        let actor = Hub.administrator
        let address = session.connection.remoteAddress
        do {
            switch request {
            case .addTeacher(let name, let email):
                let added = try await accounts.add(name: name, email: email, by: actor, from: address)
                reply(.signInLink(teacher: added.teacher.name, link: added.link), to: session)
                return
            case .resetTeacher(let name):
                guard let teacher = try await colleague(name, accounts: accounts, in: session) else { return }
                let link = try await accounts.reset(teacher, by: actor, from: address)
                reply(.signInLink(teacher: teacher.name, link: link), to: session)
                return
            case .disableTeacher(let name), .enableTeacher(let name):
                guard let teacher = try await colleague(name, accounts: accounts, in: session) else { return }
                let status: TeacherStatus = if case .disableTeacher = request { .disabled } else { .active }
                try await accounts.setStatus(status, of: teacher, by: actor, from: address)
            case .removeTeacher(let name):
                guard let teacher = try await colleague(name, accounts: accounts, in: session) else { return }
                try await accounts.remove(teacher, by: actor, from: address)
            case .eraseLesson(let code):
                await eraseLesson(code, accounts: accounts, in: session)
                return
            case .platforms, .addPlatform, .removePlatform:
                await administerPlatforms(request, accounts: accounts, in: session)
                return
            default:
                break
            }
            reply(.teachers(try await teacherListings(accounts: accounts)), to: session)
        } catch let refusal as AccountRefusal {
            replyError(ProtocolError(.invalidField, refusal.word), to: session)
        } catch let error as TeacherStorageError {
            replyError(ProtocolError(.invalidField, error.word), to: session)
        } catch {
            services.logger.error("An administrator's request failed", metadata: ["error": "\(error)"])
            replyError(ProtocolError(.internalError, AccountWords.word("accounts.store.failed")), to: session)
        }
    }

    /// The administrator's `eraseLesson`: the lesson the code names now (running, else the last one ended within
    /// retention) is closed for everyone connected to it here, then erased from the store with every row of it. A
    /// lesson another node of a cluster runs loses its lease with its row, and that node closes it the same way
    /// (``Hub/dropLost(_:)``). Answered with every lesson of the server, of every node (`myLessons`).
    private nonisolated func eraseLesson(_ code: JoinCode, accounts: TeacherAccounts, in session: Session) async {
        let address = session.connection.remoteAddress
        let id: String
        do {
            guard let found = try await lessonId(for: code) else {
                replyError(
                    ProtocolError(
                        .unknownLesson, HubWords.word("hub.eraseLesson.unknown", ["code": .text("\(code)")])),
                    to: session)
                return
            }
            id = found
        } catch {
            services.logger.error("Could not find a lesson to erase", metadata: ["error": "\(error)"])
            replyError(ProtocolError(.internalError, AccountWords.word("accounts.store.failed")), to: session)
            return
        }
        await closeErased(id)
        do {
            let erased = try await services.storage.eraseLesson(id: id)
            accounts.audit.record(
                "lesson-erased", by: Hub.administrator, from: address,
                ["lesson": id, "code": "\(code)", "found": erased ? "yes" : "no"])
            services.logger.notice("The administrator erased a lesson", metadata: ["lesson": "\(id)"])
            reply(.myLessons(try await everyLesson(accounts: accounts)), to: session)
        } catch {
            services.logger.error("Could not erase a lesson", metadata: ["lesson": "\(id)", "error": "\(error)"])
            replyError(
                ProtocolError(.internalError, HubWords.word("hub.eraseLesson.failed", ["code": .text("\(code)")])),
                to: session)
        }
    }

    /// `platforms`, `addPlatform` and `removePlatform`: the LTI platforms, through the same code as `petri lti`
    /// (``LTIPlatforms``), each change in the audit trail. Answered with every platform and Petri's LTI paths.
    private nonisolated func administerPlatforms(
        _ request: AccountRequest, accounts: TeacherAccounts, in session: Session
    ) async {
        guard let platforms = accounts.platforms else {
            replyError(ProtocolError(.notAuthorised, AccountWords.word("accounts.platform.unavailable")), to: session)
            return
        }
        let address = session.connection.remoteAddress
        do {
            switch request {
            case .addPlatform(let form):
                _ = try await platforms.add(form, by: Hub.administrator, from: address)
            case .removePlatform(let issuer, let clientId):
                guard
                    try await platforms.remove(issuer: issuer, clientId: clientId, by: Hub.administrator, from: address)
                        != nil
                else {
                    replyError(
                        ProtocolError(
                            .invalidField,
                            AccountWords.word(
                                "accounts.platform.unknown",
                                ["issuer": .text(issuer), "clientId": .text(clientId ?? "")])),
                        to: session)
                    return
                }
            default:
                break
            }
            reply(.platforms(try await platforms.list().map(\.registration), tool: .petri), to: session)
        } catch let refusal as LTIPlatforms.Refusal {
            reply(.platformProblems(refusal.problems), to: session)
        } catch {
            services.logger.error("An administrator's platform request failed", metadata: ["error": "\(error)"])
            replyError(ProtocolError(.internalError, AccountWords.word("accounts.store.failed")), to: session)
        }
    }

    /// The teacher with this name or email; else nil, and the connection was told.
    private nonisolated func colleague(_ name: String, accounts: TeacherAccounts, in session: Session) async throws
        -> TeacherRecord?
    {
        guard let teacher = try await accounts.find(name) else {
            replyError(
                ProtocolError(.invalidField, HubWords.word("hub.account.noSuchTeacher", ["name": .text(name)])),
                to: session)
            return nil
        }
        return teacher
    }

    /// Every teacher, by name, with their status and how many live sessions each has.
    private nonisolated func teacherListings(accounts: TeacherAccounts) async throws -> [TeacherListing] {
        let live = try await accounts.liveSessions(of: nil)
        return try await accounts.storage.teachers().map { teacher in
            TeacherListing(
                name: teacher.name, email: teacher.email, status: teacher.status.rawValue,
                passwordSet: teacher.passwordHash != nil, sessions: live.filter { $0.teacherId == teacher.id }.count)
        }
    }
}
