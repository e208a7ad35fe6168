/// Whether a browser's `Origin` may open a WebSocket on this server.
///
/// A browser names the page's origin in every upgrade, and a page of any web site can try to
/// reach any address, a server on the school's LAN included. The server's own pages name the
/// host the request is for (its `Host`), so by default only those are let in, plus the listed
/// origins; `*` lets in any. Ports are not compared: behind a reverse proxy the `Host` that
/// reaches the server often lacks the port the browser used. Clients that send no `Origin`
/// (terminal clients) never reach this check.
enum OriginPolicy {
    static func allows(origin: String, host: String?, allowed: Set<String>, ownHostNames: Set<String>) -> Bool {
        if allowed.contains("*") || allowed.contains(origin) { return true }
        guard let name = hostName(ofOrigin: origin) else { return false }
        if let host, hostName(ofAuthority: host) == name { return true }
        return ownHostNames.contains(name)
    }

    /// `school.example` for `https://school.example:8443`, `[::1]` for `http://[::1]:8080`; nil for
    /// anything else (`null`, another scheme).
    static func hostName(ofOrigin origin: String) -> String? {
        let text = origin.lowercased()
        for scheme in ["https://", "http://"] where text.hasPrefix(scheme) {
            return hostName(ofAuthority: String(text.dropFirst(scheme.count)))
        }
        return nil
    }

    /// The host name of a `Host` header or a URL's authority (`host`, `host:port`, `[v6]:port`), lower
    /// case, without the port; nil when it is empty or holds a path or user.
    static func hostName(ofAuthority authority: String) -> String? {
        let text = authority.lowercased()
        guard !text.contains("/"), !text.contains("@") else { return nil }
        let name: String
        if text.hasPrefix("[") {
            guard let end = text.firstIndex(of: "]") else { return nil }
            name = String(text[...end])
        } else {
            name = String(text.prefix { $0 != ":" })
        }
        return name.isEmpty ? nil : name
    }
}
