/// How much a committed write survives: the SQLite `synchronous` setting of the store's connection.
///
/// In WAL mode a commit appends to the `-wal` file. With ``full`` SQLite fsyncs that file before
/// the commit returns, so an acknowledged action survives `kill -9`, a kernel panic and a power
/// cut. With ``processCrash`` (SQLite's `NORMAL`) it does not fsync on commit: the write is in the
/// operating system's page cache, which survives the process being killed but not the machine
/// losing power; the last commits before a power cut can be lost (the database stays consistent).
package enum Durability: Sendable, Hashable {
    /// `PRAGMA synchronous = FULL`: every commit is on the disk before it returns. The default.
    case full
    /// `PRAGMA synchronous = NORMAL`: commits survive a crash of the process, not of the machine.
    case processCrash

    var pragmaValue: String {
        switch self {
        case .full: "FULL"
        case .processCrash: "NORMAL"
        }
    }
}
