import Foundation
import PetriProtocol
import PetriStorage

/// Teachers who come in through a school's LMS (an LTI instructor launch): the platform vouched for them, so
/// they get an account without a password and a session without one.
extension TeacherAccounts {
    /// A new account for an LMS instructor, named after them (made unique: "Ada Lovelace (2)"); no password
    /// (the administrator's sign-in link can give them one for signing in without the LMS).
    package func addLMSTeacher(named lmsName: String, platform: String, from address: String) async throws
        -> TeacherRecord
    {
        let cleaned = String(
            lmsName.replacingOccurrences(of: "@", with: " ").trimmingCharacters(in: .whitespaces).prefix(56))
        let base =
            Self.problem(name: cleaned, email: nil) == nil ? cleaned : AccountWords.text("accounts.lmsTeacher.name")
        var lastError: (any Error)?
        for attempt in 1...20 {
            let name = attempt == 1 ? base : "\(base) (\(attempt))"
            let teacher = TeacherRecord(id: UUID().uuidString.lowercased(), name: name, email: nil, createdAt: now())
            do {
                try await storage.addTeacher(teacher)
                audit.record(
                    "teacher-added", by: "lti:" + platform, from: address, ["teacher": name, "id": teacher.id])
                return teacher
            } catch let error as TeacherStorageError where error.code == .taken {
                lastError = error
            }
        }
        throw lastError ?? TeacherStorageError.taken(base)
    }

    /// Opens a session for a teacher an LMS launch vouched for.
    ///
    /// - Returns: The session token (only its digest is stored).
    package func openLMSSession(for teacher: TeacherRecord, platform: String, from address: String) async throws
        -> String
    {
        let token = Self.secret(Self.sessionPrefix)
        let at = now()
        try await storage.addSession(
            TeacherSessionRecord(
                digest: TokenHash(of: token), teacherId: teacher.id, createdAt: at, lastSeenAt: at, address: address))
        audit.record(
            "sign-in", by: teacher.name, from: address,
            ["id": teacher.id, "via": "lti:" + platform, "session": String(TokenHash(of: token).hex.prefix(12))])
        return token
    }
}
