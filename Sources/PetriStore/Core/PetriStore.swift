import Foundation
import GRDB
import PetriProtocol
import Synchronization

/// The durable state of lessons: lessons, their append-only logs and checkpoints,
/// students, answers and scores, in one SQLite database (WAL mode) in the data directory.
///
/// The store decides nothing about lessons: it keeps what the lesson logic asks it to keep,
/// as opaque JSON text (definitions, settings, log entries, predictions) and bytes
/// (checkpoint states), with typed columns only for what is queried or constrained (sequence
/// numbers, join codes, one answer per student per question). Tokens are kept as
/// ``TokenHash`` digests, never as themselves.
///
/// ```swift
/// let store = try PetriStore.open(directory: "/var/lib/petri")
/// let seq = try store.appendLogEntry(lessonId: id, generation: 12, kind: "act", payload: json, at: now)
/// // The entry is on disk: only now acknowledge it.
/// ```
///
/// ## Threads
///
/// Every method is thread-safe and may be called from any thread, task or actor. Writes are
/// serialised on GRDB's single writer connection; reads run concurrently on a pool of reader
/// connections, each seeing a consistent snapshot. Methods are synchronous: a write returns
/// once it is committed (and, with ``Durability/full``, on the disk), blocking its caller for
/// that long. That is deliberate: a lesson actor must not acknowledge an entry before the
/// write returns, and a synchronous call keeps the actor from being re-entered between
/// deciding an entry and storing it. Several writes that belong together (an entry and
/// the answer it records) go in one ``inTransaction(_:)``: one commit, one fsync.
///
/// ## Durability
///
/// See ``Durability``. The default, ``Durability/full``, fsyncs every commit: an entry
/// acknowledged to a client survives `kill -9` and a power cut.
package final class PetriStore: Sendable {
    /// The database's file name inside the data directory.
    static let databaseFileName = "petri.sqlite"

    let writer: any DatabaseWriter
    /// `/path/petri.sqlite` or `in memory`, for messages.
    let location: String
    /// The data directory and what its paths pointed at when the store opened; nil in memory.
    let files: Files?
    private let openState: Mutex<OpenState>

    struct Files: Sendable {
        var directory: String
        var databasePath: String
        var directoryIdentity: DataDirectory.Identity?
        var databaseIdentity: DataDirectory.Identity?
    }

    private struct OpenState {
        var closed = false
        /// The descriptor holding the data directory's `flock`; nil in memory or once released.
        var lockDescriptor: Int32?
    }

    private init(writer: any DatabaseWriter, location: String, files: Files?, lockDescriptor: Int32?) {
        self.writer = writer
        self.location = location
        self.files = files
        self.openState = Mutex(OpenState(lockDescriptor: lockDescriptor))
    }

    deinit {
        if let fd = openState.withLock({ $0.lockDescriptor }) { Foundation.close(fd) }
    }

    /// Opens the store in `directory`, creating the directory (mode 0700) and the database
    /// (`petri.sqlite`, mode 0600) on first start and bringing its schema up to date.
    ///
    /// The directory is locked for as long as the store is open, so a second server pointed at
    /// the same directory fails to start (after waiting up to two seconds for the lock, in case
    /// the previous server is still exiting) instead of replaying the same lessons. An existing
    /// directory keeps its permissions: they are the operator's choice.
    ///
    /// - Parameters:
    ///   - directory: The data directory, from configuration.
    ///   - durability: What a committed write survives; ``Durability/full`` unless measured too slow.
    /// - Throws: ``StoreError/Code/directoryUnusable``, ``StoreError/Code/directoryInUse``,
    ///   ``StoreError/Code/cannotOpen``, ``StoreError/Code/schemaTooNew`` or a database error.
    package static func open(directory: String, durability: Durability = .full) throws(StoreError) -> PetriStore {
        try open(directory: directory, durability: durability, lockWait: .seconds(2))
    }

    /// ``open(directory:durability:)`` with a chosen wait for the directory's lock (tests use a short one).
    static func open(directory: String, durability: Durability, lockWait: Duration) throws(StoreError) -> PetriStore {
        try DataDirectory.create(directory)
        try DataDirectory.probeWrite(in: directory)
        let lockDescriptor = try DataDirectory.lock(directory, wait: lockWait)
        let databasePath = "\(directory)/\(databaseFileName)"
        let store: PetriStore
        do {
            try DataDirectory.createFileIfMissing(databasePath, mode: 0o600)
            let pool = try DatabasePool(path: databasePath, configuration: configuration())
            // GRDB sets synchronous = NORMAL when it enables WAL, after `prepareDatabase` runs; set
            // it here, on the one writer connection, where it stays for the life of the pool.
            try pool.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA synchronous = \(durability.pragmaValue)")
            }
            let files = Files(
                directory: directory, databasePath: databasePath,
                directoryIdentity: DataDirectory.identity(of: directory),
                databaseIdentity: DataDirectory.identity(of: databasePath))
            store = PetriStore(writer: pool, location: databasePath, files: files, lockDescriptor: lockDescriptor)
        } catch {
            Foundation.close(lockDescriptor)
            throw StoreError.wrapping(error, location: databasePath)
        }
        do {
            try store.migrate()
        } catch {
            // From here the store owns the lock: closing it releases the lock exactly once.
            try? store.close()
            throw error
        }
        return store
    }

    /// Opens a new, empty store in memory, for tests. It has no data directory.
    ///
    /// - Throws: A database error (not expected).
    static func openInMemory() throws(StoreError) -> PetriStore {
        let location = "in memory"
        do {
            let queue = try DatabaseQueue(configuration: configuration())
            let store = PetriStore(writer: queue, location: location, files: nil, lockDescriptor: nil)
            try store.migrate()
            return store
        } catch {
            throw StoreError.wrapping(error, location: location)
        }
    }

    /// Closes the database and releases the data directory; later calls throw ``StoreError/Code/closed``.
    ///
    /// Calling it again does nothing. Call it at shutdown after the last write.
    ///
    /// - Throws: A database error if a connection could not be closed (the lock is then kept until deinit).
    package func close() throws(StoreError) {
        let wasClosed = openState.withLock { state in
            defer { state.closed = true }
            return state.closed
        }
        guard !wasClosed else { return }
        do {
            try writer.close()
        } catch {
            throw StoreError.wrapping(error, location: location)
        }
        if let fd = openState.withLock({ state in
            defer { state.lockDescriptor = nil }; return state.lockDescriptor
        }) {
            Foundation.close(fd)
        }
    }

    private static func configuration() -> Configuration {
        var configuration = Configuration()
        configuration.label = "PetriStore"
        configuration.foreignKeysEnabled = true
        // Deleted and overwritten rows are zeroed in the file, not left in free pages and cells:
        // erasing a student (or a lesson) must leave no byte of them (Deploy/README.md, Privacy).
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA secure_delete = ON") }
        return configuration
    }

    /// Throws ``StoreError/Code/closed`` once ``close()`` has been called.
    func ensureOpen() throws(StoreError) {
        if openState.withLock({ $0.closed }) {
            throw StoreError(
                .closed, "The store \(location) is closed; open it again with PetriStore.open(directory:).")
        }
    }
}
