/// Saved-state layout, format version 1 (little-endian, see ``StateWriter``):
///
/// model tag, version; parameters (population, dose, reproductiveChance, costOfResistance, crowding, mutation,
/// maxPopulation, initialResistanceMin, initialResistanceMax, scenario name or "", the schedule as camouflage writes it); then the creatures as
/// ``TraitPopulation/encode(into:)`` writes them (seed, generation, last step's counts, generator, resistances).
extension ResistanceModel {
    static let stateVersion: UInt8 = 1
    /// No run can hold more bacteria: the largest cap, or the largest starting population above it.
    static let creatureLimit = max(
        ResistanceParameters.maxPopulationRange.upperBound, ResistanceParameters.populationRange.upperBound)

    public func encodeState() -> [UInt8] {
        var w = StateWriter(model: Self.kind, version: Self.stateVersion)
        let p = parameters
        w.append(p.population)
        w.append(p.dose)
        w.append(p.reproductiveChance)
        w.append(p.costOfResistance)
        w.append(p.crowding)
        w.append(p.mutation)
        w.append(p.maxPopulation)
        w.append(p.initialResistanceMin)
        w.append(p.initialResistanceMax)
        w.append(p.scenario?.rawValue ?? "")
        w.append(p.schedule)
        creatures.encode(into: &w)
        return w.bytes
    }

    /// Restores exactly what ``encodeState()`` saved.
    ///
    /// - Throws: ``SimulationError/Code/corruptState`` for bytes of another model or version, truncated or
    ///   trailing bytes, counts out of bounds, invalid parameters or resistances outside 0...100.
    public init(decodingState bytes: [UInt8]) throws(SimulationError) {
        var r = try StateReader(bytes, model: Self.kind, version: Self.stateVersion)
        var p = ResistanceParameters()
        p.population = try r.readInt()
        p.dose = try r.readInt()
        p.reproductiveChance = try r.readDouble()
        p.costOfResistance = try r.readDouble()
        p.crowding = try r.readDouble()
        p.mutation = try r.readInt()
        p.maxPopulation = try r.readInt()
        p.initialResistanceMin = try r.readInt()
        p.initialResistanceMax = try r.readInt()
        let scenarioName = try r.readString()
        if !scenarioName.isEmpty {
            guard let scenario = ResistanceScenario(rawValue: scenarioName) else {
                throw Self.corrupt("names an unknown scenario")
            }
            p.scenario = scenario
        }
        p.schedule = try r.readSchedule(limit: ResistanceParameters.scheduleLimit, corrupt: Self.corrupt)
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
        SimulationError(.corruptState, "The saved resistance state \(problem); it cannot be restored.")
    }
}
