/// Saved-state layout, format version 1 (little-endian, see ``StateWriter``):
///
/// model tag, version; parameters (population, environmentColour, reproductiveChance, selectionPressure,
/// crowding, maxPopulation, initialTraitMin, initialTraitMax, scenario name or "", schedule count and
/// entries of generation, name, value kind byte 0 number / 1 text / 2 flag and the value); seed;
/// generation; the last step's births, deaths, luckySurvivors, unluckyDeaths; the generator's four
/// words; the creature count and one trait byte per creature.
extension CamouflageModel {
    static let stateVersion: UInt8 = 1
    /// No run can hold more creatures: the largest cap, or the largest starting population above it.
    static let creatureLimit = max(
        CamouflageParameters.maxPopulationRange.upperBound, CamouflageParameters.populationRange.upperBound)

    public func encodeState() -> [UInt8] {
        var w = StateWriter(model: Self.kind, version: Self.stateVersion)
        let p = parameters
        w.append(p.population)
        w.append(p.environmentColour)
        w.append(p.reproductiveChance)
        w.append(p.selectionPressure)
        w.append(p.crowding)
        w.append(p.maxPopulation)
        w.append(p.initialTraitMin)
        w.append(p.initialTraitMax)
        w.append(p.scenario?.rawValue ?? "")
        w.append(p.schedule)
        creatures.encode(into: &w)
        return w.bytes
    }

    /// Restores exactly what ``encodeState()`` saved.
    ///
    /// - Throws: ``SimulationError/Code/corruptState`` for bytes of another model or version, truncated
    ///   or trailing bytes, counts out of bounds, invalid parameters or traits outside 1...100.
    public init(decodingState bytes: [UInt8]) throws(SimulationError) {
        var r = try StateReader(bytes, model: Self.kind, version: Self.stateVersion)
        var p = CamouflageParameters()
        p.population = try r.readInt()
        p.environmentColour = try r.readInt()
        p.reproductiveChance = try r.readDouble()
        p.selectionPressure = try r.readDouble()
        p.crowding = try r.readDouble()
        p.maxPopulation = try r.readInt()
        p.initialTraitMin = try r.readInt()
        p.initialTraitMax = try r.readInt()
        let scenarioName = try r.readString()
        if !scenarioName.isEmpty {
            guard let scenario = CamouflageScenario(rawValue: scenarioName) else {
                throw Self.corrupt("names an unknown scenario")
            }
            p.scenario = scenario
        }
        p.schedule = try r.readSchedule(limit: CamouflageParameters.scheduleLimit, corrupt: Self.corrupt)
        do {
            try p.validate()
        } catch {
            throw Self.corrupt("holds invalid parameters (\(error.message))")
        }
        let creatures = try TraitPopulation(
            reading: &r, traitRange: Self.traitRange, creatureLimit: Self.creatureLimit, corrupt: Self.corrupt)
        try r.finish()
        self.init(parameters: p, creatures: creatures)
    }

    private static func corrupt(_ problem: String) -> SimulationError {
        SimulationError(.corruptState, "The saved camouflage state \(problem); it cannot be restored.")
    }
}
