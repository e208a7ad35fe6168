extension ServerConfiguration: CustomStringConvertible, CustomDebugStringConvertible {
    /// Every setting on its own line (`websocket.maxMessageBytes: 65536`), with the teacher key shown only as
    /// `<set>` or `<not set>`: safe to log.
    package var description: String {
        ConfigurationSetting.all.map { "\($0.path): \($0.read(self).plain(secret: $0.isSecret))" }
            .joined(separator: "\n")
    }

    /// Same as ``description``, so `debugPrint` and string interpolation in debug builds stay redacted too.
    package var debugDescription: String { description }

    /// A few lines for people: where it listens, where data goes and how often it is checkpointed, whether a
    /// teacher key is set, and so on.
    /// Redacted like ``description``.
    package var summary: String {
        let scheme = tls.certificate == nil ? "ws" : "wss"
        let host = server.host.contains(":") ? "[\(server.host)]" : server.host
        let origins =
            websocket.allowedOrigins.contains("*")
            ? "any"
            : (["this server's own"] + websocket.allowedOrigins).joined(separator: ", ")
        let perAddress = websocket.maxConnectionsPerAddress == 0 ? "no cap" : "\(websocket.maxConnectionsPerAddress)"
        let proxies = websocket.trustedProxies.isEmpty ? "none" : websocket.trustedProxies.joined(separator: ", ")
        return [
            "listen:   \(scheme)://\(host):\(server.port)",
            "data:     \(data.directory); checkpoints every \(checkpoints.everyEntries) entries or "
                + "\(checkpoints.everyGenerations) generations, \(checkpoints.keep) kept per lesson",
            "teacher:  "
                + (teacher.key == nil ? "key generated on first start, kept in the data directory" : "key <set>"),
            "origins:  \(origins); trusted proxies: \(proxies)",
            "limits:   \(websocket.maxMessageBytes)-byte messages, \(limits.messagesPerSecond)/s (burst "
                + "\(limits.messageBurst)), connections per address: \(perAddress)",
            "log:      \(log.level.rawValue), \(log.format.rawValue); metrics \(metrics.enabled ? "on" : "off")",
        ].joined(separator: "\n")
    }
}
