import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriLesson

@Suite("Running the simulation: step, run, pause, tick, change the model")
struct RunTests {
    @Test func stepBroadcastsEveryGenerationsStatsAndTheNewestSnapshot() throws {
        // Given a population growing by 3 per generation
        var room = try Classroom(.init(drift: 3))

        // When the teacher steps 5 generations
        let outcome = room.teacher(.step(count: 5))

        // Then it is persisted, every generation's stats go out in order, then one snapshot
        #expect(outcome.isPersisted)
        let stats = outcome.broadcasts.compactMap { if case .stats(_, let s) = $0 { s } else { nil } }
        #expect(stats.map(\.generation) == [1, 2, 3, 4, 5])
        #expect(stats.map { $0.values["population"] } == [103, 106, 109, 112, 115])
        let snapshots = outcome.effects.compactMap { effect -> WalkModel.Snapshot? in
            if case .broadcastSnapshot(_, let snapshot) = effect { snapshot } else { nil }
        }
        #expect(snapshots == [WalkModel.Snapshot(generation: 5, population: 115)])
        #expect(room.lesson.generation == 5)
        #expect(room.lesson.history.count == 6)
    }

    @Test(arguments: [0, -1, 101])
    func stepCountsOutsideOneToAHundredAreRefused(count: Int) throws {
        // Given a lesson
        var room = try Classroom()
        let before = room.lesson

        // When the teacher asks for an impossible step, Then it is refused and nothing moves
        #expect(room.teacher(.step(count: count)).errorCode == .outOfRange)
        #expect(room.lesson == before)
    }

    @Test func runSchedulesTicksEachTickStepsOnceAndPauseStops() throws {
        // Given a lesson
        var room = try Classroom(.init(drift: 1))

        // When the teacher runs at 4 generations per second
        let run = room.teacher(.run(rate: 4))

        // Then the server is asked to tick every 250 ms and everyone hears it is running
        #expect(run.isPersisted)
        #expect(run.effects.contains(.startTicking(every: .milliseconds(250))))
        #expect(run.broadcasts == [.running(rate: 4)])
        #expect(room.lesson.autoRunRate == 4)

        // When two ticks arrive, Then two generations pass
        room.server(.tick)
        room.server(.tick)
        #expect(room.lesson.generation == 2)

        // When the teacher pauses, Then ticking stops, and a late tick changes nothing
        let pause = room.teacher(.pause)
        #expect(pause.effects.contains(.stopTicking))
        #expect(pause.broadcasts == [.paused])
        let late = room.server(.tick)
        #expect(late.effects.isEmpty)
        #expect(room.lesson.generation == 2)
    }

    @Test(arguments: [0, -2, 30.5, Double.infinity, Double.nan])
    func ratesOutsideZeroToThirtyAreRefused(rate: Double) throws {
        // Given a lesson, When the teacher asks for a bad rate, Then it is refused
        var room = try Classroom()
        #expect(room.teacher(.run(rate: rate)).errorCode == .outOfRange)
        #expect(room.lesson.autoRunRate == nil)
    }

    @Test func changingAParameterAppliesNowAndBroadcastsTheNewState() throws {
        // Given a stable population at generation 2
        var room = try Classroom()
        room.step(2)

        // When the teacher sets the drift to -10 and steps
        let set = room.teacher(.act(.set(name: "drift", value: .number(-10))))
        room.step()

        // Then everyone hears of the change at generation 2, and the next generation follows it
        #expect(set.isPersisted)
        #expect(
            set.broadcasts.first
                == .actionApplied(TimedAction(generation: 2, action: .set(name: "drift", value: .number(-10)))))
        #expect(room.lesson.history.last?.values["population"] == 90)
    }

    @Test func anInvalidParameterIsRefusedWithTheModelsSentence() throws {
        // Given a lesson
        var room = try Classroom()
        let before = room.lesson

        // When the teacher sets an unknown parameter and an out-of-range one
        let unknown = room.teacher(.act(.set(name: "colour", value: .number(1))))
        let outOfRange = room.teacher(.act(.set(name: "spread", value: .number(500))))
        let toggle = room.teacher(.act(.toggle(x: 1, y: 1)))

        // Then each is refused with the model's reason, and nothing changed
        #expect(unknown.rejection == ProtocolError(.invalidParameter, "The walk model has no parameter colour."))
        #expect(
            outOfRange.rejection
                == ProtocolError(.invalidParameter, "spread must be between 0.0 and 100.0, but was 500.0."))
        #expect(toggle.errorCode == .invalidAction)
        #expect(room.lesson == before)
    }

    @Test func actionTextWithEscapesIsRefusedBeforeItCanReachAnyTerminal() throws {
        // Given a lesson
        var room = try Classroom()
        let before = room.lesson

        // When the teacher sends text with an escape sequence or a bidi override
        let escape = room.teacher(.act(.set(name: "rule", value: .text("B3/S23\u{1B}[2J"))))
        let bidi = room.teacher(.act(.place(pattern: "bo$\u{202E}2o!", x: 0, y: 0)))

        // Then both are refused before the model sees them, and nothing changed
        #expect(escape.errorCode == .invalidAction && bidi.errorCode == .invalidAction)
        #expect(room.lesson == before)
    }

    @Test func extinctionEndsTheRunStopsAutoRunAndRefusesFurtherSteps() throws {
        // Given a population of 10 falling by 4 per generation, auto-running
        var room = try Classroom(.init(start: 10, drift: -4))
        room.teacher(.run(rate: 10))

        // When ticks take it to 0
        room.server(.tick)
        room.server(.tick)
        let last = room.server(.tick)

        // Then everyone is told it is extinct, and ticking stops
        #expect(
            last.broadcasts.contains(.runOver(message: "This species didn't adapt fast enough - it is now extinct")))
        #expect(last.effects.contains(.stopTicking))
        #expect(room.lesson.generation == 3)

        // And stepping or running again is refused until a rewind
        #expect(room.teacher(.step(count: 1)).errorCode == .runOver)
        #expect(room.teacher(.run(rate: 1)).errorCode == .runOver)
    }

    @Test func theLessonRefusesToPassItsGenerationLimit() throws {
        // Given a lesson limited to 10 generations
        var room = try Classroom(configuration: LessonConfiguration(maxGenerations: 10))

        // When the teacher steps 25, Then it stops at 10, and refuses more
        room.step(25)
        #expect(room.lesson.generation == 10)
        #expect(room.teacher(.step(count: 1)).errorCode == .outOfRange)
    }
}
