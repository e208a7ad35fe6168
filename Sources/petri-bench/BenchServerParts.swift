import Foundation
import PetriHub
import PetriServer
import PetriStorage
import PetriStore
import PetriWebSocket

/// Where a benchmark's server keeps its lessons: in memory, or in SQLite as `petri serve` stores them
/// (group commit, synchronous=FULL) in a scratch directory that ``remove()`` deletes afterwards.
struct BenchScratchStorage {
    let storage: any LessonStorage
    private let directory: String?

    /// - Parameter sharedCommits: Whether lessons share store transactions (group commit across lessons, the default).
    init(inMemory: Bool, sharedCommits: Bool = true) throws {
        if inMemory {
            storage = InMemoryLessonStorage()
            directory = nil
        } else {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent(
                "petri-bench-\(UUID().uuidString)"
            ).path
            storage = try SQLiteLessonStorage(directory: path, sharedCommits: sharedCommits)
            directory = path
        }
    }

    func remove() {
        if let directory { try? FileManager.default.removeItem(atPath: directory) }
    }
}

extension HubConfiguration {
    /// The hub's limits on a client's message and failed-join rates lifted: a benchmark's teacher
    /// steps as fast as the class reports back and its students join by the thousand from one
    /// address, far beyond what these limits are for; the benchmarks do not measure them.
    static var benchmark: HubConfiguration {
        var configuration = HubConfiguration()
        configuration.failedJoinBurst = 1_000_000
        configuration.messageBurst = 1_000_000
        configuration.messagesPerSecond = 1_000_000
        return configuration
    }
}

extension WebSocketServer.Configuration {
    /// Loopback on a free port, 1 KiB receive buffers; with `roomyQueues`, queues and stall time
    /// no student comes near, for an in-process teacher that shares the server's CPU and receives
    /// a roster line per student during a join storm (closing it as slow would stall the benchmark).
    static func benchmark(roomyQueues: Bool) -> Self {
        var configuration = Self(host: "127.0.0.1", port: 0)
        configuration.receiveBufferBytes = 1024
        if roomyQueues {
            configuration.maxQueueBytes = 64 << 20
            configuration.stallTimeout = 120
        }
        return configuration
    }
}
