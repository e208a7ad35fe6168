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
    public mutating func apply(_ action: ModelAction) throws(SimulationError) { try applySetting(action) }
}
