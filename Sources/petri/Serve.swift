import ArgumentParser
import Foundation
import Logging
import PetriServer
import PetriWebSocket
import ServiceLifecycle

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the Petri server (WebSocket and HTTP on one port).",
        discussion: """
            Stops cleanly on SIGTERM or Ctrl-C: clients are told the server is restarting (close
            code 4012) and reconnect by themselves.

            Example: petri serve --host 0.0.0.0 --port 8080
            """
    )

    @Option(help: "Address to listen on (127.0.0.1 for this machine only, 0.0.0.0 for the whole network).")
    var host = "127.0.0.1"
    @Option(help: "TCP port for WebSocket and HTTP (0 picks a free one).")
    var port = 8080
    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel = "info"
    @Option(name: .customLong("teacher-key"), help: "The key teachers need to create lessons (default: a new random one, printed at start).")
    var teacherKey: String?

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535, but was \(port).") }
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical, but was \(logLevel).")
        }
    }

    func run() async throws {
        let level = Logger.Level(rawValue: logLevel) ?? .info
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "petri")
        let webSocket = WebSocketServer.Configuration(host: host, port: port)
        let key = teacherKey ?? TeacherKey.generate()
        if teacherKey == nil {
            FileHandle.standardOutput.write(Data("Teacher key (needed to create lessons): \(key)\n".utf8))
        }
        let service = PetriService(
            webSocket: webSocket, storage: InMemoryLessonStorage(), teacherKey: key, logger: logger
        ) { port in
            // Unbuffered, so a supervisor or test reading a pipe sees it at once.
            FileHandle.standardOutput.write(
                Data("Petri is listening on ws://\(host):\(port)/ (health: http://\(host):\(port)/healthz)\n".utf8))
        }
        let group = ServiceGroup(
            configuration: .init(services: [service], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await group.run()
    }
}
