import PetriProtocol
import PetriSimulation

/// A model, every generation's stats, the teacher's actions, and checkpoints for exact rewinds.
///
/// Models are deterministic, so the state at any past generation is a replay: start from the
/// latest in-memory checkpoint at or before it, then apply the logged actions and step.
/// A checkpoint at generation `g` is the state on arriving at `g`, before any action taken at
/// `g`; actions at `g` are replayed from the log. One is taken every `interval` generations;
/// when there are more than `maxCheckpoints`, the interval doubles and every other one is
/// dropped, so memory stays bounded while a replay never steps more than `interval` times.
struct SimulationRun<Model: SteppingModel>: Sendable, Equatable {
    /// The current state.
    private(set) var model: Model
    /// Stats of generations 0...current; index = generation.
    private(set) var history: [GenerationStats]
    /// The teacher's actions on this timeline, in order.
    private(set) var actions: [TimedAction]
    /// Ascending by generation; the first is generation 0 and is never dropped.
    private(set) var checkpoints: [Model]
    private(set) var interval: Int
    let maxCheckpoints: Int

    init(start: Model, checkpointInterval: Int, maxCheckpoints: Int) {
        model = start
        history = [start.stats()]
        actions = []
        checkpoints = [start]
        interval = checkpointInterval
        self.maxCheckpoints = maxCheckpoints
    }

    /// Reassembles a run from its saved parts (see `SimulationRun+SavedState.swift`, which checks them).
    init(
        model: Model, history: [GenerationStats], actions: [TimedAction], checkpoints: [Model], interval: Int,
        maxCheckpoints: Int
    ) {
        self.model = model
        self.history = history
        self.actions = actions
        self.checkpoints = checkpoints
        self.interval = interval
        self.maxCheckpoints = maxCheckpoints
    }

    var generation: Int { model.generation }

    /// The state at generation 0, before any action (its parameters are the lesson's starting ones).
    var start: Model { checkpoints[0] }

    /// Applies a teacher's action now and logs it; on error nothing changes.
    ///
    /// - Throws: The model's ``SimulationError``.
    mutating func apply(_ action: ModelAction) throws(SimulationError) {
        try model.apply(action)
        actions.append(TimedAction(generation: model.generation, action: action))
        history[history.count - 1] = model.stats()
    }

    /// Advances one generation; false (and no change) when the run is over.
    mutating func step() -> Bool {
        let before = model.generation
        guard !model.isOver else { return false }
        model.step()
        guard model.generation == before + 1 else { return false }
        history.append(model.stats())
        if model.generation % interval == 0 { addCheckpoint() }
        return true
    }

    /// Goes back to generation `target` (0...current), exactly as it was.
    ///
    /// Actions taken at `target` are kept (an undo of steps, not of parameter changes), except a hunt's, which
    /// went with the step; actions after it are forgotten.
    mutating func rewind(to target: Int) {
        guard (0...generation).contains(target) else { return }
        checkpoints.removeAll { $0.generation > target }
        // A hunt logged at the target belongs to the step being undone: the class hunts that generation again.
        actions.removeAll { $0.generation > target || ($0.generation == target && $0.action.isHunt) }
        guard let base = checkpoints.last else { return }
        model = Self.replay(from: base, actions: actions, to: target)
        history.removeSubrange((target + 1)...)
        history[target] = model.stats()
    }

    /// The model as it stood at generation `target` (0...current) once the first `actionCount` logged
    /// actions had been applied: what a copy taken then held, rebuilt without changing the run.
    ///
    /// Replicates still running when the server stopped run again from it (see
    /// ``Lesson/replicatesToResume``): the model at a generation alone would include actions taken
    /// at that generation after the copy was made.
    func model(at target: Int, actionCount: Int) -> Model? {
        // Nothing happened since (the usual case): the present is that copy, with no generations to replay.
        if target == generation, actionCount == actions.count { return model }
        guard (0...generation).contains(target), (0...actions.count).contains(actionCount),
            let base = checkpoints.last(where: { $0.generation <= target })
        else { return nil }
        return Self.replay(from: base, actions: Array(actions.prefix(actionCount)), to: target)
    }

    /// Steps `base` forward to `target`, applying each logged action at its generation.
    private static func replay(from base: Model, actions: [TimedAction], to target: Int) -> Model {
        var model = base
        var next = actions.firstIndex { $0.generation >= base.generation } ?? actions.endIndex
        while true {
            while next < actions.endIndex, actions[next].generation == model.generation {
                // Each of these was accepted on this very state before, and models are
                // deterministic, so it cannot fail now; if it did, skipping it is all we could do.
                try? model.apply(actions[next].action)
                next += 1
            }
            guard model.generation < target, !model.isOver else { return model }
            model.step()
        }
    }

    private mutating func addCheckpoint() {
        checkpoints.append(model)
        guard checkpoints.count > maxCheckpoints else { return }
        interval *= 2
        let keep = interval
        checkpoints.removeAll { $0.generation % keep != 0 }
    }
}

extension ModelAction {
    /// True for the class's hunt (see ``ModelAction/hunt(caught:formula:)``).
    var isHunt: Bool {
        if case .hunt = self { return true }
        return false
    }
}
