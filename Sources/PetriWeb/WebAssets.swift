import Foundation

/// Every file of the browser pages, read into memory once at start.
///
/// Nothing is read from the disk while serving: a request can only ever name one of these
/// entries, so no path a browser sends reaches the file system.
///
/// ```swift
/// let assets = try WebAssets.bundled()
/// assets["static/student.js"]?.contentType  // "text/javascript; charset=utf-8"
/// ```
public struct WebAssets: Sendable {
    /// Files by their path inside the pages directory (`student.html`, `static/petri.css`).
    public let files: [String: WebAsset]

    public init(_ files: [WebAsset]) {
        self.files = Dictionary(files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    }

    public subscript(path: String) -> WebAsset? { files[path] }

    /// The name SwiftPM gives the resource directory it copies next to the program.
    static let bundleName = "petri_PetriWeb.resources"

    /// The pages shipped with this build: `Pages` in the resource directory SwiftPM places next
    /// to the program (`petri_PetriWeb.resources`).
    ///
    /// Found by hand rather than through `Bundle.module`, whose accessor stops the whole process
    /// when the directory is missing: a server installed without its pages should still serve
    /// its terminal clients and say what is missing.
    /// - Throws: ``WebError`` (`pagesMissing`) naming where it looked.
    public static func bundled() throws -> WebAssets {
        var places: [URL] = [Bundle.main.bundleURL]
        if let executable = Bundle.main.executableURL {
            places.append(executable.resolvingSymlinksInPath().deletingLastPathComponent())
        }
        for place in places {
            let pages = place.appendingPathComponent(bundleName).appendingPathComponent("Pages")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: pages.path, isDirectory: &isDirectory), isDirectory.boolValue {
                return try load(from: pages)
            }
        }
        throw WebError(
            .pagesMissing,
            "The browser pages were not found (looked for \(bundleName)/Pages in "
                + places.map(\.path).joined(separator: " and ")
                + "); install that directory from the build (.build/release/\(bundleName)) next to the petri program.")
    }

    /// Reads every regular file under `directory` (hidden files excluded), compressing each.
    /// - Throws: ``WebError`` (`unreadable`) naming the file.
    public static func load(from directory: URL) throws -> WebAssets {
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
