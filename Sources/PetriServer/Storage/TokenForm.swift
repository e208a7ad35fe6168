import PetriProtocol
import PetriStore

/// How a lesson holds its teacher token and its students' resume tokens: in its record, its
/// log's `join` entries and its checkpoints' roster.
///
/// A lesson created by this version holds only digests: the hub digests every token it mints
/// or receives before the lesson sees it (``held(_:)``), and hands the raw token only to its
/// owner, so a copy of the data directory controls nothing. Lessons stored by earlier versions
/// hold raw tokens and keep doing so, so that their teachers and students still get in after
/// an upgrade.
public enum TokenForm: String, Sendable, Hashable, Codable {
    /// The tokens themselves (lessons stored before tokens were digested).
    case raw
    /// Each token's SHA-256 digest, as 64 lowercase hex characters.
    case digest

    /// The token as a lesson of this form holds it: its digest, or itself.
    ///
    /// - Throws: ``ProtocolError`` only if a digest were not a valid token (it always is: hex is
    ///   in the token alphabet and 64 characters are in range).
    func held(_ token: AccessToken) throws(ProtocolError) -> AccessToken {
        switch self {
        case .raw: token
        case .digest: try AccessToken(Self.hex(TokenHash(of: token.secret).bytes))
        }
    }

    /// The store's digest of the token a lesson of this form holds: the token's SHA-256 either way,
    /// so the store's tables mean the same thing for old and new lessons.
    func storeHash(ofHeld token: AccessToken) -> TokenHash {
        if self == .digest, let bytes = Self.bytes(ofHex: token.secret), let hash = TokenHash(bytes: bytes) {
            return hash
        }
        return TokenHash(of: token.secret)
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func bytes(ofHex text: String) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        guard utf8.count.isMultiple(of: 2) else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count / 2)
        var i = 0
        while i < utf8.count {
            guard let high = nibble(utf8[i]), let low = nibble(utf8[i + 1]) else { return nil }
            out.append(high << 4 | low)
            i += 2
        }
        return out
    }

    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
