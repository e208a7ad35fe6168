extension TraitPopulation {
    /// Draws every later death and birth from a generator seeded with `seed` (see ``SimulationModel/reseed(_:)``).
    mutating func reseed(_ seed: UInt64) {
        random = PetriRandom(seed: seed)
    }
}
