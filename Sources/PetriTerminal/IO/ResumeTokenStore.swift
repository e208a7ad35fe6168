import Foundation
import PetriProtocol

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whose token a file keeps: a lesson's student, its teacher, or a make-up's student (whose code is the make-up's).
package enum TokenRole: String, Sendable, Hashable {
    case student
    case teacher
    case makeup
}

/// Keeps tokens between runs: a student's resume token, a teacher's token, per server and lesson.
///
/// One file per server, lesson and role under `$XDG_CONFIG_HOME/petri/tokens/` (or
/// `~/.config/petri/tokens/`), readable by the user only (files 0600, folders 0700), e.g.
/// `student-K7QX2M-ws-127.0.0.1-8080.token` (`teacher-…` for a teacher token, `makeup-…` for a make-up's). A token is a secret: it is never printed.
package struct ResumeTokenStore: Sendable {
    /// The folder the token files live in.
    let directory: URL

    /// A store in `directory` (created when the first token is saved).
    package init(directory: URL) {
        self.directory = directory
    }

    /// The store in the user's configuration folder, or nil when there is no home to put it in.
    ///
    /// - Parameter environment: The process environment (`XDG_CONFIG_HOME`, `HOME`).
    package static func standard(environment: [String: String]) -> ResumeTokenStore? {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            return ResumeTokenStore(directory: URL(fileURLWithPath: xdg).appendingPathComponent("petri/tokens"))
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return ResumeTokenStore(directory: URL(fileURLWithPath: home).appendingPathComponent(".config/petri/tokens"))
    }

    /// The saved token, if there is one and it is well formed.
    func token(server: String, code: JoinCode, role: TokenRole) -> AccessToken? {
        guard let data = FileManager.default.contents(atPath: file(server: server, code: code, role: role).path)
        else { return nil }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return try? AccessToken(text)
    }

    /// Saves a token, readable by the user only.
    ///
    /// - Throws: ``TerminalError/Code/storage`` when the folder or file cannot be written.
    func save(_ token: AccessToken, server: String, code: JoinCode, role: TokenRole) throws(TerminalError) {
        let path = file(server: server, code: code, role: role).path
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw TerminalError(.storage, "Could not create \(directory.path) to keep your place in the lesson.")
        }
        // Write a private temporary file, then rename it over the old one, so a token is never half written.
        let temporary = path + ".tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { throw TerminalError(.storage, "Could not write \(temporary) (errno \(errno)).") }
        _ = fchmod(fd, 0o600)
        let bytes = Array((token.secret + "\n").utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard written == bytes.count, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw TerminalError(.storage, "Could not save your token to \(path).")
        }
    }

    /// The session token `petri teach login` saved for this server, if any.
    package func session(server: String) -> String? {
        guard let data = FileManager.default.contents(atPath: sessionFile(server: server).path) else { return nil }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    /// Saves a teacher's session token for this server, readable by the user only.
    ///
    /// - Throws: ``TerminalError/Code/storage`` when the folder or file cannot be written.
    func saveSession(_ token: String, server: String) throws(TerminalError) {
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw TerminalError(.storage, "Could not create \(directory.path) to keep your sign-in.")
        }
        let path = sessionFile(server: server).path
        let temporary = path + ".tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { throw TerminalError(.storage, "Could not write \(temporary) (errno \(errno)).") }
        _ = fchmod(fd, 0o600)
        let bytes = Array((token + "\n").utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard written == bytes.count, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw TerminalError(.storage, "Could not save your sign-in to \(path).")
        }
    }

    /// Forgets the saved session of this server (signed out, or it ended).
    package func removeSession(server: String) { unlink(sessionFile(server: server).path) }

    /// The session file of one server: `session-ws-127.0.0.1-8080.token`.
    func sessionFile(server: String) -> URL {
        directory.appendingPathComponent("session-\(Self.slug(server)).token")
    }

    /// Forgets a token (it no longer works).
    func remove(server: String, code: JoinCode, role: TokenRole) {
        unlink(file(server: server, code: code, role: role).path)
    }

    /// The file for one server, lesson and role.
    func file(server: String, code: JoinCode, role: TokenRole) -> URL {
        directory.appendingPathComponent("\(role.rawValue)-\(code.text)-\(Self.slug(server)).token")
    }

    /// The server URL as a file-name part: `ws://127.0.0.1:8080/` → `ws-127.0.0.1-8080`.
    static func slug(_ server: String) -> String {
        var out = ""
        for c in server.lowercased() {
            if c.isASCII && (c.isLetter || c.isNumber || c == ".") {
                out.append(c)
            } else if out.last != "-" {
                out.append("-")
            }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return String(out.prefix(100))
    }
}
