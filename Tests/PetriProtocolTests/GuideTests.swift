import Testing

@testable import PetriProtocol
@testable import PetriSimulation

/// The guide's words every client shows: they must not tell a class that a model without chance is random.
@Suite struct GuideTests {
    @Test func theRandomnessSectionNamesTheModelsThatHaveNoChance() throws {
        let section = try #require(Guide().section("randomness"))
        let text = section.paragraphs.joined(separator: " ")
        #expect(!text.hasPrefix("Survival and mutation are random."))
        #expect(text.contains("In the moths, the bacteria and the finches, survival and mutation are random."))
        #expect(text.contains("The islands map and the Game of Life have none"))
    }

    @Test func theStoriesOfTheModelsWithoutChanceSaySo() {
        #expect(IslandsModel.modelDescription.story.contains("There is no chance in it"))
        #expect(LifeModel.modelDescription.story.contains("There is no chance at all"))
    }

    @Test func everySectionHasAnIdATitleAndParagraphs() {
        let ids = Guide.standardSections.map(\.id)
        #expect(Set(ids).count == ids.count)
        for section in Guide.standardSections {
            #expect(!section.title.isEmpty && !section.paragraphs.isEmpty && !section.paragraphs.contains(""))
        }
    }
}
