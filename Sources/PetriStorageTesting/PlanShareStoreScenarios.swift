import PetriProtocol
import PetriStorage

/// What every ``PlanShareStorage`` must do, as scenarios each store's tests run on a fresh store (in memory, SQLite,
/// PostgreSQL) holding the teachers of ``PlanStoreScenarios/teachers``.
///
/// A scenario throws ``ScenarioFailure`` saying what differed.
package enum PlanShareStoreScenarios {
    /// Every scenario, by name.
    package static let all: [(String, @Sendable (any PlanShareStorage) async throws -> Void)] = [
        ("a shared plan opens by its link, the same link each time", aSharedPlanOpensByItsLink),
        ("a revoked link opens nothing, and sharing again makes a new one", aRevokedLinkOpensNothing),
        ("a link follows its plan's saves and goes with its removal", aLinkFollowsItsPlan),
        ("only a stored plan of that owner is shared", onlyAStoredPlanOfThatOwnerIsShared),
    ]

    static let t0 = Timestamp(millisecondsSince1970: 1_800_000_000_000)
    static let first = "Qx7v2LmN0pR4sT6uW8yZ1a"
    static let second = "Zz9y8X7w6V5u4T3s2R1q0p"

    static func check(_ condition: Bool, _ what: String) throws {
        if !condition { throw ScenarioFailure(message: what) }
    }

    static func share(_ token: String, _ name: String, _ owner: String?) -> PlanShare {
        PlanShare(token: token, name: name, ownerId: owner, sharedAt: t0)
    }

    static func save(_ store: any PlanShareStorage, _ name: String, _ owner: String?, _ text: String) async throws {
        _ = try await store.savePlan(
            PlanRecord(name: name, ownerId: owner, text: text, savedAt: t0), replace: true)
    }

    /// Ada's plan shared: its link opens it (with its owner), listed among her shares; sharing again keeps the link.
    package static func aSharedPlanOpensByItsLink(_ store: any PlanShareStorage) async throws {
        try await save(store, "moths", "id-ada", "Ada's\n")
        try await save(store, "moths", nil, "the server's\n")
        let shared = try await store.sharePlan(share(first, "moths", "id-ada"))
        try check(shared == share(first, "moths", "id-ada"), "the share is stored: \(shared as Any)")
        let again = try await store.sharePlan(share(second, "moths", "id-ada"))
        try check(again?.token == first, "sharing again gives the same link: \(again as Any)")
        let opened = try await store.sharedPlan(token: first)
        try check(opened?.plan.text == "Ada's\n" && opened?.plan.ownerId == "id-ada", "the link opens Ada's plan")
        try check(try await store.sharedPlan(token: second) == nil, "the second token was never stored")
        try check(try await store.planShares(ownedBy: "id-ada").map(\.token) == [first], "Ada's shares list it")
        try check(try await store.planShares(ownedBy: nil).isEmpty, "the server's plan is not shared")
    }

    /// Revoking makes the link open nothing; a plan that is not shared cannot be revoked; sharing again is new.
    package static func aRevokedLinkOpensNothing(_ store: any PlanShareStorage) async throws {
        try await save(store, "moths", nil, "the server's\n")
        _ = try await store.sharePlan(share(first, "moths", nil))
        try check(try await store.unsharePlan(named: "moths", ownedBy: nil), "the link is revoked")
        try check(try await store.sharedPlan(token: first) == nil, "a revoked link opens nothing")
        try check(!(try await store.unsharePlan(named: "moths", ownedBy: nil)), "nothing left to revoke")
        let fresh = try await store.sharePlan(share(second, "moths", nil))
        try check(fresh?.token == second, "sharing again makes a new link")
        try check(try await store.sharedPlan(token: first) == nil, "the revoked link stays dead")
    }

    /// A saved plan keeps its link (which shows the new text); removing the plan removes its link.
    package static func aLinkFollowsItsPlan(_ store: any PlanShareStorage) async throws {
        try await save(store, "moths", "id-bo", "one\n")
        _ = try await store.sharePlan(share(first, "moths", "id-bo"))
        try await save(store, "moths", "id-bo", "two\n")
        try check(try await store.sharedPlan(token: first)?.plan.text == "two\n", "the link shows the plan as it is")
        try check(try await store.removePlan(named: "moths", ownedBy: "id-bo"), "the plan is removed")
        try check(try await store.sharedPlan(token: first) == nil, "its link went with it")
        try await save(store, "moths", "id-bo", "three\n")
        try check(try await store.sharedPlan(token: first) == nil, "a new plan of that name is not shared")
        try check(try await store.planShares(ownedBy: "id-bo").isEmpty, "Bo shares nothing")
    }

    /// No stored plan of that owner and name: nothing is shared.
    package static func onlyAStoredPlanOfThatOwnerIsShared(_ store: any PlanShareStorage) async throws {
        try await save(store, "moths", "id-ada", "Ada's\n")
        try check(try await store.sharePlan(share(first, "moths", "id-bo")) == nil, "Bo has no plan called moths")
        try check(try await store.sharePlan(share(first, "demo", nil)) == nil, "the server stores no demo")
        try check(try await store.sharedPlan(token: first) == nil, "nothing was shared")
    }
}
