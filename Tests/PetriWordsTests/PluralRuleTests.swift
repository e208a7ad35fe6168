import Testing

@testable import PetriWords

/// The plural rules against the samples CLDR publishes with each rule (`plurals.xml`, CLDR 46):
/// every sample of a category must fall in that category.
@Suite struct PluralRuleTests {
    /// A language's samples by category, as CLDR writes them (`~` a range at the same precision, `…` dropped).
    static let samples: [(language: String, category: PluralCategory, samples: String)] = [
        ("en", .one, "1"),
        ("en", .other, "0, 2~16, 100, 1000, 10000, 100000, 1000000, 0.0~1.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0"),
        ("cy", .zero, "0, 0.0, 0.00, 0.000, 0.0000"),
        ("cy", .one, "1, 1.0, 1.00, 1.000, 1.0000"),
        ("cy", .two, "2, 2.0, 2.00, 2.000, 2.0000"),
        ("cy", .few, "3, 3.0, 3.00, 3.000, 3.0000"),
        ("cy", .many, "6, 6.0, 6.00, 6.000, 6.0000"),
        ("cy", .other, "4, 5, 7~20, 100, 1000, 10000, 100000, 1000000, 0.1~0.9, 1.1~1.7, 10.0, 100.0, 1000.0"),
        ("es", .one, "1, 1.0, 1.00, 1.000, 1.0000"),
        (
            "es", .many,
            "1000000, 1c6, 2c6, 3c6, 4c6, 5c6, 6c6, 1.0000001c6, 1.1c6, 2.0000001c6, 2.1c6, 3.0000001c6, 3.1c6"
        ),
        (
            "es", .other,
            "0, 2~16, 100, 1000, 10000, 100000, 1c3, 2c3, 3c3, 4c3, 5c3, 6c3, 0.0~0.9, 1.1~1.6, 10.0, 100.0, 1000.0, "
                + "1.0c3, 2.0c3, 3.0c3, 4.0c3, 5.0c3, 6.0c3"
        ),
        ("ar", .zero, "0, 0.0, 0.00, 0.000, 0.0000"),
        ("ar", .one, "1, 1.0, 1.00, 1.000, 1.0000"),
        ("ar", .two, "2, 2.0, 2.00, 2.000, 2.0000"),
        ("ar", .few, "3~10, 103~110, 1003, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 103.0, 1003.0"),
        ("ar", .many, "11~26, 111, 1011, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 111.0, 1011.0"),
        (
            "ar", .other,
            "100~102, 200~202, 300~302, 400~402, 500~502, 600, 1000, 10000, 100000, 1000000, 0.1~0.9, 1.1~1.7, "
                + "10.1, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0"
        ),
    ]

    @Test(arguments: samples.indices)
    func everyCLDRSampleFallsInItsCategory(_ index: Int) throws {
        let (tag, category, text) = Self.samples[index]
        let language = try #require(Language(tag))
        for sample in Self.expand(text) {
            let operands = try #require(PluralOperands(sample), "\(sample) should read as a number")
            #expect(PluralRule.category(of: operands, in: language) == category, "\(tag) \(sample)")
        }
    }

    @Test func integersTakeTheSameCategoryAsTheirDecimalText() {
        for tag in ["en", "cy", "es", "ar"] {
            guard let language = Language(tag) else { continue }
            for value in 0...2_000 {
                #expect(
                    PluralRule.category(of: value, in: language)
                        == PluralRule.category(of: PluralOperands(String(value))!, in: language))
            }
        }
    }

    @Test func aLanguageWithoutItsOwnRuleTakesEnglishs() {
        let german = Language("de")!
        #expect(PluralRule.category(of: 1, in: german) == .one)
        #expect(PluralRule.category(of: 2, in: german) == .other)
    }

    @Test func operandsFollowTheDigitsAsWritten() throws {
        let operands = try #require(PluralOperands("1.50"))
        #expect([operands.i, operands.f, operands.t] == [1, 50, 5])
        #expect(operands.v == 2)
        let compact = try #require(PluralOperands("1.2c6"))
        #expect(compact.i == 1_200_000 && compact.v == 0 && compact.e == 6)
        #expect(PluralOperands("1.") == nil)
        #expect(PluralOperands("abc") == nil)
        #expect(PluralOperands("") == nil)
    }

    /// Expands CLDR's sample notation: `3~10` and `0.1~0.9` step by the last written digit.
    static func expand(_ text: String) -> [String] {
        text.split(separator: ",").flatMap { item -> [String] in
            let item = item.filter { $0 != " " }
            let ends = item.split(separator: "~").map(String.init)
            guard ends.count == 2 else { return [item] }
            let decimals = ends[0].split(separator: ".").dropFirst().first?.count ?? 0
            let scale = (0..<decimals).reduce(1) { total, _ in total * 10 }
            let units = { (text: String) in Int(text.replacing(".", with: "")) ?? 0 }
            return (units(ends[0])...units(ends[1])).map { value in
                guard decimals > 0 else { return String(value) }
                let fraction = String(value % scale)
                return "\(value / scale)." + String(repeating: "0", count: decimals - fraction.count) + fraction
            }
        }
    }
}
