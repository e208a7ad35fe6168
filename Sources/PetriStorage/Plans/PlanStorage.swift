import PetriProtocol

/// A lesson plan as the store keeps it: its file's text under a name, owned by a teacher or by the server.
///
/// The store checks nothing about the text: the caller has checked it (`PlanCheck`) before saving.
package struct PlanRecord: Sendable, Hashable {
    /// The plan's name (1 to 64 lower-case letters, digits and dashes), unique per owner.
    package var name: String
    /// The teacher whose plan it is; nil for the server's plans (the administrator's, and every plan
    /// of a server without accounts).
    package var ownerId: String?
    /// The plan file, byte for byte as it was saved.
    package var text: String
    /// When it was last saved.
    package var savedAt: Timestamp

    package init(name: String, ownerId: String?, text: String, savedAt: Timestamp) {
        (self.name, self.ownerId, self.text, self.savedAt) = (name, ownerId, text, savedAt)
    }
}

/// Lesson plans in the same store as the lessons (SQLite on one server, PostgreSQL for a cluster), so that
/// every node of a cluster offers the same plans and `petri store copy` carries them. Shipped plans are
/// built into the server and never stored.
package protocol PlanStorage: Sendable {
    /// Stores a plan under its owner and name.
    ///
    /// - Parameter replace: Whether a plan of the same owner and name may be replaced.
    /// - Returns: false (and nothing changes) when such a plan exists and `replace` is false.
    func savePlan(_ plan: PlanRecord, replace: Bool) async throws -> Bool
    /// The plans of one owner (nil: the server's), in name order.
    func plans(ownedBy ownerId: String?) async throws -> [PlanRecord]
    /// The plan of this owner (nil: the server's) with this name.
    func plan(named name: String, ownedBy ownerId: String?) async throws -> PlanRecord?
    /// Removes a plan; false when there was none.
    func removePlan(named name: String, ownedBy ownerId: String?) async throws -> Bool
}
