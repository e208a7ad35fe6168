/// What the trait models share beyond the engine, read off their file: the step with its schedule, teacher actions
/// and metric look-up.
extension TraitEngineModel {
    /// Advances one generation: scheduled changes whose generation is `generation + 1` in schedule order, the
    /// class's catches removed if it hunted, then the engine's selection (skipped when the hunt says so) and
    /// reproduction (see ``TraitPopulation``). A no-op once extinct.
    mutating func stepGeneration() {
        guard !creatures.traits.isEmpty else { return }
        creatures.generation += 1
        parameters.applySchedule(for: creatures.generation)
        let hunt = creatures.takeHunt()
        creatures.select(
            selectionRound(population: creatures.traits.count), formula: hunt.formula, caughtCount: hunt.caught)
    }

    /// Applies a teacher's `.set` between generations; on error nothing changes.
    ///
    /// Creation-only settings rebuild generation 0 exactly as if the lesson had been created with them (same
    /// seed) and are refused later.
    ///
    /// - Throws: ``SimulationError`` for a grid action, an extinct run, or a bad or untimely change.
    mutating func applySetting(_ action: ModelAction) throws(SimulationError) {
        if case .hunt(let caught, let formula) = action {
            try applyHunt(caught: caught, formula: formula)
            return
        }
        guard case .set(let name, let value) = action else {
            throw SimulationError(
                .invalidAction,
                "\(file.name) has no grid to toggle or place patterns on; "
                    + "change a parameter such as \(file.environment) instead."
            )
        }
        guard !creatures.traits.isEmpty else {
            throw SimulationError(
                .invalidAction, modelSentence: file.words.runOver, key: ModelWords.runOverKey(model: file.model))
        }
        let setting = try TraitChange(name: name, value: value, in: file)
        guard !setting.isCreationOnly || creatures.generation == 0 else {
            throw SimulationError(
                .invalidAction,
                "\(name) shapes the starting population, so it can only be changed at generation 0; "
                    + "this run is at generation \(creatures.generation). Start a new lesson to change it."
            )
        }
        var changed = parameters
        setting.apply(to: &changed)
        try changed.validate()
        if setting.isCreationOnly {
            self = try TraitEngineModel(parameters: changed, seed: creatures.seed)
        } else {
            parameters = changed
        }
    }

    /// Records the class's catches for the next step (see ``ModelAction/hunt(caught:formula:)``).
    ///
    /// - Throws: ``SimulationError/Code/invalidAction`` for a model the class cannot hunt, an extinct run, a hunt
    ///   already waiting, or indices that are not ascending creatures of this generation.
    mutating func applyHunt(caught: [Int], formula: Bool) throws(SimulationError) {
        guard huntableTraits != nil else {
            throw SimulationError(
                .invalidAction, "\(file.name) is not drawn as creatures on a background, so the class cannot hunt it.")
        }
        guard !creatures.traits.isEmpty else { throw SimulationError(.invalidAction, file.words.runOver) }
        guard creatures.hunt == nil else {
            throw SimulationError(.invalidAction, "A hunt is already waiting for the next generation; step first.")
        }
        var previous = -1
        for index in caught {
            guard index > previous, index < creatures.traits.count else {
                throw SimulationError(
                    .invalidAction,
                    "A hunt names creatures by their place, in increasing order, from 0 to \(creatures.traits.count - 1)."
                )
            }
            previous = index
        }
        creatures.hunt = PendingHunt(caught: caught, formula: formula)
    }

    /// The value named by `metric` among `values`.
    ///
    /// - Throws: ``SimulationError/Code/unknownMetric`` for another name or for arguments.
    func metricValue(_ metric: MetricID, in values: [String: Double]) throws(SimulationError) -> Double {
        guard let value = values[metric.name] else {
            let names = file.metrics.map(\.name).joined(separator: ", ")
            throw SimulationError(
                .unknownMetric, "\(file.name) has no metric named \"\(metric.name)\"; its metrics are \(names).")
        }
        guard metric.arguments.isEmpty else {
            throw SimulationError(.unknownMetric, "\(metric.name) takes no arguments, but was given \(metric).")
        }
        return value
    }
}
