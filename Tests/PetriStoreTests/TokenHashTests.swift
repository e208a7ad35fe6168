import PetriProtocol
import Testing

@testable import PetriStore

@Suite struct TokenHashTests {
    @Test func aDigestReadsBackFromItsHex() throws {
        // Given the digest of a token
        let hash = TokenHash(of: "kp89JYcmhEAT4njUuIOkBQ")

        // Then its hex is 64 lowercase digits (SHA-256 of the text), and reads back to the same digest
        #expect(hash.hex.count == 64)
        #expect(hash.hex.allSatisfy { $0.isHexDigit && !$0.isUppercase })
        #expect(TokenHash(hex: hash.hex) == hash)
        #expect(TokenHash(of: "abc").hex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test(arguments: [
        "", "abc", String(repeating: "g", count: 64), String(repeating: "A", count: 64),
        String(repeating: "0", count: 66),
    ])
    func anythingButSixtyFourLowercaseHexDigitsIsNoDigest(_ text: String) {
        #expect(TokenHash(hex: text) == nil)
    }
}
