/// Saved-state layout: see ``TraitStateParameters`` (format version 1); the resistance model's own fields are
/// population, dose, reproductiveChance, costOfResistance, crowding, mutation, maxPopulation,
/// initialResistanceMin, initialResistanceMax.
extension ResistanceModel {
    /// No run can hold more creatures: the largest cap, or the largest starting population above it.
    static let creatureLimit = max(
        ResistanceParameters.maxPopulationRange.upperBound, ResistanceParameters.populationRange.upperBound)

    public func encodeState() -> [UInt8] { encodeTraitState() }

    /// Restores exactly what ``encodeState()`` saved.
    ///
    /// - Throws: ``SimulationError/Code/corruptState`` for bytes that do not decode (see ``decodeTraitState(_:creatureLimit:)``).
    public init(decodingState bytes: [UInt8]) throws(SimulationError) {
        let (parameters, creatures) = try Self.decodeTraitState(bytes, creatureLimit: Self.creatureLimit)
        self.init(parameters: parameters, creatures: creatures)
    }
}

extension ResistanceParameters: TraitStateParameters {
    func appendOwnFields(to w: inout StateWriter) {
        w.append(population)
        w.append(dose)
        w.append(reproductiveChance)
        w.append(costOfResistance)
        w.append(crowding)
        w.append(mutation)
        w.append(maxPopulation)
        w.append(initialResistanceMin)
        w.append(initialResistanceMax)
    }

    mutating func readOwnFields(from r: inout StateReader) throws(SimulationError) {
        population = try r.readInt()
        dose = try r.readInt()
        reproductiveChance = try r.readDouble()
        costOfResistance = try r.readDouble()
        crowding = try r.readDouble()
        mutation = try r.readInt()
        maxPopulation = try r.readInt()
        initialResistanceMin = try r.readInt()
        initialResistanceMax = try r.readInt()
    }
}
