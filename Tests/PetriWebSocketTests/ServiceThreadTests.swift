import Logging
import PetriTransport
import Synchronization
import Testing

@testable import PetriWebSocket

#if canImport(Glibc)
    import Glibc
#endif

/// What an HTTP handler saw of the engine that called it, filled in on the service thread.
private final class ThreadProbe: Sendable {
    let engine = Mutex<LWSEngine?>(nil)
    let answers = Mutex<[Bool]>([])
    /// The nice value of the thread each request was handled on.
    let nice = Mutex<[Int32]>([])
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

    @Test(.timeLimit(.minutes(1))) func theServersTransportThreadRunsAtTheNiceValueItAsksForAndNoOtherThreadMoves()
        async throws
    {
        // Given the nice value threads start at here, and a server whose transport thread asks for 3 more (a
        // change every process may make), with an HTTP handler that reads the nice value of the thread it runs on
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        let before = try await onThread { getpriority(which, 0) }
        let probe = ThreadProbe()
        var configuration = WebSocketServer.Configuration(host: "127.0.0.1", port: 0)
        configuration.serviceThreadNiceOffset = 3
        var options = configuration.engineOptions
        options.httpHandler = { _ in
            probe.nice.withLock { $0.append(getpriority(which, 0)) }
            return .text(200, "ok\n")
        }
        let engine = LWSEngine(options: options, logger: Logger(label: "petri.test"))
        let port = try await engine.start()

        // When a request reaches the handler (on the transport thread)
        let reply = try await onThread { try httpGet(port: port, path: "/nice") }

        // Then that thread runs 3 nice levels above where threads start, as the engine reports, and a
        // thread started after it still starts where threads did
        #expect(reply.hasPrefix("HTTP/1.1 200"))
        #expect(probe.nice.withLock { $0 } == [min(19, before + 3)])
        #expect(engine.serviceThreadNice.withLock { $0 } == min(19, before + 3))
        #expect(try await onThread { getpriority(which, 0) } == before)
        engine.enqueue(.shutdown(.goingAway, "test over", deadline: 0))
        await engine.waitUntilStopped()
    }
}
