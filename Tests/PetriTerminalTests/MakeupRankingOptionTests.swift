import PetriProtocol
import Testing

@testable import PetriTerminal

/// `petri teach new --makeup-ranking`: the lesson option `makeupRanking` from the terminal.
@Suite struct MakeupRankingOptionTests {
    @Test func apartAndWithClassNameTheTwoRankingsInAnyCase() {
        #expect(MakeupRankingOption.ranking("apart") == .apart)
        #expect(MakeupRankingOption.ranking("with-class") == .withClass)
        #expect(MakeupRankingOption.ranking("withClass") == .withClass)
        #expect(MakeupRankingOption.ranking("Apart") == .apart)
        #expect(MakeupRankingOption.values.compactMap(MakeupRankingOption.ranking) == [.apart, .withClass])
    }

    @Test func anyOtherValueIsRefusedWithASentenceNamingTheChoices() {
        for text in ["first", "", "with class", "together"] {
            #expect(MakeupRankingOption.ranking(text) == nil, "\(text)")
        }
        let sentence = MakeupRankingOption.refusal("first")
        #expect(sentence.hasPrefix("--makeup-ranking must be apart"))
        #expect(sentence.contains("or with-class"))
        #expect(sentence.hasSuffix("but was first."))
    }
}
