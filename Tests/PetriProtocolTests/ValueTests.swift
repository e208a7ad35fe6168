import PetriSimulation
import Testing

@testable import PetriProtocol

@Suite("Wire values: join codes, tokens, timestamps")
struct ValueTests {
    @Test func joinCodesUseSixUnambiguousSymbols() throws {
        // Given codes drawn from a seeded generator
        var random = PetriRandom(seed: 99)
        let codes = (0..<200).map { _ in JoinCode.random(using: &random) }

        // Then each is 6 symbols, none of 0, O, 1, I
        #expect(JoinCode.alphabet.count == 32)
        for code in codes {
            #expect(code.text.count == 6)
            #expect(!code.text.contains { "0O1I".contains($0) })
        }
        // And reading is forgiving of case and separators, strict about symbols
        #expect(try JoinCode(" k7q x2m ").text == "K7QX2M")
        #expect(throws: ProtocolError.self) { try JoinCode("K7QX2O") }
        #expect(throws: ProtocolError.self) { try JoinCode("K7QX2MM") }
    }

    @Test func tokensCompareFullyAndNeverPrintTheirSecret() throws {
        // Given two tokens differing only in the last character
        let a = try AccessToken("abcdefghijklmnopqrstuv")
        let b = try AccessToken("abcdefghijklmnopqrstuw")

        // Then they differ, and printing shows no secret
        let same = try AccessToken("abcdefghijklmnopqrstuv")
        #expect(a != b && a == same)
        #expect("\(a)" == "AccessToken(redacted)")
        // And 16 random bytes make a 22-character token (128 bits)
        let minted = try AccessToken(randomBytes: Array(repeating: 0xFF, count: 16))
        #expect(minted.secret == "_____________________w")
        #expect(throws: ProtocolError.self) { try AccessToken(randomBytes: [1, 2, 3]) }
    }

    @Test(arguments: [
        (Int64(0), "1970-01-01T00:00:00.000Z"),
        (1_741_080_000_250, "2025-03-04T09:20:00.250Z"),
        (1_709_208_000_000, "2024-02-29T12:00:00.000Z"),
        (-1, "1969-12-31T23:59:59.999Z"),
    ])
    func timestampsPrintAsISO8601InUTC(milliseconds: Int64, text: String) {
        // Given a time in milliseconds, When printed, Then it is ISO 8601 in UTC with milliseconds
        #expect(Timestamp(millisecondsSince1970: milliseconds).description == text)
    }

    @Test func conditionsCompareAgainstTheValueWhenAskedWhenTold() {
        // Given conditions, Then they hold as PROTOCOL.md section 5.1 says
        let grows = Condition.grows
        #expect(grows.holds(for: 121, asked: 120, runIsOver: false))
        #expect(!grows.holds(for: 120, asked: 120, runIsOver: false))
        #expect(Condition(.gt, 5, ref: .asked).holds(for: 126, asked: 120, runIsOver: false))
        #expect(Condition(.between, 40, upper: 60).holds(for: 60, asked: 0, runIsOver: false))
        #expect(!Condition(.ne, 3).holds(for: .nan, asked: 0, runIsOver: false))
        #expect(Condition.runOver.holds(for: 0, asked: 9, runIsOver: true))
        #expect(Condition(.between, 5).problem?.description == "\"between\" needs \"value\" and \"upper\"")
        #expect(Condition(.over, 1).problem?.description == "\"over\" takes no value")
    }
}
