import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The data directory's record of lesson replays under way: one line per lesson, `id attempt`.
///
/// Kept in a file of its own rather than in the database so that writing it never waits
/// behind the store's queue of log writes, and so that no schema migration is needed. Every
/// change is written to a temporary file, fsynced, and renamed over the old one, then the
/// directory is fsynced: after a crash the file is the old or the new list, never half of one.
/// Not thread-safe by itself: ``SQLiteLessonStorage`` calls it from its one serial queue.
struct ReplayMarkFile: Sendable {
    static let fileName = "replaying"
    let directory: String

    var path: String { directory + "/" + Self.fileName }

    /// The lessons listed, with their attempts; empty when there is no file.
    func read() throws -> [String: Int] {
        guard let data = FileManager.default.contents(atPath: path) else { return [:] }
        var marks: [String: Int] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: " ")
            guard parts.count == 2, let attempt = Int(parts[1]) else { continue }
            marks[String(parts[0])] = attempt
        }
        return marks
    }

    /// Replaces the list, durably.
    func store(_ marks: [String: Int]) throws {
        let text = marks.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)\n" }.joined()
        let temporary = path + ".new"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw ReplayMarkError(path: temporary, errno: errno) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        let synced = fsync(fd)
        close(fd)
        guard written == bytes.count, synced == 0 else { throw ReplayMarkError(path: temporary, errno: errno) }
        guard rename(temporary, path) == 0 else { throw ReplayMarkError(path: path, errno: errno) }
        let directoryFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 {
            _ = fsync(directoryFD)
            close(directoryFD)
        }
    }
}

/// The replay record could not be written.
struct ReplayMarkError: Error, CustomStringConvertible {
    var path: String
    var errno: Int32

    var description: String { "Could not write \(path): \(String(cString: strerror(errno)))" }
}
