import Foundation
import Testing

@testable import PetriSimulation

/// Every model says how it is shown (``ModelPresentation``), once: the trait models in their file's
/// `presentation:` section, islands and Life in Swift; `petri model check` checks the section.
@Suite struct ModelPresentationTests {
    static let camouflage = String(decoding: PackageResources.camouflage_yaml, as: UTF8.self)

    @Test func everyServedModelHasAPresentationNamingItsOwnMetricsAndColours() throws {
        for description in ModelKind.allDescriptions {
            let presentation = try #require(description.presentation, "\(description.model) has none")
            let metrics = Set(description.metrics.map(\.name))
            #expect(metrics.contains(presentation.headlineMetric), "\(description.model)")
            for reading in presentation.readings {
                #expect(metrics.contains(reading.metric), "\(description.model): \(reading.metric)")
            }
            let colours =
                presentation.legend.map(\.colour)
                + [presentation.traitColours?.low, presentation.traitColours?.high].compactMap { $0 }
            for colour in colours { #expect(TraitModelFile.isColour(colour), "\(description.model): \(colour)") }
            #expect(!presentation.nouns.one.isEmpty && !presentation.nouns.many.isEmpty)
        }
    }

    @Test func eachModelDrawsItsPicture() {
        let pictures = Dictionary(
            uniqueKeysWithValues: ModelKind.allDescriptions.map { ($0.model, $0.presentation?.picture) })
        #expect(pictures["camouflage"] == .traitField)
        #expect(pictures["resistance"] == .traitHistogram)
        #expect(pictures["beaks"] == .traitHistogram)
        #expect(pictures["islands"] == .islandMap)
        #expect(pictures["life"] == .cellBoard)
        #expect(MiceFile.file.modelPresentation.picture == .traitField)
    }

    @Test func camouflageKeepsTheWordsTheClientsShowedBefore() throws {
        let p = try #require(CamouflageModel.modelDescription.presentation)
        #expect(p.nouns == ModelPresentation.Nouns(one: "moth", many: "moths"))
        #expect(p.headlineMetric == "population" && p.headlineLabel == "Population")
        #expect(p.readings.map(\.words) == ["mean colour", "best"])
        #expect(
            p.traitColours
                == .init(low: "#000000", high: "#ffffff", names: ["black", "dark", "grey", "light", "white"]))
        #expect(p.suited == "best camouflaged" && p.marker == "background colour")
        #expect(p.extinct == "Extinct: no moths are left")
        #expect(p.chart == ModelPresentation.Chart(histogramTitle: "Moths by colour", colouredBars: true))
    }

    @Test func onlyLifeCannotDieOut() {
        for description in ModelKind.allDescriptions {
            #expect((description.presentation?.extinct == nil) == (description.model == "life"), "\(description.model)")
        }
    }

    @Test func aFileWithoutAPresentationIsDrawnAsAHistogramInPlainWords() throws {
        let start = try #require(Self.camouflage.range(of: "\n# How clients show it"))
        let file = try TraitModelFile.parse(String(Self.camouflage[..<start.lowerBound]))
        let presentation = file.modelPresentation
        #expect(presentation.picture == .traitHistogram)
        #expect(presentation.nouns.many == "creatures")
        #expect(presentation.headlineMetric == "population")
        #expect(presentation.extinct != nil)
    }

    @Test func parsingRefusesAPresentationTheClientsCannotDraw() {
        let broken = Self.camouflage.replacingOccurrences(of: "picture: traitField", with: "picture: islandMap")
        #expect(throws: SimulationError.self) { try TraitModelFile.parse(broken) }
    }

    // MARK: petri model check

    struct Case: Sendable, CustomTestStringConvertible {
        var find: String
        var replace: String
        var sentence: String
        var lineOf: String?

        var broken: String {
            guard let range = ModelPresentationTests.camouflage.range(of: find) else { return "" }
            return ModelPresentationTests.camouflage.replacingCharacters(in: range, with: replace)
        }

        var line: Int {
            let lines = broken.split(separator: "\n", omittingEmptySubsequences: false)
            return (lines.firstIndex { $0.contains(lineOf ?? replace) } ?? -1) + 1
        }

        var testDescription: String { sentence }
    }

    static let cases: [Case] = [
        Case(
            find: "picture: traitField", replace: "picture: mothField",
            sentence: "\"mothField\" is not a picture a trait model draws"),
        Case(
            find: "headline: {metric: population,", replace: "headline: {metric: moths,",
            sentence: "presentation names the metric moths, which is not under metrics"),
        Case(
            find: "- {metric: bestCamouflaged, words: best}", replace: "- {metric: bestHidden, words: best}",
            sentence: "presentation names the metric bestHidden, which is not under metrics"),
        Case(
            find: "low: \"#000000\"", replace: "low: \"black\"", sentence: "\"black\" is not a colour",
            lineOf: "traitColours:"),
        Case(
            find: "high: \"#ffffff\"", replace: "high: \"#fff\"", sentence: "\"#fff\" is not a colour; write it as #",
            lineOf: "traitColours:"),
        Case(
            find: "  suited: best camouflaged\n", replace: "  suitable: best camouflaged\n",
            sentence: "\"suitable\" is not a key of presentation", lineOf: "suitable:"),
    ]

    @Test(arguments: cases)
    func eachPresentationMistakeIsNamedOnItsLine(_ mistake: Case) {
        #expect(!mistake.broken.isEmpty, "the case's text to replace is missing")
        let problems = TraitModelFile.check(mistake.broken)
        let found = problems.first { $0.sentence.hasPrefix(mistake.sentence) }
        #expect(found != nil, "\(problems)")
        #expect(found?.line == mistake.line, "\(problems)")
    }

    @Test func aFieldWithoutColoursIsNamed() {
        let broken = Self.camouflage.replacingOccurrences(
            of: "  traitColours: {low: \"#000000\", high: \"#ffffff\", names: [black, dark, grey, light, white]}\n",
            with: "")
        let problems = TraitModelFile.check(broken)
        #expect(
            problems.contains { $0.sentence.hasPrefix("The picture traitField colours each creature") }, "\(problems)")
    }

    // MARK: Camouflage's snapshot

    @Test func camouflagesSnapshotCarriesEveryTraitSnapshotKeyWithTheSameValues() throws {
        var model = try CamouflageModel(parameters: CamouflageParameters(), seed: 11)
        model.step()
        let snapshot = model.snapshot()
        let encoded = try JSONEncoder().encode(snapshot)
        // Decoded as a trait snapshot, it is the engine's picture
        let trait = try JSONDecoder().decode(TraitSnapshot.self, from: encoded)
        #expect(trait == snapshot.traitSnapshot)
        #expect(trait.environmentValue == snapshot.environmentColour && trait.suited == snapshot.bestCamouflaged)
        #expect(trait.traitMin == 1 && trait.binWidth == 10 && trait.traitCounts.count == 100)
        // And it still reads as the camouflage snapshot it was
        #expect(try JSONDecoder().decode(CamouflageSnapshot.self, from: encoded) == snapshot)
    }

    @Test func aCamouflageSnapshotFromBeforeTheTraitKeysStillReads() throws {
        let counts = ([1, 0, 1] + Array(repeating: 0, count: 96) + [1]).map(String.init).joined(separator: ",")
        let old =
            #"{"generation":2,"environmentColour":30,"population":3,"bestCamouflaged":1,"extinct":false,"#
            + #""traitCounts":[\#(counts)],"histogram":[2,0,0,0,0,0,0,0,0,1]}"#
        let snapshot = try JSONDecoder().decode(CamouflageSnapshot.self, from: Data(old.utf8))
        #expect(snapshot.environmentValue == 30 && snapshot.target == 30 && snapshot.suited == 1)
        #expect(snapshot.traitMin == 1 && snapshot.trait == "colour")
    }
}
