import ArgumentParser
import Foundation
import Logging
import PetriHub
import PetriLTI
import PetriServer
import PetriStorage
import PetriStore
import PetriStorePostgres
import PetriWeb
import PetriWebSocket
import PetriWords
import ServiceLifecycle

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: CommandWords.text("cli.serve.abstract"),
        discussion: CommandWords.text("cli.serve.discussion")
    )

    @Option(help: CommandHelp.text("cli.serve.config"))
    var config: String?
    @Option(help: CommandHelp.text("cli.serve.host"))
    var host: String?
    @Option(help: CommandHelp.text("cli.serve.port"))
    var port: Int?
    @Option(help: CommandHelp.text("cli.serve.data"))
    var data: String?
    @Option(help: CommandHelp.text("cli.serve.models"))
    var models: String?
    @Option(name: .customLong("log-level"), help: CommandHelp.text("cli.serve.logLevel"))
    var logLevel: String?
    @Option(
        name: .customLong("teacher-key"),
        help: CommandHelp.text("cli.serve.teacherKey"))
    var teacherKey: String?
    @Flag(help: CommandHelp.text("cli.serve.demo"))
    var demo = false

    func run() async throws {
        let configuration: ServerConfiguration
        do {
            configuration = try ServerConfiguration.load(
                file: ServerConfiguration.defaultFile(), environment: ProcessInfo.processInfo.environment,
                overrides: ConfigurationOverrides(
                    configFile: config, host: host, port: port, dataDirectory: data, logLevel: logLevel,
                    modelsDirectory: models))
        } catch {
            FileHandle.standardError.write(Data("petri: \(error.message(in: CommandWords.language))\n".utf8))
            throw ExitCode(1)
        }
        let level = configuration.log.level
        let json = configuration.log.format == .json
        LoggingSystem.bootstrap { label in
            if json { return JSONLogHandler(label: label, level: level) }
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "petri")
        // Before the store and the hub exist: the endpoint bootstraps swift-metrics, which their
        // counters need (a counter made earlier stays a no-op).
        let metrics = MetricsEndpoint.install(enabled: configuration.metrics.enabled)
        let directory = configuration.data.directory
        let storage: any LessonStorage
        let postgres: PostgresLessonStorage?
        let key: String
        do {
            postgres = try await configuration.openPostgres(logger: Logger(label: "petri.store"))
            if let postgres {
                storage = postgres
            } else {
                storage = try SQLiteLessonStorage(directory: directory)
            }
            if let configured = teacherKey ?? configuration.teacher.key {
                key = configured
            } else {
                let file = try TeacherKeyFile.loadOrCreate(in: directory, generate: TeacherKey.generate)
                key = file.key
                // Where to read it, never the key itself: under systemd standard output is the
                // journal, which more people can read than the key file.
                if file.created {
                    let path = "\(directory)/\(TeacherKeyFile.fileName)"
                    say(CommandWords.text("cli.serve.newKey", ["path": .text(path)]))
                }
            }
        } catch {
            FileHandle.standardError.write(Data("petri: \(error)\n".utf8))
            throw ExitCode(1)
        }
        let host = configuration.server.host
        let loaded = ModelDirectory.load(configuration.models.directory, logger: logger)
        var hubConfiguration = configuration.hubConfiguration()
        hubConfiguration.models = loaded.catalog
        let planFolder = PlanDirectory.folder(in: directory)
        hubConfiguration.plans = { PlanDirectory.files(in: planFolder) }
        if let planStorage = storage as? any PlanStorage {
            do {
                let stored = try await PlanDirectory.storeFolder(
                    planFolder, into: planStorage, models: loaded.catalog, at: SystemClock().now())
                if !stored.isEmpty { say(ServeWords.storedPlans(stored, folder: planFolder)) }
            } catch {
                logger.error("Could not store the plans folder's plans", metadata: ["error": "\(error)"])
            }
        }
        var service = PetriService(
            transport: .webSocket(configuration.webSocketConfiguration(), logger: logger),
            routes: metrics.map { [$0.httpHandler] } ?? [], storage: storage, teacherKey: key,
            hub: hubConfiguration,
            // In a cluster the pages may follow a redirect to any node.
            webSite: postgres.map { postgres in
                WebSite(assets: WebAssets.bundled(), connectSources: { postgres.clusterNodeURLs })
            }, logger: logger
        ) { [demo, configuration] port in
            say("Petri is listening on ws://\(host):\(port)/ (health: http://\(host):\(port)/healthz)")
            if let postgres, configuration.cluster.advertiseUrl == nil {
                let url = configuration.clusterNode(port: port).advertisedURL
                Task { try? await postgres.advertise(url) }
            }
            if demo {
                DemoLesson.launch(
                    host: host, port: port, teacherKey: key, dataDirectory: directory,
                    settings: .init(environment: ProcessInfo.processInfo.environment), logger: logger, print: say)
            }
        } onStarted: { server, hub in
            metrics?.startSampling(server, hub)
        }
        service.ownership = postgres
        if let ltiStorage = storage as? any LTIStorage {
            let clock = SystemClock()
            service.lti = LTIRoutes(
                tool: LTITool(storage: ltiStorage, fetch: LTIHTTP.get, now: { clock.now() }),
                logger: Logger(label: "petri.lti"))
        }
        service.modelProblems = loaded.refusals
        let group = ServiceGroup(
            configuration: .init(services: [service], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await group.run()
        postgres?.close()
    }
}

/// One line on standard output, unbuffered, so a supervisor or test reading a pipe sees it at once.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// The sentences `petri serve` prints, beside the banner (which stays English: supervisors and tests read it).
enum ServeWords {
    static func storedPlans(_ names: [String], folder: String) -> String {
        CommandWords.text(
            "cli.serve.storedPlans",
            ["count": .int(names.count), "folder": .text(folder), "names": .text(names.joined(separator: ", "))])
    }
}
