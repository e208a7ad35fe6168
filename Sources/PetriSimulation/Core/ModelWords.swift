import PetriWords

/// The shipped models' words in every language: titles, stories, guides, parameters, scenarios,
/// metrics and the presentation's nouns, labels and legend, from `Words/<tag>.json`.
///
/// A model's English stays where the model is written (its file in `Models/`, or its Swift
/// description): that is what an operator's copy of a model changes. The catalogs translate it key by key,
/// each key named for where the text sits (``ModelDescription/texts``: `beaks.story`,
/// `beaks.parameter.food.label`, `life.nouns.many`). A translation is used only while the English
/// catalog's sentence is the model's own, so a model whose words someone changed (or a teacher's
/// model, which no catalog knows) is shown as written rather than with a stale translation.
package enum ModelWords {
    /// The catalogs, compiled into the program; English is the shipped models' words as they stand
    /// (a test checks it).
    package static let book = WordBook(
        "PetriSimulation",
        files: [
            ("en", PackageResources.en_json), ("cy", PackageResources.cy_json),
            ("es", PackageResources.es_json), ("ar", PackageResources.ar_json),
        ])

    /// `english`, the model's text at `key`, in `language` when the catalogs translate that very text.
    package static func translate(_ english: String, key: String, into language: Language) -> String {
        guard !english.isEmpty, language != .english,
            book.catalogs[.english]?.text(key, [:]) == english,
            let catalog = book.catalogs[language] ?? book.catalogs[language.base],
            let translated = catalog.text(key, [:])
        else { return english }
        return translated
    }

    /// The model's own sentence `english` (at catalog `key`) as a sentence to render per reader, when the
    /// catalogs translate that very text; nil for words someone changed or a model no catalog knows.
    package static func word(_ english: String, key: String) -> Word? {
        guard !english.isEmpty, book.catalogs[.english]?.text(key, [:]) == english else { return nil }
        return book.word(key)
    }

    /// The model's own sentence as a placeholder's value: its catalog sentence when there is one, else as written.
    package static func argument(_ english: String, key: String) -> WordArgument {
        word(english, key: key).map(WordArgument.word) ?? .text(english)
    }

    /// The catalog key of a model's sentence when its run ends (`camouflage.words.extinct`), told to everyone.
    package static func extinctKey(model: String) -> String { model + ".words.extinct" }

    /// The catalog key of a model's refusal of a change once its run has ended (`camouflage.words.runOver`).
    package static func runOverKey(model: String) -> String { model + ".words.runOver" }

    /// The shipped models' end sentences (extinct, run over), by key: what ``extinctKey(model:)`` and
    /// ``runOverKey(model:)`` name, as the model files (and the islands' Swift) write them.
    package static var endTexts: [(key: String, text: String)] {
        let traitFiles = [CamouflageFile.file, ResistanceFile.file, BeaksFile.file, MiceFile.file]
        return traitFiles.flatMap { file in
            [(extinctKey(model: file.model), file.words.extinct), (runOverKey(model: file.model), file.words.runOver)]
        } + [
            (extinctKey(model: "islands"), IslandsModel.extinctionMessage),
            (runOverKey(model: "islands"), IslandsModel.runOverMessage),
        ]
    }
}

extension ModelDescription {
    /// The description as a reader of `language` gets it: every text the catalogs translate, in
    /// that language; names, numbers and choices as they are.
    package func translated(into language: Language) -> ModelDescription {
        guard language != .english else { return self }
        return rewritten { key, english in ModelWords.translate(english, key: key, into: language) }
    }

    /// Every text a person reads, by its catalog key (empty texts left out).
    package var texts: [(key: String, text: String)] {
        var found: [(key: String, text: String)] = []
        _ = rewritten { key, text in
            if !text.isEmpty { found.append((key, text)) }
            return text
        }
        return found
    }

    /// The description with each text replaced by `text(key, english)`.
    func rewritten(_ text: (String, String) -> String) -> ModelDescription {
        let at = model + "."
        return ModelDescription(
            model: model, title: text(at + "title", title), story: text(at + "story", story),
            parameters: parameters.map { parameter in
                let key = at + "parameter." + parameter.name + "."
                return ParameterDescriptor(
                    name: parameter.name, label: text(key + "label", parameter.label),
                    description: text(key + "description", parameter.description), kind: parameter.kind,
                    unit: text(key + "unit", parameter.unit), range: parameter.range, choices: parameter.choices,
                    defaultValue: parameter.defaultValue, changeable: parameter.changeable)
            },
            scenarios: scenarios.map { scenario in
                let key = at + "scenario." + scenario.name + "."
                return ScenarioDescriptor(
                    name: scenario.name, title: text(key + "title", scenario.title),
                    explanation: text(key + "explanation", scenario.explanation))
            },
            metrics: metrics.map { $0.rewritten(model: model, text) },
            guide: guide.map { text(at + "guide", $0) },
            presentation: presentation?.rewritten(model: model, text))
    }
}

extension MetricDescriptor {
    /// The metric as a reader of `language` gets it, for a metric of `model`.
    package func translated(model: String, into language: Language) -> MetricDescriptor {
        guard language != .english else { return self }
        return rewritten(model: model) { key, english in ModelWords.translate(english, key: key, into: language) }
    }

    func rewritten(model: String, _ text: (String, String) -> String) -> MetricDescriptor {
        let key = model + ".metric." + baseName + "."
        return MetricDescriptor(
            name: name, label: text(key + "label", label), description: text(key + "description", description),
            unit: text(key + "unit", unit), range: range, isYesNo: isYesNo, tolerance: tolerance)
    }
}

extension ModelPresentation {
    /// The presentation as a reader of `language` gets it, for `model`'s.
    package func translated(model: String, into language: Language) -> ModelPresentation {
        guard language != .english else { return self }
        return rewritten(model: model) { key, english in ModelWords.translate(english, key: key, into: language) }
    }

    func rewritten(model: String, _ text: (String, String) -> String) -> ModelPresentation {
        let at = model + "."
        var copy = self
        copy.nouns = Nouns(one: text(at + "nouns.one", nouns.one), many: text(at + "nouns.many", nouns.many))
        copy.headlineLabel = text(at + "headline", headlineLabel)
        copy.readings = readings.map { Reading(metric: $0.metric, words: text(at + "reading." + $0.metric, $0.words)) }
        copy.legend = legend.map { Legend(colour: $0.colour, words: text(at + "legend." + $0.colour, $0.words)) }
        if let colours = traitColours {
            copy.traitColours = TraitColours(
                low: colours.low, high: colours.high,
                names: colours.names.enumerated().map { text(at + "colour.\($0.offset + 1)", $0.element) })
        }
        copy.suited = suited.map { text(at + "suited", $0) }
        copy.marker = marker.map { text(at + "marker", $0) }
        copy.extinct = extinct.map { text(at + "extinct", $0) }
        copy.chart.histogramTitle = text(at + "histogramTitle", chart.histogramTitle)
        return copy
    }

    private typealias Legend = LegendEntry
}
