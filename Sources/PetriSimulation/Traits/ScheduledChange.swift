/// A parameter change a trait model makes by itself at a given generation, so a scenario such as the
/// industrial revolution or the 1977 drought replays exactly.
///
/// The change with generation `g` is applied at the start of the step that produces generation `g`:
/// generation `g`'s creatures are the first ones selected under the new value, and the snapshot of
/// generation `g` shows it. Several changes for one generation apply in list order. Only the
/// between-generations parameters (the parameters its file does not mark `changeable: false`) can be scheduled.
package struct ScheduledChange: Sendable, Hashable, Codable {
    /// The generation the change first applies to (1 or more).
    var generation: Int
    /// The parameter to change, e.g. `environmentColour`.
    var name: String
    /// Its new value.
    var value: ParameterValue

    package init(generation: Int, name: String, value: ParameterValue) {
        self.generation = generation
        self.name = name
        self.value = value
    }

    /// Checks the generation, the name and the value.
    ///
    /// - Parameters:
    ///   - position: The entry's 1-based position in the schedule, for the error sentence.
    ///   - file: The model's file, whose parameters parse the name and value.
    /// - Throws: ``SimulationError`` whose sentence starts "schedule entry N (generation G)".
    func validate(position: Int, in file: TraitModelFile) throws(SimulationError) {
        guard generation >= 1 else {
            throw SimulationError(
                .parameterOutOfRange,
                "schedule entry \(position) has generation \(generation); scheduled changes start at generation 1."
            )
        }
        let parsed: TraitChange
        do {
            parsed = try TraitChange(name: name, value: value, in: file)
        } catch {
            throw SimulationError(error.code, "schedule entry \(position) (generation \(generation)): \(error.message)")
        }
        guard !parsed.isCreationOnly else {
            let names = file.schedulableNames
            let list = names.dropLast().joined(separator: ", ") + (names.count > 1 ? " or " : "") + (names.last ?? "")
            throw SimulationError(
                .invalidAction,
                "schedule entry \(position) (generation \(generation)) changes \(name), which only shapes "
                    + "generation 0; a schedule may change \(list)."
            )
        }
    }
}

/// The camouflage model's name for a scheduled change, kept for existing callers.
typealias CamouflageScheduledChange = ScheduledChange
