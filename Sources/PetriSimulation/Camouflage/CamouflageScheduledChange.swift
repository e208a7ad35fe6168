/// A parameter change the model makes by itself at a given generation, so a scenario such as
/// the industrial revolution replays exactly.
///
/// The change with generation `g` is applied at the start of the step that produces generation `g`:
/// generation `g`'s creatures are the first ones selected under the new value, and the snapshot of
/// generation `g` shows it. Several changes for one generation apply in list order. Only the
/// between-generations parameters (environmentColour, reproductiveChance, selectionPressure,
/// crowding, maxPopulation) can be scheduled.
public struct CamouflageScheduledChange: Sendable, Hashable, Codable {
    /// The generation the change first applies to (1 or more).
    public var generation: Int
    /// The parameter to change, e.g. `environmentColour`.
    public var name: String
    /// Its new value.
    public var value: ParameterValue

    public init(generation: Int, name: String, value: ParameterValue) {
        self.generation = generation
        self.name = name
        self.value = value
    }

    /// Checks the generation, the name and the value.
    ///
    /// - Parameters:
    ///   - position: The entry's 1-based position in the schedule, for the error sentence.
    /// - Throws: ``SimulationError`` whose sentence starts "schedule entry N (generation G)".
    func validate(position: Int) throws(SimulationError) {
        guard generation >= 1 else {
            throw SimulationError(
                .parameterOutOfRange,
                "schedule entry \(position) has generation \(generation); scheduled changes start at generation 1."
            )
        }
        let setting: CamouflageSetting
        do {
            setting = try CamouflageSetting(name: name, value: value)
        } catch {
            throw SimulationError(error.code, "schedule entry \(position) (generation \(generation)): \(error.message)")
        }
        guard !setting.isCreationOnly else {
            throw SimulationError(
                .invalidAction,
                "schedule entry \(position) (generation \(generation)) changes \(name), which only shapes "
                    + "generation 0; a schedule may change environmentColour, reproductiveChance, "
                    + "selectionPressure, crowding or maxPopulation."
            )
        }
    }
}
