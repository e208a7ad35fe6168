import PetriProtocol
import Testing

@testable import PetriTerminal

/// `petri teach new --rank-by`: the lesson option `rankBy` from the terminal.
@Suite struct RankByOptionTests {
    @Test func pointsAndExpectedNameTheTwoRankingsInAnyCase() {
        #expect(RankByOption.rankBy("points") == .points)
        #expect(RankByOption.rankBy("expected") == .expected)
        #expect(RankByOption.rankBy("Expected") == .expected)
        #expect(RankByOption.values.compactMap(RankByOption.rankBy) == [.points, .expected])
    }

    @Test func anyOtherValueIsRefusedWithASentenceNamingTheChoices() {
        for text in ["luck", "", "expected-points", "score"] {
            #expect(RankByOption.rankBy(text) == nil, "\(text)")
        }
        let sentence = RankByOption.refusal("luck")
        #expect(sentence.hasPrefix("--rank-by must be points"))
        #expect(sentence.contains("or expected"))
        #expect(sentence.hasSuffix("but was luck."))
    }
}
