import Crypto

/// The SHA-256 digest of a secret token: what the store keeps in the token's place.
///
/// Teacher and resume tokens are bearer secrets, so a copy of the database must not hand them
/// out. The store's API takes and returns only digests; hash a token a client presents and look
/// it up (``PetriStore/student(resumeTokenHash:)``) or compare with ``matches(_:)``.
package struct TokenHash: Sendable, Hashable, CustomStringConvertible {
    /// The length of a SHA-256 digest in bytes.
    package static let byteCount = 32

    /// The 32 bytes of the digest.
    package let bytes: [UInt8]

    /// Hashes a token's UTF-8 bytes with SHA-256.
    package init(of token: String) {
        bytes = Array(SHA256.hash(data: Array(token.utf8)))
    }

    /// Wraps a digest read back from storage; nil unless it is exactly ``byteCount`` bytes.
    package init?(bytes: [UInt8]) {
        guard bytes.count == Self.byteCount else { return nil }
        self.bytes = bytes
    }

    /// The digest as 64 lowercase hex digits.
    package var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Reads ``hex`` back; nil unless it is exactly 64 lowercase hex digits.
    package init?(hex: String) {
        func nibble(_ c: UInt8) -> UInt8? {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
            default: nil
            }
        }
        let digits = Array(hex.utf8)
        guard digits.count == 2 * Self.byteCount else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.byteCount)
        for i in stride(from: 0, to: digits.count, by: 2) {
            guard let high = nibble(digits[i]), let low = nibble(digits[i + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        self.bytes = bytes
    }

    /// True when `token` hashes to this digest; the comparison takes the same time wherever the bytes differ.
    package func matches(_ token: String) -> Bool {
        let other = TokenHash(of: token).bytes
        var difference: UInt8 = 0
        for (a, b) in zip(bytes, other) { difference |= a ^ b }
        return difference == 0
    }

    /// The first four bytes in hex: enough to tell digests apart in a log, nothing more.
    package var description: String {
        "TokenHash("
            + bytes.prefix(4).map { byte in
                let hex = String(byte, radix: 16)
                return byte < 16 ? "0" + hex : hex
            }.joined() + "…)"
    }
}
