import PetriPostgresTesting
import PetriProtocol
import PetriStorage
import PetriStorageTesting
import Testing

@testable import PetriStorePostgres

/// The PostgreSQL store keeps lesson plans as every store must (``PlanStoreScenarios``), on the private
/// PostgreSQL server; a plan one node saves, another lists; `petri store copy` runs twice without doubling.
@Suite struct PlanStoreTests {
    static func fresh(_ node: String = "plans") async throws -> (PostgresLessonStorage, String) {
        let url = try await PrivatePostgres.shared().createDatabase()
        let storage = try await LeaseFencingTests.node(node, url)
        for (id, name) in PlanStoreScenarios.teachers {
            try await storage.addTeacher(
                TeacherRecord(id: id, name: name, email: nil, createdAt: .init(millisecondsSince1970: 0)))
        }
        return (storage, url)
    }

    @Test func thePostgresStoreKeepsPlansAsEveryStoreMust() async throws {
        for (name, body) in PlanStoreScenarios.all {
            // Given a fresh database with two teachers
            let (storage, _) = try await Self.fresh()
            defer { storage.close() }

            // Then the scenario holds
            do {
                try await body(storage)
            } catch {
                Issue.record("\(name): \(error)")
            }
        }
    }

    @Test func thePostgresStoreSharesPlansAsEveryStoreMust() async throws {
        for (name, body) in PlanShareStoreScenarios.all {
            // Given a fresh database with two teachers
            let (storage, _) = try await Self.fresh()
            defer { storage.close() }

            // Then the scenario holds
            do {
                try await body(storage)
            } catch {
                Issue.record("\(name): \(error)")
            }
        }
    }

    @Test func aPlanSavedOnOneNodeIsListedOnAnother() async throws {
        // Given two nodes on one database
        let (first, url) = try await Self.fresh("first")
        let second = try await LeaseFencingTests.node("second", url)
        defer {
            first.close()
            second.close()
        }

        // When the first saves a plan of Ada's
        let plan = PlanRecord(name: "moths", ownerId: "id-ada", text: "t\n", savedAt: .init(millisecondsSince1970: 9))
        #expect(try await first.savePlan(plan, replace: false))

        // Then the second lists it, and refuses the same name unless replacing
        #expect(try await second.plans(ownedBy: "id-ada") == [plan])
        #expect(!(try await second.savePlan(plan, replace: false)))
    }

    @Test func copyingPlansTwiceAddsThemOnce() async throws {
        // Given a database with two teachers
        let (storage, _) = try await Self.fresh()
        defer { storage.close() }
        let time = Timestamp(millisecondsSince1970: 1_000)
        let plans = [
            PlanRecord(name: "moths", ownerId: nil, text: "s", savedAt: time),
            PlanRecord(name: "moths", ownerId: "id-bo", text: "b", savedAt: time),
        ]

        // When the same plans are copied in twice
        let first = try await storage.importPlans(plans)
        let second = try await storage.importPlans(plans)

        // Then the first copy added both and the second none
        #expect(first == 2)
        #expect(second == 0)
        #expect(try await storage.plans(ownedBy: "id-bo") == [plans[1]])
    }
}

extension PlanStoreTests {
    @Test func thePostgresStoreKeepsMakeupsAsEveryStoreMust() async throws {
        for (name, body) in MakeupStoreScenarios.all {
            let (storage, _) = try await Self.fresh()
            defer { storage.close() }
            do {
                try await body(storage)
            } catch {
                Issue.record("\(name): \(error)")
            }
        }
    }
}
