import Foundation
import PetriHub
import PetriHubTesting
import PetriLesson
import PetriPeer
import PetriProtocol
import PetriSimulation
import PetriStorage
import PetriStore
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

/// Plans written in the console: saved into the store, checked with their lines, previewed off the lesson actor;
/// and plans that reach the store from the plans folder run the same lesson as the file.
@Suite struct PlanWritingTests {
    static let moths = ShippedPlans.files.first { $0.name == "peppered-moths" }?.text ?? ""

    @Test func aPlanSavedWithTheTeacherKeyIsTheServersAndStartsByName() async throws {
        let server = InProcessHub()
        let teacher = server.connect()
        // When the administrator saves the moths plan under a name of the server's
        try teacher.send(
            .savePlan(teacherKey: InProcessHub.teacherKey, name: "our-moths", text: Self.moths, replace: false))
        let saved = try await teacher.expectReply("planSaved") { if case .planSaved(let n) = $0 { n } else { nil } }
        #expect(saved == "our-moths")
        // Then it is stored as the server's, listed, and starts by name
        #expect(await server.storage.inner.plan(named: "our-moths", ownedBy: nil)?.text == Self.moths)
        try teacher.send(.describePlans(teacherKey: nil))
        let plans = try await teacher.expectReply("plans") { if case .plans(let p) = $0 { p } else { nil } }
        let listed = try #require(plans.first { $0.name == "our-moths" })
        #expect(!listed.shipped && !listed.own)
        try teacher.send(
            .startPlan(
                teacherKey: InProcessHub.teacherKey, plan: "our-moths", text: nil, seed: 5, pace: nil, rate: nil,
                options: nil))
        _ = try await teacher.expectReply("created") { if case .created(let c, _) = $0 { c } else { nil } }
        await server.stop()
    }

    @Test func aPlanThatDoesNotCheckIsNotSavedAndGetsEachMistakeWithItsLine() async throws {
        let server = InProcessHub()
        let teacher = server.connect()
        // When a plan with an unknown metric on line 4 and a run to generation 0 on line 5 is saved, and previewed
        let broken =
            "title: Mice\nmodel: mice\nmoments:\n  - ask: {kind: number, metric: tails, horizon: 2}\n"
            + "  - run: 0\n"
        try teacher.send(.savePlan(teacherKey: InProcessHub.teacherKey, name: "mice", text: broken, replace: false))
        let problems = try await teacher.expectReply("planProblems") {
            if case .planProblems(let p) = $0 { p } else { nil }
        }
        try teacher.send(.previewPlan(teacherKey: InProcessHub.teacherKey, text: broken, seed: 1))
        let previewed = try await teacher.expectReply("planProblems") {
            if case .planProblems(let p) = $0 { p } else { nil }
        }
        // Then each mistake comes with its line, the same for both, and nothing is stored
        #expect(problems.map(\.line) == [4, 5])
        #expect(problems.allSatisfy { !$0.sentence.text.isEmpty })
        #expect(previewed == problems)
        #expect(await server.storage.inner.plans(ownedBy: nil).isEmpty)
        await server.stop()
    }

    @Test func aPreviewGivesEachQuestionTheOutcomeTheLessonWouldHaveWithThatSeed() async throws {
        let server = InProcessHub()
        let teacher = server.connect()
        // When the moths plan is previewed with seed 42
        try teacher.send(.previewPlan(teacherKey: InProcessHub.teacherKey, text: Self.moths, seed: 42))
        let preview = try await teacher.expectReply("planPreview") {
            if case .planPreview(let p) = $0 { p } else { nil }
        }
        // Then its six questions come at the lesson's generations with the outcomes a class would see with seed 42,
        // each with the spread of 20 replicates around it
        var lesson = try PlanDriver<CamouflageModel>(text: Self.moths, seed: 42, source: ())
        try lesson.join(3)
        let finished = lesson.runToEnd()
        #expect(finished)
        #expect(preview.finished)
        #expect(preview.seed == 42)
        #expect(preview.questions.map(\.askedAt) == lesson.asked.map(\.askedAt))
        #expect(preview.questions.map(\.target) == lesson.asked.map(\.target))
        #expect(preview.questions.map(\.outcome) == lesson.resolved.map { Optional($0.1) })
        #expect(preview.questions.allSatisfy { $0.spread?.count == 20 })
        #expect(preview.questions.allSatisfy { ($0.spread?.min ?? 1) <= ($0.spread?.max ?? 0) })
        #expect(await server.storage.inner.unfinishedLessons().isEmpty)
        await server.stop()
    }

    @Test func aPlanFileInThePlansFolderReachesTheStoreAndRunsTheSameLesson() async throws {
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let folder = PlanDirectory.folder(in: data)
        // Given the moths plan exported into the plans folder, and a plan that does not check beside it
        _ = try PlanDirectory.importPlan(Self.moths, as: "our-moths", into: folder, replace: false, models: .shipped)
        try Data("title: x\n".utf8).write(to: URL(fileURLWithPath: folder + "/broken.yaml"))
        // When the server stores the folder's plans at its start, into a SQLite store
        let storage = try SQLiteLessonStorage(directory: data)
        defer { try? storage.store.close() }
        let stored = try await PlanDirectory.storeFolder(
            folder, into: storage, models: .shipped, at: Timestamp(millisecondsSince1970: 0))
        let again = try await PlanDirectory.storeFolder(
            folder, into: storage, models: .shipped, at: Timestamp(millisecondsSince1970: 1))
        // Then the good plan is stored once, byte for byte, and the lesson from it is the lesson from the file
        #expect(stored == ["our-moths"])
        #expect(again == [])
        let imported = try #require(try await storage.plan(named: "our-moths", ownedBy: nil)).text
        #expect(imported == Self.moths)
        var original = try PlanDriver<CamouflageModel>(text: Self.moths, seed: 42, source: ())
        var copy = try PlanDriver<CamouflageModel>(text: imported, seed: 42, source: ())
        try original.join(3)
        try copy.join(3)
        _ = original.runToEnd()
        _ = copy.runToEnd()
        #expect(copy.asked == original.asked)
        #expect(copy.resolved.map(\.1) == original.resolved.map(\.1))
        #expect(copy.lesson.stateHash == original.lesson.stateHash)
    }
}
