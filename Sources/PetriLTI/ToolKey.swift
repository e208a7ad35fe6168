import Crypto
import CryptoExtras
import Foundation
import JWTKit
import PetriProtocol
import PetriStorage

/// Petri's own RSA key as an LTI tool: it signs the deep linking responses and the services' client assertions,
/// and its public half is published at `/lti/jwks`. Made once per store (the first node of a cluster to need it).
package struct ToolKey: Sendable {
    package let record: LTIToolKeyRecord
    let keys: JWTKeyCollection
    let publicJWK: [String: String]

    /// A fresh 2048-bit key (RS256, as LTI requires), its id the first 16 hex digits of its modulus's SHA-256.
    package static func make(at time: Timestamp) throws -> LTIToolKeyRecord {
        let key = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        let modulus = try key.publicKey.getKeyPrimitives().modulus
        let kid = SHA256.hash(data: modulus).map { String(format: "%02x", $0) }.joined().prefix(16)
        var secret = [UInt8](repeating: 0, count: 32)
        var random = SystemRandomNumberGenerator()
        for i in secret.indices { secret[i] = random.next() }
        return LTIToolKeyRecord(kid: String(kid), privateKeyPEM: key.pemRepresentation, secret: secret, createdAt: time)
    }

    package init(_ record: LTIToolKeyRecord) async throws {
        self.record = record
        let key = try Insecure.RSA.PrivateKey(pem: record.privateKeyPEM)
        let primitives = try key.publicKey.getKeyPrimitives()
        publicJWK = [
            "kty": "RSA", "alg": "RS256", "use": "sig", "kid": record.kid,
            "n": Self.base64URL(primitives.modulus), "e": Self.base64URL(primitives.publicExponent),
        ]
        keys = JWTKeyCollection()
        await keys.add(rsa: key, digestAlgorithm: .sha256, kid: JWKIdentifier(string: record.kid))
    }

    /// The public key set, as `/lti/jwks` serves it.
    package var jwksJSON: String {
        let data =
            (try? JSONSerialization.data(withJSONObject: ["keys": [publicJWK]], options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// Signs `payload` with this key (RS256, its `kid` in the header).
    package func sign(_ payload: some JWTPayload) async throws -> String {
        try await keys.sign(payload, kid: JWKIdentifier(string: record.kid))
    }

    /// The resume token of an LMS user in a lesson: derived from the key's secret, so that the same user gets the
    /// same student from any device while nothing but its digest is stored.
    package func studentToken(platformId: String, userId: String, lessonId: String) throws -> AccessToken {
        let message = Array([platformId, userId, lessonId].joined(separator: "\u{0}").utf8)
        let mac = HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: record.secret))
        return try AccessToken(randomBytes: Array(mac))
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
