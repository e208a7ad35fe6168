extension TraitPopulation {
    /// Draws every later death and birth from a generator seeded with `seed` (see ``SimulationModel/reseed(_:)``).
    mutating func reseed(_ seed: UInt64) {
        random = PetriRandom(seed: seed)
    }
}

extension CamouflageModel {
    public mutating func reseed(_ seed: UInt64) { creatures.reseed(seed) }
}

extension ResistanceModel {
    public mutating func reseed(_ seed: UInt64) { creatures.reseed(seed) }
}

extension BeaksModel {
    public mutating func reseed(_ seed: UInt64) { creatures.reseed(seed) }
}
