import Foundation
import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriLesson

@Suite("Make-up: a student plays the class's exact history back alone")
struct MakeupTests {
    /// The class's lesson: parameter changes, questions of three kinds answered by three students (one with a
    /// hint, one not answering), a time limit that runs out, a question the teacher closes after showing the
    /// class's answers, a checkpoint, a rewind, a clone, a restore; then the end.
    struct ClassLesson {
        var room: Classroom
        var definition: LessonDefinition
        /// Where the class's simulation stood when each question was asked.
        var askedAt: [QuestionID: (generation: Int, hash: UInt64)] = [:]
        var students: [StudentID] = []

        init(makeupRanking: LessonOptions.MakeupRanking = .apart) throws {
            var options = LessonOptions()
            options.makeupRanking = makeupRanking
            room = try Classroom(
                .init(start: 500, drift: 1, spread: 7), options: options,
                configuration: LessonConfiguration(nameSeed: 7, checkpointInterval: 4, maxCheckpoints: 3))
            definition = try room.lesson.definition()
            for name in ["Ada", "Ben", "Cy"] { students.append(try room.join(name).0) }
            let (ada, ben, cy) = (students[0], students[1], students[2])

            room.step(2)
            room.teacher(.act(.set(name: "spread", value: .number(20))))
            let q1 = try ask(.population(in: 3, tolerance: 60, timeLimit: 30, hint: "It drifts up."))
            room.clock.advance(seconds: 5)
            room.student(ada, .answer(q1, .number(505)))
            room.clock.advance(seconds: 3)
            room.student(ben, .takeHint(q1))
            room.clock.advance(seconds: 2)
            room.student(ben, .answer(q1, .number(520)))
            room.clock.advance(seconds: 4)
            room.step()
            room.clock.advance(seconds: 2)
            room.step(2)
            room.teacher(.checkpoint)

            room.clock.advance(seconds: 1)
            let q2 = try ask(.growShrink(in: 2))
            room.clock.advance(seconds: 3)
            room.student(ada, .answer(q2, .choice(1)))
            room.clock.advance(seconds: 1)
            room.student(ben, .answer(q2, .choice(2)))
            room.clock.advance(seconds: 4)
            room.student(cy, .answer(q2, .choice(1)))
            room.teacher(.showAnswers(q2))
            room.clock.advance(seconds: 6)
            room.teacher(.closeQuestion(q2))
            room.clock.advance(seconds: 2)
            room.step(2)

            room.teacher(.act(.set(name: "drift", value: .number(-3))))
            room.step(3)
            room.clock.advance(seconds: 1)
            room.teacher(.rewind(count: 2))
            room.teacher(.clone(changes: [ParameterChange("drift", .number(-7))]))
            let q3 = try ask(.population(in: 4, tolerance: 80, timeLimit: 20))
            room.clock.advance(seconds: 2)
            room.student(cy, .answer(q3, .number(480)))
            room.clock.advance(seconds: 1)
            room.student(ada, .answer(q3, .number(470)))
            room.clock.advance(seconds: 25)
            room.server(.deadline(q3))
            room.clock.advance(seconds: 1)
            for _ in 0..<4 { room.step() }

            room.clock.advance(seconds: 2)
            room.teacher(.restore)
            let q4 = try ask(.population(in: 2, tolerance: 60))
            room.clock.advance(seconds: 7)
            room.student(ben, .answer(q4, .number(508)))
            room.student(cy, .answer(q4, .number(499)))
            room.clock.advance(seconds: 8)
            room.step(2)
            room.teacher(.end)
        }

        private mutating func ask(_ spec: QuestionSpec) throws -> QuestionID {
            let id = try room.ask(spec)
            askedAt[id] = (room.lesson.generation, room.lesson.model.stateHash)
            return id
        }

        /// Every persisted entry, in order.
        var entries: [LessonLogEntry] {
            room.log.compactMap { if case .persist(let entry, _) = $0 { entry } else { nil } }
        }

        /// The personal results the class's student was sent, in order.
        func results(of student: StudentID) -> [PersonalResult] {
            room.log.compactMap { effect in
                if case .send(.result(let result), .student(student)) = effect { result } else { nil }
            }
        }

        func emptyReel() throws -> MakeupReel<WalkModel> {
            try MakeupReel(
                definition: definition, teacherToken: room.teacherToken, configuration: room.lesson.configuration,
                log: [], source: (), startedAt: ManualClock().now)
        }
    }

    /// A day after the class.
    static let delay: Int64 = 86_400_000

    /// Plays `student`'s answers of the class back as make-ups while the reel grows entry by entry, each at the
    /// class's time plus a day; checks every frame as it goes. Returns each play and every frame it was sent.
    static func playBack(
        _ lesson: ClassLesson, as students: [StudentID], resumeAfter resumeEntry: Int? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [(play: MakeupPlay, frames: [MakeupReel<WalkModel>.Frame])] {
        var reel = try lesson.emptyReel()
        var plays = students.map { MakeupPlay(student: StudentID(1000 + $0.rawValue), name: "Make-up \($0)") }
        var frames = Array(repeating: [MakeupReel<WalkModel>.Frame](), count: students.count)
        var reached: Set<QuestionID> = []
        for entry in lesson.entries {
            let now = entry.time.adding(milliseconds: delay)
            if case .student(let id) = entry.actor, let index = students.firstIndex(of: id) {
                switch entry.command {
                case .answer(let question, let prediction, _):
                    _ = try plays[index].answer(question, prediction, in: reel, at: now)
                case .takeHint(let question):
                    _ = try plays[index].takeHint(question, in: reel, at: now)
                default: break
                }
            }
            try reel.append(entry)
            for index in plays.indices {
                while !plays[index].isAtEnd(of: reel) {
                    let sent = plays[index].advance(in: reel, at: now)
                    let position = try #require(plays[index].position(in: reel), sourceLocation: sourceLocation)
                    for frame in sent {
                        // Never a generation past the student's position.
                        if let generation = frame.generation {
                            #expect(generation <= position.generation, sourceLocation: sourceLocation)
                        }
                        if case .snapshot(let header, _) = frame {
                            #expect(header.timeline == position.timeline, sourceLocation: sourceLocation)
                        }
                        // Every question at the class's generation and state hash.
                        if case .message(.question(let info)) = frame {
                            let asked = try #require(lesson.askedAt[info.id], sourceLocation: sourceLocation)
                            #expect(position.generation == asked.generation, sourceLocation: sourceLocation)
                            #expect(
                                reel.stops[plays[index].stop].stateHash == asked.hash, sourceLocation: sourceLocation)
                            reached.insert(info.id)
                        }
                    }
                    frames[index] += sent
                }
            }
            if entry.sequence == resumeEntry {
                // Leaves and comes back on another device: only the stored play goes across.
                for index in plays.indices {
                    let stored = try JSONEncoder().encode(plays[index])
                    plays[index] = try JSONDecoder().decode(MakeupPlay.self, from: stored)
                }
            }
        }
        #expect(reached == Set(lesson.askedAt.keys), sourceLocation: sourceLocation)
        return plays.indices.map { (plays[$0], frames[$0]) }
    }

    @Test func aMakeUpReachesEveryQuestionAtTheClasssGenerationAndStateHashAndScoresTheClasssAnswersAsTheClassWas()
        throws
    {
        // Given a class's lesson with parameter changes, a checkpoint, a rewind, a clone and a restore
        let lesson = try ClassLesson()
        #expect(lesson.room.lesson.hasEnded)

        // When each of its students' answers is played back in a make-up, a day later
        let plays = try Self.playBack(lesson, as: lesson.students)

        // Then every question came at the class's generation and hash (checked as it went), and each make-up
        // scored exactly as the class's student did: base, hint, speed, streak, total, running score
        for (student, played) in zip(lesson.students, plays) {
            let classResults = lesson.results(of: student)
            #expect(classResults.count == 4)  // Q3 resolved on the branch the restore left
            #expect(played.play.results.map(\.question) == classResults.map(\.question))
            #expect(played.play.results.map(\.points) == classResults.map(\.points))
            #expect(played.play.results.map(\.score) == classResults.map(\.score))
            #expect(played.play.results.map(\.streak) == classResults.map(\.streak))
            #expect(
                played.play.score == lesson.room.lesson.rosterEntries.first(where: { $0.student == student })?.score)
        }
        // And the answers mattered: the three students scored differently, with speed and streak bonuses
        #expect(Set(plays.map(\.play.score)).count == 3)
        #expect(plays.flatMap(\.play.results).contains { $0.points.speed > 0 && $0.points.streak > 0 })
        #expect(plays.flatMap(\.play.results).contains { $0.points.hintTaken && $0.points.base > 0 })
    }

    @Test func aMoveThatLocksOrScoresNothingIsOnlyAMoveAndAnythingElseIsMore() throws {
        // Given the class's whole lesson as a reel, and a make-up student who answers every question as it opens
        let lesson = try ClassLesson()
        var reel = try lesson.emptyReel()
        for entry in lesson.entries { try reel.append(entry) }
        var play = MakeupPlay(student: StudentID(2000), name: "Dee")
        var now = ManualClock().now
        var opened = 0
        var locked = 0
        while !play.isAtEnd(of: reel) {
            now = now.adding(milliseconds: 1000)
            let before = play
            let sent = play.advance(in: reel, at: now)
            let locksOrScores = sent.contains {
                switch $0 {
                case .message(.questionLocked), .message(.result), .message(.questionCancelled): true
                default: false
                }
            }
            // Then a move is only a move exactly when it locked and scored nothing (a question may have opened)
            #expect(play.onlyMoved(since: before) == !locksOrScores)
            locked += locksOrScores ? 1 : 0
            for case .message(.question(let info)) in sent {
                opened += 1
                // And an answer is never only a move
                let unanswered = play
                let fits = [Prediction.number(500), .choice(0), .probability(0.5), .range(lower: 490, upper: 510)]
                    .first { (try? play.answer(info.id, $0, in: reel, at: now)) != nil }
                #expect(fits != nil)
                #expect(!play.onlyMoved(since: unanswered))
            }
        }
        #expect(opened == lesson.askedAt.count && locked > 0)
    }

    @Test func theClasssSpreadReachesAMakeUpStudentOnlyAfterTheirOwnLock() throws {
        // Given a class whose teacher showed the answers to Q2 while it was open
        let lesson = try ClassLesson()

        // When a student plays it back
        let frames = try Self.playBack(lesson, as: [lesson.students[0]])[0].frames

        // Then the class's spread of each question (in its resolution) comes after the question locked for
        // them, and the answers the teacher showed the class live are not replayed before that
        for id in lesson.askedAt.keys {
            let locked = try #require(
                frames.firstIndex { if case .message(.questionLocked(id, _, _)) = $0 { true } else { false } })
            let resolved = try #require(
                frames.firstIndex { if case .message(.resolved(let r)) = $0 { r.question == id } else { false } })
            #expect(locked < resolved)
        }
        #expect(!frames.contains { if case .message(.answersShown) = $0 { true } else { false } })
    }

    @Test func aMakeUpResumedMidwayFromItsStoredStateEndsAsOnePlayedStraightThrough() throws {
        // Given a lesson, and the point after its second question was asked
        let lesson = try ClassLesson()
        let midway = try #require(
            lesson.entries.first { if case .ask = $0.command { $0.time > lesson.entries[0].time } else { false } })
        let after = midway.sequence + 2

        // When one make-up is stored and restored (another device) there, and another plays straight through
        let straight = try Self.playBack(lesson, as: lesson.students)
        let resumed = try Self.playBack(lesson, as: lesson.students, resumeAfter: after)

        // Then both end the same: the same position, results and score
        #expect(resumed.map(\.play) == straight.map(\.play))
    }

    @Test func aResumingDeviceCatchesUpToTheStudentsPositionAndNoFurther() throws {
        // Given a make-up student part way through a lesson that has ended
        let lesson = try ClassLesson()
        let reel = try MakeupReel<WalkModel>(
            definition: lesson.definition, teacherToken: lesson.room.teacherToken,
            configuration: lesson.room.lesson.configuration, log: lesson.entries, source: (),
            startedAt: ManualClock().now)
        var play = MakeupPlay(student: StudentID(900), name: "Dee")
        var now = ManualClock().now.adding(milliseconds: Self.delay)
        var question: QuestionID?
        while question == nil {
            for case .message(.question(let info)) in play.advance(in: reel, at: now) { question = info.id }
            now = now.adding(seconds: 1)
        }
        let q1 = try #require(question)
        _ = try play.answer(q1, .number(507), in: reel, at: now)
        for _ in 0..<3 { _ = play.advance(in: reel, at: now) }
        let position = try #require(play.position(in: reel))
        #expect(position.generation < reel.stops.last?.position.generation ?? 0)

        // When another device resumes the stored make-up
        let stored = try JSONEncoder().encode(play)
        let resumed = try JSONDecoder().decode(MakeupPlay.self, from: stored)
        let catchUp = resumed.catchUp(in: reel)

        // Then it gets the history to the student's position, their question and answer, and nothing later
        #expect(catchUp.compactMap(\.generation).max() == position.generation)
        #expect(catchUp.contains { if case .message(.question(let info)) = $0 { info.id == q1 } else { false } })
        #expect(catchUp.contains(.message(.answerAccepted(question: q1, prediction: .number(507), answeredAt: now))))
        #expect(resumed.isAtEnd(of: reel) == false)
    }

    @Test func aReelRecordedAsTheClassGoesIsTheReelAReplayOfTheLogGives() throws {
        // Given the class's lesson, run again entry by entry as a live server runs it, recording a reel as it goes
        let lesson = try ClassLesson()
        var live = try Lesson<WalkModel>(
            definition: lesson.definition, teacherToken: lesson.room.teacherToken,
            configuration: lesson.room.lesson.configuration, source: ())
        var recorded = try MakeupReel(recording: live, startedAt: ManualClock().now)
        for entry in lesson.entries {
            let effects = live.handle(entry.command, from: entry.actor, at: entry.time).effects
            try recorded.record(entry, effects: effects, lesson: live)
        }

        // Then it holds the same moments and questions as the reel replayed from the log, with no replay of its own
        let replayed = try MakeupReel<WalkModel>(
            definition: lesson.definition, teacherToken: lesson.room.teacherToken,
            configuration: lesson.room.lesson.configuration, log: lesson.entries, source: (),
            startedAt: ManualClock().now)
        #expect(recorded.stops == replayed.stops)
        #expect(recorded.asked == replayed.asked)
        #expect(recorded.hasEnded && recorded.lastLogSequence == lesson.entries.count)
        // And it refuses to replay, and a lesson already under way cannot start one
        #expect(throws: ProtocolError.self) { try recorded.append(lesson.entries[0]) }
        #expect(throws: ProtocolError.self) { try MakeupReel(recording: live, startedAt: ManualClock().now) }
    }

    @Test func aMakeUpStudentsOwnTimeLimitRunsFromWhenTheQuestionReachedThem() throws {
        // Given the lesson's Q1, which gave the class 30 seconds
        let lesson = try ClassLesson()
        let reel = try MakeupReel<WalkModel>(
            definition: lesson.definition, teacherToken: lesson.room.teacherToken,
            configuration: lesson.room.lesson.configuration, log: lesson.entries, source: (),
            startedAt: ManualClock().now)
        var play = MakeupPlay(student: StudentID(900), name: "Dee")
        let start = Timestamp(millisecondsSince1970: 1_800_000_000_000)
        var opened: QuestionInfo?
        while opened == nil {
            for case .message(.question(let info)) in play.advance(in: reel, at: start) { opened = info }
        }
        let info = try #require(opened)

        // Then it closes 30 seconds after it reached the student, whenever that was
        #expect(info.openedAt == start)
        #expect(info.closesAt == start.adding(seconds: 30))
        #expect(play.nextDeadline?.1 == start.adding(seconds: 30))
        // And an answer after that is refused, and the lock says when it fell
        #expect(throws: ProtocolError.self) {
            try play.answer(info.id, .number(500), in: reel, at: start.adding(seconds: 31))
        }
        let expired = play.expireDeadlines(in: reel, at: start.adding(seconds: 31))
        #expect(
            expired == [
                .message(.questionLocked(question: info.id, reason: .timeLimit, lockedAt: start.adding(seconds: 30)))
            ])
        // And a device resuming then is told it locked
        #expect(
            play.catchUp(in: reel).contains(
                .message(.questionLocked(question: info.id, reason: .timeLimit, lockedAt: start.adding(seconds: 30)))))
    }
}
