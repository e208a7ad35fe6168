import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriLesson

@Suite("Timeline: rewind, checkpoint and restore")
struct TimelineTests {
    /// A random walk with parameter changes along the way, checkpointing every 4 generations
    /// and thinning after 3 checkpoints, so rewinds must replay across thinned checkpoints.
    static func walk() throws -> Classroom {
        try Classroom(
            .init(start: 500, drift: 1, spread: 7),
            configuration: LessonConfiguration(nameSeed: 7, checkpointInterval: 4, maxCheckpoints: 3))
    }

    @Test func rewindReturnsToExactlyTheEarlierStateAndHistory() throws {
        // Given a random walk stepped to 13, with a parameter change at 9, noting the state at 9
        var room = try Self.walk()
        room.step(9)
        room.teacher(.act(.set(name: "spread", value: .number(20))))
        let hashAt9 = room.lesson.model.stateHash
        let historyTo9 = room.lesson.history
        room.step(4)
        room.teacher(.act(.set(name: "drift", value: .number(-3))))

        // When the teacher rewinds 4 generations
        let outcome = room.teacher(.rewind(count: 4))

        // Then the model, its hash and its history are those of generation 9 (with the change made at 9)
        #expect(outcome.isPersisted)
        #expect(room.lesson.model.stateHash == hashAt9)
        #expect(room.lesson.history == historyTo9)
        #expect(outcome.broadcasts.first == .rewound(TimelinePosition(timeline: 1, generation: 9)))

        // And stepping again repeats the same future as a lesson that never rewound
        var straight = try Self.walk()
        straight.step(9)
        straight.teacher(.act(.set(name: "spread", value: .number(20))))
        straight.step(4)
        room.step(4)
        #expect(room.lesson.model.stateHash == straight.lesson.model.stateHash)
    }

    @Test(arguments: 1...30)
    func rewindingAnyDistanceMatchesAFreshReplay(count: Int) throws {
        // Given a random walk at generation 30
        var room = try Self.walk()
        room.step(30)

        // When the teacher rewinds `count` generations
        room.teacher(.rewind(count: count))

        // Then the state equals a fresh lesson stepped straight to 30 - count
        var fresh = try Self.walk()
        if count < 30 { fresh.step(30 - count) }
        #expect(room.lesson.model == fresh.lesson.model)
    }

    @Test func rewindingTooFarOrAtGenerationZeroIsRefused() throws {
        // Given a lesson at generation 0, and another at 3
        var atZero = try Classroom()
        var atThree = try Classroom()
        atThree.step(3)

        // Then rewinding at 0, by 0, or past 0 is refused
        #expect(atZero.teacher(.rewind(count: 1)).errorCode == .outOfRange)
        #expect(atThree.teacher(.rewind(count: 0)).errorCode == .outOfRange)
        #expect(atThree.teacher(.rewind(count: 4)).errorCode == .outOfRange)
        #expect(atThree.lesson.generation == 3)
    }

    @Test func rewindCancelsQuestionsAskedAfterThePointAndKeepsEarlierOnes() throws {
        // Given a resolved question (asked at 0), a locked one asked at 1 and an open one asked at 3
        var room = try Classroom(.init(drift: 1))
        let (ada, _) = try room.join("Ada")
        let resolved = try room.ask(.population(in: 1))
        room.student(ada, .answer(resolved, .number(101)))
        room.step()
        let keptLocked = try room.ask(.population(in: 10))
        room.step(2)
        let open = try room.ask(.population(in: 2))
        let scoreBefore = room.lesson.leaderboard().top.first?.score

        // When the teacher rewinds to generation 2 (after the locked question was asked at 1)
        let outcome = room.teacher(.rewind(count: 1))

        // Then the open question asked at 3 is cancelled with a message
        #expect(
            outcome.broadcasts.contains(
                .questionCancelled(
                    question: open, reason: "The teacher rewound to generation 2, before this question was asked.")))
        let states = room.lesson.questionInfos.map(\.state)
        #expect(states == [.resolved, .locked, .cancelled])
        // And the resolved question keeps its score, the locked one waits for generation 11
        #expect(room.lesson.leaderboard().top.first?.score == scoreBefore)
        #expect(room.lesson.questionInfos[1].id == keptLocked && room.lesson.questionInfos[1].target == 11)
    }

    @Test func rewindPausesAutoRun() throws {
        // Given a running lesson at generation 2
        var room = try Classroom()
        room.teacher(.run(rate: 2))
        room.server(.tick)
        room.server(.tick)

        // When the teacher rewinds, Then ticking stops
        let outcome = room.teacher(.rewind(count: 1))
        #expect(outcome.effects.contains(.stopTicking))
        #expect(room.lesson.autoRunRate == nil)
    }

    @Test func restoreReturnsToTheCheckpointEvenAcrossARewindAndNewActions() throws {
        // Given a checkpoint at generation 12 of a random walk
        var room = try Self.walk()
        room.step(12)
        let saved = room.teacher(.checkpoint)
        #expect(saved.replies == [.checkpointSaved(generation: 12)])
        let hashAt12 = room.lesson.model.stateHash
        let historyAt12 = room.lesson.history

        // And the teacher then went back to 5, changed the drift and went on to 20
        room.teacher(.rewind(count: 7))
        room.teacher(.act(.set(name: "drift", value: .number(-5))))
        room.step(15)

        // When the teacher restores the checkpoint
        let outcome = room.teacher(.restore)

        // Then the lesson is exactly at the checkpoint, on a new timeline
        #expect(room.lesson.model.stateHash == hashAt12)
        #expect(room.lesson.history == historyAt12)
        #expect(room.lesson.position == TimelinePosition(timeline: 2, generation: 12))
        // And clients get the history from where the timelines differ (generation 6) onward
        let pages = outcome.broadcasts.compactMap { if case .history(let page) = $0 { page } else { nil } }
        #expect(pages.map(\.from) == [6] && pages.map(\.to) == [12])
    }

    @Test func restoreWithoutACheckpointIsRefused() throws {
        // Given no checkpoint, When the teacher restores, Then it is refused
        var room = try Classroom()
        #expect(room.teacher(.restore).errorCode == .noCheckpoint)
    }

    @Test func restoreCancelsQuestionsAskedAfterTheCheckpoint() throws {
        // Given a question asked before the checkpoint and one after
        var room = try Classroom(.init(drift: 1))
        let before = try room.ask(.population(in: 20))
        room.step()
        room.teacher(.checkpoint)
        room.step()
        let after = try room.ask(.population(in: 20))

        // When the teacher restores
        let outcome = room.teacher(.restore)

        // Then only the later question is cancelled; the earlier one still waits
        let cancelled = outcome.broadcasts.compactMap { if case .questionCancelled(let id, _) = $0 { id } else { nil } }
        #expect(cancelled == [after])
        #expect(room.lesson.questionInfos.first { $0.id == before }?.state == .locked)
    }
}
