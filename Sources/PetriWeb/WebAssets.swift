import Foundation

/// Every file of the browser pages, in memory.
///
/// Nothing is read from the disk while serving: a request can only ever name one of these
/// entries, so no path a browser sends reaches the file system.
///
/// ```swift
/// let assets = WebAssets.bundled()
/// assets["static/student.js"]?.contentType  // "text/javascript; charset=utf-8"
/// ```
package struct WebAssets: Sendable {
    /// Files by their path inside the pages directory (`student.html`, `static/petri.css`).
    let files: [String: WebAsset]

    package init(_ files: [WebAsset]) {
        self.files = Dictionary(files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    }

    subscript(path: String) -> WebAsset? { files[path] }

    /// The pages built into this program (see ``EmbeddedPages``), each compressed once.
    package static func bundled() -> WebAssets {
        WebAssets(
            EmbeddedPages.files.map { WebAsset(path: $0.path, bytes: $0.bytes, gzipped: Gzip.compress($0.bytes)) })
    }

    /// Reads every regular file under `directory` (hidden files excluded), compressing each.
    /// - Throws: ``WebError`` (`unreadable`) naming the file.
    static func load(from directory: URL) throws -> WebAssets {
        let root = directory.resolvingSymlinksInPath().standardizedFileURL.path
        let keys: [URLResourceKey] = [.isRegularFileKey]
        guard
            let walker = FileManager.default.enumerator(
                at: URL(fileURLWithPath: root), includingPropertiesForKeys: keys, options: [.skipsHiddenFiles])
        else {
            throw WebError(.unreadable, "Could not list the browser pages in \(root).")
        }
        var assets: [WebAsset] = []
        for case let url as URL in walker {
            guard (try? url.resourceValues(forKeys: Set(keys)).isRegularFile) == true else { continue }
            let full = url.resolvingSymlinksInPath().standardizedFileURL.path
            guard full.hasPrefix(root + "/") else { continue }
            let relative = String(full.dropFirst(root.count + 1))
            guard let data = FileManager.default.contents(atPath: full) else {
                throw WebError(.unreadable, "Could not read the page file \(full); check its permissions.")
            }
            let bytes = [UInt8](data)
            assets.append(WebAsset(path: relative, bytes: bytes, gzipped: Gzip.compress(bytes)))
        }
        return WebAssets(assets)
    }
}
