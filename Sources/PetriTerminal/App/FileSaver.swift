import Foundation

/// Writes exports where the teacher asked.
enum FileSaver {
    /// Saves `contents` to `path`; returns a sentence saying what happened.
    static func save(_ contents: String, to path: String) -> String {
        do {
            try Data(contents.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            return "Saved \(path)."
        } catch {
            return "Could not save \(path): \(error.localizedDescription)"
        }
    }
}
