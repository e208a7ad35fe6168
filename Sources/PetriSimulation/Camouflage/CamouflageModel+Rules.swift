extension CamouflageModel {
    /// How well a creature matches the background: `100 - |trait - environmentColour|` (100 is a perfect match).
    public static func adaptation(trait: Int, environmentColour: Int) -> Int {
        100 - abs(trait - environmentColour)
    }

    /// The original app's death chance, exactly:
    /// `1 - 1 / (1 + exp(-selectionPressure * (adaptation - (80 + crowding * N))))`.
    ///
    /// A creature whose adaptation equals `80 + crowding * N` has even odds; each further point of
    /// adaptation lowers its chance, more steeply the higher the selection pressure. Crowding raises
    /// that even-odds point as the population grows, which is what caps the population.
    /// `exp` is ``DeterministicMath/exp(_:)``, so the value is the same on every machine.
    ///
    /// - Parameters:
    ///   - trait: The creature's colour, 1...100.
    ///   - environmentColour: The background, 1...100.
    ///   - selectionPressure: 0...0.5; 0 makes every chance one half.
    ///   - crowding: The coefficient of N (0.2 in the original).
    ///   - population: N, the population at the start of the generation.
    public static func chanceOfDeath(
        trait: Int, environmentColour: Int, selectionPressure: Double, crowding: Double, population: Int
    ) -> Double {
        let adaptation = Double(adaptation(trait: trait, environmentColour: environmentColour))
        let x = -selectionPressure * (adaptation - (80 + crowding * Double(population)))
        return 1 - 1 / (1 + DeterministicMath.exp(x))
    }

    /// Folds a child's trait back into 1...100: above 100 becomes `200 - t`, below 1 becomes `2 - t`.
    ///
    /// A single reflection suffices for every parent trait plus an offset in -10...10 (-9...110),
    /// and indeed for all of -98...199.
    ///
    /// - Parameters:
    ///   - t: The parent's trait plus the mutation offset.
    public static func reflect(_ t: Int) -> Int { TraitPopulation.reflect(t, into: traitRange) }
}
