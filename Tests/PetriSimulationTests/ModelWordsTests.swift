import PetriWords
import Testing

@testable import PetriSimulation

@Suite("The models' words: catalogs in every language, the English the models' own")
struct ModelWordsTests {
    private static let languages = ["en", "cy", "es", "ar"].compactMap(Language.init)

    /// Every text of every shipped model, by key.
    private static var texts: [(key: String, text: String)] {
        ModelCatalog.shipped.descriptions.flatMap(\.texts)
    }

    @Test func everyCatalogHasEveryKeyTheModelsUseAndNoOther() throws {
        // The guide's sections live in PetriProtocol (GuideWordsTests there pins their keys and English).
        let guide = try #require(ModelWords.book.catalogs[.english]).keys.filter { $0.hasPrefix("guide.") }
        let used = Set(Self.texts.map(\.key)).union(ModelWords.endTexts.map(\.key)).union(guide)
        #expect(used.count > 300 && !guide.isEmpty)
        #expect(CatalogAudit.problems(of: ModelWords.book, used: used, languages: Self.languages) == [])
    }

    @Test func theEnglishCatalogIsWhatTheModelsSay() throws {
        let english = try #require(ModelWords.book.catalogs[.english])
        for (key, text) in Self.texts + ModelWords.endTexts {
            #expect(english.text(key, [:]) == text, "\(key)")
        }
    }

    @Test func theSentencesAtARunsEndAreTheModelFilesAndReachAWelshReaderInWelsh() throws {
        let welsh = try #require(Language("cy"))
        #expect(ModelWords.endTexts.count == 10)
        #expect(
            ModelWords.endTexts.contains { $0.key == "mice.words.runOver" && $0.text == MiceFile.file.words.runOver })
        // A full course of antibiotic wipes the strain out (seed 1: ResistanceScenarioTests); a dose then is refused
        var model = try ResistanceModel(parameters: ResistanceScenario.fullCourse.parameters, seed: 1)
        for _ in 0..<12 { model.step() }
        #expect(model.isOver)
        #expect(model.endMessage == ResistanceFile.file.words.extinct)
        let refusal = try #require(throws: SimulationError.self) {
            try model.apply(.set(name: "dose", value: .number(40)))
        }
        #expect(refusal.message == ResistanceFile.file.words.runOver)
        #expect(
            refusal.word?.text(in: welsh)
                == "Mae pob bacteriwm wedi marw, felly mae'r rhediad ar ben; dechreuwch wers newydd i roi cynnig arall arni."
        )
        // Words someone changed are shown as written, never with a stale translation
        #expect(ModelWords.word("Every bacterium died, the end.", key: "resistance.words.runOver") == nil)
        #expect(ModelWords.argument("Mine.", key: "resistance.words.extinct") == .text("Mine."))
    }

    @Test func aWelshReaderGetsTheMothsStoryParametersAndNounsInWelsh() throws {
        let welsh = try #require(Language("cy"))
        let english = CamouflageModel.modelDescription
        let translated = english.translated(into: welsh)
        #expect(translated.title == "Gwyfynod brith (cuddliw)")
        #expect(translated.story.hasPrefix("Mae gwyfynod yn byw ar gefndir o un lliw"))
        #expect(translated.presentation?.nouns.many == "gwyfynod")
        #expect(translated.presentation?.traitColours?.names.first == "du")
        #expect(translated.metrics.first { $0.name == "population" }?.label == "Nifer y gwyfynod")
        // Names, ranges, defaults and choices are the model's, not words
        #expect(translated.parameters.map(\.name) == english.parameters.map(\.name))
        #expect(translated.parameters.map(\.range) == english.parameters.map(\.range))
        #expect(translated.parameters.map(\.defaultValue) == english.parameters.map(\.defaultValue))
        #expect(translated.scenarios.map(\.name) == english.scenarios.map(\.name))
        #expect(translated.presentation?.headlineMetric == english.presentation?.headlineMetric)
        #expect(english.translated(into: .english) == english)
    }

    @Test func aModelWhoseWordsChangedIsShownAsWrittenNotWithAStaleTranslation() throws {
        let arabic = try #require(Language("ar"))
        let own = LifeModel.modelDescription
        let changed = ModelDescription(
            model: own.model, title: own.title, story: "A board I wrote about myself.", parameters: own.parameters,
            scenarios: own.scenarios, metrics: own.metrics, guide: own.guide, presentation: own.presentation)
        let translated = changed.translated(into: arabic)
        #expect(translated.story == "A board I wrote about myself.")
        #expect(translated.title == "لعبة الحياة")
    }
}
