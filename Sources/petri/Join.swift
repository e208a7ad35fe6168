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
        abstract: CommandWords.text("cli.join.abstract"),
        discussion: CommandWords.text("cli.join.discussion")
    )

    @Argument(help: CommandHelp.text("cli.join.code"))
    var code: String

    @Option(help: CommandHelp.text("cli.join.name"))
    var name: String?

    @Option(help: CommandHelp.text("cli.join.token"))
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
                CommandWords.text("cli.join.nameTooLong", ["bytes": .int(TextLimit.name)]))
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
    @Option(help: CommandHelp.text("cli.client.server"))
    var server: String?

    @Flag(help: CommandHelp.text("cli.client.json"))
    var json = false

    @Option(help: CommandHelp.text("cli.client.color"))
    var color = "auto"

    @Option(
        name: .customLong("config-dir"),
        help: CommandHelp.text("cli.client.configDirectory"))
    var configDirectory: String?

    @Option(name: .customLong("ca-file"), help: CommandHelp.text("cli.client.caFile"))
    var caFile: String?

    @Option(
        help: CommandHelp.text("cli.client.language"))
    var language: String?

    func validate() throws {
        let url = resolvedServer.lowercased()
        guard url.hasPrefix("ws://") || url.hasPrefix("wss://") else {
            throw ValidationError(
                CommandWords.text("cli.client.serverInvalid", ["server": .text(resolvedServer)]))
        }
        if let language, Language(language) == nil {
            throw ValidationError(CommandWords.text("cli.client.languageInvalid", ["language": .text(language)]))
        }
        guard ["auto", "never", "none", "256", "truecolor"].contains(color) else {
            throw ValidationError(CommandWords.text("cli.client.colorInvalid", ["color": .text(color)]))
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
