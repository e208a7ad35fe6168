import PetriProtocol
import PetriSimulation

extension Hub {
    /// The answer to `describeModels`: every model's description, or `not-authorised` for a wrong key.
    ///
    /// Descriptions hold nothing secret (no lesson, no seed), so anyone may ask; a key given with the
    /// request is checked anyway, which lets the browser console sign a teacher in before any lesson
    /// exists, with the same sentence `create` gives for a wrong key.
    func describeModels(key: String?, from address: String) -> ServerMessage {
        if let key, let refusal = checkTeacherKey(key, from: address) { return .error(refusal) }
        return .models(ModelKind.allDescriptions)
    }

    /// The refusal of a wrong teacher key (`create`, `import`, `describeModels`).
    static let wrongTeacherKey = ProtocolError(
        .notAuthorised, "That is not this server's teacher key; ask whoever runs the server for it.")

    /// The refusal of any teacher key from an address that sent too many wrong ones.
    static let tooManyWrongKeys = ProtocolError(
        .rateLimited, "Too many wrong teacher keys from your address; wait a minute and try again.")
}
