import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriLesson

@Suite("The observer role: the projector's read-only view")
struct ObserverTests {
    @Test func observingNeedsTheTeacherToken() throws {
        // Given a lesson
        var room = try Classroom()

        // When a guest observes with a student's token, then with the teacher's
        let wrong = room.send(.attachObserver(token: try Classroom.token("student"), lastSeen: nil), as: .guest)
        let right = room.send(.attachObserver(token: room.teacherToken, lastSeen: nil), as: .guest)

        // Then only the teacher token attaches, as an observer and nothing more
        #expect(wrong.errorCode == .unknownToken)
        #expect(right.effects.contains(.attach(.observer, session: 0)))
        #expect(!right.effects.contains(.attach(.teacher, session: 0)))
        #expect(!right.isPersisted)
    }

    @Test func theObserversWelcomeHasCountsAndNoTeacherOrStudentData() throws {
        // Given two students, one offline, a checkpoint and an answered open question
        var room = try Classroom()
        let (ada, _) = try room.join("Ada")
        let (ben, _) = try room.join("Ben")
        room.teacher(.checkpoint)
        let question = try room.ask(.population(hint: "Look back"))
        room.student(ada, .answer(question, .number(110)))
        room.student(ben, .takeHint(question))
        room.send(.left(session: room.sessions[ben] ?? 0), as: .student(ben))

        // When the projector observes
        let welcome = try #require(
            room.send(.attachObserver(token: room.teacherToken, lastSeen: nil), as: .guest).welcome)

        // Then it has the class's size and the questions, and nothing private
        #expect(welcome.role == .observer)
        #expect(welcome.classSize == ClassSize(joined: 2, online: 1))
        #expect(welcome.questions.map(\.id) == [question])
        #expect(welcome.you == nil)
        #expect(welcome.answers.isEmpty)
        #expect(welcome.roster == nil)
        #expect(welcome.checkpoint == nil)
        #expect(welcome.leaderboard.you == nil)
    }

    @Test func anObserverMayOnlyShowAnswersAndReadHistory() throws {
        // Given a lesson with a student and an open question
        var room = try Classroom()
        let (ada, _) = try room.join("Ada")
        let question = try room.ask(.population())
        let before = room.lesson.generation

        // When the observer tries every teacher and student command
        let refused: [LessonCommand] = [
            .step(count: 1), .run(rate: 1), .pause, .act(.set(name: "drift", value: .number(1))), .rewind(count: 1),
            .checkpoint, .restore, .clone(changes: []), .exportDefinition, .kick(ada), .end,
            .ask(.population()), .closeQuestion(question), .exportResults, .answer(question, .number(1)),
            .takeHint(question), .tick, .deadline(question),
        ]
        for command in refused {
            // Then each is refused and changes nothing
            let outcome = room.send(command, as: .observer)
            #expect(outcome.errorCode == .notAuthorised, "\(command)")
        }
        #expect(room.lesson.generation == before)

        // And history and showing answers work
        #expect(room.send(.history(from: 0, to: nil), as: .observer).rejection == nil)
        #expect(room.send(.showAnswers(question), as: .observer).rejection == nil)
    }

    @Test func observersAreToldTheClassSizeWhenStudentsComeGoAndAreRemoved() throws {
        var room = try Classroom()

        // When students join, one leaves, comes back and one is removed
        let (ada, adaToken) = try room.join("Ada")
        let joined = room.log.last { if case .send(.classSize, .observers) = $0 { true } else { false } }
        let (ben, _) = try room.join("Ben")
        let left = room.send(.left(session: room.sessions[ada] ?? 0), as: .student(ada))
        let back = room.send(.resume(token: adaToken, lastSeen: nil), as: .guest)
        let kicked = room.teacher(.kick(ben))

        // Then observers get each new size
        #expect(joined == .send(.classSize(ClassSize(joined: 1, online: 1)), to: .observers))
        #expect(left.sent(to: .observers) == [.classSize(ClassSize(joined: 2, online: 1))])
        #expect(back.sent(to: .observers) == [.classSize(ClassSize(joined: 2, online: 2))])
        #expect(kicked.sent(to: .observers) == [.classSize(ClassSize(joined: 1, online: 1))])
    }

    @Test func observersNeverAppearAmongTheTeachersRecipientsOfWhoAnswered() throws {
        // The lesson addresses who-answered counts to the teacher only; the server gives
        // observers a copy without names (tested over sockets in the server's tests).
        var room = try Classroom()
        let (ada, _) = try room.join("Ada")
        let question = try room.ask(.population())
        let answered = room.student(ada, .answer(question, .number(100)))
        #expect(answered.sent(to: .observers).isEmpty)
        #expect(
            answered.sent(to: .teacher)
                == [.answerCount(question: question, answered: 1, students: 1, answeredBy: [ada])])
    }
}
