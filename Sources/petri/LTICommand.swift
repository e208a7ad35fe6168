import ArgumentParser
import Foundation
import Logging
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
                // A running server holding the directory refuses this with a sentence saying so (LTI has no protocol
                // requests to ask it instead).
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

        func validate() throws {
            for (name, url) in [("--auth-url", authURL), ("--token-url", tokenURL), ("--jwks-url", jwksURL)] {
                guard let parts = URLComponents(string: url), ["http", "https"].contains(parts.scheme ?? ""),
                    parts.host?.isEmpty == false
                else { throw ValidationError(LTICommandWords.notAURL(name, url)) }
            }
            guard !issuer.isEmpty, !clientId.isEmpty else { throw ValidationError(LTICommandWords.emptyIssuer) }
            guard !deploymentIds.isEmpty, deploymentIds.allSatisfy({ !$0.isEmpty }) else {
                throw ValidationError(LTICommandWords.noDeployment)
            }
        }

        func run() async throws {
            try await store.withStore { storage, base in
                let platform = LTIPlatformRecord(
                    id: UUID().uuidString.lowercased(), issuer: issuer, clientId: clientId, authURL: authURL,
                    tokenURL: tokenURL, jwksURL: jwksURL, deploymentIds: deploymentIds, createdAt: SystemClock().now())
                do {
                    try await storage.addPlatform(platform)
                } catch let error as LTIStorageError {
                    throw ValidationError(error.message)
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
                guard let platform = try await storage.platform(issuer: issuer, clientId: clientId),
                    try await storage.removePlatform(id: platform.id)
                else { throw ValidationError(LTICommandWords.noSuchPlatform(issuer, clientId)) }
                print(LTICommandWords.removed(platform))
            }
        }
    }
}

/// The sentences of `petri lti`, from the command line's catalogs.
enum LTICommandWords {
    static func notAURL(_ option: String, _ value: String) -> String {
        CommandWords.text("cli.lti.notAURL", ["option": .text(option), "value": .text(value)])
    }

    static var emptyIssuer: String { CommandWords.text("cli.lti.emptyIssuer") }
    static var noDeployment: String { CommandWords.text("cli.lti.noDeployment") }
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
