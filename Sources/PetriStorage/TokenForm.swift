import PetriProtocol

/// How a lesson holds its teacher token and its students' resume tokens: in its record, its
/// log's `join` entries and its checkpoints' roster.
///
/// A lesson created by this version holds only digests: the hub digests every token it mints
/// or receives before the lesson sees it (``held(_:)``), and hands the raw token only to its
/// owner, so a copy of the data directory controls nothing. Lessons stored by earlier versions
/// hold raw tokens and keep doing so, so that their teachers and students still get in after
/// an upgrade.
package enum TokenForm: String, Sendable, Hashable, Codable {
    /// The tokens themselves (lessons stored before tokens were digested).
    case raw
    /// Each token's SHA-256 digest, as 64 lowercase hex characters.
    case digest

    /// The token as a lesson of this form holds it: its digest, or itself.
    ///
    /// - Throws: ``ProtocolError`` only if a digest were not a valid token (it always is: hex is
    ///   in the token alphabet and 64 characters are in range).
    package func held(_ token: AccessToken) throws(ProtocolError) -> AccessToken {
        switch self {
        case .raw: token
        case .digest: try AccessToken(TokenHash(of: token.secret).hex)
        }
    }

    /// The store's digest of the token a lesson of this form holds: the token's SHA-256 either way,
    /// so the store's tables mean the same thing for old and new lessons.
    package func storeHash(ofHeld token: AccessToken) -> TokenHash {
        if self == .digest, let hash = TokenHash(hex: token.secret) { return hash }
        return TokenHash(of: token.secret)
    }
}
