/// The saved state every trait model shares (format version 1, little-endian, see ``StateWriter``):
///
/// model tag, version; the parameters' own fields in the model's order (``TraitStateParameters``); the
/// scenario name or ""; the schedule (count, then generation, name, value kind byte 0 number / 1 text /
/// 2 flag and the value); then the creatures as ``TraitPopulation/encode(into:)`` writes them (seed,
/// generation, the last step's counts, the generator's four words, the creature count and one trait
/// byte per creature).
protocol TraitStateParameters: TraitParameters {
    associatedtype Scenario: RawRepresentable where Scenario.RawValue == String

    init()
    var scenario: Scenario? { get set }
    var schedule: [ScheduledChange] { get set }

    /// Writes the model's own parameters, in the order ``readOwnFields(from:)`` reads them.
    func appendOwnFields(to w: inout StateWriter)
    /// Reads what ``appendOwnFields(to:)`` wrote.
    mutating func readOwnFields(from r: inout StateReader) throws(SimulationError)
}

extension TraitModel where Parameters: TraitStateParameters {
    static var stateVersion: UInt8 { 1 }

    /// The model's exact state as bytes.
    func encodeTraitState() -> [UInt8] {
        var w = StateWriter(model: Self.kind, version: Self.stateVersion)
        parameters.appendOwnFields(to: &w)
        w.append(parameters.scenario?.rawValue ?? "")
        w.append(parameters.schedule)
        creatures.encode(into: &w)
        return w.bytes
    }

    /// Reads what ``encodeTraitState()`` wrote.
    ///
    /// - Parameter creatureLimit: No run of the model can hold more creatures than this.
    /// - Throws: ``SimulationError/Code/corruptState`` for bytes of another model or version, truncated or
    ///   trailing bytes, counts out of bounds, invalid parameters or traits outside ``traitRange``.
    static func decodeTraitState(_ bytes: [UInt8], creatureLimit: Int) throws(SimulationError) -> (
        Parameters, TraitPopulation
    ) {
        var r = try StateReader(bytes, model: kind, version: stateVersion)
        var p = Parameters()
        try p.readOwnFields(from: &r)
        let scenarioName = try r.readString()
        if !scenarioName.isEmpty {
            guard let scenario = Parameters.Scenario(rawValue: scenarioName) else {
                throw corruptState("names an unknown scenario")
            }
            p.scenario = scenario
        }
        p.schedule = try r.readSchedule(limit: Parameters.scheduleLimit, corrupt: corruptState)
        do {
            try p.validate()
        } catch {
            throw corruptState("holds invalid parameters (\(error.message))")
        }
        let creatures = try TraitPopulation(
            reading: &r, traitRange: traitRange, creatureLimit: creatureLimit, corrupt: corruptState)
        try r.finish()
        return (p, creatures)
    }

    static func corruptState(_ problem: String) -> SimulationError {
        SimulationError(.corruptState, "The saved \(kind.rawValue) state \(problem); it cannot be restored.")
    }
}
