import PetriSimulation
import PetriWords

extension Welcome {
    /// The welcome as a reader of `language` gets it: its model's metrics and presentation (nouns, labels,
    /// legend, colour names) in that language where the models' catalogs have them. Everything else is
    /// numbers, names and the lesson's own text; English is the welcome as it was.
    package func translated(into language: Language) -> Welcome {
        guard language != .english else { return self }
        var copy = self
        copy.metrics = metrics.map { $0.translated(model: model.rawValue, into: language) }
        copy.presentation = presentation?.translated(model: model.rawValue, into: language)
        copy.runOver = runOver.map {
            ModelWords.translate($0, key: ModelWords.extinctKey(model: model.rawValue), into: language)
        }
        return copy
    }
}

extension Guide {
    /// The guide as a reader of `language` gets it: its sections and the story of `model` (its name in lesson
    /// files) in that language where the models' catalogs have them (``Guide/texts``' keys).
    package func translated(model: String, into language: Language) -> Guide {
        guard language != .english else { return self }
        var copy = self
        copy.sections = sections.map { section in
            GuideSection(
                id: section.id,
                title: ModelWords.translate(section.title, key: Self.key(section.id, "title"), into: language),
                paragraphs: section.paragraphs.enumerated().map {
                    ModelWords.translate($0.element, key: Self.key(section.id, "\($0.offset + 1)"), into: language)
                })
        }
        copy.story = story.map { ModelWords.translate($0, key: model + ".story", into: language) }
        return copy
    }

    /// The standard sections' texts by their key in the models' catalogs: `guide.evolution.title`, then
    /// `guide.evolution.1`, `guide.evolution.2`, … for its paragraphs in order.
    package static var texts: [(key: String, text: String)] {
        standardSections.flatMap { section in
            [(key(section.id, "title"), section.title)]
                + section.paragraphs.enumerated().map { (key(section.id, "\($0.offset + 1)"), $0.element) }
        }
    }

    private static func key(_ section: String, _ part: String) -> String { "guide." + section + "." + part }
}
