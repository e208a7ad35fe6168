import PetriStore
import Testing

@Suite struct TokenHashTests {
    private func hex(_ hash: TokenHash) -> String {
        hash.bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    @Test func isSHA256OfTheUTF8Bytes() {
        // FIPS 180-2 test vectors
        #expect(hex(TokenHash(of: "")) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(hex(TokenHash(of: "abc")) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func matchesOnlyItsOwnToken() {
        let hash = TokenHash(of: "resume-ada")
        #expect(hash.matches("resume-ada"))
        #expect(!hash.matches("resume-adb"))
        #expect(TokenHash(bytes: hash.bytes) == hash)
        #expect(TokenHash(bytes: [1, 2, 3]) == nil)
    }
}
