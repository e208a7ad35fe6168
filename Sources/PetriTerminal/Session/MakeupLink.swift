import PetriProtocol
import PetriWords

/// A make-up's link, as the teacher hands it out (`http://SERVER:8080/makeup/CODE`) or as a student carries their
/// place to another device (the same, ending `#resume=TOKEN`, which the page also reads; PROTOCOL.md 5.9).
///
/// ```swift
/// let link = try MakeupLink("http://10.0.0.5:8080/makeup/R4TW9C")
/// link.code.text     // "R4TW9C"
/// link.server        // "ws://10.0.0.5:8080/"
/// MakeupLink.text(server: "ws://10.0.0.5:8080/", code: link.code, token: token)
/// // "http://10.0.0.5:8080/makeup/R4TW9C#resume=…"
/// ```
package struct MakeupLink: Sendable, Hashable {
    /// The make-up's code.
    package var code: JoinCode
    /// The WebSocket address of the server the link names (nil for a path alone, `/makeup/CODE`).
    package var server: String?
    /// The resume token the link carries (nil for the teacher's link).
    package var token: AccessToken?

    /// A link's parts.
    package init(code: JoinCode, server: String?, token: AccessToken?) {
        self.code = code
        self.server = server
        self.token = token
    }

    /// Whether `text` looks like a link rather than a code (it has a scheme, or names the `makeup/` path).
    package static func isLink(_ text: String) -> Bool {
        text.lowercased().contains("makeup/") || text.contains("://")
    }

    /// Reads a link: `http(s)://HOST[:PORT]/makeup/CODE[#resume=TOKEN]`, or the path alone.
    ///
    /// - Throws: ``ProtocolError/Code/invalidField`` with a sentence when it is not a make-up's link, or its code or
    ///   token is malformed.
    /// - Parameter language: The language of the sentence thrown.
    package init(_ text: String, language: Language = .english) throws(ProtocolError) {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        var token: AccessToken?
        if let hash = rest.firstIndex(of: "#") {
            let fragment = rest[rest.index(after: hash)...]
            rest = rest[..<hash]
            guard fragment.hasPrefix("resume=") else { throw Self.problem(text, language) }
            token = try AccessToken(String(fragment.dropFirst("resume=".count)))
        }
        var server: String?
        let lower = rest.lowercased()
        for (scheme, socket) in [("http://", "ws://"), ("https://", "wss://")] where lower.hasPrefix(scheme) {
            let afterScheme = rest.dropFirst(scheme.count)
            let host = afterScheme.prefix { $0 != "/" }
            guard !host.isEmpty else { throw Self.problem(text, language) }
            server = socket + host + "/"
            rest = afterScheme.dropFirst(host.count)
        }
        if rest.hasPrefix("/") { rest = rest.dropFirst() }
        let parts = rest.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 || (parts.count == 3 && parts[2].isEmpty), parts[0].lowercased() == "makeup" else {
            throw Self.problem(text, language)
        }
        code = try JoinCode(String(parts[1]))
        self.server = server
        self.token = token
    }

    /// The link that opens this make-up, as this student, on another device: the page's address on the server
    /// (`ws://` becomes `http://`), with the resume token in the fragment (never sent to a server).
    package static func text(server: String, code: JoinCode, token: AccessToken?) -> String {
        var origin = server
        for (socket, web) in [("ws://", "http://"), ("wss://", "https://")] where server.lowercased().hasPrefix(socket)
        {
            let afterScheme = server.dropFirst(socket.count)
            origin = web + afterScheme.prefix { $0 != "/" }
        }
        while origin.hasSuffix("/") { origin.removeLast() }
        let path = origin + MakeupInfo.link(for: code)
        return token.map { path + "#resume=" + $0.secret } ?? path
    }

    private static func problem(_ text: String, _ language: Language) -> ProtocolError {
        ProtocolError(
            .invalidField,
            TerminalWords.text(
                "terminal.makeup.badLink", ["link": .text(TerminalText.sanitise(text, maxCharacters: 80))],
                in: language))
    }
}
