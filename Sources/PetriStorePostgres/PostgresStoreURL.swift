import Foundation
import PostgresNIO

/// A `postgres://user:password@host:port/database` URL as postgres-nio's client configuration.
///
/// `?sslmode=disable|prefer|require` chooses TLS (default `prefer`); `?host=/path/to/dir` connects
/// through the Unix socket in that directory instead of TCP.
struct PostgresStoreURL: Sendable, CustomStringConvertible {
    package var configuration: PostgresClient.Configuration
    /// One connection's settings, the same as the pool's: for trying the server before the pool waits on it.
    var connection: PostgresConnection.Configuration
    /// Where the server is, for sentences: `host:port`, or the socket's path.
    var endpoint: String
    /// The URL with its password replaced by `***`, for logs.
    package var description: String

    /// - Throws: ``PostgresStoreError/Code/invalidURL`` with a sentence naming what is wrong.
    package init(_ text: String) throws(PostgresStoreError) {
        guard let url = URLComponents(string: text), let scheme = url.scheme,
            ["postgres", "postgresql"].contains(scheme)
        else {
            throw PostgresStoreError(
                .invalidURL, "store.url must look like postgres://user:password@host:5432/database.")
        }
        guard let user = url.user.flatMap({ $0.removingPercentEncoding }), !user.isEmpty else {
            throw PostgresStoreError(.invalidURL, "store.url names no user: write postgres://USER@host/database.")
        }
        let database = String(url.path.drop { $0 == "/" }).removingPercentEncoding ?? ""
        guard !database.isEmpty else {
            throw PostgresStoreError(.invalidURL, "store.url names no database: write postgres://user@host/DATABASE.")
        }
        let password = url.password?.removingPercentEncoding
        let query = Dictionary(
            (url.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { _, last in last })
        var configuration: PostgresClient.Configuration
        if let socketDirectory = query["host"], socketDirectory.hasPrefix("/") {
            let port = url.port ?? 5432
            let socket = "\(socketDirectory)/.s.PGSQL.\(port)"
            configuration = .init(unixSocketPath: socket, username: user, password: password, database: database)
            connection = .init(unixSocketPath: socket, username: user, password: password, database: database)
            endpoint = socket
        } else {
            guard let host = url.host, !host.isEmpty else {
                throw PostgresStoreError(.invalidURL, "store.url names no host: write postgres://user@HOST/database.")
            }
            let tls: PostgresClient.Configuration.TLS
            let connectionTLS: PostgresConnection.Configuration.TLS
            do {
                switch query["sslmode"] ?? "prefer" {
                case "disable":
                    tls = .disable
                    connectionTLS = .disable
                case "prefer":
                    tls = .prefer(.makeClientConfiguration())
                    connectionTLS = .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
                case "require":
                    tls = .require(.makeClientConfiguration())
                    connectionTLS = .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
                default:
                    throw PostgresStoreError(
                        .invalidURL, "store.url's sslmode must be disable, prefer or require.")
                }
            } catch let error as PostgresStoreError {
                throw error
            } catch {
                throw PostgresStoreError(.invalidURL, "TLS for store.url could not be set up: \(error).")
            }
            let port = url.port ?? 5432
            configuration = .init(
                host: host, port: port, username: user, password: password, database: database, tls: tls)
            connection = .init(
                host: host, port: port, username: user, password: password, database: database, tls: connectionTLS)
            endpoint = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        }
        configuration.options.connectTimeout = .seconds(3)
        connection.options.connectTimeout = .seconds(3)
        self.configuration = configuration
        var redacted = url
        if redacted.password != nil { redacted.password = "***" }
        description = redacted.string ?? "postgres://"
    }
}
