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
        w.append(p.schedule.count)
        for change in p.schedule {
            w.append(change.generation)
            w.append(change.name)
            switch change.value {
            case .number(let x):
                w.append(0 as UInt8)
                w.append(x)
            case .text(let s):
                w.append(1 as UInt8)
                w.append(s)
            case .flag(let b):
                w.append(2 as UInt8)
                w.append(b)
            }
        }
        w.append(seed)
        w.append(generation)
        w.append(lastCounts.births)
        w.append(lastCounts.deaths)
        w.append(lastCounts.luckySurvivors)
        w.append(lastCounts.unluckyDeaths)
        w.append(random)
        w.append(traits.count)
        for trait in traits { w.append(trait) }
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
        let changes = try r.readCount(limit: CamouflageParameters.scheduleLimit)
        for _ in 0..<changes {
            let generation = try r.readInt()
            let name = try r.readString()
            let value: ParameterValue
            switch try r.readByte() {
            case 0: value = .number(try r.readDouble())
            case 1: value = .text(try r.readString())
            case 2: value = .flag(try r.readBool())
            default: throw Self.corrupt("holds a scheduled value of unknown kind")
            }
            p.schedule.append(CamouflageScheduledChange(generation: generation, name: name, value: value))
        }
        do {
            try p.validate()
        } catch {
            throw Self.corrupt("holds invalid parameters (\(error.message))")
        }
        let seed = try r.readUInt64()
        let generation = try r.readInt()
        var counts = CamouflageGenerationCounts()
        counts.births = try r.readCount(limit: Self.creatureLimit)
        counts.deaths = try r.readCount(limit: Self.creatureLimit)
        counts.luckySurvivors = try r.readCount(limit: Self.creatureLimit)
        counts.unluckyDeaths = try r.readCount(limit: Self.creatureLimit)
        let random = try r.readRandom()
        let count = try r.readCount(limit: Self.creatureLimit)
        var traits: [UInt8] = []
        traits.reserveCapacity(min(count, bytes.count))
        for _ in 0..<count {
            let trait = try r.readByte()
            guard (1...100).contains(trait) else { throw Self.corrupt("holds a creature with trait \(trait)") }
            traits.append(trait)
        }
        try r.finish()
        guard generation >= 0, generation > 0 || !traits.isEmpty else {
            throw Self.corrupt("holds an impossible generation \(generation) with \(count) creatures")
        }
        self.init(
            parameters: p, seed: seed, random: random, traits: traits, generation: generation, lastCounts: counts)
    }

    private static func corrupt(_ problem: String) -> SimulationError {
        SimulationError(.corruptState, "The saved camouflage state \(problem); it cannot be restored.")
    }
}
