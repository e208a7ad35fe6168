import Foundation
import PetriProtocol
import PetriSimulation

/// How a terminal client runs: which server, which view, where tokens are kept.
package struct ClientOptions: Sendable {
    /// The server's URL, e.g. `ws://127.0.0.1:8080/`.
    package var server: String
    /// `--json`: lines instead of a screen.
    var json: Bool
    /// What the terminal shows (full-screen mode).
    var colorMode: ColorMode
    /// Where tokens are kept between runs (nil: not kept).
    var tokens: ResumeTokenStore?
    /// A PEM file of CAs to trust for `wss://`.
    var caFile: String?
    /// The language to ask the server for (a BCP 47 tag), which the screen also shows; nil: none.
    package var language: String?

    /// Options for one run.
    package init(server: String, json: Bool, colorMode: ColorMode, tokens: ResumeTokenStore?, caFile: String? = nil) {
        self.server = server
        self.json = json
        self.colorMode = colorMode
        self.tokens = tokens
        self.caFile = caFile
    }
}

/// The entry points of `petri join` and `petri teach`.
///
/// ```swift
/// let status = await PetriClient.join(code: try JoinCode("K7QX2M"), name: "Ada", token: nil, options: options)
/// exit(status)
/// ```
package enum PetriClient {
    /// Runs the student client until the student leaves or the lesson ends; returns the exit status.
    ///
    /// - Parameters:
    ///   - code: The lesson's join code, or a make-up's code.
    ///   - name: The display name (ignored by lessons that generate names).
    ///   - token: A resume token; when nil, the one saved for this server and code is used.
    ///   - makeup: Whether `code` is known to be a make-up's (it came in a make-up's link).
    package static func join(
        code: JoinCode, name: String?, token: AccessToken?, makeup: Bool = false, options: ClientOptions
    ) async -> Int32 {
        let entry = studentEntry(
            code: code, name: name, token: token, makeup: makeup, tokens: options.tokens, server: options.server)
        let session = ClientSession(entry: entry, language: options.language)
        return await run(session, teacher: false, options: options)
    }

    /// How a student gets in: a make-up's code (from its link, or with a make-up token saved for it) plays the
    /// make-up; any other code joins the lesson, and is tried as a make-up's when no lesson has it.
    static func studentEntry(
        code: JoinCode, name: String?, token: AccessToken?, makeup: Bool, tokens: ResumeTokenStore?, server: String
    ) -> LessonEntry {
        let savedMakeup = tokens?.token(server: server, code: code, role: .makeup)
        if makeup { return .makeup(code: code, name: name, token: token ?? savedMakeup) }
        if let saved = token ?? tokens?.token(server: server, code: code, role: .student) {
            return .student(code: code, name: name, token: saved)
        }
        if let savedMakeup { return .makeup(code: code, name: name, token: savedMakeup) }
        return .student(code: code, name: name, token: nil)
    }

    /// Runs the teacher console for `entry` (create, import or attach); returns the exit status.
    package static func teach(_ entry: LessonEntry, options: ClientOptions) async -> Int32 {
        await run(ClientSession(entry: entry, language: options.language), teacher: true, options: options)
    }

    /// The teacher token saved for a lesson, if any.
    package static func savedTeacherToken(code: JoinCode, options: ClientOptions) -> AccessToken? {
        options.tokens?.token(server: options.server, code: code, role: .teacher)
    }

    private static func run(_ session: ClientSession, teacher: Bool, options: ClientOptions) async -> Int32 {
        let runner = ClientRunner(
            session: session, connector: WebSocketConnector(url: options.server, caFile: options.caFile),
            server: options.server, tokens: options.tokens)
        if options.json { return await runner.run(JSONFrontend(teacher: teacher)) }
        let terminal: TerminalIO
        do {
            terminal = try TerminalIO()
        } catch {
            FileHandle.standardError.write(Data("petri: \(error.message)\n".utf8))
            return 1
        }
        if teacher { return await runner.run(TeacherScreenFrontend(terminal: terminal, colorMode: options.colorMode)) }
        return await runner.run(StudentScreenFrontend(terminal: terminal, colorMode: options.colorMode))
    }
}
