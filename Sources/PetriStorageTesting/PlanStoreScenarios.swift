import PetriProtocol
import PetriStorage

/// What every ``PlanStorage`` must do, as scenarios the tests of each store run on a fresh store (in memory,
/// SQLite, PostgreSQL) in which the teachers `id-ada` and `id-bo` exist (the durable stores tie a plan to its
/// owner's account): one behaviour, one body, three stores.
///
/// A scenario throws ``ScenarioFailure`` saying what differed.
package enum PlanStoreScenarios {
    /// The teachers every scenario expects the store to hold: (id, name).
    package static let teachers = [("id-ada", "Ada"), ("id-bo", "Bo")]

    /// Every scenario, by name.
    package static let all: [(String, @Sendable (any PlanStorage) async throws -> Void)] = [
        ("a plan is saved, read, and replaced only when asked", aPlanIsReplacedOnlyWhenAsked),
        ("each owner has their own plans, in name order", eachOwnerHasTheirOwnPlans),
        ("a removed plan is gone", aRemovedPlanIsGone),
        ("a plan's text reads back byte for byte", aPlansTextReadsBackByteForByte),
    ]

    static let t0 = Timestamp(millisecondsSince1970: 1_800_000_000_000)

    static func check(_ condition: Bool, _ what: String) throws {
        if !condition { throw ScenarioFailure(message: what) }
    }

    static func plan(_ name: String, _ owner: String?, _ text: String, at seconds: Int = 0) -> PlanRecord {
        PlanRecord(name: name, ownerId: owner, text: text, savedAt: t0.adding(seconds: seconds))
    }

    /// A second save under the same owner and name is refused unless it replaces, and then it does.
    package static func aPlanIsReplacedOnlyWhenAsked(_ store: any PlanStorage) async throws {
        try check(try await store.savePlan(plan("moths", nil, "first\n"), replace: false), "the first save stored")
        try check(!(try await store.savePlan(plan("moths", nil, "second\n"), replace: false)), "a second was refused")
        try check(try await store.plan(named: "moths", ownedBy: nil)?.text == "first\n", "the refusal lost nothing")
        try check(try await store.savePlan(plan("moths", nil, "third\n", at: 5), replace: true), "replacing stored")
        let read = try await store.plan(named: "moths", ownedBy: nil)
        try check(
            read == plan("moths", nil, "third\n", at: 5), "the replacement reads back with its time: \(read as Any)")
        try check(try await store.plans(ownedBy: nil).count == 1, "one plan, not two")
    }

    /// The server's plans and each teacher's are apart: the same name in each, listed per owner by name.
    package static func eachOwnerHasTheirOwnPlans(_ store: any PlanStorage) async throws {
        for (name, owner) in [("zebra", "id-ada"), ("moths", nil), ("moths", "id-ada"), ("apple", "id-ada")] {
            try check(
                try await store.savePlan(plan(name, owner, "\(name) of \(owner ?? "the server")"), replace: false),
                "\(name) of \(owner ?? "the server") stored")
        }
        try check(try await store.savePlan(plan("moths", "id-bo", "Bo's"), replace: false), "Bo's moths stored")
        let ada = try await store.plans(ownedBy: "id-ada").map(\.name)
        try check(ada == ["apple", "moths", "zebra"], "Ada's plans by name: \(ada)")
        try check(try await store.plans(ownedBy: nil).map(\.text) == ["moths of the server"], "the server's one plan")
        try check(try await store.plan(named: "moths", ownedBy: "id-bo")?.text == "Bo's", "Bo's moths are his")
        try check(try await store.plan(named: "apple", ownedBy: "id-bo") == nil, "Bo has no apple")
    }

    /// Removing answers whether there was a plan; the owner's other plans and other owners' stay.
    package static func aRemovedPlanIsGone(_ store: any PlanStorage) async throws {
        _ = try await store.savePlan(plan("moths", "id-ada", "a"), replace: false)
        _ = try await store.savePlan(plan("moths", nil, "s"), replace: false)
        _ = try await store.savePlan(plan("finches", "id-ada", "f"), replace: false)
        try check(try await store.removePlan(named: "moths", ownedBy: "id-ada"), "removed")
        try check(!(try await store.removePlan(named: "moths", ownedBy: "id-ada")), "not there twice")
        try check(try await store.plans(ownedBy: "id-ada").map(\.name) == ["finches"], "Ada keeps her other plan")
        try check(try await store.plan(named: "moths", ownedBy: nil)?.text == "s", "the server keeps its moths")
    }

    /// A plan file comes back exactly as written: other scripts, line endings, blank lines, a large file.
    package static func aPlansTextReadsBackByteForByte(_ store: any PlanStorage) async throws {
        let lines = (0..<2_000).map { "  - ask: \"Génération \($0): ¿cuántas polillas? ما هو 🦋\"  \r\n" }
        let text = "title: Moths\n\n\n" + lines.joined() + "\t\n"
        _ = try await store.savePlan(plan("big", "id-bo", text), replace: false)
        let read = try await store.plan(named: "big", ownedBy: "id-bo")?.text
        try check(read.map { Array($0.utf8) } == Array(text.utf8), "the text changed on the way")
    }
}
