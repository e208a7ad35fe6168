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

/// `petri lti`: the administrator registers the school's LMS as an LTI 1.3 platform, on the configured store.
struct LTICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lti",
        abstract: "Register learning platforms (LMS) that launch Petri as an LTI 1.3 tool.",
        discussion: """
            Works on the store the server is configured with (--config, PETRI_* as for `petri serve`): the \
            PostgreSQL store of a cluster (at any time), or the SQLite data directory (while the server is \
            stopped). `add-platform` prints the tool's URLs to paste into the LMS's registration of Petri.
            """,
        subcommands: [AddPlatform.self, List.self, Remove.self]
    )

    struct Store: ParsableArguments {
        @Option(help: "Configuration file (YAML), as for `petri serve`.")
        var config: String?
        @Option(help: "The SQLite data directory (data.directory), when the store is not PostgreSQL.")
        var data: String?
        @Option(
            name: .customLong("server-url"),
            help: "The address browsers reach Petri at (e.g. https://petri.school.example), for the tool's URLs.")
        var serverURL: String?

        /// Opens the configured store, runs `body` with it and the server's address, and closes it.
        func withStore<T>(_ body: (any LTIStorage, String) async throws -> T) async throws -> T {
            let configuration: ServerConfiguration
            do {
                configuration = try ServerConfiguration.load(
                    file: ServerConfiguration.defaultFile(), environment: ProcessInfo.processInfo.environment,
                    overrides: ConfigurationOverrides(configFile: config, dataDirectory: data))
            } catch {
                throw ValidationError(error.message)
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
            commandName: "add-platform", abstract: "Register a platform and print the URLs to give it.")
        @Option(help: "The platform's issuer (iss), e.g. https://canvas.instructure.com.") var issuer: String
        @Option(name: .customLong("client-id"), help: "The client id the platform gave Petri.") var clientId: String
        @Option(name: .customLong("auth-url"), help: "The platform's OIDC authorisation (login) URL.")
        var authURL: String
        @Option(name: .customLong("token-url"), help: "The platform's OAuth 2 token URL.") var tokenURL: String
        @Option(name: .customLong("jwks-url"), help: "The platform's public key set (JWKS) URL.") var jwksURL: String
        @Option(
            name: .customLong("deployment-id"),
            help: "A deployment id of Petri on the platform (repeat for several).")
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
        static let configuration = CommandConfiguration(abstract: "List the registered platforms.")
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
            abstract: "Remove a platform: its launches are refused from now on (its lessons stay).")
        @Option(help: "The platform's issuer.") var issuer: String
        @Option(name: .customLong("client-id"), help: "Its client id (needed when the issuer has several).")
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

/// The sentences of `petri lti`, in one place (for the language catalogs).
enum LTICommandWords {
    static func notAURL(_ option: String, _ value: String) -> String {
        "\(option) \"\(value)\" is not an http(s) URL; copy it from the platform's registration of Petri."
    }

    static let emptyIssuer = "--issuer and --client-id may not be empty; copy them from the platform's registration."
    static let noDeployment =
        "Give at least one --deployment-id (the platform shows it once Petri is deployed in it)."
    static let none = "No platforms are registered; `petri lti add-platform` registers one."

    static func added(_ platform: LTIPlatformRecord, base: String) -> String {
        "Registered \(platform.issuer) (client id \(platform.clientId)).\n" + toolURLs(base: base)
    }

    static func toolURLs(base: String) -> String {
        """
        Give the platform these URLs for Petri:
          OIDC login initiation URL:  \(base)/lti/login
          Target link / redirect URI: \(base)/lti/launch
          Public key set (JWKS) URL:  \(base)/lti/jwks
        """
    }

    static func line(_ platform: LTIPlatformRecord) -> String {
        "\(platform.issuer)  client \(platform.clientId)  deployments \(platform.deploymentIds.joined(separator: ", "))"
            + "  (keys \(platform.jwksURL))"
    }

    static func noSuchPlatform(_ issuer: String, _ clientId: String?) -> String {
        "No single platform \(issuer)\(clientId.map { " with client id \($0)" } ?? "") is registered; "
            + "`petri lti list` shows them (add --client-id when an issuer has several)."
    }

    static func removed(_ platform: LTIPlatformRecord) -> String {
        "Removed \(platform.issuer) (client id \(platform.clientId)); its launches are refused from now on."
    }
}
