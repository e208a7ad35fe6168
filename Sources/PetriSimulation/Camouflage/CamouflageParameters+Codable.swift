extension CamouflageParameters: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case population, environmentColour, reproductiveChance, selectionPressure, crowding, maxPopulation
        case initialTraitMin, initialTraitMax, schedule, scenario
    }

    /// Decodes a lesson file's parameters: missing keys take the defaults, or the named scenario's values.
    ///
    /// Values are not range-checked here; ``CamouflageModel/init(parameters:seed:)`` does that with
    /// sentences a teacher can act on.
    ///
    /// - Throws: `DecodingError` for a key the model does not have (a misspelt key would otherwise
    ///   be silently ignored), an unknown scenario or a value of the wrong type.
    public init(from decoder: any Decoder) throws {
        try UnknownKeys.refuse(in: decoder, allowed: CodingKeys.allCases.map(\.stringValue), model: "Camouflage")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let scenario = try c.decodeIfPresent(CamouflageScenario.self, forKey: .scenario)
        var p = scenario?.parameters ?? CamouflageParameters()
        p.population = try c.decodeIfPresent(Int.self, forKey: .population) ?? p.population
        p.environmentColour = try c.decodeIfPresent(Int.self, forKey: .environmentColour) ?? p.environmentColour
        p.reproductiveChance = try c.decodeIfPresent(Double.self, forKey: .reproductiveChance) ?? p.reproductiveChance
        p.selectionPressure = try c.decodeIfPresent(Double.self, forKey: .selectionPressure) ?? p.selectionPressure
        p.crowding = try c.decodeIfPresent(Double.self, forKey: .crowding) ?? p.crowding
        p.maxPopulation = try c.decodeIfPresent(Int.self, forKey: .maxPopulation) ?? p.maxPopulation
        p.initialTraitMin = try c.decodeIfPresent(Int.self, forKey: .initialTraitMin) ?? p.initialTraitMin
        p.initialTraitMax = try c.decodeIfPresent(Int.self, forKey: .initialTraitMax) ?? p.initialTraitMax
        p.schedule = try c.decodeIfPresent([CamouflageScheduledChange].self, forKey: .schedule) ?? p.schedule
        self = p
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(population, forKey: .population)
        try c.encode(environmentColour, forKey: .environmentColour)
        try c.encode(reproductiveChance, forKey: .reproductiveChance)
        try c.encode(selectionPressure, forKey: .selectionPressure)
        try c.encode(crowding, forKey: .crowding)
        try c.encode(maxPopulation, forKey: .maxPopulation)
        try c.encode(initialTraitMin, forKey: .initialTraitMin)
        try c.encode(initialTraitMax, forKey: .initialTraitMax)
        try c.encode(schedule, forKey: .schedule)
        try c.encodeIfPresent(scenario, forKey: .scenario)
    }
}
