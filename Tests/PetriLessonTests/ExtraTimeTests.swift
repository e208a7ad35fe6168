import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriLesson

@Suite("Extra time: a student's accommodation on timed questions")
struct ExtraTimeTests {
    @Test func aStudentWithExtraTimeAnswersAfterTheClassLocksAndTheRunWaitsForThem() throws {
        // Given Ada with 50% extra time and Ben without, and a question with a 60 s limit
        var room = try Classroom()
        let (ada, _) = try room.join("Ada")
        let (ben, _) = try room.join("Ben")
        #expect(room.teacher(.extraTime(ada, percent: 50)).isPersisted)
        let opened = room.clock.now
        let question = try room.ask(.population(timeLimit: 60))

        // When the class's 60 s run out
        room.clock.advance(seconds: 60)
        let classDeadline = room.clock.now
        let fired = room.server(.deadline(question))

        // Then Ben and the projector are told it locked for them, at the deadline; nobody else is
        let locked = ServerMessage.questionLocked(question: question, reason: .timeLimit, lockedAt: classDeadline)
        #expect(fired.isPersisted && fired.broadcasts.isEmpty)
        #expect(fired.sent(to: .student(ben)) == [locked] && fired.sent(to: .observers) == [locked])
        #expect(fired.sent(to: .student(ada)).isEmpty)
        // And the timer is set for Ada's own deadline, 90 s after the question opened
        #expect(fired.effects.contains(.scheduleDeadline(question, at: opened.adding(seconds: 90))))
        #expect(room.student(ben, .answer(question, .number(100))).errorCode == .lateAnswer)

        // When Ada answers at 80 s
        room.clock.advance(seconds: 20)
        let answered = room.student(ada, .answer(question, .number(100)))

        // Then it is accepted, still at the generation the question was asked at
        #expect(answered.rejection == nil && room.lesson.generation == 0)
        // And meanwhile the simulation waits: a step is refused with the time left, a tick does nothing
        #expect(
            room.teacher(.step(count: 1)).rejection
                == ProtocolError(
                    .questionOpen,
                    "Question 1 is still open for students with extra time (10 s left); step after that, or close the "
                        + "question to end it for everyone."))
        #expect(room.teacher(.run(rate: 1)).rejection == nil)
        #expect(room.server(.tick).effects.isEmpty && room.lesson.generation == 0)

        // When Ada's time runs out, Then the question locks for everyone at her deadline
        room.clock.advance(seconds: 10)
        let last = room.server(.deadline(question))
        #expect(
            last.broadcasts
                == [.questionLocked(question: question, reason: .timeLimit, lockedAt: opened.adding(seconds: 90))])
        #expect(room.student(ada, .answer(question, .number(90))).errorCode == .lateAnswer)
        // And the run goes on
        #expect(room.server(.tick).isPersisted && room.lesson.generation == 1)
    }

    @Test func theTeacherClosingTheQuestionEndsExtraTimeForEveryone() throws {
        // Given Ada with 100% extra time in her extended window
        var room = try Classroom()
        let (ada, _) = try room.join("Ada")
        _ = room.teacher(.extraTime(ada, percent: 100))
        let question = try room.ask(.population(timeLimit: 30))
        room.clock.advance(seconds: 30)
        _ = room.server(.deadline(question))

        // When the teacher closes the question, Then it locks now and the timer is cancelled
        let closed = room.teacher(.closeQuestion(question))
        #expect(closed.effects.contains(.cancelDeadline(question)))
        #expect(
            closed.broadcasts
                == [.questionLocked(question: question, reason: .closedByTeacher, lockedAt: room.clock.now)])
        #expect(room.student(ada, .answer(question, .number(1))).errorCode == .lateAnswer)
    }

    @Test func aStepBeforeTheClassDeadlineLocksForEveryoneAsBefore() throws {
        // Given Ada with extra time and a timed question still inside the class's limit
        var room = try Classroom()
        let (ada, _) = try room.join("Ada")
        _ = room.teacher(.extraTime(ada, percent: 50))
        let question = try room.ask(.population(timeLimit: 60))
        room.clock.advance(seconds: 10)

        // When the teacher steps, Then the question locks for everyone (the teacher chose to move on)
        let stepped = room.teacher(.step(count: 1))
        #expect(
            stepped.broadcasts.first
                == .questionLocked(question: question, reason: .advanced, lockedAt: room.clock.now))
        #expect(room.student(ada, .answer(question, .number(1))).errorCode == .lateAnswer)
    }

    @Test func theSpeedBonusIsOnEachStudentsOwnWindow() throws {
        // Given Ada with 100% extra time and Ben without, both answering the same half way through their own window
        var room = try Classroom(options: LessonOptions(speedBonus: true, streakBonus: false))
        let (ada, _) = try room.join("Ada")
        let (ben, _) = try room.join("Ben")
        _ = room.teacher(.extraTime(ada, percent: 100))
        let question = try room.ask(.population(in: 2, tolerance: 1000, timeLimit: 60))
        room.clock.advance(seconds: 30)
        #expect(room.student(ben, .answer(question, .number(100))).rejection == nil)
        room.clock.advance(seconds: 30)
        _ = room.server(.deadline(question))
        #expect(room.student(ada, .answer(question, .number(100))).rejection == nil)

        // When her time runs out and the question resolves
        room.clock.advance(seconds: 60)
        _ = room.server(.deadline(question))
        room.step(2)

        // Then both earn the same points: the accommodation costs Ada nothing
        let points = room.lesson.questions[0].answers
        let adaPoints = try #require(points[ada]?.points)
        let benPoints = try #require(points[ben]?.points)
        #expect(adaPoints.speed == 5 && benPoints.speed == 5)
        #expect(adaPoints == benPoints)
    }

    @Test func theStudentIsToldTheirOwnTime() throws {
        // Given Ada in a lesson
        var room = try Classroom()
        let (ada, token) = try room.join("Ada")

        // When the teacher gives her 50% extra time, Then she and the teacher's roster are told
        let given = room.teacher(.extraTime(ada, percent: 50))
        #expect(given.sent(to: .student(ada)) == [.yourTime(extraTime: 50, question: nil, closesAt: nil)])
        let lines = given.sent(to: .teacher).compactMap { message -> RosterEntry? in
            if case .student(let entry) = message { entry } else { nil }
        }
        #expect(lines.map(\.extraTime) == [50])

        // When a 40 s question opens, Then she is told it closes for her at 60 s
        let opened = room.clock.now
        let asked = room.teacher(.ask(.population(timeLimit: 40)))
        let ownClose = opened.adding(seconds: 60)
        #expect(
            asked.sent(to: .student(ada)) == [.yourTime(extraTime: 50, question: QuestionID(1), closesAt: ownClose)])

        // When she comes back on another connection, Then her welcome is followed by her own time again
        let resumed = room.send(.resume(token: token, lastSeen: nil), as: .guest)
        #expect(resumed.replies.contains(.yourTime(extraTime: 50, question: QuestionID(1), closesAt: ownClose)))
    }

    @Test func extraTimeIsLoggedSoAReplayOrACheckpointKeepsIt() throws {
        // Given a lesson in which Ada got extra time and answered inside it
        var room = try Classroom()
        let definition = try room.lesson.definition()
        let (ada, _) = try room.join("Ada")
        _ = try room.join("Ben")
        _ = room.teacher(.extraTime(ada, percent: 25))
        let question = try room.ask(.population(timeLimit: 40))
        room.clock.advance(seconds: 45)
        _ = room.server(.deadline(question))
        #expect(room.student(ada, .answer(question, .number(100))).rejection == nil)

        // When it is rebuilt from its log, and restored from its saved state
        let entries = room.log.compactMap { effect -> LessonLogEntry? in
            if case .persist(let entry, _) = effect { entry } else { nil }
        }
        #expect(entries.contains { $0.command == .extraTime(ada, percent: 25) })
        let replayed = try Lesson<WalkModel>.rebuild(
            definition: definition, teacherToken: room.teacherToken, configuration: room.lesson.configuration,
            log: entries, source: ())
        let restored = try Lesson<WalkModel>(
            decodingState: room.lesson.encodeState(), teacherToken: room.teacherToken,
            configuration: room.lesson.configuration, source: ())

        // Then both keep her extra time and her answer
        for lesson in [replayed, restored] {
            #expect(lesson.roster[ada]?.extraTime == 25)
            #expect(lesson.questions[0].answers[ada] != nil && lesson.questions[0].state == .open)
        }
    }

    @Test func aSavedStateOfFormat6RestoresWithNobodyHavingExtraTime() throws {
        // Given a lesson saved as format 6 wrote it: nothing after the expected points (no hunt, three bytes now: the
        // selection formula, no rounds, none under way; no extra time, one byte now: none; no questions about hunt
        // rounds, one byte now: none; no hunt records, one byte now: none)
        var room = try Classroom()
        _ = try room.join("Ada")
        _ = try room.ask(.population(timeLimit: 30))
        let bytes = room.lesson.encodeState()
        var old = Array(bytes.dropLast(8))
        #expect(old.suffix(6) == [0, 0, 0, 0, 0, 0])
        old.removeLast(6)
        old[4] = 6
        let sum = StateChecksum.of(old[...])
        old += (0..<8).map { UInt8(truncatingIfNeeded: sum >> (8 * UInt64($0))) }

        // When it is restored, Then it is the same lesson, and saves as today's format
        let restored = try Lesson<WalkModel>(
            decodingState: old, teacherToken: room.teacherToken, configuration: room.lesson.configuration, source: ())
        #expect(restored == room.lesson)
        #expect(restored.encodeState() == bytes)
    }

    @Test func badExtraTimeIsRefusedWithASentenceAndChangesNothing() throws {
        // Given a lesson with Ada
        var room = try Classroom()
        let (ada, _) = try room.join("Ada")
        let before = room.lesson

        // Then too much, negative, an unknown student, or a student asking are refused
        #expect(
            room.teacher(.extraTime(ada, percent: 150)).rejection
                == ProtocolError(
                    .outOfRange,
                    "Extra time is a whole percent of a question's time limit from 0 to 100, but was 150; send 0, 25, 50 "
                        + "or 100."))
        #expect(room.teacher(.extraTime(ada, percent: -10)).errorCode == .outOfRange)
        #expect(room.teacher(.extraTime(StudentID(9), percent: 50)).errorCode == .unknownStudent)
        #expect(room.student(ada, .extraTime(ada, percent: 50)).errorCode == .notAuthorised)
        #expect(room.lesson == before)
    }
}
