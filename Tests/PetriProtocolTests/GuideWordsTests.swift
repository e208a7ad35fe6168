import PetriWords
import Testing

@testable import PetriProtocol
@testable import PetriSimulation

/// The guide's standard sections are translated like the models' other words: the models' catalogs hold them,
/// their English is the guide's own, and a reader gets them in the lesson's language.
@Suite struct GuideWordsTests {
    @Test func theModelsCatalogsHoldExactlyTheGuidesSectionsAndTheEnglishIsTheGuides() throws {
        let english = try #require(ModelWords.book.catalogs[.english])
        let keys = Guide.texts.map(\.key)
        #expect(Set(keys) == english.keys.filter { $0.hasPrefix("guide.") })
        #expect(Set(keys).count == keys.count)
        for (key, text) in Guide.texts {
            #expect(english.text(key, [:]) == text, "\(key)")
        }
    }

    @Test func aSpanishReaderGetsTheGuideInSpanishAndTheStoryWithIt() throws {
        let spanish = try #require(Language("es"))
        let guide = Guide(story: CamouflageModel.modelDescription.story).translated(model: "camouflage", into: spanish)
        #expect(guide.section("evolution")?.title == "¿Qué es la evolución?")
        #expect(
            guide.section("hunt")?.paragraphs.first?.hasPrefix("En una caza, los estudiantes son los depredadores.")
                == true)
        #expect(guide.sections.map(\.id) == Guide.standardSections.map(\.id))
        #expect(guide.sections.map(\.paragraphs.count) == Guide.standardSections.map(\.paragraphs.count))
        #expect(guide.story != CamouflageModel.modelDescription.story)
        #expect(Guide().translated(model: "camouflage", into: .english) == Guide())
    }

    @Test func aWelcomeToARunThatEndedSaysSoInTheReadersLanguage() throws {
        let arabic = try #require(Language("ar"))
        guard
            case .welcome(var welcome) = Fixtures.serverMessages.first(where: {
                if case .welcome = $0 { true } else { false }
            })
        else { throw GuideWordsError.noWelcomeFixture }
        #expect(welcome.model == .camouflage)
        welcome.runOver = CamouflageFile.file.words.extinct
        #expect(welcome.translated(into: arabic).runOver == "لم يتكيّف هذا النوع بسرعة كافية - لقد انقرض الآن.")
        welcome.runOver = "A sentence no catalog knows."
        #expect(welcome.translated(into: arabic).runOver == "A sentence no catalog knows.")
    }
}

private enum GuideWordsError: Error { case noWelcomeFixture }
