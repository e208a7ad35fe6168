import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriLesson

/// Whether a message carries the class's spread of predictions.
func carriesSpread(_ message: ServerMessage) -> Bool {
    switch message {
    case .answersShown, .resolved: true
    default: false
    }
}

@Suite("Showing the class's answers: hidden until the teacher shows them")
struct RevealTests {
    @Test func theTeacherShowsTheAnonymousSpreadOfAnOpenThenALockedQuestion() throws {
        // Given three answers to an open number question (population 100, range 0...10000)
        var room = try Classroom(.init(drift: 2))
        var ids: [StudentID] = []
        for name in ["Ada", "Ben", "Cy"] { ids.append(try room.join(name).0) }
        let question = try room.ask(.population(in: 3))
        room.student(ids[0], .answer(question, .number(100)))
        room.student(ids[1], .answer(question, .number(120)))

        // When the teacher shows the answers while it is open
        let open = room.teacher(.showAnswers(question))

        // Then everyone gets counts only, and nothing is logged
        let shown = try #require(open.broadcasts.first)
        guard case .answersShown(let id, let spread) = shown else {
            Issue.record("expected answersShown, got \(shown)")
            return
        }
        #expect(id == question)
        #expect(spread.answers == 2)
        #expect(spread.bins?.reduce(0) { $0 + $1.count } == 2)
        #expect(open.effects.count == 1)
        #expect(!open.isPersisted)

        // And after another answer and the lock, showing again counts three
        room.student(ids[2], .answer(question, .number(90)))
        room.step()
        let locked = room.teacher(.showAnswers(question))
        guard case .answersShown(_, let again)? = locked.broadcasts.first else {
            Issue.record("expected answersShown after the lock")
            return
        }
        #expect(again.answers == 3)
    }

    @Test func aChoiceSpreadCountsEachOption() throws {
        var room = try Classroom(.init(drift: 2))
        let ada = try room.join("Ada").0
        let ben = try room.join("Ben").0
        let question = try room.ask(.growShrink())
        room.student(ada, .answer(question, .choice(1)))
        room.student(ben, .answer(question, .choice(1)))
        let shown = room.teacher(.showAnswers(question)).broadcasts
        #expect(shown == [.answersShown(question: question, spread: Spread(answers: 2, counts: [0, 2, 0, 0]))])
    }

    @Test func showingIsRefusedForResolvedCancelledUnknownQuestionsAndForStudents() throws {
        var room = try Classroom(.init(drift: 2))
        let ada = try room.join("Ada").0
        let resolved = try room.ask(.population(in: 1))
        room.step()
        let cancelled = try room.ask(.population(in: 5))
        room.teacher(.rewind(count: 1))
        let open = try room.ask(.population(in: 5))

        #expect(room.teacher(.showAnswers(resolved)).errorCode == .questionClosed)
        #expect(room.teacher(.showAnswers(cancelled)).errorCode == .questionClosed)
        #expect(room.teacher(.showAnswers(QuestionID(99))).errorCode == .unknownQuestion)
        #expect(room.student(ada, .showAnswers(open)).errorCode == .notAuthorised)
        #expect(room.send(.showAnswers(open), as: .guest).errorCode == .notJoined)
    }

    @Test func aLessonThatShowsAnswersOnlyAtResolutionRefusesToShowThemEarlier() throws {
        var room = try Classroom(.init(drift: 2), options: LessonOptions(spread: .atResolution))
        let ada = try room.join("Ada").0
        let question = try room.ask(.population(in: 1))
        room.student(ada, .answer(question, .number(100)))

        let refused = room.teacher(.showAnswers(question))
        let observer = room.send(.showAnswers(question), as: .observer)

        #expect(refused.errorCode == .notAuthorised)
        #expect(observer.errorCode == .notAuthorised)
        #expect(refused.rejection?.message.contains("atResolution") == true)
    }

    @Test func noStudentReceivesASpreadBeforeTheTeacherShowsItOrTheQuestionResolves() throws {
        // Given a lesson walked through joins, a question, answers, a lock, a hint and a late joiner
        var room = try Classroom(.init(drift: 2))
        var ids: [StudentID] = []
        for name in ["Ada", "Ben", "Cy"] { ids.append(try room.join(name).0) }
        let question = try room.ask(.population(in: 3, hint: "Look"))
        room.student(ids[0], .answer(question, .number(100)))
        room.student(ids[1], .takeHint(question))
        room.student(ids[1], .answer(question, .number(104)))
        room.step()
        ids.append(try room.join("Dee").0)
        _ = room.send(.attachObserver(token: room.teacherToken, lastSeen: nil), as: .guest)

        // Then up to here nothing any student or observer could receive carries a spread
        let beforeShow = room.log
        #expect(!Self.studentVisible(beforeShow).contains(where: carriesSpread))

        // When the teacher shows the answers, then the spread arrives, for everyone
        let shown = room.teacher(.showAnswers(question))
        #expect(shown.broadcasts.contains(where: carriesSpread))

        // And the resolution carries it again with the actual value
        room.step(2)
        let resolved = room.log.dropFirst(beforeShow.count + 1)
        #expect(Self.studentVisible(Array(resolved)).contains { if case .resolved = $0 { true } else { false } })
    }

    /// Everything of `effects` that can reach a student or an observer: broadcasts, messages
    /// to students and observers, and replies to students' own commands (welcomes, receipts).
    static func studentVisible(_ effects: [LessonEffect<WalkModel>]) -> [ServerMessage] {
        effects.compactMap { effect in
            switch effect {
            case .broadcast(let message), .send(let message, .student), .send(let message, .observers),
                .reply(let message):
                message
            default: nil
            }
        }
    }
}
