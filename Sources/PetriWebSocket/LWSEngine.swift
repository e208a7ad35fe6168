import CLibWebSockets
import Foundation
import Logging
import PetriTransport
import Synchronization

/// The libwebsockets context, its service thread and every connection on it.
///
/// Threading: the public entry points (``enqueue(_:)``, ``counts``, ``startTime``) may be
/// called from any thread; they only touch the inbox (a mutex), atomics and immutable
/// values, then wake the service thread with `lws_cancel_service`. Everything else — the lws
/// context, the connection table, every ``LWSConnection`` — belongs to the service thread
/// and is touched only inside lws callbacks or the service loop (`// service thread` below).
final class LWSEngine: @unchecked Sendable {
    // @unchecked Sendable: the mutable stored properties marked "service thread" are only
    // accessed from the one thread that runs `serviceLoop` (lws calls our callbacks only from
    // inside lws_service / lws_context_destroy on that thread); cross-thread state is in
    // `inbox` (Mutex), `wakePending`/`contextReady` (Atomic) and `counts` (atomics).

    enum Command {
        case send(OutboundMessage, ConnectionID, DeliveryPolicy)
        case broadcast(OutboundMessage, [ConnectionID], DeliveryPolicy)
        case close(ConnectionID, CloseCode, String)
        case batch([TransportInstruction])
        case connect(ClientRequest, CheckedContinuation<Connection, any Error>)
        case shutdown(CloseCode, String, deadline: Double)
        /// A deferred HTTP answer (``HTTPResponse/later(_:)``) for the request with this serial.
        case httpAnswer(UInt64, HTTPResponse)
    }

    struct ClientRequest: Sendable {
        var host: String
        var port: Int
        var path: String
        var useTLS: Bool
        var subprotocol: String?
        var origin: String?
    }

    let options: EngineOptions
    let counts = AtomicCounts()
    let logger: Logger
    /// Nonzero and unique per engine: claims an ``OutboundMessage``'s headroom.
    let headroomToken: UInt64
    let startTime = monotonicSeconds()

    private let inbox = Mutex<[Command]>([])
    private let wakePending = Atomic<Bool>(false)
    let contextPointer = Mutex<ContextHandle?>(nil)
    let acceptedContinuation: AsyncStream<Connection>.Continuation
    let accepted: AsyncStream<Connection>
    private let stopped = Mutex<(done: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))
    /// The thread running the service loop, recorded as it starts (see ``isOnServiceThread``).
    private let serviceThread = Mutex<pthread_t?>(nil)
    /// The service thread's nice value once it has set it (``adjustServiceThreadPriority()``).
    let serviceThreadNice = Mutex<Int32?>(nil)

    // service thread
    var context: OpaquePointer?
    /// The libev loop the context runs on (nil: lws's own poll loop, if libev could not start).
    var eventLoop: UnsafeMutableRawPointer?
    var connectionsByID: [ConnectionID: LWSConnection] = [:]
    /// Connections given messages since the inbox was last taken in (see `flushDirty`).
    var dirty: [LWSConnection] = []
    var perAddress: [String: Int] = [:]
    /// Connections accepted and counted but not upgraded (in their handshake, or plain HTTP).
    var accepting: [ConnectionID: LWSConnection] = [:]
    /// The peer of the connection lws accepted last, from its filter until its record is made.
    var acceptedPeer: String?
    var refusals = Refusals()
    /// The open-files limit and the descriptors kept free under it (see ``admit(descriptor:listener:)``),
    /// read again for every connection accepted: it may change on the running process (`prlimit --pid`).
    var descriptorBudget = LWSEngine.descriptorBudget()
    /// Accepting paused while the reserve is in use (see ``pauseAccepting(_:)``).
    var acceptPause = AcceptPause()
    var httpPending: [OpaquePointer: HTTPResponse] = [:]
    /// HTTP connections to close once their response is written (a refused request's framing).
    var closeAfterResponse: Set<OpaquePointer> = []
    /// `POST` bodies arriving for routes that answer later.
    var httpBodies: [OpaquePointer: PendingBody] = [:]
    /// Requests whose route is still working, by serial, and the serial of each such connection.
    var httpWaiting: [UInt64: (wsi: OpaquePointer, method: String)] = [:]
    var httpSerials: [OpaquePointer: UInt64] = [:]
    /// Answers that came back, waiting for their connection to be writable.
    var httpReady: [OpaquePointer: (response: HTTPResponse, method: String)] = [:]
    var nextHTTPSerial: UInt64 = 1
    var nextID: UInt64 = 1
    var draining = false
    var shutdownDeadline: Double?
    var stopRequested = false
    var scratch: UnsafeMutableRawPointer
    var scratchCapacity: Int
    /// The frames of the last gathered write (``gatherBytes`` long, service thread), kept for the next
    /// connection whose queue starts with the same messages: a broadcast queues the same
    /// `OutboundMessage`s on every connection, so they are framed once and written to each.
    let gathered: UnsafeMutableRawPointer
    /// The messages `gathered` holds, in order (strong references: an identity is never reused while
    /// it is compared), and where each one's frame ends in it.
    var gatheredMessages: [OutboundMessage] = []
    var gatheredEnds: [Int] = []
    var protocols: UnsafeMutablePointer<lws_protocols>?
    var strings = CStrings()
    /// Served and refused subprotocol names as lws sees them (see ``SubprotocolTable``).
    var subprotocolTable = SubprotocolTable(served: [], refused: [])
    let retryPolicy = UnsafeMutablePointer<lws_retry_bo_t>.allocate(capacity: 1)
    /// The housekeeping sweep's lws timer record (see `scheduleHousekeeping`).
    let timer: UnsafeMutablePointer<petri_timer_t>
    /// The lws timer record that ends a pause in accepting (see ``pauseAccepting(_:)``).
    let acceptTimer: UnsafeMutablePointer<petri_timer_t>

    private static let tokens = Atomic<UInt64>(0)
    /// Every running engine by its service thread, for what lws reports with no context but its
    /// log line (a failed `accept`, see ``engineOnThisThread``).
    private static let onServiceThreads = Mutex<[pthread_t: LWSEngine]>([:])

    /// The engine whose service thread this is, if it is one.
    static var engineOnThisThread: LWSEngine? {
        let current = pthread_self()
        return onServiceThreads.withLock { $0[current] }
    }

    init(options: EngineOptions, logger: Logger) {
        self.options = options
        self.logger = logger
        headroomToken = Self.tokens.wrappingAdd(1, ordering: .relaxed).newValue
        retryPolicy.initialize(to: lws_retry_bo_t())
        (accepted, acceptedContinuation) = AsyncStream.makeStream(
            of: Connection.self, bufferingPolicy: options.isServer ? .unbounded : .bufferingNewest(0))
        scratchCapacity = 64 * 1024
        scratch = UnsafeMutableRawPointer.allocate(byteCount: scratchCapacity, alignment: 16)
        gathered = UnsafeMutableRawPointer.allocate(byteCount: gatherBytes, alignment: 16)
        timer = UnsafeMutablePointer<petri_timer_t>.allocate(capacity: 1)
        timer.initialize(to: petri_timer_t())
        acceptTimer = UnsafeMutablePointer<petri_timer_t>.allocate(capacity: 1)
        acceptTimer.initialize(to: petri_timer_t())
    }

    deinit {
        scratch.deallocate()
        gathered.deallocate()
        timer.deallocate()
        acceptTimer.deallocate()
        retryPolicy.deallocate()
    }

    // MARK: - Any thread

    /// Starts the service thread and creates the context on it.
    ///
    /// - Returns: the port actually listened on (servers; 0 for clients).
    /// - Throws: ``TransportError`` when the context cannot be created (port in use, bad TLS files).
    func start() async throws(TransportError) -> Int {
        let result: Result<Int, TransportError> = await withCheckedContinuation {
            (done: CheckedContinuation<Result<Int, TransportError>, Never>) in
            let thread = Thread { [self] in
                self.serviceThread.withLock { $0 = pthread_self() }
                Self.onServiceThreads.withLock { $0[pthread_self()] = self }
                defer {
                    Self.onServiceThreads.withLock { $0[pthread_self()] = nil }
                    self.serviceThread.withLock { $0 = nil }
                }
                let nice = self.adjustServiceThreadPriority()
                self.serviceThreadNice.withLock { $0 = nice }
                let created = self.createContext()
                done.resume(returning: created)
                guard case .success = created else {
                    self.finishStopping()
                    return
                }
                self.serviceLoop()
            }
            thread.name = options.isServer ? "petri-lws-server" : "petri-lws-client"
            thread.stackSize = 1 << 20
            thread.start()
        }
        return try result.get()
    }

    /// Queues a command for the service thread and wakes it (once per batch).
    func enqueue(_ command: Command) {
        inbox.withLock { $0.append(command) }
        if !wakePending.exchange(true, ordering: .acquiringAndReleasing) {
            contextPointer.withLock { handle in
                if let handle { lws_cancel_service(handle.context) }
            }
        }
    }

    /// Waits until the service thread has exited and everything is freed.
    func waitUntilStopped() async {
        await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
            let resumeNow = stopped.withLock { s -> Bool in
                if s.done { return true }
                s.waiters.append(c)
                return false
            }
            if resumeNow { c.resume() }
        }
    }

    var isStopped: Bool { stopped.withLock { $0.done } }

    /// Whether the caller runs on this engine's service thread: the predicate behind
    /// ``assertOnServiceThread(file:line:)``.
    var isOnServiceThread: Bool {
        let current = pthread_self()
        return serviceThread.withLock { $0.map { pthread_equal($0, current) != 0 } ?? false }
    }

    /// Traps in debug builds when called off the service thread, the way NIO's
    /// `preconditionInEventLoop` does: everything marked "service thread" touches lws and the
    /// connection table without a lock. `assert` is compiled out of release builds.
    func assertOnServiceThread(file: StaticString = #fileID, line: UInt = #line) {
        assert(isOnServiceThread, "called off the libwebsockets service thread", file: file, line: line)
    }

    // MARK: - Service thread

    private func serviceLoop() {
        assertOnServiceThread()
        guard let ctx = context else { return }
        while !stopRequested {
            if let eventLoop {
                petri_ev_run(eventLoop)
            } else {
                do throws(TransportError) {
                    try lwsCheck(lws_service(ctx, 0), .service)
                } catch {
                    logger.error("\(error.message)")
                    break
                }
            }
        }
        // lws_context_destroy calls CLOSED for every connection still open; they finish there.
        contextPointer.withLock { $0 = nil }
        lws_context_destroy(ctx)
        context = nil
        if let eventLoop {
            // On a loop of ours, lws finishes tearing down once the loop runs again; the loop
            // returns when lws has stopped watching everything.
            petri_ev_run(eventLoop)
            petri_ev_loop_destroy(eventLoop)
            self.eventLoop = nil
        }
        // The context is gone, and every wsi with it: finish the records without touching them.
        for connection in Array(connectionsByID.values) + Array(accepting.values) {
            finish(connection, fallback: (.goingAway, "server shut down"), wsiIsValid: false)
        }
        failQueuedConnects()
        freeCResources()
        finishStopping()
    }

    func freeCResources() {
        if let protocols {
            protocols.deallocate()
            self.protocols = nil
        }
        strings.freeAll()
        subprotocolTable.free()
    }

    private func finishStopping() {
        acceptedContinuation.finish()
        let waiters = stopped.withLock { s -> [CheckedContinuation<Void, Never>] in
            s.done = true
            defer { s.waiters = [] }
            return s.waiters
        }
        for w in waiters { w.resume() }
    }

    private func failQueuedConnects() {
        for command in inbox.withLock({ q in
            defer { q = [] }; return q
        }) {
            if case .connect(_, let c) = command {
                c.resume(
                    throwing: TransportError(
                        .shutDown, "The WebSocket client was shut down before the connection opened."))
            }
        }
    }

    /// Drains the inbox; called from `LWS_CALLBACK_EVENT_WAIT_CANCELLED`.
    func drainInbox() {
        assertOnServiceThread()
        wakePending.store(false, ordering: .releasing)
        let commands = inbox.withLock { q in
            defer { q.removeAll(keepingCapacity: true) }
            return q
        }
        for command in commands {
            switch command {
            case .send(let message, let id, let policy):
                if let c = connectionsByID[id] { enqueueMessage(message, policy: policy, on: c) }
            case .broadcast(let message, let ids, let policy):
                enqueue(message, policy: policy, on: ids)
            case .close(let id, let code, let reason):
                close(id, code: code, reason: reason)
            case .batch(let items):
                for item in items {
                    switch item {
                    case .message(let message, let ids, let policy): enqueue(message, policy: policy, on: ids)
                    case .close(let id, let code, let reason): close(id, code: code, reason: reason)
                    }
                }
            case .connect(let request, let continuation):
                openClientConnection(request, continuation)
            case .shutdown(let code, let reason, let deadline):
                beginShutdown(code: code, reason: reason, deadline: deadline)
            case .httpAnswer(let serial, let response):
                answerLater(serial, response)
            }
        }
        flushDirty()
    }

    private func enqueue(_ message: OutboundMessage, policy: DeliveryPolicy, on ids: [ConnectionID]) {
        for id in ids {
            if let c = connectionsByID[id] { enqueueMessage(message, policy: policy, on: c) }
        }
    }

    private func close(_ id: ConnectionID, code: CloseCode, reason: String) {
        assertOnServiceThread()
        guard let c = connectionsByID[id] else { return }
        // What was queued before the close goes out first, as one write where it can.
        flush(c)
        requestClose(c, code: code, reason: reason)
    }

    private func beginShutdown(code: CloseCode, reason: String, deadline: Double) {
        assertOnServiceThread()
        if !draining {
            draining = true
            shutdownDeadline = deadline
            logger.info("Closing \(connectionsByID.count) connections", metadata: ["code": "\(code.rawValue)"])
        }
        for c in connectionsByID.values { requestClose(c, code: code, reason: reason) }
        checkShutdownProgress()
    }

    func checkShutdownProgress() {
        assertOnServiceThread()
        guard draining else { return }
        if connectionsByID.isEmpty || monotonicSeconds() >= (shutdownDeadline ?? 0) {
            stopRequested = true
            // Always on the service thread: inside the loop's run, so breaking it ends the run.
            if let eventLoop {
                petri_ev_break(eventLoop)
            } else if let context {
                lws_cancel_service(context)
            }
        }
    }

    private func openClientConnection(
        _ request: ClientRequest, _ continuation: CheckedContinuation<Connection, any Error>
    ) {
        assertOnServiceThread()
        guard let ctx = context, !draining else {
            continuation.resume(throwing: TransportError(.shutDown, "The WebSocket client is shutting down."))
            return
        }
        let connection = newConnection()
        connection.onOpen = continuation
        connection.requestOrigin = request.origin
        var names = CStrings()
        defer { names.freeAll() }
        var ci = lws_client_connect_info()
        ci.context = ctx
        ci.address = names.copy(request.host)
        ci.port = Int32(request.port)
        ci.path = names.copy(request.path)
        ci.host = names.copy(request.host)
        ci.protocol = names.copy(request.subprotocol)
        ci.ssl_connection = request.useTLS ? Int32(LCCSCF_USE_SSL.rawValue) : 0
        ci.ietf_version_or_minus_one = -1
        ci.opaque_user_data = Unmanaged.passUnretained(connection).toOpaque()
        ci.local_protocol_name = protocols?.pointee.name
        connection.info = ConnectionInfo(
            id: connection.id, remoteAddress: request.host, path: request.path, origin: request.origin,
            subprotocol: request.subprotocol)
        connectionsByID[connection.id] = connection
        do throws(TransportError) {
            let wsi = try lwsCheck(lws_client_connect_via_info(&ci), .connect(host: request.host, port: request.port))
            connection.wsi = wsi
            lws_set_opaque_user_data(wsi, Unmanaged.passUnretained(connection).toOpaque())
        } catch {
            // lws may already have reported CLIENT_CONNECTION_ERROR; failOpen is idempotent.
            failOpen(connection, error.message)
        }
    }

    func newConnection() -> LWSConnection {
        defer { nextID += 1 }
        return LWSConnection(
            id: ConnectionID(nextID),
            assembler: MessageAssembler(maxMessageBytes: options.maxMessageBytes, validatesUTF8: !options.isServer))
    }

    /// Serialises context creation across the process.
    private static let creation = Mutex(())

    /// Creates a context, one at a time in the whole process.
    ///
    /// lws 4.1 needs `LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT` on every context that uses TLS (without
    /// it the context cannot create SSL objects), and that init re-allocates process-wide OpenSSL
    /// ex-data indices, which failed handshakes in flight elsewhere in the process with
    /// `SSL err 1 ... reason(1)`. So only contexts that need TLS do it (``EngineOptions/usesTLS``;
    /// clients opt in), and contexts are created one at a time so two inits never overlap.
    static func createContextSerially(_ info: inout lws_context_creation_info, needsTLS: Bool)
        -> OpaquePointer?
    {
        if needsTLS { info.options |= petri_option_ssl_global_init() }
        // The pointer goes back to the thread that asked for it and nowhere else; the wrapper
        // only carries it out of the lock's closure.
        struct Created: @unchecked Sendable { let context: OpaquePointer? }
        return creation.withLock { _ in Created(context: lws_create_context(&info)) }.context
    }

    /// Makes the scratch buffer at least `needed` bytes (service thread).
    func grow(scratchTo needed: Int) {
        assertOnServiceThread()
        guard needed > scratchCapacity else { return }
        scratch.deallocate()
        scratchCapacity = max(needed, scratchCapacity * 2)
        scratch = UnsafeMutableRawPointer.allocate(byteCount: scratchCapacity, alignment: 16)
    }
}

/// Seconds on the monotonic clock (shared by every process on the machine).
func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

let lwsLogger = Logger(label: "petri.lws")

/// The lws context as seen from other threads, used for nothing but `lws_cancel_service`.
struct ContextHandle: @unchecked Sendable {
    // @unchecked Sendable: lws documents lws_cancel_service() as callable from any thread,
    // and it is the only call made through this handle; it is cleared (under the engine's
    // mutex) before the context is destroyed.
    let context: OpaquePointer
}
