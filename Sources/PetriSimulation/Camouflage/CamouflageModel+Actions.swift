extension CamouflageModel {
    /// Applies a teacher's change between generations; on error nothing changes.
    ///
    /// `.set` accepts every name in ``CamouflageParameters/settableNames``. environmentColour,
    /// reproductiveChance, selectionPressure, crowding and maxPopulation take effect in the next step.
    /// population, initialTraitMin, initialTraitMax and scenario shape generation 0: at generation 0
    /// they rebuild it exactly as if the lesson had been created with them (same seed); later they are
    /// refused. A scenario replaces every parameter with its preset.
    ///
    /// - Parameters:
    ///   - action: `.set(name:value:)`; camouflage has no grid, so `.toggle` and `.place` are refused.
    /// - Throws: ``SimulationError/Code/unknownParameter``, ``SimulationError/Code/wrongValueKind`` or
    ///   ``SimulationError/Code/parameterOutOfRange`` for a bad change, and
    ///   ``SimulationError/Code/invalidAction`` for a change that is not possible now.
    public mutating func apply(_ action: ModelAction) throws(SimulationError) {
        guard case .set(let name, let value) = action else {
            throw SimulationError(
                .invalidAction,
                "Camouflage has no grid to toggle or place patterns on; "
                    + "change a parameter such as environmentColour instead."
            )
        }
        guard !isExtinct else {
            throw SimulationError(
                .invalidAction, "The species is extinct, so the run is over; start a new lesson to try again.")
        }
        let setting = try CamouflageSetting(name: name, value: value)
        guard !setting.isCreationOnly || generation == 0 else {
            throw SimulationError(
                .invalidAction,
                "\(name) shapes the starting population, so it can only be changed at generation 0; "
                    + "this run is at generation \(generation). Start a new lesson to change it."
            )
        }
        var changed = parameters
        setting.apply(to: &changed)
        try changed.validate()
        if setting.isCreationOnly {
            self = try CamouflageModel(parameters: changed, seed: seed)
        } else {
            parameters = changed
        }
    }
}
