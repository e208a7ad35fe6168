import Foundation

/// The file-system side of the store: creating the data directory, probing it, locking it.
///
/// Everything here is POSIX calls on paths; the database itself is GRDB's. Errors become
/// ``StoreError`` sentences that name the path and say what to check.
enum DataDirectory {
    /// Where a file or directory lives on disk: changes when it is deleted and created again.
    struct Identity: Sendable, Hashable {
        var device: UInt64
        var inode: UInt64
    }

    /// Creates `path` and any missing parents with mode 0700; an existing directory is left as it is.
    ///
    /// - Throws: ``StoreError/Code/directoryUnusable`` if a component is not a directory or cannot be created.
    static func create(_ path: String) throws(StoreError) {
        guard !path.isEmpty else {
            throw StoreError(.directoryUnusable, "The data directory path is empty; set data.directory.")
        }
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            prefix += "/" + component
            if isDirectory(prefix) { continue }
            // mkdir's mode is masked by the umask, which can only remove bits: 0700 stays at most 0700.
            if mkdir(prefix, 0o700) != 0 && !(errno == EEXIST && isDirectory(prefix)) {
                throw StoreError(
                    .directoryUnusable,
                    "The data directory \(path) could not be created (\(prefix): \(describeErrno())); "
                        + "check its parent's permissions or set data.directory.")
            }
        }
    }

    /// Proves that a new file can be created and written in `path`.
    ///
    /// This is the part of a writability check that works for root too: root ignores permission
    /// bits, but not a deleted directory, a file in its place, a read-only mount or a full disk.
    ///
    /// - Throws: ``StoreError/Code/directoryUnusable`` naming the reason.
    static func probeWrite(in path: String) throws(StoreError) {
        // A random name, so concurrent probes (two /readyz requests) never remove each other's file.
        let probe = "\(path)/.write-probe-\(getpid())-\(UInt64.random(in: .min ... .max))"
        let fd = open(probe, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw notWritable(path) }
        defer { unlink(probe) }
        let byte: [UInt8] = [0x0A]
        let written = byte.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        let writeErrno = errno
        close(fd)
        guard written == 1 else {
            errno = writeErrno
            throw notWritable(path)
        }
    }

    /// Takes an exclusive `flock` on `path/petri.lock`; the kernel releases it when the process dies.
    ///
    /// A lock that is still held is retried for up to `wait`: the previous server may still be
    /// exiting, and a child process being spawned briefly shares every descriptor (even
    /// close-on-exec ones, until its exec) and with it the lock.
    ///
    /// - Parameters:
    ///   - path: The data directory.
    ///   - wait: How long to keep trying while another process holds the lock.
    /// - Returns: The lock file's descriptor; closing it releases the lock.
    /// - Throws: ``StoreError/Code/directoryInUse`` if another process still holds it after `wait`.
    static func lock(_ path: String, wait: Duration) throws(StoreError) -> Int32 {
        let lockPath = "\(path)/petri.lock"
        let fd = open(lockPath, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw notWritable(path) }
        let clock = ContinuousClock()
        let deadline = clock.now + wait
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let reason = errno
            if reason == EINTR { continue }
            if reason == EWOULDBLOCK && clock.now < deadline {
                usleep(20_000)
                continue
            }
            close(fd)
            if reason == EWOULDBLOCK {
                throw StoreError(
                    .directoryInUse,
                    "Another process is using the data directory \(path); stop the other petri server or set "
                        + "a different data.directory.")
            }
            errno = reason
            throw notWritable(path)
        }
        return fd
    }

    /// Creates an empty file with `mode` unless it exists, so SQLite (which copies the database
    /// file's mode to its `-wal` and `-shm` files) never makes a world-readable database.
    ///
    /// - Throws: ``StoreError/Code/directoryUnusable`` if it cannot be created.
    static func createFileIfMissing(_ path: String, mode: mode_t) throws(StoreError) {
        let fd = open(path, O_CREAT | O_WRONLY | O_CLOEXEC, mode)
        guard fd >= 0 else {
            throw StoreError(
                .directoryUnusable,
                "The database file \(path) could not be created (\(describeErrno())); "
                    + "check the data directory's permissions."
            )
        }
        close(fd)
    }

    /// The identity of what is at `path` now, or nil if nothing is.
    static func identity(of path: String) -> Identity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// `strerror` of the current `errno`.
    static func describeErrno() -> String {
        String(cString: strerror(errno))
    }

    private static func notWritable(_ path: String) -> StoreError {
        StoreError(
            .directoryUnusable,
            "The data directory \(path) is not writable (\(describeErrno())); check that it exists, its permissions "
                + "and free space, or set data.directory.")
    }
}
