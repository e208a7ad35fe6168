import PetriAccounts
import PetriProtocol
import PetriStorage

/// The administrator's requests on the protocol (the /admin page, and `petri teachers` while a server holds
/// its SQLite store): what the command line does, with the teacher key in place of a session. The hub
/// checked the key before; a teacher's session never reaches here (``HubAccountWords/administratorOnly``).
extension Hub {
    nonisolated func administer(_ request: AccountRequest, accounts: TeacherAccounts, in session: Session) async {
        let actor = HubAccountWords.administrator
        let address = session.connection.remoteAddress
        do {
            switch request {
            case .addTeacher(let name, let email):
                let added = try await accounts.add(name: name, email: email, by: actor, from: address)
                send(.signInLink(teacher: added.teacher.name, link: added.link), to: session)
                return
            case .resetTeacher(let name):
                guard let teacher = try await colleague(name, accounts: accounts, in: session) else { return }
                let link = try await accounts.reset(teacher, by: actor, from: address)
                send(.signInLink(teacher: teacher.name, link: link), to: session)
                return
            case .disableTeacher(let name), .enableTeacher(let name):
                guard let teacher = try await colleague(name, accounts: accounts, in: session) else { return }
                let status: TeacherStatus = if case .disableTeacher = request { .disabled } else { .active }
                try await accounts.setStatus(status, of: teacher, by: actor, from: address)
            case .removeTeacher(let name):
                guard let teacher = try await colleague(name, accounts: accounts, in: session) else { return }
                try await accounts.remove(teacher, by: actor, from: address)
            default:
                break
            }
            send(.teachers(try await teacherListings(accounts: accounts)), to: session)
        } catch let refusal as AccountRefusal {
            replyError(ProtocolError(.invalidField, refusal.message), to: session)
        } catch let error as TeacherStorageError {
            replyError(ProtocolError(.invalidField, error.message), to: session)
        } catch {
            services.logger.error("An administrator's request failed", metadata: ["error": "\(error)"])
            replyError(ProtocolError(.internalError, AccountWords.storeFailed), to: session)
        }
    }

    /// The teacher with this name or email; else nil, and the connection was told.
    private nonisolated func colleague(_ name: String, accounts: TeacherAccounts, in session: Session) async throws
        -> TeacherRecord?
    {
        guard let teacher = try await accounts.find(name) else {
            replyError(ProtocolError(.invalidField, HubAccountWords.noSuchTeacher(name)), to: session)
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

extension HubAccountWords {
    static func noSuchTeacher(_ name: String) -> String {
        "There is no teacher \"\(name)\" on this server; the list of teachers shows them."
    }
}
