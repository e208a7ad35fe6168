import PetriProtocol
import PetriSimulation
import PetriTransport

extension Hub {
    /// The refusal of a `describeModels` (`not-authorised` for a wrong key), or nil when it is answered
    /// with ``describedModels``.
    ///
    /// Descriptions hold nothing secret (no lesson, no seed), so anyone may ask; a key given with the
    /// request is checked anyway, which lets the browser console sign a teacher in before any lesson
    /// exists, with the same sentence `create` gives for a wrong key.
    func refusalOfDescribeModels(key: String?, from address: String) async -> ProtocolError? {
        guard let key else { return nil }
        if case .failure(let refusal) = await authority(key, from: address) { return refusal }
        return nil
    }

    /// Every model's description as `describeModels` answers it, encoded once for the server's life
    /// (models never change while it runs): each request costs a reference to the same bytes, not
    /// 21 KB of fresh JSON; nil only if encoding failed, when each answer is encoded on its own.
    static func encodeDescribedModels(_ models: ModelCatalog, with encoder: ProtocolEncoder) -> OutboundMessage? {
        guard let bytes = try? encoder.encode(.models(models.descriptions)) else { return nil }
        return OutboundMessage(kind: .text, bytes: bytes)
    }

    /// The refusal of a wrong teacher key (`create`, `import`, `describeModels`).
    static let wrongTeacherKey = ProtocolError(
        .notAuthorised, HubWords.word("hub.key.wrong"))

    /// The refusal of any teacher key from an address that sent too many wrong ones.
    static let tooManyWrongKeys = ProtocolError(
        .rateLimited, HubWords.word("hub.key.rateLimited"))
}
