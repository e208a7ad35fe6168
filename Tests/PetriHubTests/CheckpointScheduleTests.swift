import PetriHubTesting
import Testing

@testable import PetriHub

/// When a lesson saves a durable checkpoint: after `everyEntries` entries or `everyGenerations`
/// stepped generations, with the entries' count rising with the size of the last checkpoint, so
/// that a large class does not rewrite its whole lesson every few thousand answers.
@Suite struct CheckpointScheduleTests {
    @Test func aSmallLessonCheckpointsAfterEveryEntries() {
        var schedule = CheckpointSchedule(
            policy: CheckpointPolicy(everyEntries: 100, bytesPerEntry: 64), checkpoint: (0, 0), generation: 0)
        #expect(!schedule.isDue(at: 99))
        #expect(schedule.isDue(at: 100))
        schedule.started(at: 100)
        // A 2 KiB checkpoint is paid for by 32 entries: fewer than everyEntries, which rules.
        schedule.finished(bytes: 2048)
        #expect(!schedule.isDue(at: 199))
        #expect(schedule.isDue(at: 200))
    }

    @Test func aLargeCheckpointWaitsForTheEntriesThatPayForIt() {
        // Given a class whose checkpoint at entry 5,000 took 1 MiB,
        var schedule = CheckpointSchedule(
            policy: CheckpointPolicy(everyEntries: 5_000, bytesPerEntry: 64), checkpoint: (0, 0), generation: 0)
        schedule.started(at: 5_000)
        schedule.finished(bytes: 1 << 20)
        // then the next waits for 1 MiB / 64 = 16,384 entries, not 5,000.
        #expect(!schedule.isDue(at: 10_000))
        #expect(!schedule.isDue(at: 5_000 + 16_383))
        #expect(schedule.isDue(at: 5_000 + 16_384))
    }

    @Test func onlyOneCheckpointIsOnItsWayAtATime() {
        var schedule = CheckpointSchedule(
            policy: CheckpointPolicy(everyEntries: 10), checkpoint: (0, 0), generation: 0)
        schedule.started(at: 10)
        schedule.saving = Task {}
        #expect(!schedule.isDue(at: 1_000))
        schedule.finished(bytes: 10)
        #expect(schedule.isDue(at: 1_000))
    }

    @Test func theSizeRuleCanBeTurnedOff() {
        var schedule = CheckpointSchedule(
            policy: CheckpointPolicy(everyEntries: 2, bytesPerEntry: .max), checkpoint: (0, 0), generation: 0)
        schedule.started(at: 2)
        schedule.finished(bytes: 10 << 20)
        #expect(schedule.isDue(at: 4))
    }

    @Test func thePolicyKeepsItsFieldsPositive() {
        let policy = CheckpointPolicy(everyEntries: 0, everyGenerations: -1, keep: 0, bytesPerEntry: 0)
        #expect(policy == CheckpointPolicy(everyEntries: 1, everyGenerations: 1, keep: 1, bytesPerEntry: 1))
    }

    @Test(.timeLimit(.minutes(1))) func theLessonFeedsEachCheckpointsSizeBackToItsSchedule() async throws {
        // Given a hub that checkpoints every 2 entries, each entry paying for one byte of the last
        // checkpoint (a Life lesson's checkpoint is far more than 40 bytes),
        let server = InProcessHub {
            $0.checkpoints = CheckpointPolicy(everyEntries: 2, keep: 100, bytesPerEntry: 1)
            $0.messageBurst = 1000  // the manual clock never refills the rate limit
        }
        let (code, token) = try await server.connect().createLesson()
        let teacher = server.connect()
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        // when the teacher steps 40 times, one entry each,
        for _ in 1...40 { _ = try await teacher.answers(to: .step(count: 1)) }
        await server.stop()
        // then the lesson stored its first checkpoint and no other: the 40 entries since have not
        // paid for the next (without the size fed back, it would checkpoint every 2 entries).
        let lesson = try #require(await server.storage.inner.unfinishedLessons().first)
        #expect(await server.storage.inner.checkpointSequences(ofLesson: lesson.id).count == 1)
    }
}
