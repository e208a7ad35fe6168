/// Saved-state layout, format version 1 (little-endian, see ``StateWriter``):
///
/// model tag, version; parameters (population, seedHardness, food, reproductiveChance, selectionPressure, mutation,
/// maxPopulation, scenario name or "", the schedule as camouflage writes it); then the creatures as
/// ``TraitPopulation/encode(into:)`` writes them (seed, generation, last step's counts, generator, depths).
extension BeaksModel {
    static let stateVersion: UInt8 = 1
    /// No run can hold more finches: the largest cap, or the largest starting population above it.
    static let creatureLimit = max(
        BeaksParameters.maxPopulationRange.upperBound, BeaksParameters.populationRange.upperBound)

    public func encodeState() -> [UInt8] {
        var w = StateWriter(model: Self.kind, version: Self.stateVersion)
        let p = parameters
        w.append(p.population)
        w.append(p.seedHardness)
        w.append(p.food)
        w.append(p.reproductiveChance)
        w.append(p.selectionPressure)
        w.append(p.mutation)
        w.append(p.maxPopulation)
        w.append(p.scenario?.rawValue ?? "")
        w.append(p.schedule)
        creatures.encode(into: &w)
        return w.bytes
    }

    /// Restores exactly what ``encodeState()`` saved.
    ///
    /// - Throws: ``SimulationError/Code/corruptState`` for bytes of another model or version, truncated or
    ///   trailing bytes, counts out of bounds, invalid parameters or depths outside 60...140.
    public init(decodingState bytes: [UInt8]) throws(SimulationError) {
        var r = try StateReader(bytes, model: Self.kind, version: Self.stateVersion)
        var p = BeaksParameters()
        p.population = try r.readInt()
        p.seedHardness = try r.readInt()
        p.food = try r.readInt()
        p.reproductiveChance = try r.readDouble()
        p.selectionPressure = try r.readDouble()
        p.mutation = try r.readInt()
        p.maxPopulation = try r.readInt()
        let scenarioName = try r.readString()
        if !scenarioName.isEmpty {
            guard let scenario = BeaksScenario(rawValue: scenarioName) else {
                throw Self.corrupt("names an unknown scenario")
            }
            p.scenario = scenario
        }
        p.schedule = try r.readSchedule(limit: BeaksParameters.scheduleLimit, corrupt: Self.corrupt)
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
        SimulationError(.corruptState, "The saved beaks state \(problem); it cannot be restored.")
    }
}
