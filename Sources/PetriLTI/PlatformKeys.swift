import Foundation
import JWTKit
import PetriStorage

/// The platforms' public keys, fetched from their JWKS URLs and kept a while; fetched again when a launch names a
/// key not in the set (the platform rotated its keys).
package actor PlatformKeys {
    /// Fetches a URL's body (AsyncHTTPClient in the server; a stub in tests).
    package typealias Fetch = @Sendable (_ url: String) async throws -> [UInt8]

    private let fetch: Fetch
    private let now: @Sendable () -> Double
    private var cached: [String: (keys: JWTKeyCollection, kids: Set<String>, at: Double)] = [:]
    /// Seconds a fetched key set is used before it is fetched again.
    package static let keepSeconds: Double = 10 * 60

    package init(fetch: @escaping Fetch, now: @escaping @Sendable () -> Double) {
        self.fetch = fetch
        self.now = now
    }

    /// Verifies the token's signature with the platform's key named in its header and its audience (the
    /// platform's client id), and decodes its claims.
    package func verify(_ token: String, for platform: LTIPlatformRecord) async -> Result<LaunchClaims, LaunchRefusal> {
        guard let header = Self.header(of: token), header.alg == "RS256" else { return .failure(.forged) }
        let keys: JWTKeyCollection
        do {
            keys = try await keySet(for: platform, wanting: header.kid)
        } catch {
            return .failure(.unreachable)
        }
        do {
            let claims = try await keys.verify(token, as: LaunchClaims.self, expectedAudience: platform.clientId)
            return .success(claims)
        } catch let error as JWTError where error.errorType == .claimVerificationFailure {
            return .failure(.wrongAudience)
        } catch {
            return .failure(.forged)
        }
    }

    private func keySet(for platform: LTIPlatformRecord, wanting kid: String?) async throws -> JWTKeyCollection {
        if let entry = cached[platform.id], now() - entry.at < Self.keepSeconds,
            kid.map(entry.kids.contains) ?? true
        {
            return entry.keys
        }
        let body = try await fetch(platform.jwksURL)
        let jwks = try JSONDecoder().decode(JWKS.self, from: Data(body))
        // Only RSA signing keys: a platform's set may hold others, which no LTI launch is signed with.
        let usable = jwks.keys.filter { $0.keyType == .rsa && $0.keyIdentifier != nil }
        let keys = JWTKeyCollection()
        for key in usable { try await keys.add(jwk: key) }
        cached[platform.id] = (keys, Set(usable.compactMap { $0.keyIdentifier?.string }), now())
        return keys
    }

    struct Header: Decodable {
        var alg: String?
        var kid: String?
    }

    /// The token's JOSE header (not verified: it only says which key and algorithm to verify with).
    static func header(of token: String) -> Header? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var text = parts[0].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while text.count % 4 != 0 { text += "=" }
        guard let data = Data(base64Encoded: text) else { return nil }
        return try? JSONDecoder().decode(Header.self, from: data)
    }
}
