/// Saved-state layout: see ``TraitStateParameters`` (format version 1); the camouflage model's own fields are
/// population, environmentColour, reproductiveChance, selectionPressure, crowding, maxPopulation, initialTraitMin,
/// initialTraitMax.
extension CamouflageModel {
    /// No run can hold more creatures: the largest cap, or the largest starting population above it.
    static let creatureLimit = max(
        CamouflageParameters.maxPopulationRange.upperBound, CamouflageParameters.populationRange.upperBound)

    public func encodeState() -> [UInt8] { encodeTraitState() }

    /// Restores exactly what ``encodeState()`` saved.
    ///
    /// - Throws: ``SimulationError/Code/corruptState`` for bytes that do not decode (see ``decodeTraitState(_:creatureLimit:)``).
    public init(decodingState bytes: [UInt8]) throws(SimulationError) {
        let (parameters, creatures) = try Self.decodeTraitState(bytes, creatureLimit: Self.creatureLimit)
        self.init(parameters: parameters, creatures: creatures)
    }
}

extension CamouflageParameters: TraitStateParameters {
    func appendOwnFields(to w: inout StateWriter) {
        w.append(population)
        w.append(environmentColour)
        w.append(reproductiveChance)
        w.append(selectionPressure)
        w.append(crowding)
        w.append(maxPopulation)
        w.append(initialTraitMin)
        w.append(initialTraitMax)
    }

    mutating func readOwnFields(from r: inout StateReader) throws(SimulationError) {
        population = try r.readInt()
        environmentColour = try r.readInt()
        reproductiveChance = try r.readDouble()
        selectionPressure = try r.readDouble()
        crowding = try r.readDouble()
        maxPopulation = try r.readInt()
        initialTraitMin = try r.readInt()
        initialTraitMax = try r.readInt()
    }
}
