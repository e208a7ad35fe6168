import Foundation
import PetriHub
import PetriHubTesting
import PetriLesson
import PetriPeer
import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriServer

/// The server's plans: export and import through the data directory, listing, starting one, and a restart that
/// continues it.
@Suite struct PlanServingTests {
    @Test func anExportedAndImportedPlanRunsTheSameLesson() throws {
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let folder = PlanDirectory.folder(in: data)
        // Given the shipped peppered-moths plan, exported as its text
        let exported = try #require(PlanDirectory.files(in: folder).first { $0.name == "peppered-moths" }).text
        // When it is imported under another name into the data directory
        let path = try PlanDirectory.importPlan(
            exported, as: "our-moths", into: folder, replace: false, models: .shipped)
        #expect(path.hasSuffix("plans/our-moths.yaml"))
        let imported = try #require(PlanDirectory.files(in: folder).first { $0.name == "our-moths" })
        #expect(!imported.shipped)
        #expect(imported.text == exported)
        // Then a lesson from the imported plan with the same seed is the same lesson: same questions, outcomes, state
        var original = try PlanDriver<CamouflageModel>(text: exported, seed: 42, source: ())
        var copy = try PlanDriver<CamouflageModel>(text: imported.text, seed: 42, source: ())
        try original.join(3)
        try copy.join(3)
        let originalFinished = original.runToEnd()
        #expect(originalFinished)
        let copyFinished = copy.runToEnd()
        #expect(copyFinished)
        #expect(copy.asked == original.asked)
        #expect(copy.resolved.map(\.1) == original.resolved.map(\.1))
        #expect(copy.lesson.stateHash == original.lesson.stateHash)
        #expect(PlanCopy(name: nil, text: imported.text).hash == PlanCopy(name: nil, text: exported).hash)
    }

    @Test func importRefusesBrokenPlansAndTakenNames() throws {
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let folder = PlanDirectory.folder(in: data)
        let good = "title: Mice\nmodel: mice\nmoments:\n  - run: 5\n"
        // A broken plan is refused with its lines, and nothing is written
        #expect(throws: PlanDirectory.ImportRefusal.self) {
            try PlanDirectory.importPlan(
                "title: Mice\nmodel: mice\nmoments:\n  - run: 0\n", as: "mice", into: folder, replace: false,
                models: .shipped)
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/mice.yaml"))
        // A shipped plan's name is refused; an imported name only with replace
        #expect(throws: PlanDirectory.ImportRefusal.self) {
            try PlanDirectory.importPlan(good, as: "demo", into: folder, replace: true, models: .shipped)
        }
        _ = try PlanDirectory.importPlan(good, as: "mice", into: folder, replace: false, models: .shipped)
        #expect(throws: PlanDirectory.ImportRefusal.self) {
            try PlanDirectory.importPlan(good, as: "mice", into: folder, replace: false, models: .shipped)
        }
        _ = try PlanDirectory.importPlan(good, as: "mice", into: folder, replace: true, models: .shipped)
        #expect(throws: PlanDirectory.ImportRefusal.self) {
            try PlanDirectory.importPlan(good, as: "Bad Name", into: folder, replace: false, models: .shipped)
        }
    }

    @Test func aPlanStartedOverTheProtocolIsListedRunAndContinuedAfterARestart() async throws {
        let server = InProcessHub()
        // Given the server's plans, listed
        let teacher = server.connect()
        try teacher.send(.describePlans(teacherKey: InProcessHub.teacherKey))
        let plans = try await teacher.expectReply("plans") { if case .plans(let p) = $0 { p } else { nil } }
        #expect(plans.map(\.name).contains("peppered-moths"))
        // When the teacher starts peppered-moths and attaches
        try teacher.send(
            .startPlan(
                teacherKey: InProcessHub.teacherKey, plan: "peppered-moths", text: nil, seed: 5, pace: nil, rate: nil,
                options: nil))
        let (code, token) = try await teacher.expectReply("created") {
            if case .created(let c, let t) = $0 { (c, t) } else { nil }
        }
        let console = server.connect()
        _ = try await console.attach(.teach(code: code, token: token, lastSeen: nil))
        let first = try await console.expectReply("plan") { if case .plan(let s) = $0 { s } else { nil } }
        #expect(first.name == "peppered-moths")
        #expect(first.next == 0)
        #expect(first.pace == .teacher)
        // And a student joins, and the teacher presses Next
        let student = server.connect()
        _ = try await student.attach(.join(code: code, name: "Ada"))
        try console.send(.planNext)
        // Then the student sees the plan's first explanation, and the teacher the plan one moment on
        let shown = try await student.expectReply("explanation") {
            if case .explanation(let title, _) = $0 { title } else { nil }
        }
        #expect(shown == "Manchester, 1848")
        let moved = try await console.expectReply("plan") { if case .plan(let s) = $0 { s } else { nil } }
        #expect(moved.next == 1)
        // When the server restarts on the same storage
        await server.stop()
        let again = try await server.restarted()
        let back = again.connect()
        _ = try await back.attach(.teach(code: code, token: token, lastSeen: nil))
        // Then the lesson stands at the same moment of the same plan
        let restored = try await back.expectReply("plan") { if case .plan(let s) = $0 { s } else { nil } }
        #expect(restored == moved)
        await again.stop()
    }

    @Test func aPlanThatDoesNotCheckIsRefusedWithItsLines() async throws {
        let server = InProcessHub()
        let teacher = server.connect()
        try teacher.send(
            .startPlan(
                teacherKey: InProcessHub.teacherKey, plan: nil,
                text: "title: Mice\nmodel: mice\nmoments:\n  - ask: {kind: number, metric: tails, horizon: 2}\n",
                seed: nil, pace: nil, rate: nil, options: nil))
        let error = try await teacher.expectError()
        #expect(error.code == .invalidDefinition)
        #expect(error.message.contains("line 4"))
        try teacher.send(
            .startPlan(
                teacherKey: InProcessHub.teacherKey, plan: "no-such-plan", text: nil, seed: nil, pace: nil, rate: nil,
                options: nil))
        #expect(try await teacher.expectError().code == .invalidField)
        await server.stop()
    }
}
