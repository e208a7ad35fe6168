import Foundation
import PetriWebSocket
import PetriWords

extension ConfigurationSetting {
    /// Every setting, in the order of `Config/petri.yaml`; validation reports the first problem in this order.
    static var all: [ConfigurationSetting] {
        [
            .text(
                "server.host", \.server.host,
                allowed: ServerWords.word("config.allowed.host"),
                isValid: { !$0.isEmpty && !$0.contains(where: \.isWhitespace) && !hasControlCharacters($0) }),
            .integer("server.port", \.server.port, note: ServerWords.word("config.note.freePort"), in: 0...65_535),
            .text(
                "data.directory", \.data.directory, allowed: ServerWords.word("config.allowed.dataDirectory"),
                isValid: { !$0.isEmpty && !hasControlCharacters($0) }),
            .integer("data.keepEndedLessonsDays", \.data.keepEndedLessonsDays, unit: .days, in: 1...3650),
            .integer("checkpoints.everyEntries", \.checkpoints.everyEntries, in: 1...1_000_000),
            .integer("checkpoints.everyGenerations", \.checkpoints.everyGenerations, in: 1...100_000),
            .integer("checkpoints.keep", \.checkpoints.keep, in: 1...100),
            .optionalText(
                "teacher.key", \.teacher.key, isSecret: true,
                allowed: ServerWords.word("config.allowed.teacherKey"),
                isValid: {
                    (16...512).contains($0.count) && !$0.contains(where: \.isWhitespace)
                        && !hasControlCharacters($0)
                }),
            .optionalText(
                "models.directory", \.models.directory,
                allowed: ServerWords.word("config.allowed.modelsDirectory"),
                isValid: { !$0.isEmpty && !hasControlCharacters($0) }),
            .optionalText(
                "tls.certificate", \.tls.certificate,
                allowed: ServerWords.word("config.allowed.certificate"),
                isValid: { !hasControlCharacters($0) }),
            .optionalText(
                "tls.key", \.tls.key, allowed: ServerWords.word("config.allowed.tlsKey"),
                isValid: { !hasControlCharacters($0) }),
            .list(
                "websocket.allowedOrigins", \.websocket.allowedOrigins,
                allowed: ServerWords.word("config.allowed.origins"),
                isValid: { $0 == "*" || isOrigin($0) }),
            .integer("websocket.maxMessageBytes", \.websocket.maxMessageBytes, in: 1024...16_777_216),
            .integer("websocket.maxQueueBytes", \.websocket.maxQueueBytes, in: 4096...268_435_456),
            .integer(
                "websocket.maxTotalQueueBytes", \.websocket.maxTotalQueueBytes,
                note: ServerWords.word("config.note.noBudget"),
                in: 0...68_719_476_736),
            .integer(
                "websocket.stallTimeoutSeconds", \.websocket.stallTimeoutSeconds, unit: .seconds, in: 1...300),
            .integer(
                "websocket.handshakeTimeoutSeconds", \.websocket.handshakeTimeoutSeconds, unit: .seconds,
                in: 1...300),
            .integer(
                "websocket.pingAfterIdleSeconds", \.websocket.pingAfterIdleSeconds, unit: .seconds, in: 1...3599),
            .integer(
                "websocket.hangupAfterIdleSeconds", \.websocket.hangupAfterIdleSeconds, unit: .seconds,
                note: ServerWords.word("config.note.more", ["setting": "websocket.pingAfterIdleSeconds"]),
                // Clamped so the range stays well-formed even while pingAfterIdleSeconds is itself out of range.
                range: { min(max($0.websocket.pingAfterIdleSeconds, 0), 3599) + 1...3600 }),
            .integer(
                "websocket.maxConnectionsPerAddress", \.websocket.maxConnectionsPerAddress,
                note: ServerWords.word("config.note.noCap"),
                in: 0...1_000_000),
            .list(
                "websocket.trustedProxies", \.websocket.trustedProxies,
                allowed: ServerWords.word("config.allowed.trustedProxies"),
                isValid: isIPAddressLiteral),
            .integer("limits.messagesPerSecond", \.limits.messagesPerSecond, in: 1...10_000),
            .integer("limits.messageBurst", \.limits.messageBurst, in: 1...100_000),
            .integer("limits.failedJoinsPerMinute", \.limits.failedJoinsPerMinute, in: 1...10_000),
            .integer("limits.maxLessons", \.limits.maxLessons, in: 1...1_000_000),
            .choice("log.level", \.log.level),
            .choice("log.format", \.log.format),
            .boolean("metrics.enabled", \.metrics.enabled),
            .optionalText(
                "store.url", \.store.url, isSecret: true,
                allowed: ServerWords.word("config.allowed.storeURL"),
                isValid: { ($0.hasPrefix("postgres://") || $0.hasPrefix("postgresql://")) && !hasControlCharacters($0) }
            ),
            .integer("store.connectTimeoutSeconds", \.store.connectTimeoutSeconds, unit: .seconds, in: 1...600),
            .optionalText(
                "cluster.node", \.cluster.node,
                allowed: ServerWords.word("config.allowed.clusterNode"),
                isValid: { name in
                    (1...64).contains(name.count)
                        && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }
                }
            ),
            .optionalText(
                "cluster.advertiseUrl", \.cluster.advertiseUrl,
                allowed: ServerWords.word("config.allowed.advertiseURL"),
                isValid: {
                    ($0.hasPrefix("ws://") || $0.hasPrefix("wss://")) && !$0.contains(where: \.isWhitespace)
                        && !hasControlCharacters($0)
                }),
            .integer("cluster.leaseMilliseconds", \.cluster.leaseMilliseconds, in: 1000...600_000),
            .integer(
                "cluster.renewMilliseconds", \.cluster.renewMilliseconds,
                note: ServerWords.word("config.note.atMostHalf", ["setting": "cluster.leaseMilliseconds"]),
                range: { 100...max(100, min($0.cluster.leaseMilliseconds, 600_000) / 2) }),
        ]
    }

    /// The setting at a YAML path, if there is one.
    static func named(_ path: String) -> ConfigurationSetting? {
        all.first { $0.path == path }
    }

    /// The section names, in order (`server`, `data`, …).
    static var sections: [String] {
        all.reduce(into: []) { names, setting in
            if names.last != String(setting.section) { names.append(String(setting.section)) }
        }
    }

    private static func hasControlCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains { CharacterSet.controlCharacters.contains($0) }
    }

    /// `http` or `https`, `://`, a lower-case host name, IPv4 or bracketed IPv6 address, an optional port, and
    /// nothing after: exactly what browsers send in `Origin`, which the transport compares byte for byte.
    private static func isOrigin(_ origin: String) -> Bool {
        let rest: Substring
        if origin.hasPrefix("https://") {
            rest = origin.dropFirst("https://".count)
        } else if origin.hasPrefix("http://") {
            rest = origin.dropFirst("http://".count)
        } else {
            return false
        }
        var host = rest
        if let colon = rest.lastIndex(of: ":"), !rest[colon...].contains("]") {
            let port = rest[rest.index(after: colon)...]
            guard let number = Int(port), (1...65_535).contains(number), port.allSatisfy(\.isASCII) else {
                return false
            }
            host = rest[..<colon]
        }
        if host.hasPrefix("[") && host.hasSuffix("]") {
            return host.count > 2 && host.dropFirst().dropLast().allSatisfy { $0.isHexDigit || $0 == ":" }
        }
        return !host.isEmpty
            && host.allSatisfy { ($0.isASCII && ($0.isLowercase || $0.isNumber)) || $0 == "-" || $0 == "." }
    }
}
