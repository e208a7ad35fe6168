import ArgumentParser
import Foundation
import Logging
import PetriProtocol
import PetriTerminal
import PetriWords

/// `petri join CODE --name NAME`: the student client.
struct Join: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "join",
        abstract: "Join a lesson as a student.",
        discussion: """
            Full screen: watch the simulation, answer the teacher's questions, see your score. \
            Press ? for the keys, i for what the model shows, q to leave. The client reconnects \
            by itself and keeps your place (your resume token is saved in ~/.config/petri).

            Example: petri join K7QX2M --name Ada --server ws://10.0.0.5:8080/

            A make-up lesson (a lesson you missed, played back alone) is joined the same way, with the \
            make-up's code or its link: petri join http://10.0.0.5:8080/makeup/R4TW9C --name Ada. \
            Press n for the class's next moment, c to change the pace, o for a link that carries on \
            on another device.
            """
    )

    @Argument(
        help: ArgumentHelp(
            "The lesson's join code, as on the teacher's screen (e.g. K7QX2M; case and dashes do not matter), "
                + "or a make-up's code or link (http://SERVER:8080/makeup/CODE)."))
    var code: String

    @Option(help: "Your name as the class will see it (up to 24 characters).")
    var name: String?

    @Option(help: "A resume token, to come back as the same student (default: the one saved for this lesson).")
    var token: String?

    @OptionGroup var client: ClientConnectionOptions

    func validate() throws {
        do {
            _ = try target()
            if let token { _ = try AccessToken(token) }
        } catch {
            throw ValidationError(error.message)
        }
        if let name, name.utf8.count > TextLimit.name {
            throw ValidationError(
                "--name is at most \(TextLimit.name) bytes long; the class sees the first 24 characters.")
        }
    }

    func run() async throws {
        ClientConnectionOptions.silenceLogging()
        let (code, link) = try target()
        var options = client.clientOptions()
        // A make-up's link names its server: used unless --server says otherwise.
        if client.server == nil, let server = link?.server { options.server = server }
        let status = await PetriClient.join(
            code: code, name: name, token: try token.map(AccessToken.init) ?? link?.token, makeup: link != nil,
            options: options)
        if status != 0 { throw ExitCode(status) }
    }

    /// The code to join, and the make-up's link when one was given instead of a code.
    private func target() throws(ProtocolError) -> (JoinCode, MakeupLink?) {
        guard MakeupLink.isLink(code) else { return (try JoinCode(code), nil) }
        let language = ClientConnectionOptions.language(
            asked: client.language, environment: ProcessInfo.processInfo.environment)
        let link = try MakeupLink(code, language: language.flatMap(Language.init) ?? .english)
        return (link.code, link)
    }
}

/// The options `join` and `teach` share: where the server is and how to show it.
struct ClientConnectionOptions: ParsableArguments {
    @Option(help: "The server's address (default: $PETRI_SERVER, else ws://127.0.0.1:8080/).")
    var server: String?

    @Flag(help: "No screen: print each server message as one JSON line, read answers or commands from standard input.")
    var json = false

    @Option(help: "Colours: auto (NO_COLOR and COLORTERM decide), never, 256 or truecolor.")
    var color = "auto"

    @Option(
        name: .customLong("config-dir"),
        help: "Where tokens are kept (default: $XDG_CONFIG_HOME/petri, else ~/.config/petri).")
    var configDirectory: String?

    @Option(name: .customLong("ca-file"), help: "A PEM file of certificate authorities to trust for a wss:// server.")
    var caFile: String?

    @Option(
        help: ArgumentHelp(
            "The language of the screen and the server's messages, a tag such as cy, es or ar (default: the "
                + "system's, from LANGUAGE, LC_ALL, LC_MESSAGES or LANG, when Petri has it; else English)."))
    var language: String?

    func validate() throws {
        let url = resolvedServer.lowercased()
        guard url.hasPrefix("ws://") || url.hasPrefix("wss://") else {
            throw ValidationError(
                "--server must be a WebSocket address such as ws://10.0.0.5:8080/, but was \(resolvedServer).")
        }
        if let language, Language(language) == nil {
            throw ValidationError("--language must be a language tag such as cy, es or ar, but was \(language).")
        }
        guard ["auto", "never", "none", "256", "truecolor"].contains(color) else {
            throw ValidationError("--color must be auto, never, 256 or truecolor, but was \(color).")
        }
    }

    var resolvedServer: String {
        server ?? ProcessInfo.processInfo.environment["PETRI_SERVER"] ?? "ws://127.0.0.1:8080/"
    }

    func clientOptions() -> ClientOptions {
        let environment = ProcessInfo.processInfo.environment
        let mode: ColorMode =
            switch color {
            case "never", "none": .none
            case "256": .ansi256
            case "truecolor": .truecolor
            default: ColorMode.detect(environment: environment)
            }
        let tokens =
            configDirectory.map {
                ResumeTokenStore(directory: URL(fileURLWithPath: $0).appendingPathComponent("tokens"))
            }
            ?? ResumeTokenStore.standard(environment: environment)
        var options = ClientOptions(server: resolvedServer, json: json, colorMode: mode, tokens: tokens, caFile: caFile)
        options.language = Self.language(asked: language, environment: environment)
        return options
    }

    /// The language to ask for: `--language` as given, else the system's when the terminal has its words
    /// (an English system asks for nothing, so the server answers as it always did).
    static func language(asked: String?, environment: [String: String]) -> String? {
        if let asked { return asked }
        let system = TerminalWords.book.match(Language.preferences(fromEnvironment: environment))
        return system == .english ? nil : system.tag
    }

    /// Nothing may be logged while the client owns the screen (and `--json` output stays clean).
    static func silenceLogging() {
        LoggingSystem.bootstrap { _ in SwiftLogNoOpLogHandler() }
    }
}
