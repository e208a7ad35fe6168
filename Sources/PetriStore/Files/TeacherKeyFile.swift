import Foundation

/// The server's teacher key when none is configured: generated once, kept in `teacher.key` in the data directory.
///
/// The key is a secret the server must read back (to print it once and to compare presented
/// keys), so unlike lesson tokens it is stored as itself, in a file readable only by its owner
/// (mode 0600) inside a 0700 directory.
///
/// ```swift
/// let (key, created) = try TeacherKeyFile.loadOrCreate(in: dataDirectory) { randomKey() }
/// if created { print("Teacher key: \(key)") }
/// ```
package enum TeacherKeyFile {
    /// The file's name inside the data directory.
    package static let fileName = "teacher.key"

    /// Reads the key from `directory/teacher.key`, or generates and stores one if the file does not exist.
    ///
    /// Creation is atomic: the key is written and fsynced to a temporary file that is then linked
    /// into place, so a crash never leaves a half-written key, and two processes starting at once
    /// agree on one key. Surrounding white space (an operator's trailing newline) is ignored.
    ///
    /// - Parameters:
    ///   - directory: The data directory; created with mode 0700 if missing.
    ///   - generate: Makes a new random key; called only when there is no file. It must not be empty
    ///     or contain white space.
    /// - Returns: The key, and whether it was created by this call (then print it, once).
    /// - Throws: ``StoreError/Code/teacherKeyFile`` if the file cannot be read or written or holds no
    ///   key; ``StoreError/Code/directoryUnusable`` if the directory cannot be created.
    package static func loadOrCreate(
        in directory: String, generate: () -> String
    ) throws(StoreError) -> (key: String, created: Bool) {
        try DataDirectory.create(directory)
        let path = "\(directory)/\(fileName)"
        if let key = try read(path) { return (key, false) }

        let key = generate()
        guard !key.isEmpty, !key.contains(where: { $0.isWhitespace }) else {
            throw StoreError(
                .teacherKeyFile, "The generated teacher key is empty or contains white space; this is a bug.")
        }
        // A random name, so two threads or processes creating at once never share a temporary file.
        let temporary = "\(path).\(getpid())-\(UInt64.random(in: .min ... .max)).tmp"
        try writeSynced(Array((key + "\n").utf8), to: temporary)
        defer { unlink(temporary) }
        // link(2) never replaces an existing file: if another process got there first, use its key.
        if link(temporary, path) != 0 {
            guard errno == EEXIST, let existing = try read(path) else { throw failure("create", path) }
            return (existing, false)
        }
        syncDirectory(directory)
        return (key, true)
    }

    /// The trimmed contents of `path`, or nil if it does not exist.
    private static func read(_ path: String) throws(StoreError) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw failure("read", path)
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("read", path)
            }
            if count == 0 { break }
            bytes += chunk[0..<count]
            guard bytes.count <= 4096 else {
                throw StoreError(
                    .teacherKeyFile, "The teacher key file \(path) is larger than 4 KiB; put only the key in it.")
            }
        }
        let key = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !key.isEmpty else {
            throw StoreError(
                .teacherKeyFile,
                "The teacher key file \(path) is empty; write a key into it, or delete it to have one generated.")
        }
        return key
    }

    /// Writes `bytes` to a new file at `path` with mode 0600 and fsyncs it.
    private static func writeSynced(_ bytes: [UInt8], to path: String) throws(StoreError) {
        let fd = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw failure("create", path) }
        defer { close(fd) }
        // The umask may have removed bits; set exactly 0600 (it can only have made it stricter).
        fchmod(fd, 0o600)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count, fsync(fd) == 0 else {
            unlink(path)
            throw failure("write", path)
        }
    }

    /// Makes the new directory entry durable; failure only weakens durability, so it is ignored.
    private static func syncDirectory(_ directory: String) {
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }

    private static func failure(_ verb: String, _ path: String) -> StoreError {
        StoreError(
            .teacherKeyFile,
            "Could not \(verb) the teacher key file \(path) (\(DataDirectory.describeErrno())); check the data "
                + "directory's permissions, or configure a teacher key.")
    }
}
