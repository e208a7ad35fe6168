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

/// A plan shared by link: the link's token and the stored plan it opens (by owner and name).
///
/// The token is kept as it is (not as a digest): it opens one plan for reading and copying, never an account or a
/// lesson, and its owner's console shows the link again whenever they list their plans. Removing the plan, or its
/// owner, removes the link; saving the plan again keeps it (the link shows the plan as it is now).
package struct PlanShare: Sendable, Hashable {
    /// The link's secret: 22 characters of base64url (128 random bits).
    package var token: String
    /// The plan's name among its owner's plans.
    package var name: String
    /// The teacher whose plan it is; nil for the server's.
    package var ownerId: String?
    /// When it was shared.
    package var sharedAt: Timestamp

    package init(token: String, name: String, ownerId: String?, sharedAt: Timestamp) {
        (self.token, self.name, self.ownerId, self.sharedAt) = (token, name, ownerId, sharedAt)
    }
}

/// Plans shared by link, in the same store as the plans (so `petri store copy` carries them with the plans).
package protocol PlanShareStorage: PlanStorage {
    /// Shares the stored plan `share` names under `share.token`, unless it is shared already.
    ///
    /// - Returns: The plan's share (the one already there, else `share`); nil when the owner has no stored plan of
    ///   that name.
    func sharePlan(_ share: PlanShare) async throws -> PlanShare?
    /// Revokes the plan's link; false when it was not shared.
    func unsharePlan(named name: String, ownedBy ownerId: String?) async throws -> Bool
    /// The plan a link's token opens, with its share; nil for a token no plan is shared under (unknown or revoked).
    func sharedPlan(token: String) async throws -> (share: PlanShare, plan: PlanRecord)?
    /// The shares of one owner's plans (nil: the server's), in name order.
    func planShares(ownedBy ownerId: String?) async throws -> [PlanShare]
}
