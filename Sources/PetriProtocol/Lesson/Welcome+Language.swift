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
        return copy
    }
}

extension Guide {
    /// The guide as a reader of `language` gets it: the story of `model` (its name in lesson files) in that
    /// language where the models' catalogs have it.
    package func translated(model: String, into language: Language) -> Guide {
        guard language != .english, let story else { return self }
        var copy = self
        copy.story = ModelWords.translate(story, key: model + ".story", into: language)
        return copy
    }
}
