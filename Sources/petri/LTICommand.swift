import ArgumentParser
import Foundation
import Logging
import PetriAccounts
import PetriHub
import PetriLTI
import PetriProtocol
import PetriServer
import PetriStorage
import PetriStore
import PetriStorePostgres
import PetriWords

/// `petri lti`: the administrator registers the school's LMS as an LTI 1.3 platform, on the configured store.
struct LTICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lti",
        abstract: CommandWords.text("cli.lti.abstract"),
        discussion: CommandWords.text("cli.lti.discussion"),
        subcommands: [AddPlatform.self, List.self, Remove.self]
    )

    struct Store: ParsableArguments {
        @Option(help: CommandHelp.text("cli.common.config"))
        var config: String?
        @Option(help: CommandHelp.text("cli.common.data"))
        var data: String?
        @Option(
            name: .customLong("server-url"),
            help: CommandHelp.text("cli.lti.serverURL"))
        var serverURL: String?

        /// Opens the configured store, runs `body` with it and the server's address, and closes it.
        func withStore<T>(_ body: (any LTIStorage, String) async throws -> T) async throws -> T {
            let configuration: ServerConfiguration
            do {
                configuration = try ServerConfiguration.load(
                    file: ServerConfiguration.defaultFile(), environment: ProcessInfo.processInfo.environment,
                    overrides: ConfigurationOverrides(configFile: config, dataDirectory: data))
            } catch {
                throw ValidationError(error.message(in: CommandWords.language))
            }
            let base =
                serverURL ?? configuration.cluster.advertiseUrl.map {
                    $0.replacingOccurrences(of: "ws://", with: "http://")
                        .replacingOccurrences(of: "wss://", with: "https://")
                } ?? "http://\(configuration.server.host):\(configuration.server.port)"
            let storage: any LTIStorage
            var close: () -> Void = {}
            if let postgres = try await configuration.openPostgres(logger: Logger(label: "petri.lti")) {
                storage = postgres
                close = { postgres.close() }
            } else {
                // A running server holding the directory refuses this with a sentence saying so; its /admin page
                // registers platforms meanwhile (the protocol's addPlatform, through the same LTIPlatforms).
                let store = try PetriStore.open(directory: configuration.data.directory)
                storage = SQLiteLessonStorage(store: store)
                close = { try? store.close() }
            }
            defer { close() }
            return try await body(storage, base.hasSuffix("/") ? String(base.dropLast()) : base)
        }
    }

    struct AddPlatform: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add-platform", abstract: CommandWords.text("cli.lti.addPlatform.abstract"))
        @Option(help: CommandHelp.text("cli.lti.addPlatform.issuer")) var issuer: String
        @Option(name: .customLong("client-id"), help: CommandHelp.text("cli.lti.addPlatform.clientId")) var clientId:
            String
        @Option(name: .customLong("auth-url"), help: CommandHelp.text("cli.lti.addPlatform.authURL"))
        var authURL: String
        @Option(name: .customLong("token-url"), help: CommandHelp.text("cli.lti.addPlatform.tokenURL")) var tokenURL:
            String
        @Option(name: .customLong("jwks-url"), help: CommandHelp.text("cli.lti.addPlatform.jwksURL")) var jwksURL:
            String
        @Option(
            name: .customLong("deployment-id"),
            help: CommandHelp.text("cli.lti.addPlatform.deploymentIds"))
        var deploymentIds: [String] = []
        @OptionGroup var store: Store

        /// The registration as typed.
        var form: PlatformRegistration {
            PlatformRegistration(
                issuer: issuer, clientId: clientId, authUrl: authURL, tokenUrl: tokenURL, jwksUrl: jwksURL,
                deploymentIds: deploymentIds)
        }

        /// The rule the /admin page's `addPlatform` has too (``LTIPlatforms/problems(in:)``), each mistake by its option.
        func validate() throws {
            let problems = LTIPlatforms.problems(in: LTIPlatforms.trimmed(form))
            guard problems.isEmpty else {
                throw ValidationError(problems.map(LTICommandWords.problem).joined(separator: "\n"))
            }
        }

        func run() async throws {
            try await store.withStore { storage, base in
                let platforms = LTIPlatforms(storage: storage, now: { SystemClock().now() }, audit: Teachers.audit)
                let platform: LTIPlatformRecord
                do {
                    platform = try await platforms.add(form, by: Teachers.actor, from: Teachers.place)
                } catch let refusal as LTIPlatforms.Refusal {
                    throw ValidationError(refusal.problems.map(LTICommandWords.problem).joined(separator: "\n"))
                }
                print(LTICommandWords.added(platform, base: base))
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: CommandWords.text("cli.lti.list.abstract"))
        @OptionGroup var store: Store

        func run() async throws {
            try await store.withStore { storage, base in
                let platforms = try await storage.platforms()
                if platforms.isEmpty { print(LTICommandWords.none) }
                for platform in platforms { print(LTICommandWords.line(platform)) }
                if !platforms.isEmpty { print(LTICommandWords.toolURLs(base: base)) }
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: CommandWords.text("cli.lti.remove.abstract"))
        @Option(help: CommandHelp.text("cli.lti.remove.issuer")) var issuer: String
        @Option(name: .customLong("client-id"), help: CommandHelp.text("cli.lti.remove.clientId"))
        var clientId: String?
        @OptionGroup var store: Store

        func run() async throws {
            try await store.withStore { storage, _ in
                let platforms = LTIPlatforms(storage: storage, now: { SystemClock().now() }, audit: Teachers.audit)
                guard
                    let platform = try await platforms.remove(
                        issuer: issuer, clientId: clientId, by: Teachers.actor, from: Teachers.place)
                else { throw ValidationError(LTICommandWords.noSuchPlatform(issuer, clientId)) }
                print(LTICommandWords.removed(platform))
            }
        }
    }
}

/// The sentences of `petri lti`, from the command line's catalogs.
enum LTICommandWords {
    /// One mistake in `add-platform`'s options: the option, then the shared sentence.
    static func problem(_ problem: PlatformProblem) -> String {
        let options = [
            "issuer": "--issuer", "clientId": "--client-id", "authUrl": "--auth-url", "tokenUrl": "--token-url",
            "jwksUrl": "--jwks-url", "deploymentIds": "--deployment-id",
        ]
        return CommandWords.text(
            "cli.lti.problem",
            ["option": .text(options[problem.field] ?? problem.field), "problem": .text(problem.sentence.text)])
    }

    static var none: String { CommandWords.text("cli.lti.none") }

    static func added(_ platform: LTIPlatformRecord, base: String) -> String {
        CommandWords.text("cli.lti.added", ["issuer": .text(platform.issuer), "clientId": .text(platform.clientId)])
            + "\n" + toolURLs(base: base)
    }

    static func toolURLs(base: String) -> String {
        CommandWords.text("cli.lti.toolURLs", ["base": .text(base)])
    }

    static func line(_ platform: LTIPlatformRecord) -> String {
        CommandWords.text(
            "cli.lti.line",
            [
                "issuer": .text(platform.issuer), "clientId": .text(platform.clientId),
                "deployments": .text(platform.deploymentIds.joined(separator: ", ")), "keys": .text(platform.jwksURL),
            ])
    }

    static func noSuchPlatform(_ issuer: String, _ clientId: String?) -> String {
        if let clientId {
            return CommandWords.text(
                "cli.lti.noSuchPlatformWithClient", ["issuer": .text(issuer), "clientId": .text(clientId)])
        }
        return CommandWords.text("cli.lti.noSuchPlatform", ["issuer": .text(issuer)])
    }

    static func removed(_ platform: LTIPlatformRecord) -> String {
        CommandWords.text("cli.lti.removed", ["issuer": .text(platform.issuer), "clientId": .text(platform.clientId)])
    }
}
