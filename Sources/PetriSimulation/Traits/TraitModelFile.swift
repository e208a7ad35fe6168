import Yams

/// A trait model as data: one YAML file (Models/*.yaml, format in MODELS-FORMAT.md) that the one trait engine
/// (``TraitEngineModel``) reads. Parsing is a pure function of the text; nothing here reads a file.
package struct TraitModelFile: Sendable, Hashable, Decodable {
    /// The name on the wire and in lesson files, e.g. `camouflage`.
    package var model: String
    /// The name in sentences, e.g. "Camouflage".
    var name: String
    var title: String
    var story: String
    /// What to try and what to watch, for the teacher and the class.
    var guide: String?
    var words: Words
    var trait: Trait
    var parameters: [Parameter]
    /// The parameter a teacher changes to change the environment (suggested when a grid action is refused).
    var environment: String
    var fitness: Fitness
    var reproduction: Reproduction
    var suited: Suited
    var histogramBinWidth: Int
    var scenarios: [Scenario]
    var metrics: [Metric]
    /// How clients show it (see TraitModelFile+Presentation.swift); nil: plain words and a histogram.
    var presentation: PresentationSection?

    struct Words: Sendable, Hashable, Decodable {
        var extinct: String
        var runOver: String
    }

    struct Trait: Sendable, Hashable, Decodable {
        var name: String
        var label: String?
        var unit: String
        var range: [Int]
        var scale: Double
        var founding: Founding
    }

    /// How generation 0 is drawn: `uniform` (one `nextInt(in: min...max)` per creature, `min` and `max` naming
    /// parameters) or `meanOfUniform` (the rounded mean of `draws` draws from `between`).
    struct Founding: Sendable, Hashable, Decodable {
        var function: String
        var count: String
        var min: String?
        var max: String?
        var draws: Int?
        var between: [Int]?
    }

    struct Parameter: Sendable, Hashable, Decodable {
        var name: String
        var label: String?
        var description: String
        var kind: ParameterDescriptor.Kind
        var unit: String?
        var range: [Double]
        var `default`: Double
        var changeable: Bool?
    }

    /// The fitness rule: one of a closed set of functions (see MODELS-FORMAT.md).
    struct Fitness: Sendable, Hashable, Decodable {
        var function: String
        // logisticMatch
        var environment: String?
        var optimum: Optimum?
        var mismatchCost: Double?
        var evenOdds: Double?
        var pressure: String?
        // doseKill
        var dose: String?
        var steepness: Double?
        // both
        var crowding: Crowding?
    }

    struct Optimum: Sendable, Hashable, Decodable {
        var base: Double
        var perUnit: Double
    }

    /// Either `perCreature: p` (`p * N`) or `capacity: c, weight: w` (`w * N / c`), N the population at the start
    /// of the generation.
    struct Crowding: Sendable, Hashable, Decodable {
        var perCreature: String?
        var capacity: String?
        var weight: Double?
    }

    struct Reproduction: Sendable, Hashable, Decodable {
        var chance: String
        var cost: Cost?
        var mutation: Amount
        var cap: String
    }

    /// `chance * (1 - parameter * trait / per)`.
    struct Cost: Sendable, Hashable, Decodable {
        var parameter: String
        var per: Double
    }

    /// A whole number written in the file, or the name of an integer parameter.
    enum Amount: Sendable, Hashable, Decodable {
        case fixed(Int)
        case parameter(String)

        init(from decoder: any Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let n = try? c.decode(Int.self) {
                self = .fixed(n)
            } else {
                self = .parameter(try c.decode(String.self))
            }
        }
    }

    /// Which creatures count as suited to the environment: `within: d` of the fitness optimum, or `atLeast: p`.
    struct Suited: Sendable, Hashable, Decodable {
        var within: Double?
        var atLeast: String?
    }

    struct Scenario: Sendable, Hashable, Decodable {
        var name: String
        var title: String
        var explanation: String
        /// The one scenario error sentences give as an example.
        var example: Bool?
        var set: [String: Double]?
        var schedule: [ScheduledChange]?

        enum CodingKeys: String, CodingKey { case name, title, explanation, example, set, schedule }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            name = try c.decode(String.self, forKey: .name)
            title = try c.decode(String.self, forKey: .title)
            explanation = try c.decode(String.self, forKey: .explanation)
            example = try c.decodeIfPresent(Bool.self, forKey: .example)
            set = try c.decodeIfPresent([String: Double].self, forKey: .set)
            schedule = try c.decodeIfPresent([Step].self, forKey: .schedule)?.map(\.change)
        }
    }

    /// `{generation: 10, environmentColour: 75}`.
    struct Step: Decodable {
        var change: ScheduledChange

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: AnyKey.self)
            let generation = try c.decode(Int.self, forKey: AnyKey("generation"))
            let others = c.allKeys.filter { $0.stringValue != "generation" }
            guard others.count == 1, let key = others.first else {
                throw DecodingError.dataCorruptedError(
                    forKey: AnyKey("generation"), in: c,
                    debugDescription: "a schedule step names its generation and exactly one parameter.")
            }
            change = ScheduledChange(
                generation: generation, name: key.stringValue, value: .number(try c.decode(Double.self, forKey: key)))
        }
    }

    struct Metric: Sendable, Hashable, Decodable {
        var name: String
        var label: String?
        var description: String
        var unit: String
        var range: [Double]?
        var yesNo: Bool?
        var tolerance: Double?
        var value: String
        var parameter: String?
        var between: [Int]?
        var divideBy: Double?
    }

    struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

extension TraitModelFile {
    /// Reads a model file's text.
    ///
    /// - Throws: ``SimulationError/Code/malformedInput`` with a sentence for text that is not a model file or
    ///   whose parts do not fit together (see ``ModelFileCheck``).
    package static func parse(_ text: String) throws(SimulationError) -> TraitModelFile {
        let file: TraitModelFile
        do {
            file = try YAMLDecoder().decode(TraitModelFile.self, from: text)
        } catch {
            throw SimulationError(.malformedInput, "The model file does not read as a model: \(error)")
        }
        try file.checkParts()
        try file.checkPresentation()
        return file
    }

    /// The parameter's position in ``parameters`` (and in the saved state).
    func index(of name: String) -> Int? { parameters.firstIndex { $0.name == name } }

    var traitRange: ClosedRange<Int> { trait.range[0]...trait.range[1] }

    /// Checks what the decoder cannot: names that refer to parameters, functions from the closed sets, ranges.
    func checkParts() throws(SimulationError) {
        func fail(_ sentence: String) -> SimulationError { SimulationError(.malformedInput, sentence) }
        func integer(_ name: String?, _ role: String) throws(SimulationError) {
            guard let name, let i = index(of: name), parameters[i].kind == .integer else {
                throw fail("\(role) must name an integer parameter of \(model), but names \(name ?? "nothing").")
            }
        }
        func number(_ name: String?, _ role: String) throws(SimulationError) {
            guard let name, index(of: name) != nil else {
                throw fail("\(role) must name a parameter of \(model), but names \(name ?? "nothing").")
            }
        }
        guard trait.range.count == 2, trait.range[0] <= trait.range[1], trait.range[0] >= 0, trait.range[1] <= 255
        else { throw fail("trait.range must be two whole numbers from low to high within 0...255.") }
        for p in parameters {
            guard p.range.count == 2, p.range[0] <= p.range[1] else {
                throw fail("parameter \(p.name)'s range must be two numbers from low to high.")
            }
            guard p.range[0] <= p.default, p.default <= p.range[1] else {
                throw fail("parameter \(p.name)'s default \(p.default) lies outside its range.")
            }
        }
        try integer(trait.founding.count, "trait.founding.count")
        switch trait.founding.function {
        case "uniform":
            try integer(trait.founding.min, "trait.founding.min")
            try integer(trait.founding.max, "trait.founding.max")
        case "meanOfUniform":
            guard let draws = trait.founding.draws, draws >= 1, let between = trait.founding.between,
                between.count == 2, traitRange.contains(between[0]), traitRange.contains(between[1]),
                between[0] <= between[1]
            else { throw fail("trait.founding meanOfUniform needs draws (1 or more) and between within the range.") }
        default:
            throw fail("trait.founding.function must be uniform or meanOfUniform, not \(trait.founding.function).")
        }
        try integer(environment, "environment")
        switch fitness.function {
        case "logisticMatch":
            try integer(fitness.environment, "fitness.environment")
            try number(fitness.pressure, "fitness.pressure")
            guard fitness.optimum != nil, fitness.mismatchCost != nil, fitness.evenOdds != nil else {
                throw fail("fitness logisticMatch needs optimum, mismatchCost and evenOdds.")
            }
        case "doseKill":
            try integer(fitness.dose, "fitness.dose")
            guard fitness.steepness != nil else { throw fail("fitness doseKill needs steepness.") }
        default:
            throw fail("fitness.function must be logisticMatch or doseKill, not \(fitness.function).")
        }
        if let crowding = fitness.crowding {
            if let p = crowding.perCreature {
                try number(p, "fitness.crowding.perCreature")
            } else {
                try integer(crowding.capacity, "fitness.crowding.capacity")
                guard crowding.weight != nil else { throw fail("fitness.crowding with capacity needs weight.") }
            }
        }
        try number(reproduction.chance, "reproduction.chance")
        if let cost = reproduction.cost { try number(cost.parameter, "reproduction.cost.parameter") }
        if case .parameter(let name) = reproduction.mutation { try integer(name, "reproduction.mutation") }
        try integer(reproduction.cap, "reproduction.cap")
        if let p = suited.atLeast { try integer(p, "suited.atLeast") }
        guard histogramBinWidth >= 1 else { throw fail("histogramBinWidth must be 1 or more.") }
        for s in scenarios {
            for name in (s.set ?? [:]).keys { try number(name, "scenario \(s.name)'s set") }
            for step in s.schedule ?? [] { try number(step.name, "scenario \(s.name)'s schedule") }
        }
        let values = [
            "population", "extinct", "births", "deaths", "luckySurvivors", "unluckyDeaths", "mean",
            "median", "parameter", "fraction", "suited", "suitedFraction", "optimum",
        ]
        for m in metrics {
            guard values.contains(m.value) else {
                throw fail("metric \(m.name)'s value must be one of \(values.joined(separator: ", ")), not \(m.value).")
            }
            if m.value == "parameter" { try number(m.parameter, "metric \(m.name)'s parameter") }
            if m.value == "fraction", m.between?.count != 2 {
                throw fail("metric \(m.name) counts a fraction, so it needs between: [low, high].")
            }
        }
    }
}
