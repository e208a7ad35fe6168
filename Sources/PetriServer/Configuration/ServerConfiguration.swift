import Logging

/// Every setting the Petri server reads at start: where it listens, where it keeps data, its limits.
///
/// Values come from four layers, each overriding the one before: the built-in defaults (this type's
/// initialiser, mirrored line for line by `Config/petri.yaml`), a YAML file, `PETRI_…` environment variables,
/// then the flags of `petri serve`. ``load(file:environment:overrides:)`` merges them and validates the result.
///
/// ```swift
/// let configuration = try ServerConfiguration.load(
///     file: ServerConfiguration.defaultFile(),
///     environment: ProcessInfo.processInfo.environment,
///     overrides: ConfigurationOverrides(port: 9000))
/// let server = WebSocketServer(configuration: configuration.webSocketConfiguration())
/// ```
///
/// The teacher key is a secret: ``description`` prints `teacher.key: <set>` rather than the key, so the
/// configuration can be logged. Encoding with `Codable` does include the key; never log the encoded form.
package struct ServerConfiguration: Sendable, Codable, Equatable {
    /// Where the server listens.
    package var server = Server()
    /// Where durable state (the SQLite database, the generated teacher key) lives.
    package var data = DataDirectory()
    /// Model files teachers and curriculum authors added, served beside the shipped models.
    package var models = Models()
    /// How often each lesson saves a durable checkpoint, and how many it keeps.
    var checkpoints = Checkpoints()
    /// How teachers prove who they are.
    package var teacher = Teacher()
    /// Certificate and key for serving `wss://` directly; leave both unset behind a TLS-terminating proxy.
    var tls = TLS()
    /// Limits and timing of every WebSocket connection.
    var websocket = WebSocket()
    /// Per-connection and per-address rate limits.
    var limits = Limits()
    /// What the server logs and how.
    package var log = Log()
    /// The Prometheus `/metrics` endpoint.
    package var metrics = Metrics()
    /// Where lessons are stored: SQLite (the default) or PostgreSQL (`store.url`).
    var store = Store()
    /// This node's identity and lease timing when several nodes share a PostgreSQL store.
    package var cluster = Cluster()

    /// The built-in defaults: a development server on `127.0.0.1:8080` keeping its data in `./data`.
    package init() {}
}
