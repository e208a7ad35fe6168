import PetriWords

/// The six characters students type to join a lesson, e.g. `K7QX2M`.
///
/// The alphabet leaves out 0/O and 1/I, which children misread; it has 32 symbols, so a code
/// carries 30 bits. That is enough to avoid collisions among live lessons but not to resist
/// guessing on its own: the server rate-limits failed joins per address.
package struct JoinCode: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The 32 symbols a code is drawn from.
    package static let alphabet: [Character] = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
    /// Characters per code.
    package static let length = 6

    /// The code in canonical form: six upper-case symbols of ``alphabet``.
    package let text: String

    /// Reads a code as a person typed it: case, spaces and dashes are ignored.
    ///
    /// - Parameter typed: e.g. `k7q-x2m`.
    /// - Throws: ``ProtocolError/Code/invalidField`` when it is not six symbols of the alphabet.
    package init(_ typed: String) throws(ProtocolError) {
        let canonical = typed.uppercased().filter { $0 != " " && $0 != "-" }
        guard canonical.count == Self.length, canonical.allSatisfy(Self.alphabet.contains) else {
            throw ProtocolError(
                .invalidField, ProtocolWords.word("protocol.joinCode.invalid", ["length": .int(Self.length)]))
        }
        text = canonical
    }

    /// Draws a code; the server passes its secure generator.
    ///
    /// - Parameter generator: The source of randomness (the server uses `SystemRandomNumberGenerator`).
    package static func random(using generator: inout some RandomNumberGenerator) -> JoinCode {
        let symbols = (0..<length).map { _ in alphabet[Int(generator.next(upperBound: UInt64(alphabet.count)))] }
        return JoinCode(canonical: String(symbols))
    }

    private init(canonical: String) { text = canonical }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        let typed = try c.decode(String.self)
        guard typed.utf8.count <= TextLimit.joinCode else {
            throw ProtocolError(
                .tooLong, ProtocolWords.word("protocol.joinCode.tooLong", ["length": .int(Self.length)]))
        }
        self = try JoinCode(typed)
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(text)
    }

    package var description: String { text }
}
