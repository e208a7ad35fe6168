import Foundation
import PostgresNIO

/// A `postgres://user:password@host:port/database` URL as postgres-nio's client configuration.
///
/// `?sslmode=disable|prefer|require` chooses TLS (default `prefer`); `?host=/path/to/dir` connects
/// through the Unix socket in that directory instead of TCP.
public struct PostgresStoreURL: Sendable, CustomStringConvertible {
    public var configuration: PostgresClient.Configuration
    /// The URL with its password replaced by `***`, for logs.
    public var description: String

    /// - Throws: ``PostgresStoreError/Code/invalidURL`` with a sentence naming what is wrong.
    public init(_ text: String) throws(PostgresStoreError) {
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
            configuration = .init(
                unixSocketPath: "\(socketDirectory)/.s.PGSQL.\(port)", username: user, password: password,
                database: database)
        } else {
            guard let host = url.host, !host.isEmpty else {
                throw PostgresStoreError(.invalidURL, "store.url names no host: write postgres://user@HOST/database.")
            }
            let tls: PostgresClient.Configuration.TLS
            switch query["sslmode"] ?? "prefer" {
            case "disable": tls = .disable
            case "prefer": tls = .prefer(.makeClientConfiguration())
            case "require": tls = .require(.makeClientConfiguration())
            default:
                throw PostgresStoreError(
                    .invalidURL, "store.url's sslmode must be disable, prefer or require.")
            }
            configuration = .init(
                host: host, port: url.port ?? 5432, username: user, password: password, database: database, tls: tls)
        }
        configuration.options.connectTimeout = .seconds(3)
        self.configuration = configuration
        var redacted = url
        if redacted.password != nil { redacted.password = "***" }
        description = redacted.string ?? "postgres://"
    }
}
