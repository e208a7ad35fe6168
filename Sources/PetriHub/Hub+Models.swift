import PetriProtocol
import PetriSimulation

extension Hub {
    /// The answer to `describeModels`: every model's description, or `not-authorised` for a wrong key.
    ///
    /// Descriptions hold nothing secret (no lesson, no seed), so anyone may ask; a key given with the
    /// request is checked anyway, which lets the browser console sign a teacher in before any lesson
    /// exists, with the same sentence `create` gives for a wrong key.
    func describeModels(key: String?) -> ServerMessage {
        if let key, !keyMatches(key) { return .error(Self.wrongTeacherKey) }
        return .models(ModelKind.allDescriptions)
    }

    /// The refusal of a wrong teacher key (`create`, `import`, `describeModels`).
    static let wrongTeacherKey = ProtocolError(
        .notAuthorised, "That is not this server's teacher key; ask whoever runs the server for it.")
}
