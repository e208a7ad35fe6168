import PetriProtocol
import Testing

@testable import PetriLesson

/// What a welcome carries for the teacher and for students.
@Suite struct WelcomeTests {
    @Test func teacherAttachingMidQuestionGetsWhoHasAnsweredAndStudentsDoNot() throws {
        // Given three students, two of whom answered the open question,
        var room = try Classroom()
        let (ada, _) = try room.join("Ada")
        let (_, bobToken) = try room.join("Bob")
        let (cy, _) = try room.join("Cy")
        let question = try room.ask(.population())
        room.student(cy, .answer(question, .number(90)))
        room.student(ada, .answer(question, .number(120)))

        // when the teacher attaches, the welcome says two answered, and who, ascending;
        let teacher = try #require(
            room.send(.attachTeacher(token: room.teacherToken, lastSeen: nil), as: .guest).welcome)
        #expect(teacher.answered == 2)
        #expect(teacher.answeredBy == [ada, cy])

        // a student's welcome has neither,
        let student = try #require(room.send(.resume(token: bobToken, lastSeen: nil), as: .guest).welcome)
        #expect(student.answered == nil)
        #expect(student.answeredBy == nil)
        let json = String(decoding: try ProtocolEncoder().encode(ServerMessage.welcome(student)), as: UTF8.self)
        #expect(!json.contains("answered"))
    }

    @Test func teacherWelcomeWithNoOpenQuestionHasNoAnswerCount() throws {
        var room = try Classroom()
        try room.join("Ada")
        let teacher = try #require(
            room.send(.attachTeacher(token: room.teacherToken, lastSeen: nil), as: .guest).welcome)
        #expect(teacher.answered == nil)
        #expect(teacher.answeredBy == nil)
    }

    @Test func welcomeListsOnlyTheNewestQuestionsAndOlderOnesPageOnRequest() throws {
        // Given a lesson that asked 25 questions, each resolved, and a student who answered them all,
        var room = try Classroom()
        let (ada, adaToken) = try room.join("Ada")
        var asked: [QuestionID] = []
        for _ in 0..<25 {
            let question = try room.ask(.population(in: 1))
            room.student(ada, .answer(question, .number(1)))
            room.step()
            asked.append(question)
        }

        // when she resumes, the welcome lists the newest 20 and says 5 are older,
        let welcome = try #require(room.send(.resume(token: adaToken, lastSeen: nil), as: .guest).welcome)
        #expect(welcome.questions.map(\.id) == Array(asked.suffix(20)))
        #expect(welcome.answers.map(\.question) == Array(asked.suffix(20)))
        #expect(welcome.olderQuestions == 5)

        // and asking for the questions before the first listed gives the other 5, with her answers.
        let replies = room.student(ada, .questions(before: welcome.questions.first?.id, limit: nil)).replies
        let pages = replies.compactMap { reply -> QuestionPage? in
            if case .questions(let page) = reply { page } else { nil }
        }
        let page = try #require(pages.first)
        #expect(page.questions.map(\.id) == Array(asked.prefix(5)))
        #expect(page.answers.count == 5)
        #expect(!page.more)
        let two = room.teacher(.questions(before: asked[10], limit: 2)).replies.compactMap { reply -> QuestionPage? in
            if case .questions(let page) = reply { page } else { nil }
        }.first
        #expect(two?.questions.map(\.id) == [asked[8], asked[9]])
        #expect(two?.answers.isEmpty == true)
        #expect(two?.more == true)
        #expect(room.student(ada, .questions(before: nil, limit: 0)).errorCode == .outOfRange)
        #expect(room.student(ada, .questions(before: QuestionID(999), limit: nil)).errorCode == .unknownQuestion)
    }

    @Test func studentResumingAnEndedLessonGetsTheirClosingAgain() throws {
        var room = try Classroom()
        let (_, token) = try room.join("Ada")
        room.teacher(.end)
        let replies = room.send(.resume(token: token, lastSeen: nil), as: .guest).replies
        #expect(replies.contains { if case .closing = $0 { true } else { false } })
        #expect(room.send(.attachTeacher(token: room.teacherToken, lastSeen: nil), as: .guest).welcome?.ended == true)
    }
}
