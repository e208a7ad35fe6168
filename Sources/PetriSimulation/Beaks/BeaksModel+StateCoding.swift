/// Saved-state layout: see ``TraitStateParameters`` (format version 1); the beaks model's own fields are
/// population, seedHardness, food, reproductiveChance, selectionPressure, mutation, maxPopulation.
extension BeaksModel {
    /// No run can hold more creatures: the largest cap, or the largest starting population above it.
    static let creatureLimit = max(
        BeaksParameters.maxPopulationRange.upperBound, BeaksParameters.populationRange.upperBound)

    public func encodeState() -> [UInt8] { encodeTraitState() }

    /// Restores exactly what ``encodeState()`` saved.
    ///
    /// - Throws: ``SimulationError/Code/corruptState`` for bytes that do not decode (see ``decodeTraitState(_:creatureLimit:)``).
    public init(decodingState bytes: [UInt8]) throws(SimulationError) {
        let (parameters, creatures) = try Self.decodeTraitState(bytes, creatureLimit: Self.creatureLimit)
        self.init(parameters: parameters, creatures: creatures)
    }
}

extension BeaksParameters: TraitStateParameters {
    func appendOwnFields(to w: inout StateWriter) {
        w.append(population)
        w.append(seedHardness)
        w.append(food)
        w.append(reproductiveChance)
        w.append(selectionPressure)
        w.append(mutation)
        w.append(maxPopulation)
    }

    mutating func readOwnFields(from r: inout StateReader) throws(SimulationError) {
        population = try r.readInt()
        seedHardness = try r.readInt()
        food = try r.readInt()
        reproductiveChance = try r.readDouble()
        selectionPressure = try r.readDouble()
        mutation = try r.readInt()
        maxPopulation = try r.readInt()
    }
}
