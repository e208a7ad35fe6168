import Foundation
import PetriHub
import PetriHubTesting
import PetriPeer
import PetriPostgresTesting
import PetriProtocol
import PetriWebSocket

/// One `petri serve` node of a test cluster, on a loopback port, sharing a PostgreSQL store.
struct ClusterNodeProcess {
    let process: PetriProcess
    let url: String
    let name: String

    /// Starts node `name` on a free port with the default lease settings unless told otherwise.
    static func start(
        _ name: String, store: String, executable: URL, lease: Int = 5_000, renew: Int = 1_500
    ) async throws -> ClusterNodeProcess {
        let port = try PrivatePostgres.freePort()
        let data = try temporaryDirectory()
        let url = "ws://127.0.0.1:\(port)/"
        let process = try PetriProcess(
            ["serve", "--port", "\(port)", "--data", data, "--teacher-key", testTeacherKey], executable: executable,
            environment: [
                "PETRI_STORE_URL": store, "PETRI_CLUSTER_NODE": name, "PETRI_CLUSTER_ADVERTISE_URL": url,
                "PETRI_CLUSTER_LEASE_MILLISECONDS": "\(lease)", "PETRI_CLUSTER_RENEW_MILLISECONDS": "\(renew)",
                "PETRI_LOG_LEVEL": "warning",
            ])
        for await line in process.lines where line.contains("listening on ws://") {
            return ClusterNodeProcess(process: process, url: url, name: name)
        }
        throw ChildError.noBanner
    }
}

/// What became of a client's attempt to get into a lesson through a cluster.
struct ClusterAttach {
    var peer: TestClient
    var welcome: Welcome
    /// The node that answered with the welcome.
    var url: String
    /// Redirects followed on the way.
    var redirects: Int
}

/// Sends `message` through the node at `home`, as the bundled clients do: follows `redirect`
/// at once; after a failed connection or `lesson-reloading`, starts again from `home` after
/// `retry` (the owner may have died: its lease has to run out before another node restores the lesson).
func attachThroughCluster(
    _ client: WebSocketClient, home: String, _ message: ClientMessage, retry: Duration = .milliseconds(200),
    giveUpAfter: Duration = .seconds(30)
) async throws -> ClusterAttach {
    let deadline = ContinuousClock.now + giveUpAfter
    var target = home
    var redirects = 0
    while ContinuousClock.now < deadline {
        let peer: TestClient
        do {
            peer = try await TestClient(client, url: target)
            try peer.send(message)
        } catch {
            target = home
            try await Task.sleep(for: retry)
            continue
        }
        let reply = try? await peer.expect("welcome or redirect") { message -> ServerMessage? in
            switch message {
            case .welcome, .redirect, .error: message
            default: nil
            }
        }
        switch reply {
        case .welcome(let welcome):
            return ClusterAttach(peer: peer, welcome: welcome, url: target, redirects: redirects)
        case .redirect(let url, _):
            peer.close()
            redirects += 1
            target = url
        case .error(let error) where error.code == .lessonReloading:
            peer.close()
            target = home
            try await Task.sleep(for: retry)
        case .error(let error):
            throw error
        default:
            // The connection closed before answering (its node died): start again from home.
            target = home
            try await Task.sleep(for: retry)
        }
    }
    throw PeerError.closedWhileWaiting(for: "a welcome through the cluster", code: nil)
}
