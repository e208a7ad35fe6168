/// What a model is and what a teacher can set on it, for forms generated from it (the browser console, the
/// terminal's help), so a new model needs no client change.
///
/// Each model states its own (see ``SimulationModel``); the ranges and defaults are the ones its
/// `validate()` enforces, so a form that keeps to them is never refused.
package struct ModelDescription: Sendable, Hashable, Codable {
    /// The model's name in lesson files and on the wire (``ModelKind``'s raw value).
    package let model: String
    /// A short title for menus, e.g. "Peppered moths (camouflage)".
    package let title: String
    /// The model's real-world story and what it shows, in a few sentences for the teacher and the class.
    package let story: String
    /// Every parameter a lesson can start with, in the order a form shows them.
    package let parameters: [ParameterDescriptor]
    /// The ready-made starting points, each with what it shows.
    package let scenarios: [ScenarioDescriptor]
    /// The metrics a question can be about.
    package let metrics: [MetricDescriptor]
    /// What to try and what to watch, in a few sentences (a trait model's file gives it; nil for the others).
    package let guide: String?
    /// How clients show it (its picture, nouns, headline metric, legend and colours); clients draw from this and
    /// never from ``model``.
    package let presentation: ModelPresentation?

    package init(
        model: String, title: String, story: String, parameters: [ParameterDescriptor],
        scenarios: [ScenarioDescriptor], metrics: [MetricDescriptor], guide: String? = nil,
        presentation: ModelPresentation? = nil
    ) {
        self.model = model
        self.title = title
        self.story = story
        self.parameters = parameters
        self.scenarios = scenarios
        self.metrics = metrics
        self.guide = guide
        self.presentation = presentation
    }
}

/// One parameter of a model: its kind, allowed values, default and whether it can change mid-lesson.
package struct ParameterDescriptor: Sendable, Hashable, Codable {
    /// How a form asks for the value.
    package enum Kind: String, Sendable, Hashable, Codable {
        /// A whole number within ``ParameterDescriptor/range``.
        case integer
        /// A real number within ``ParameterDescriptor/range``.
        case number
        /// On or off.
        case flag
        /// One of ``ParameterDescriptor/choices``.
        case choice
        /// Free text (e.g. a Life rule or RLE pattern), checked by the model.
        case text
    }

    /// The key in lesson files and in `set` actions.
    package let name: String
    /// What a form calls it, in plain words (e.g. "Background colour (1 black to 100 white)"), never the key.
    let label: String
    /// One sentence saying what it does.
    package let description: String
    package let kind: Kind
    /// The unit shown beside the value (may be empty).
    package let unit: String
    /// The allowed values of an integer or number parameter.
    package let range: ClosedRange<Double>?
    /// The allowed values of a choice parameter (text parameters may list suggestions here).
    package let choices: [String]?
    /// The value a lesson gets when the key is missing (nil: none, e.g. an optional pattern).
    package let defaultValue: ParameterValue?
    /// True when a teacher can change it between generations with `set`; false when it only shapes
    /// generation 0.
    package let changeable: Bool

    package init(
        name: String, label: String, description: String, kind: Kind, unit: String = "",
        range: ClosedRange<Double>? = nil, choices: [String]? = nil, defaultValue: ParameterValue?, changeable: Bool
    ) {
        self.name = name
        self.label = label
        self.description = description
        self.kind = kind
        self.unit = unit
        self.range = range
        self.choices = choices
        self.defaultValue = defaultValue
        self.changeable = changeable
    }

    /// A description from a server that sent no `label` gets its key as the label.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        label = try container.decodeIfPresent(String.self, forKey: .label) ?? name
        description = try container.decode(String.self, forKey: .description)
        kind = try container.decode(Kind.self, forKey: .kind)
        unit = try container.decode(String.self, forKey: .unit)
        range = try container.decodeIfPresent(ClosedRange<Double>.self, forKey: .range)
        choices = try container.decodeIfPresent([String].self, forKey: .choices)
        defaultValue = try container.decodeIfPresent(ParameterValue.self, forKey: .defaultValue)
        changeable = try container.decode(Bool.self, forKey: .changeable)
    }
}

/// A ready-made starting point of a model.
package struct ScenarioDescriptor: Sendable, Hashable, Codable {
    /// The value of the `scenario` key in lesson files, e.g. `industrial-revolution`.
    package let name: String
    /// A short title for menus.
    let title: String
    /// What it shows a class.
    let explanation: String

    package init(name: String, title: String, explanation: String) {
        self.name = name
        self.title = title
        self.explanation = explanation
    }
}
