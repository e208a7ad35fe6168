import Foundation

/// The routes of the browser pages: which URL shows which file, with which headers.
///
/// | Path | File |
/// | --- | --- |
/// | `/`, `/join/CODE`, `/makeup/CODE` | `student.html` (a make-up's link opens its make-up) |
/// | `/projector/CODE` | `projector.html` |
/// | `/report/CODE` | `report.html` (the lesson report, for the teacher) |
/// | `/teach` | `teach.html` (when the build has it) |
/// | `/admin` | `admin.html` (the administrator's page: teachers' accounts) |
/// | `/plan/LINK` | `plan.html` (a shared lesson plan; the page says when the link is malformed or revoked) |
/// | `/static/…` | `static/…` (ES modules, CSS, images) |
/// | `/favicon.ico` | `static/favicon.ico` (when present, else `static/favicon.svg`) |
///
/// Every answer carries the security headers (``securityHeaders(host:)``); files are sent with
/// `Cache-Control: no-cache` and a strong ETag, so a browser revalidates each time and gets a
/// 304 with no body while nothing changed. Files that compress are sent gzipped to browsers
/// that accept it (compressed once at start, `Vary: Accept-Encoding`). Paths with `..`,
/// backslashes, NUL, percent signs or empty segments are refused with 400; other paths are
/// not ours (nil) and the transport answers its JSON 404.
package struct WebSite: Sendable {
    let assets: WebAssets
    /// More WebSocket URLs the pages may connect to: in a cluster, the other nodes' advertised URLs,
    /// whose `redirect` a page follows. Asked on every answer, so a node that joins later is allowed.
    let connectSources: @Sendable () -> [String]

    package init(assets: WebAssets, connectSources: @escaping @Sendable () -> [String] = { [] }) {
        self.assets = assets
        self.connectSources = connectSources
    }

    /// The answer to `request`, or nil when the path is not one of the pages' routes.
    package func respond(to request: WebRequest) -> WebReply? {
        let path = request.path
        if Self.isSuspicious(path) {
            return Self.json(
                400,
                #"{"error":"bad-path","message":"This path is not allowed: it may not contain "#
                    + #"'..', '\\', '%', NUL or '//'. Use a link from the lesson's pages."}"#, host: request.host)
        }
        guard let file = Self.file(for: path) else { return nil }
        // A browser asks for /favicon.ico now and then despite the pages' icon link (a download, a race with the
        // page's head): without an .ico it gets the pages' SVG icon, not a 404 in its console.
        let fallback = path == "/favicon.ico" ? assets["static/favicon.svg"] : nil
        guard let asset = assets[file] ?? fallback else { return nil }
        guard request.method == "GET" || request.method == "HEAD" else {
            var reply = Self.json(
                405, #"{"error":"method-not-allowed","message":"Pages are read with GET or HEAD only."}"#,
                host: request.host)
            reply.headers.append(.init("allow", "GET, HEAD"))
            return reply
        }
        // The gzip form is another representation, so it has its own strong tag; a tag for
        // either form revalidates (both come from the same bytes).
        let gzip = asset.gzipped != nil && Self.acceptsGzip(request.acceptEncoding)
        let etag = gzip ? asset.gzipETag : asset.etag
        var headers = [
            WebReply.Header("etag", etag),
            WebReply.Header("cache-control", "no-cache"),
        ]
        if asset.gzipped != nil { headers.append(.init("vary", "Accept-Encoding")) }
        if gzip { headers.append(.init("content-encoding", "gzip")) }
        headers += Self.securityHeaders(host: request.host, also: connectSources())
        if Self.matches(request.ifNoneMatch, asset.etag) || Self.matches(request.ifNoneMatch, asset.gzipETag) {
            return WebReply(status: 304, contentType: asset.contentType, body: [], headers: headers)
        }
        let body = gzip ? asset.gzipped ?? asset.bytes : asset.bytes
        return WebReply(status: 200, contentType: asset.contentType, body: body, headers: headers)
    }

    /// The pages' file for a path, before checking that the build has it.
    static func file(for path: String) -> String? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        switch parts.count {
        case 1 where path == "/": return "student.html"
        case 1 where path == "/teach": return "teach.html"
        case 1 where path == "/admin": return "admin.html"
        case 1 where path == "/favicon.ico": return "static/favicon.ico"
        case 2 where parts.first == "join" && isCode(parts.last): return "student.html"
        case 2 where parts.first == "makeup" && isCode(parts.last): return "student.html"
        case 2 where parts.first == "projector" && isCode(parts.last): return "projector.html"
        case 2 where parts.first == "report" && isCode(parts.last): return "report.html"
        case 2 where parts.first == "plan" && (parts.last?.count ?? 0) <= 128 && parts.last?.isEmpty == false:
            return "plan.html"
        default:
            guard parts.count >= 2, parts.first == "static", parts.allSatisfy({ !$0.isEmpty }) else { return nil }
            return parts.joined(separator: "/")
        }
    }

    /// A join code as a person might type it in a URL: letters, digits and dashes, at most 32.
    /// The page normalises it and the server checks it when joining.
    static func isCode(_ text: Substring?) -> Bool {
        guard let text, (1...32).contains(text.count) else { return false }
        return text.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-")
        }
    }

    /// A path that tries to leave the pages or hide what it names. libwebsockets has already
    /// decoded percent-escapes and folded `/../`; whatever still looks like either is refused.
    static func isSuspicious(_ path: String) -> Bool {
        if !path.hasPrefix("/") || path.contains("//") { return true }
        if path.unicodeScalars.contains(where: { $0 == "\\" || $0 == "%" || $0.value < 0x20 || $0.value == 0x7F }) {
            return true
        }
        return path.split(separator: "/").contains { $0 == ".." || $0 == "." }
    }

    /// The headers on every page, asset and error of the pages.
    ///
    /// The CSP allows scripts, styles, images and fonts from this origin only (no inline code),
    /// and WebSocket connections to this server: `'self'` does not cover `ws:` in every browser,
    /// so the request's own host is named with both schemes (`wss:` for a TLS proxy in front).
    /// A `Host` that is not a plain host[:port] is left out, keeping only `'self'`. Each URL in
    /// `also` (a cluster's nodes) adds its own scheme and host, when it is a `ws://` or `wss://`
    /// URL with a plain host; anything else is left out.
    static func securityHeaders(host: String?, also urls: [String] = []) -> [WebReply.Header] {
        var sources = ["'self'"]
        if let host, isPlainHost(host) {
            sources += ["ws://\(host)", "wss://\(host)"]
        }
        for url in urls {
            guard let origin = webSocketOrigin(of: url), !sources.contains(origin) else { continue }
            sources.append(origin)
        }
        let connect = sources.joined(separator: " ")
        let policy = [
            "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data: blob:",
            "font-src 'self'", "connect-src \(connect)", "object-src 'none'", "base-uri 'none'",
            "form-action 'self'", "frame-ancestors 'none'",
        ].joined(separator: "; ")
        return [
            .init("content-security-policy", policy),
            .init("x-content-type-options", "nosniff"),
            .init("referrer-policy", "no-referrer"),
            .init("x-frame-options", "DENY"),
            .init("cross-origin-opener-policy", "same-origin"),
        ]
    }

    /// `ws://host:port` for `ws://host:port/any/path` (likewise `wss://`); nil for another scheme or a host
    /// that is not plain (so no URL can smuggle another directive into the policy).
    static func webSocketOrigin(of url: String) -> String? {
        for scheme in ["ws://", "wss://"] where url.hasPrefix(scheme) {
            let host = url.dropFirst(scheme.count).prefix { $0 != "/" }
            return isPlainHost(String(host)) ? scheme + host : nil
        }
        return nil
    }

    /// `host`, `host:port`, `[v6]` or `[v6]:port` in letters, digits, `.`, `-`, `:`, `[`, `]`.
    static func isPlainHost(_ host: String) -> Bool {
        guard (1...255).contains(host.utf8.count) else { return false }
        return host.unicodeScalars.allSatisfy {
            $0.isASCII
                && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || ".-:[]".unicodeScalars.contains($0))
        }
    }

    /// Whether an `If-None-Match` value names `etag` (weak comparison, as RFC 9110 asks for it).
    static func matches(_ ifNoneMatch: String?, _ etag: String) -> Bool {
        guard let ifNoneMatch else { return false }
        return ifNoneMatch.split(separator: ",").contains { candidate in
            var tag = candidate.trimmingCharacters(in: .whitespaces)
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            return tag == etag
        }
    }

    /// Whether `Accept-Encoding` allows gzip (and does not give it `q=0`).
    static func acceptsGzip(_ acceptEncoding: String?) -> Bool {
        guard let acceptEncoding else { return false }
        return acceptEncoding.lowercased().split(separator: ",").contains { item in
            let fields = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.first == "gzip" || fields.first == "*" else { return false }
            let q = fields.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            return q > 0
        }
    }

    static func jsonEscaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func json(_ status: Int, _ text: String, host: String?) -> WebReply {
        WebReply(
            status: status, contentType: "application/json", body: Array(text.utf8),
            headers: securityHeaders(host: host))
    }
}
