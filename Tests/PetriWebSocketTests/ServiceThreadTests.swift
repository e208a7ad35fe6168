import Logging
import PetriTransport
import Synchronization
import Testing

@testable import PetriWebSocket

/// What an HTTP handler saw of the engine that called it, filled in on the service thread.
private final class ThreadProbe: Sendable {
    let engine = Mutex<LWSEngine?>(nil)
    let answers = Mutex<[Bool]>([])
}

@Suite struct ServiceThreadTests {
    @Test(.timeLimit(.minutes(1))) func theServiceThreadPredicateHoldsOnlyOnTheServiceThread() async throws {
        // Given an engine whose HTTP handler (run by lws on the service thread) records the predicate
        let probe = ThreadProbe()
        var options = WebSocketServer.Configuration(host: "127.0.0.1", port: 0).engineOptions
        options.httpHandler = { _ in
            let onServiceThread = probe.engine.withLock { $0?.isOnServiceThread } ?? false
            probe.answers.withLock { $0.append(onServiceThread) }
            return .text(200, "ok\n")
        }
        let engine = LWSEngine(options: options, logger: Logger(label: "petri.test"))
        #expect(!engine.isOnServiceThread, "before the service thread exists, no thread is it")
        probe.engine.withLock { $0 = engine }
        let port = try await engine.start()

        // When a request reaches the handler
        let reply = try await onThread { try httpGet(port: port, path: "/probe") }

        // Then the predicate was true there, and is false on the test's own thread and on another
        #expect(reply.hasPrefix("HTTP/1.1 200"))
        #expect(probe.answers.withLock { $0 } == [true])
        #expect(!engine.isOnServiceThread)
        #expect(try await onThread { engine.isOnServiceThread } == false)
        probe.engine.withLock { $0 = nil }
        engine.enqueue(.shutdown(.goingAway, "test over", deadline: 0))
        await engine.waitUntilStopped()
    }
}
