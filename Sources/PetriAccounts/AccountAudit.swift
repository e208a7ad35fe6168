import Foundation
import PetriProtocol

/// The accounts' audit trail: every sign-in, failed sign-in, sign-out, account change and lesson
/// hand-over as one JSON line (`{"audit":"sign-in","teacher":"ada","from":"203.0.113.9",...}`),
/// saying who did it and from where. Never a password, token, link or key: only names, ids, addresses
/// and the short public handle of a session.
package struct AccountAudit: Sendable {
    private let write: @Sendable (String) -> Void
    private let now: @Sendable () -> Timestamp

    /// - Parameter write: Where each line goes (the server: standard error, beside its log).
    package init(now: @escaping @Sendable () -> Timestamp, write: @escaping @Sendable (String) -> Void) {
        self.now = now
        self.write = write
    }

    /// Writes one event. `fields` are names, ids, addresses and handles, never secrets.
    package func record(_ event: String, by actor: String, from address: String, _ fields: [String: String] = [:]) {
        var line = fields
        line["audit"] = event
        line["by"] = actor
        line["from"] = address
        line["time"] = now().description
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(line) else { return }
        write(String(decoding: data, as: UTF8.self))
    }
}
