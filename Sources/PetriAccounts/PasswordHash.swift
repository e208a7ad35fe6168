import Crypto
import Foundation
import _CryptoExtras

/// A password's salted hash: scrypt (RFC 7914) from swift-crypto's extras (BoringSSL's `EVP_PBE_scrypt`),
/// kept as one self-describing text so that stronger parameters can be adopted later while every
/// stored hash still verifies:
///
///     $scrypt$ln=17,r=8,p=1$<salt, base64>$<32-byte key, base64>
///
/// The default parameters are OWASP's (Password Storage Cheat Sheet): N = 2^17, r = 8, p = 1, that is
/// 128 MiB and a few hundred milliseconds of one core per hash. Argon2id, OWASP's first choice, is
/// not in any library within reach; scrypt is its stated second, ahead of bcrypt and PBKDF2.
package struct PasswordHash: Sendable, Hashable {
    /// scrypt's cost: N = 2^`logN` (memory and time), block size r, parallelism p.
    package struct Parameters: Sendable, Hashable {
        package var logN: Int
        package var r: Int
        package var p: Int

        package init(logN: Int, r: Int, p: Int) {
            self.logN = logN
            self.r = r
            self.p = p
        }

        /// OWASP's minimum for scrypt.
        package static let owasp = Parameters(logN: 17, r: 8, p: 1)

        /// Within what this server agrees to compute for a stored hash (a damaged or hostile row
        /// must not make verifying cost gigabytes).
        var isReasonable: Bool { (1...20).contains(logN) && (1...16).contains(r) && (1...4).contains(p) }
    }

    package var parameters: Parameters
    package var salt: [UInt8]
    package var key: [UInt8]

    static let keyLength = 32
    static let saltLength = 16

    /// Hashes a password with a fresh 16-byte salt from the system's generator.
    ///
    /// - Throws: When the key derivation fails (it does not for valid parameters).
    package static func make(_ password: String, parameters: Parameters = .owasp) throws -> PasswordHash {
        var random = SystemRandomNumberGenerator()
        let salt = (0..<saltLength).map { _ in UInt8.random(in: 0...255, using: &random) }
        return PasswordHash(
            parameters: parameters, salt: salt, key: try derive(password, salt: salt, parameters: parameters))
    }

    private static func derive(_ password: String, salt: [UInt8], parameters: Parameters) throws -> [UInt8] {
        let key = try KDF.Scrypt.deriveKey(
            from: Array(password.utf8), salt: salt, outputByteCount: keyLength, rounds: 1 << parameters.logN,
            blockSize: parameters.r, parallelism: parameters.p)
        return key.withUnsafeBytes { Array($0) }
    }

    /// Whether `password` is the one hashed, comparing the keys in constant time.
    package func verifies(_ password: String) -> Bool {
        guard parameters.isReasonable,
            let derived = try? Self.derive(password, salt: salt, parameters: parameters)
        else { return false }
        return ConstantTime.equal(derived, key)
    }

    /// The stored text.
    package var text: String {
        "$scrypt$ln=\(parameters.logN),r=\(parameters.r),p=\(parameters.p)$"
            + Data(salt).base64EncodedString() + "$" + Data(key).base64EncodedString()
    }

    /// Reads ``text`` back; nil for anything else.
    package init?(text: String) {
        let parts = text.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 5, parts[0].isEmpty, parts[1] == "scrypt",
            let salt = Data(base64Encoded: String(parts[3])), let key = Data(base64Encoded: String(parts[4])),
            key.count == Self.keyLength
        else { return nil }
        var values: [String: Int] = [:]
        for pair in parts[2].split(separator: ",") {
            let kv = pair.split(separator: "=")
            guard kv.count == 2, let value = Int(kv[1]) else { return nil }
            values[String(kv[0])] = value
        }
        guard let logN = values["ln"], let r = values["r"], let p = values["p"] else { return nil }
        self.init(parameters: Parameters(logN: logN, r: r, p: p), salt: Array(salt), key: Array(key))
    }

    package init(parameters: Parameters, salt: [UInt8], key: [UInt8]) {
        self.parameters = parameters
        self.salt = salt
        self.key = key
    }
}

/// Comparisons of secrets whose time does not depend on where they differ.
package enum ConstantTime {
    /// Whether the two byte strings are equal, looking at every byte of the longer whatever they hold
    /// (only their lengths, which are not secret here, can be learnt from the time).
    package static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        var difference: UInt8 = a.count == b.count ? 0 : 1
        for index in 0..<max(a.count, b.count) {
            let x = index < a.count ? a[index] : 0
            let y = index < b.count ? b[index] : 0
            difference |= x ^ y
        }
        return difference == 0
    }
}
