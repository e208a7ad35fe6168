import Foundation
import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriLesson

@Suite("Lesson files: export, import, clone, and rebuilding from the log")
struct DefinitionTests {
    /// A random walk with actions at generations 3 and 7, now at 10.
    static func lessonWithActions() throws -> Classroom {
        var room = try Classroom(.init(start: 300, spread: 9))
        room.step(3)
        room.teacher(.act(.set(name: "drift", value: .number(4))))
        room.step(4)
        room.teacher(.act(.set(name: "spread", value: .number(2))))
        room.teacher(.act(.set(name: "population", value: .number(250))))
        room.step(3)
        return room
    }

    @Test func exportListsModelParametersSeedActionsAndState() throws {
        // Given a lesson with actions
        var room = try Self.lessonWithActions()

        // When the teacher exports it
        let outcome = room.teacher(.exportDefinition)

        // Then the teacher gets the file, and nothing is persisted
        #expect(!outcome.isPersisted)
        let file = try #require(outcome.replies.compactMap { if case .definition(let d) = $0 { d } else { nil } }.first)
        #expect(file.model == .camouflage)
        #expect(file.seed == Classroom.seed)
        #expect(file.parameters == .object(["start": .number(300), "drift": .number(0), "spread": .number(9)]))
        #expect(
            file.actions == [
                TimedAction(generation: 3, action: .set(name: "drift", value: .number(4))),
                TimedAction(generation: 7, action: .set(name: "spread", value: .number(2))),
                TimedAction(generation: 7, action: .set(name: "population", value: .number(250))),
            ])
        #expect(file.generation == 10)
        #expect(file.stateHash == room.lesson.model.stateHash)
    }

    @Test func importingAnExportedFileReproducesTheSameStateAndHistory() throws {
        // Given an exported lesson file, written out as JSON and read back
        let room = try Self.lessonWithActions()
        let bytes = try ProtocolEncoder().encodeDocument(try room.lesson.definition())
        let file = try ProtocolDecoder(limits: .lessonFile).decode(LessonDefinition.self, from: bytes)

        // When a new lesson is created from it
        let imported = try Lesson<WalkModel>(
            definition: file, teacherToken: try Classroom.token("otherteacher"), configuration: LessonConfiguration(),
            source: ())

        // Then it is at the same generation with the same state hash and history
        #expect(imported.generation == 10)
        #expect(imported.model.stateHash == room.lesson.model.stateHash)
        #expect(imported.history == room.lesson.history)
        #expect(imported.rosterEntries.isEmpty)
    }

    @Test func aFileThatDoesNotReproduceItsStateIsRefused() throws {
        // Given an exported file whose recorded hash was altered
        let room = try Self.lessonWithActions()
        var file = try room.lesson.definition()
        file.stateHash = (file.stateHash ?? 0) ^ 1

        // When it is imported, Then it is refused as an invalid definition
        let token = try Classroom.token("t")
        do {
            _ = try Lesson<WalkModel>(definition: file, teacherToken: token, configuration: .init(), source: ())
            Issue.record("the altered file was accepted")
        } catch {
            #expect(error.code == .invalidDefinition)
        }
    }

    @Test func filesForAnotherModelOrWithActionsOutOfOrderAreRefused() throws {
        // Given files for another model, and with actions out of order or past the end
        let otherModel = LessonDefinition(model: .life, seed: 1, parameters: .object([:]))
        let outOfOrder = LessonDefinition(
            model: .camouflage, seed: 1, parameters: .object([:]),
            actions: [
                TimedAction(generation: 5, action: .set(name: "drift", value: .number(1))),
                TimedAction(generation: 2, action: .set(name: "drift", value: .number(2))),
            ], generation: 6)
        let badAction = LessonDefinition(
            model: .camouflage, seed: 1, parameters: .object([:]),
            actions: [TimedAction(generation: 1, action: .toggle(x: 0, y: 0))], generation: 2)
        let extinctEarly = LessonDefinition(
            model: .camouflage, seed: 1, parameters: .object(["start": .number(2), "drift": .number(-1)]), generation: 5
        )

        // Then each is refused as an invalid definition
        let token = try Classroom.token("t")
        for file in [otherModel, outOfOrder, badAction, extinctEarly] {
            do {
                _ = try Lesson<WalkModel>(definition: file, teacherToken: token, configuration: .init(), source: ())
                Issue.record("\(file) was accepted")
            } catch {
                #expect(error.code == .invalidDefinition)
            }
        }
    }

    @Test func cloneBranchesAtThisGenerationWithTheNewParameters() throws {
        // Given a lesson at generation 10
        var room = try Self.lessonWithActions()
        let hashBefore = room.lesson.model.stateHash

        // When the teacher clones it with a new drift
        let outcome = room.teacher(.clone(changes: [ParameterChange("drift", .number(-7))]))

        // Then the server is asked to create a lesson from a file branching here, and this lesson is unchanged
        guard case .spawn(let file)? = outcome.effects.first else {
            Issue.record("no spawn effect: \(outcome)")
            return
        }
        #expect(file.generation == 10)
        #expect(file.actions.last == TimedAction(generation: 10, action: .set(name: "drift", value: .number(-7))))
        #expect(room.lesson.model.stateHash == hashBefore)

        // And the clone has this state with the new drift: it steps by -7 from here
        var clone = try Lesson<WalkModel>(
            definition: file, teacherToken: try Classroom.token("c"), configuration: .init(), source: ())
        let population = clone.model.population
        _ = clone.handle(.step(count: 1), from: .teacher, at: room.clock.now)
        #expect((population - 9)...(population - 5) ~= clone.model.population)
    }

    @Test func aCloneWithAnInvalidParameterIsRefused() throws {
        // Given a lesson, When the teacher clones it with an impossible parameter, Then it is refused
        var room = try Classroom()
        #expect(room.teacher(.clone(changes: [ParameterChange("spread", .number(-1))])).errorCode == .invalidParameter)
    }

    @Test func rebuildingFromThePersistedLogRestoresTheWholeLesson() throws {
        // Given a lesson with students, answers, a question timed out, parameter changes and a rewind
        var room = try Classroom(.init(start: 40, drift: 1, spread: 3), options: LessonOptions(names: .generated))
        let (ada, adaToken) = try room.join(nil)
        let (ben, _) = try room.join(nil)
        let first = try room.ask(.population(in: 3, timeLimit: 30, hint: "Count"))
        room.student(ben, .takeHint(first))
        room.clock.advance(seconds: 5)
        room.student(ada, .answer(first, .number(44)))
        room.student(ben, .answer(first, .number(40)))
        room.clock.advance(seconds: 30)
        room.server(.deadline(first))
        room.teacher(.run(rate: 10))
        for _ in 0..<5 { room.server(.tick) }
        room.teacher(.act(.set(name: "drift", value: .number(-2))))
        room.teacher(.rewind(count: 2))
        room.teacher(.ask(.growShrink()))

        // When the lesson is rebuilt from its creation file and the persisted entries (stored as JSON)
        let persisted = room.log.compactMap { if case .persist(let entry, _) = $0 { entry } else { nil } }
        let stored = try JSONEncoder().encode(persisted)
        let log = try JSONDecoder().decode([LessonLogEntry].self, from: stored)
        #expect(log == persisted)
        #expect(log.map(\.sequence) == Array(1...log.count))
        var start = try room.lesson.definition()
        start.actions = []
        start.generation = 0
        start.stateHash = nil
        let rebuilt = try Lesson<WalkModel>.rebuild(
            definition: start, teacherToken: room.teacherToken,
            configuration: LessonConfiguration(options: LessonOptions(names: .generated), nameSeed: 7), log: log,
            source: ())

        // Then it equals the original except that nobody is connected
        #expect(rebuilt.model.stateHash == room.lesson.model.stateHash)
        #expect(rebuilt.history == room.lesson.history)
        #expect(rebuilt.questionInfos == room.lesson.questionInfos)
        #expect(rebuilt.rosterEntries.map(\.name) == room.lesson.rosterEntries.map(\.name))
        #expect(rebuilt.rosterEntries.map(\.score) == room.lesson.rosterEntries.map(\.score))
        #expect(rebuilt.rosterEntries.allSatisfy { !$0.online })
        #expect(rebuilt.resultsCSV() == room.lesson.resultsCSV())

        // And Ada's token still resumes her
        var again = rebuilt
        let resumed = again.handle(.resume(token: adaToken, lastSeen: nil), from: .guest, at: room.clock.now)
        #expect(resumed.attachedStudent == ada)
        // And with auto-run paused and no time limit open, there are no timers to re-arm
        #expect(rebuilt.pendingTimers.isEmpty)
    }
}
