import Foundation
import Logging
import PetriHub
import PetriStorePostgres

extension ServerConfiguration {
    /// This node as the cluster knows it: `cluster.node` (else the host name), its advertised URL
    /// (`cluster.advertiseUrl`, else `ws://<host>:<port>/`, fixed once the port is known) and lease timing.
    package func clusterNode(port: Int? = nil) -> ClusterNode {
        let hostName = ProcessInfo.processInfo.hostName
        let host = ["0.0.0.0", "::", ""].contains(server.host) ? hostName : server.host
        let shown = host.contains(":") ? "[\(host)]" : host
        return ClusterNode(
            id: cluster.node ?? hostName,
            advertisedURL: cluster.advertiseUrl ?? "ws://\(shown):\(port ?? server.port)/",
            leaseMilliseconds: cluster.leaseMilliseconds, renewMilliseconds: cluster.renewMilliseconds)
    }

    /// Opens the PostgreSQL store `store.url` names, migrating its schema; nil when lessons are kept in SQLite.
    ///
    /// - Throws: ``PostgresStoreError`` when the URL is invalid or PostgreSQL cannot be used.
    package func openPostgres(logger: Logger) async throws -> PostgresLessonStorage? {
        guard let url = store.url else { return nil }
        return try await PostgresLessonStorage.connect(
            url: url, node: clusterNode(), logger: logger, reachWithin: .seconds(store.connectTimeoutSeconds))
    }
}
