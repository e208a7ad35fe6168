import Testing

@testable import PetriSimulation

/// `TraitModelFile.check`: each mistake in a model file gets its own sentence and the line it is on.
@Suite struct ModelFileCheckTests {
    static let camouflage = String(decoding: PackageResources.camouflage_yaml, as: UTF8.self)
    static let beaks = String(decoding: PackageResources.beaks_yaml, as: UTF8.self)

    /// One broken file: `text` with its first `find` replaced by `replace`; the problem is on the line of
    /// `replace` (or of `lineOf` when given) and its sentence starts with `sentence`.
    struct Case: Sendable, CustomTestStringConvertible {
        var text = ModelFileCheckTests.camouflage
        var find: String
        var replace: String
        var lineOf: String?
        /// The problem is on the last line holding it (a second entry of a name), not the first.
        var last = false
        var sentence: String

        var broken: String {
            guard let range = text.range(of: find) else { return text }
            return text.replacingCharacters(in: range, with: replace)
        }

        /// The 1-based line holding the first `lineOf` (or `replace`) in the broken text.
        var line: Int {
            let lines = broken.split(separator: "\n", omittingEmptySubsequences: false)
            let holds = { (line: Substring) in line.contains(lineOf ?? replace) }
            return ((last ? lines.lastIndex(where: holds) : lines.firstIndex(where: holds)) ?? -1) + 1
        }

        var testDescription: String { sentence }
    }

    static let cases: [Case] = [
        Case(
            find: "function: logisticMatch", replace: "function: logisticFit",
            sentence: "\"logisticFit\" is not a fitness function"),
        Case(
            find: "range: [1, 100000]", replace: "range: [100000, 1]",
            sentence: "The parameter population's range is inverted"),
        Case(
            find: "{generation: 10, environmentColour: 75}", replace: "{generation: 10, backgroundColour: 75}",
            sentence: "The scenario industrial-revolution's schedule names backgroundColour, which is not a parameter"),
        Case(
            text: beaks, find: "    tolerance: 0.3\n    value: mean\n", replace: "    value: mean\n",
            lineOf: "- name: meanBeakDepth", sentence: "The metric meanBeakDepth is a scaled trait with no tolerance"),
        Case(
            find: "title: Peppered moths (camouflage)",
            replace: "title: " + String(repeating: "a", count: 100),
            sentence: "title is 100 characters long; shorten it to at most 80"),
        Case(
            find: "    default: 50\n", replace: "    default: 500\n", lineOf: "default: 500",
            sentence: "The parameter environmentColour's default 500 lies outside its range"),
        Case(
            find: "histogramBinWidth: 10", replace: "histogramBinWidht: 10",
            sentence: "\"histogramBinWidht\" is not a key of a model file"),
        Case(
            find: "kind: number", replace: "kind: decimal", sentence: "The parameter reproductiveChance's kind must be"),
        Case(
            find: "value: median", replace: "value: middle",
            sentence: "The metric medianTrait's value \"middle\" is not one the engine computes"),
        Case(
            find: "pressure: selectionPressure", replace: "pressure: pressure",
            sentence: "fitness.pressure names pressure, which is not a parameter"),
        Case(
            find: "{generation: 10, environmentColour: 20}", replace: "{generation: 10, population: 20}",
            sentence: "The scenario sudden-change schedules population, which only shapes generation 0"),
        Case(
            find: "function: uniform", replace: "function: normal",
            sentence: "\"normal\" is not a founding function"),
        Case(
            find: "- name: clean-air", replace: "- name: stable-environment", last: true,
            sentence: "The scenario stable-environment is listed twice"),
        Case(
            find: "count: population", replace: "count: crowding",
            sentence: "trait.founding.count names crowding, which must be an integer parameter"),
        Case(
            find: "trait:\n  name: colour", replace: "trait:\n  name: [colour", lineOf: "label: Colour",
            sentence: "This is not valid YAML"),
        Case(
            find: "  - name: crowding\n", replace: "  - name: maxPopulation\n", lineOf: "- name: maxPopulation",
            last: true, sentence: "The parameter maxPopulation is listed twice"),
        Case(
            find: "model: camouflage\n", replace: "model: Peppered Moths\n", lineOf: "model: Peppered Moths",
            sentence: "model Peppered Moths is not a model name"),
    ]

    @Test func theShippedFilesHaveNoMistakes() {
        let shipped = [
            PackageResources.camouflage_yaml, PackageResources.resistance_yaml, PackageResources.beaks_yaml,
            PackageResources.mice_yaml,
        ]
        for bytes in shipped {
            #expect(TraitModelFile.check(String(decoding: bytes, as: UTF8.self)) == [])
        }
    }

    @Test(arguments: cases)
    func eachMistakeIsNamedOnItsLine(_ mistake: Case) {
        #expect(mistake.broken != mistake.text, "the case's text to replace is missing")
        let problems = TraitModelFile.check(mistake.broken)
        let found = problems.first { $0.sentence.hasPrefix(mistake.sentence) }
        #expect(found != nil, "\(problems)")
        #expect(found?.line == mistake.line, "\(problems)")
    }

    @Test func everyMistakeHasItsOwnSentence() {
        let sentences = Self.cases.compactMap { mistake in
            TraitModelFile.check(mistake.broken).first { $0.sentence.hasPrefix(mistake.sentence) }?.sentence
        }
        #expect(sentences.count == Self.cases.count)
        #expect(Set(sentences).count == Self.cases.count)
    }
}
