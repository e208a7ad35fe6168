extension CamouflageModel {
    /// Draws every later death and birth from a generator seeded with `seed` (see ``SimulationModel/reseed(_:)``).
    public mutating func reseed(_ seed: UInt64) {
        random = PetriRandom(seed: seed)
    }
}
