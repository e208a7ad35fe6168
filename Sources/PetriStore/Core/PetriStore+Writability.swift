import Foundation
import GRDB

extension PetriStore {
    /// True when the store can take writes right now: the probe behind `/readyz`.
    ///
    /// See ``checkWritable()`` for what it checks; this drops the reason.
    func isWritable() -> Bool {
        do {
            try checkWritable()
            return true
        } catch {
            return false
        }
    }

    /// Proves the store can take writes right now, or says why not.
    ///
    /// Three checks, cheap enough for every readiness probe:
    /// 1. The data directory and database file are still the ones the store opened: deleting or
    ///    replacing them would let writes go on into an unlinked file and vanish on restart.
    /// 2. A new file can be created and written in the directory. Permission bits alone cannot be
    ///    trusted, because root ignores them; this catches what stops root too: a deleted
    ///    directory, a file in its place, a read-only mount, some full disks.
    /// 3. A real write transaction commits (it bumps a counter in the `server` table), through
    ///    the same connection and fsync as every action.
    ///
    /// A store in memory only does the third.
    ///
    /// - Throws: ``StoreError/Code/closed``, ``StoreError/Code/directoryUnusable``,
    ///   ``StoreError/Code/diskFull``, ``StoreError/Code/notWritable`` or another database error.
    func checkWritable() throws(StoreError) {
        try ensureOpen()
        if let files {
            guard DataDirectory.identity(of: files.directory) == files.directoryIdentity,
                DataDirectory.identity(of: files.databasePath) == files.databaseIdentity
            else {
                throw StoreError(
                    .directoryUnusable,
                    "The data directory \(files.directory) or its database was deleted or replaced while the server "
                        + "ran; restore it and restart the server.")
            }
            try DataDirectory.probeWrite(in: files.directory)
        }
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO server (key, value) VALUES ('writeProbe', 1)
                    ON CONFLICT (key) DO UPDATE SET value = value + 1
                    """)
        }
    }
}
