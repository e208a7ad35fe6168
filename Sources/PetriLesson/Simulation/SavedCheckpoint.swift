import PetriSimulation

/// The teacher's checkpoint: a whole run (model, history, action log) and the questions asked by then.
///
/// Copying a ``SimulationRun`` is cheap until one side changes (arrays and models share
/// storage), so a checkpoint costs one copy of whatever changes after it.
struct SavedCheckpoint<Model: SteppingModel>: Sendable, Equatable {
    var run: SimulationRun<Model>
    /// Questions numbered below this existed when the checkpoint was saved.
    var nextQuestion: Int
    /// The hunt rounds' records when it was saved (restoring it brings them back with the population they shaped).
    var huntRecords: [HuntRecord] = []
}
