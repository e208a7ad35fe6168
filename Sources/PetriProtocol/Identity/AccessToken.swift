import PetriWords

/// A bearer secret: a teacher token (controls one lesson) or a student's resume token.
///
/// The server mints tokens from a cryptographically secure generator (at least 128 bits,
/// e.g. 16 random bytes as 22 base64url characters); nothing in this package generates
/// them. Equality takes the same time wherever two tokens differ, and ``description`` never
/// shows the secret, so a token printed by accident in a log line stays secret.
package struct AccessToken: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The secret text; only the server and the owner's connection see it (the server may store
    /// a digest of it instead, itself wrapped as a token: 64 hex characters are a valid one).
    package let secret: String

    /// The accepted alphabet (base64url), and lengths: 22 characters carry 132 bits.
    static let allowedLengths = 22...TextLimit.token

    /// Wraps a token, checking its shape.
    ///
    /// - Parameter secret: 22...128 characters of `A-Z a-z 0-9 - _`.
    /// - Throws: ``ProtocolError/Code/invalidField`` when the text cannot be a token.
    package init(_ secret: String) throws(ProtocolError) {
        guard Self.allowedLengths.contains(secret.utf8.count),
            secret.utf8.allSatisfy(Self.isTokenByte)
        else {
            throw ProtocolError(.invalidField, ProtocolWords.word("protocol.token.invalid"))
        }
        self.secret = secret
    }

    /// Encodes `bytes` (at least 16, from a secure generator) as a base64url token.
    ///
    /// - Parameter bytes: Random bytes; 16 give 128 bits.
    /// - Throws: ``ProtocolError/Code/invalidField`` for fewer than 16 bytes.
    package init(randomBytes bytes: [UInt8]) throws(ProtocolError) {
        guard bytes.count >= 16 else {
            throw ProtocolError(.invalidField, "A token needs at least 16 random bytes.")
        }
        try self.init(Base64URL.encode(bytes))
    }

    package init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        self = try AccessToken(text)
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(secret)
    }

    /// Compares in time that depends only on the lengths, never on where the tokens differ.
    package static func == (a: AccessToken, b: AccessToken) -> Bool {
        let x = Array(a.secret.utf8)
        let y = Array(b.secret.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for i in x.indices { difference |= x[i] ^ y[i] }
        return difference == 0
    }

    package func hash(into hasher: inout Hasher) { hasher.combine(secret) }

    package var description: String { "AccessToken(redacted)" }

    private static func isTokenByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default: false
        }
    }
}

/// Unpadded base64url (RFC 4648 §5), enough to turn random bytes into a token.
enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count * 4 + 2) / 3)
        var i = 0
        while i < bytes.count {
            let chunk = bytes[i..<min(i + 3, bytes.count)]
            var word: UInt32 = 0
            for (k, b) in chunk.enumerated() { word |= UInt32(b) << (16 - 8 * UInt32(k)) }
            for k in 0...chunk.count { out.append(alphabet[Int((word >> (18 - 6 * UInt32(k))) & 0x3F)]) }
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
