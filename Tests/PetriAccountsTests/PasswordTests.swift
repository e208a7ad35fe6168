import Testing

@testable import PetriAccounts

@Suite struct PasswordTests {
    static let ada = (name: "Ada Lovelace", email: Optional("ada@school.example"))

    @Test func aPasswordShorterThanTwelveCharactersIsRefusedSayingHowLong() {
        #expect(PasswordPolicy.refusal(of: "short-pass1", for: Self.ada)?.text().contains("11 characters") == true)
        #expect(PasswordPolicy.refusal(of: "violet kettle harbour", for: Self.ada) == nil)
    }

    @Test(arguments: [
        "123qweasdzxc", "1qaz2wsx3edc", "Password1234!", "2024iloveyou", "DragonDragonDragon", "aaaaaaaaaaaa",
        "ada@school.example",
    ])
    func aCommonPasswordOrTheTeachersOwnNameIsRefused(_ password: String) {
        #expect(PasswordPolicy.refusal(of: password, for: Self.ada) != nil)
    }

    @Test func theShippedListHasAFewThousandPasswords() {
        #expect(PasswordPolicy.common.count == 3217)
        #expect(PasswordPolicy.common.contains("password"))
    }

    @Test func aHashVerifiesItsPasswordOnlyAndReadsBackFromItsText() throws {
        // Given a password hashed with small parameters (the policy's own are OWASP's, slower)
        let small = PasswordHash.Parameters(logN: 4, r: 8, p: 1)
        let hash = try PasswordHash.make("violet kettle harbour", parameters: small)

        // Then its text names scrypt and its parameters, reads back the same, and verifies only that password
        #expect(hash.text.hasPrefix("$scrypt$ln=4,r=8,p=1$"))
        let read = try #require(PasswordHash(text: hash.text))
        #expect(read == hash)
        #expect(read.verifies("violet kettle harbour"))
        #expect(!read.verifies("violet kettle harbour "))
        #expect(PasswordHash.Parameters.owasp == PasswordHash.Parameters(logN: 17, r: 8, p: 1))
    }

    @Test func twoHashesOfOnePasswordDifferByTheirSalt() throws {
        let small = PasswordHash.Parameters(logN: 4, r: 8, p: 1)
        let a = try PasswordHash.make("violet kettle harbour", parameters: small)
        let b = try PasswordHash.make("violet kettle harbour", parameters: small)
        #expect(a.salt != b.salt && a.key != b.key)
    }

    @Test func aStoredHashAskingForAbsurdCostIsNotComputed() throws {
        // A damaged row asking for N = 2^30 must not make the server allocate a terabyte
        let hash = try #require(
            PasswordHash(
                text: "$scrypt$ln=30,r=8,p=1$AAAAAAAAAAAAAAAAAAAAAA==$" + String(repeating: "A", count: 43) + "="))
        #expect(!hash.verifies("anything at all"))
    }

    @Test func constantTimeEqualityComparesWholeStrings() {
        #expect(ConstantTime.equal([1, 2, 3], [1, 2, 3]))
        #expect(!ConstantTime.equal([1, 2, 3], [1, 2, 4]))
        #expect(!ConstantTime.equal([1, 2, 3], [1, 2, 3, 0]))
        #expect(!ConstantTime.equal([], [0]))
    }
}
