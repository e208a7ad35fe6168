import Foundation
import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriLesson

@Suite("Replicates across a restart: logged and saved, while old logs and checkpoints restore as before")
struct ReplicateRestoreTests {
    /// A lesson that asked a question, ran replicates of its future and stepped once more (the
    /// question still waiting), with the checkpoint it started from. Without `replicates`, the same
    /// lesson that never asked for them.
    private func lesson(replicates: Bool = true) throws -> (room: Classroom, start: LessonCheckpoint) {
        var room = try Classroom(.init(spread: 5))
        let start = room.lesson.checkpoint()
        let (ada, _) = try room.join("Ada")
        room.step(2)
        let question = try room.ask(.population(in: 3))
        room.student(ada, .answer(question, .number(100)))
        if replicates {
            let outcome = room.teacher(.replicates(count: 25, horizon: 6, metric: "population"))
            let request = try #require(
                outcome.effects.lazy.compactMap { effect -> ReplicateJob<WalkModel>? in
                    if case .runReplicates(let job) = effect { job } else { nil }
                }.first)
            let traces = try #require(request.run(indices: 0..<25))
            room.server(.replicatesFinished(request.outcome(traces)))
        }
        room.step(1)
        return (room, start)
    }

    /// The log entries the lesson asked to persist, through the JSON the store keeps them as.
    private func storedLog(_ room: Classroom) throws -> [LessonLogEntry] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try room.log.compactMap { effect -> LessonLogEntry? in
            guard case .persist(let entry, _) = effect else { return nil }
            return try JSONDecoder().decode(LessonLogEntry.self, from: encoder.encode(entry))
        }
    }

    private func rebuild(_ start: LessonCheckpoint, _ room: Classroom, _ log: [LessonLogEntry]) throws -> Lesson<
        WalkModel
    > {
        try Lesson<WalkModel>.rebuild(
            checkpoint: start, teacherToken: room.teacherToken, configuration: room.lesson.configuration, log: log,
            source: ())
    }

    /// Where the question's actual value fell among the replicates once it resolves two generations on.
    private func placement(after lesson: Lesson<WalkModel>, at now: Timestamp) throws -> ReplicateStanding? {
        var lesson = lesson
        let outcome = lesson.handle(.step(count: 2), from: .teacher, at: now)
        let resolution = try #require(
            outcome.broadcasts.lazy.compactMap { if case .resolved(let r) = $0 { r } else { nil } }.first)
        return resolution.replicates
    }

    /// The bands someone joining now is sent after their snapshot.
    private func bandsForLateJoiner(of lesson: Lesson<WalkModel>, at now: Timestamp) throws -> ReplicateBands? {
        var lesson = lesson
        let outcome = lesson.handle(.join(name: "Bo", token: try Classroom.token("latecomer")), from: .guest, at: now)
        return outcome.effects.lazy.compactMap { if case .reply(.replicates(let b)) = $0 { b } else { nil } }.first
    }

    @Test func aLessonRebuiltFromItsLogKeepsItsReplicatesForLateJoinersAndResolutions() throws {
        // Given a lesson whose replicates finished, and its log as the store keeps it
        let (room, start) = try lesson()
        let log = try storedLog(room)
        #expect(log.map(\.command.kind).contains(.replicates))
        #expect(log.map(\.command.kind).contains(.replicatesFinished))

        // When it is rebuilt from that log (a restart)
        let rebuilt = try rebuild(start, room, log)

        // Then it holds the same replicates (and the same simulation): a late joiner gets the same
        // bands, and the question resolves with the same placement
        #expect(rebuilt.replicates == room.lesson.replicates)
        #expect(rebuilt.stateHash == room.lesson.stateHash)
        let now = room.clock.now.adding(seconds: 1)
        let bands = try #require(try bandsForLateJoiner(of: room.lesson, at: now))
        #expect(try bandsForLateJoiner(of: rebuilt, at: now) == bands)
        let placement = try #require(try placement(after: room.lesson, at: now))
        #expect(placement.replicates == 25 && placement.generation == 2)
        #expect(try self.placement(after: rebuilt, at: now) == placement)
    }

    @Test func aCheckpointAtAnyEntryPlusTheEntriesAfterItKeepsTheReplicates() throws {
        // Given the log of a lesson with replicates, replayed whole
        let (room, start) = try lesson()
        let log = try storedLog(room)
        let full = try rebuild(start, room, log)

        // When it is rebuilt from a checkpoint after each entry (one while the request ran among
        // them), replaying only the entries after it
        for cut in 0...log.count {
            let checkpoint = try rebuild(start, room, Array(log.prefix(cut))).checkpoint()
            #expect(checkpoint.state[4] == Lesson<WalkModel>.stateFormatVersion)
            let rebuilt = try Lesson<WalkModel>.rebuild(
                checkpoint: checkpoint, teacherToken: room.teacherToken, configuration: room.lesson.configuration,
                log: Array(log.dropFirst(cut)), source: ())

            // Then it is the same lesson as the whole replay
            #expect(rebuilt == full, "rebuilt from the checkpoint after entry \(cut)")
        }
    }

    @Test func anOldLogWithoutReplicateEntriesRestoresAsItAlwaysDid() throws {
        // Given the log an older build wrote for a lesson that ran replicates: no replicate entries,
        // and the same lesson that never asked for them
        let (room, start) = try lesson()
        let old = try storedLog(room).filter { ![.replicates, .replicatesFinished].contains($0.command.kind) }
            .enumerated().map { LessonLogEntry(sequence: $0 + 1, time: $1.time, actor: $1.actor, command: $1.command) }
        let (plain, _) = try lesson(replicates: false)

        // When it is rebuilt
        let rebuilt = try rebuild(start, room, old)

        // Then it is exactly the lesson without replicates, rebuilt: the same state hash, no bands for
        // late joiners, and no placement when the question resolves
        #expect(rebuilt == (try rebuild(start, plain, try storedLog(plain))))
        #expect(rebuilt.replicates == ReplicateBook())
        #expect(rebuilt.stateHash == room.lesson.stateHash)
        let now = room.clock.now.adding(seconds: 1)
        #expect(try bandsForLateJoiner(of: rebuilt, at: now) == nil)
        #expect(try placement(after: rebuilt, at: now) == nil)
    }

    @Test func aCheckpointInFormat3RestoresWithNoReplicates() throws {
        // Given a lesson that never asked for replicates, saved as format 3 wrote it: no replicates
        // after the questions (three bytes now: no request, not running, no results), no count of
        // answer changes (one byte now: none), no plan (one byte now: none), no expected points (one byte now: none)
        // and no hunt (three bytes now: the selection formula, no rounds, none under way), no extra time (one
        // byte now: none), no questions about hunt rounds (one byte now: none) and no hunt records (one byte now: none)
        let (plain, _) = try lesson(replicates: false)
        let bytes = plain.lesson.encodeState()
        var old = Array(bytes.dropLast(8))
        #expect(old.suffix(12) == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
        old.removeLast(12)
        old[4] = 3
        let sum = StateChecksum.of(old[...])
        old += (0..<8).map { UInt8(truncatingIfNeeded: sum >> (8 * UInt64($0))) }

        // When it is restored, Then it is the same lesson
        let restored = try Lesson<WalkModel>(
            decodingState: old, teacherToken: plain.teacherToken, configuration: plain.lesson.configuration, source: ())
        #expect(restored == plain.lesson)
        #expect(restored.encodeState() == bytes)
    }

    /// The job a command handed the server, if any.
    private func job(_ effects: [LessonEffect<WalkModel>]) -> ReplicateJob<WalkModel>? {
        effects.lazy.compactMap { if case .runReplicates(let job) = $0 { job } else { nil } }.first
    }

    @Test func aRequestStillRunningWhenTheServerStoppedRunsAgainFromTheSameCopy() throws {
        // Given a request asked at generation 2, then a change of the model at that same generation
        // and a step, and the server stopping before its result arrived
        var room = try Classroom(.init(spread: 5))
        let start = room.lesson.checkpoint()
        room.step(2)
        let asked = try #require(job(room.teacher(.replicates(count: 12, horizon: 4, metric: "population")).effects))
        #expect(room.teacher(.act(.set(name: "drift", value: .number(3)))).rejection == nil)
        room.step(1)
        let log = try storedLog(room)

        // When the lesson is rebuilt, from its whole log or from a checkpoint after any entry
        for cut in 0...log.count {
            let checkpoint = try rebuild(start, room, Array(log.prefix(cut))).checkpoint()
            let rebuilt = try Lesson<WalkModel>.rebuild(
                checkpoint: checkpoint, teacherToken: room.teacherToken, configuration: room.lesson.configuration,
                log: Array(log.dropFirst(cut)), source: ())

            // Then it runs the request again from the copy it was asked on (before the change), and
            // its result is taken and shown as the original's would have been
            var resumed = rebuilt
            let again = try #require(job(resumed.replicatesToResume), "rebuilt from the checkpoint after entry \(cut)")
            #expect(again == asked)
            let traces = try #require(again.run(indices: 0..<12))
            let shown = resumed.handle(.replicatesFinished(again.outcome(traces)), from: .server, at: room.clock.now)
            #expect(shown.isPersisted)
            var live = room.lesson
            let original = live.handle(.replicatesFinished(asked.outcome(traces)), from: .server, at: room.clock.now)
            #expect(shown.broadcasts == original.broadcasts)
            #expect(!shown.broadcasts.isEmpty)
        }
    }

    @Test func nothingRunsAgainOnceTheResultArrivedOrThePastChanged() throws {
        // Given a lesson whose request finished
        let (room, start) = try lesson()
        #expect(try rebuild(start, room, try storedLog(room)).replicatesToResume.isEmpty)

        // And lessons whose request was still running when the teacher rewound or ended the lesson
        for ending in [LessonCommand.rewind(count: 1), .end] {
            var other = try Classroom(.init(spread: 5))
            let otherStart = other.lesson.checkpoint()
            other.step(2)
            other.teacher(.replicates(count: 5, horizon: 3, metric: "population"))
            #expect(other.teacher(ending).rejection == nil)

            // Then a rebuilt lesson runs nothing again
            let rebuilt = try rebuild(otherStart, other, try storedLog(other))
            #expect(rebuilt.replicatesToResume.isEmpty, "after \(ending)")
        }
    }

    @Test func aTraceIsStoredExactlyNotANumberIncluded() throws {
        // Given a trace holding values JSON numbers cannot (NaN, infinity) or lose (-0)
        let trace = ReplicateTrace(values: [1.5, .nan, -0.0, .infinity, 0.1 + 0.2], endedAt: 3)

        // When it goes through the store's JSON
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = try encoder.encode(trace)
        let back = try JSONDecoder().decode(ReplicateTrace.self, from: json)

        // Then every value comes back bit for bit
        #expect(back.values.map(\.bitPattern) == trace.values.map(\.bitPattern))
        #expect(back.endedAt == 3)
        // And bad text is refused rather than read wrong
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ReplicateTrace.self, from: Data(#"{"values":"AAAA"}"#.utf8))
        }
    }
}
