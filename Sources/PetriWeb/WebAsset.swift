import Crypto

/// One file of the browser pages, held in memory from start to stop.
///
/// The ETag is strong and derived from the bytes alone (the first 128 bits of their SHA-256),
/// so two servers with the same build give the same tag and a reload after a deploy that
/// changed a file always fetches it again.
package struct WebAsset: Sendable, Hashable {
    /// The path inside the pages directory, e.g. `student.html`, `static/student.js`.
    let path: String
    let bytes: [UInt8]
    /// The `Content-Type` to send, from the file's extension.
    let contentType: String
    /// A strong entity tag, quoted: `"3f2a…"`.
    let etag: String
    /// The same bytes gzip-compressed, when that is smaller; nil otherwise.
    let gzipped: [UInt8]?
    /// The tag of the gzip representation: ``etag`` with `-gz` inside the quotes.
    var gzipETag: String { String(etag.dropLast()) + "-gz\"" }

    package init(path: String, bytes: [UInt8], gzipped: [UInt8]? = nil) {
        self.path = path
        self.bytes = bytes
        self.contentType = WebAsset.contentType(forPath: path)
        let digest = SHA256.hash(data: bytes)
        self.etag =
            "\""
            + digest.prefix(16).map { byte in
                let hex = String(byte, radix: 16)
                return hex.count == 1 ? "0" + hex : hex
            }.joined() + "\""
        self.gzipped = gzipped.flatMap { $0.count < bytes.count ? $0 : nil }
    }

    /// The media type for a file name, by extension; `application/octet-stream` when unknown.
    ///
    /// JavaScript is `text/javascript` (RFC 9239): browsers refuse to run an ES module served
    /// under another type when `X-Content-Type-Options: nosniff` is set.
    static func contentType(forPath path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else { return "application/octet-stream" }
        switch name[name.index(after: dot)...].lowercased() {
        case "html", "htm": return "text/html; charset=utf-8"
        case "js", "mjs": return "text/javascript; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "json", "map": return "application/json"
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "webp": return "image/webp"
        case "ico": return "image/x-icon"
        case "txt": return "text/plain; charset=utf-8"
        case "woff2": return "font/woff2"
        case "webmanifest": return "application/manifest+json"
        default: return "application/octet-stream"
        }
    }
}
