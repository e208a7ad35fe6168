import PetriProtocol
import PetriSimulation
import PetriWords
import Testing

@testable import PetriLesson

@Suite("Reasons with predictions: short, sanitised, the teacher's until shown")
struct ReasonTests {
    @Test func aReasonIsSanitisedStoredAndInTheAnswersFact() throws {
        var room = try Classroom()
        let (ada, _) = try room.join("Ada")
        let question = try room.ask(.population())
        let outcome = room.student(
            ada, .answer(question, .number(90), reason: "  because\u{202E} the\tbackground\u{0007} got darker  "))
        #expect(outcome.rejection == nil)
        guard case .persist(_, let facts)? = outcome.effects.first else {
            Issue.record("the answer was not persisted")
            return
        }
        let reasons = facts.compactMap { fact -> String? in
            if case .answered(_, _, _, _, _, let reason) = fact { reason } else { nil }
        }
        #expect(reasons == ["because the background got darker"])
    }

    @Test func aReasonOver140CharactersIsRefusedWithASentence() throws {
        var room = try Classroom()
        let (ada, _) = try room.join("Ada")
        let question = try room.ask(.population())
        let refused = room.student(ada, .answer(question, .number(90), reason: String(repeating: "é", count: 141)))
        #expect(refused.errorCode == .invalidField)
        #expect(
            refused.rejection?.message
                == "The field \"reason\" may have at most 140 characters, but had 141; shorten it and send the answer again."
        )
        // Nothing changed: the answer was not taken either
        #expect(
            room.student(ada, .answer(question, .number(90), reason: String(repeating: "é", count: 140))).rejection
                == nil)
    }

    @Test func onlyTheTeacherReadsReasonsAndShowsChosenOnesAnonymously() throws {
        // Given two students with reasons and one without
        var room = try Classroom()
        let (ada, _) = try room.join("Ada")
        let (ben, _) = try room.join("Ben")
        let (cy, _) = try room.join("Cy")
        let question = try room.ask(.population())
        room.student(ada, .answer(question, .number(90), reason: "fewer survive"))
        room.student(ben, .answer(question, .number(120), reason: "more food"))
        room.student(cy, .answer(question, .number(100)))

        // Then the answers broadcast nothing of the reasons, and students cannot read them
        #expect(!room.log.contains { if case .broadcast(.reasonsShown) = $0 { true } else { false } })
        #expect(room.student(ada, .reasons(question)).errorCode == .notAuthorised)
        #expect(room.student(ada, .showReasons(question, students: [ada], names: false)).errorCode == .notAuthorised)

        // When the teacher reads them, Then they come with names, in student order
        let read = room.teacher(.reasons(question))
        #expect(
            read.replies == [
                .reasons(
                    question: question,
                    reasons: [
                        StudentReason(student: ada, name: "Ada", prediction: .number(90), reason: "fewer survive"),
                        StudentReason(student: ben, name: "Ben", prediction: .number(120), reason: "more food"),
                    ])
            ])

        // When the teacher shows Ben's and Ada's, Then everyone gets them without names, in that order
        let shown = room.teacher(.showReasons(question, students: [ben, ada], names: false))
        #expect(
            shown.broadcasts == [
                .reasonsShown(
                    question: question,
                    reasons: [SharedReason(reason: "more food"), SharedReason(reason: "fewer survive")])
            ])
        #expect(!shown.isPersisted)
        // And with names only when asked
        let named = room.teacher(.showReasons(question, students: [ada], names: true))
        #expect(
            named.broadcasts == [
                .reasonsShown(question: question, reasons: [SharedReason(reason: "fewer survive", name: "Ada")])
            ])
        // And a student without a reason cannot be shown
        #expect(room.teacher(.showReasons(question, students: [cy], names: false)).errorCode == .invalidField)
    }

    @Test func theCSVHasHintAndReasonColumnsGuardedAgainstFormulas() throws {
        var room = try Classroom(.init(drift: 0))
        let (ada, _) = try room.join("Ada")
        let (ben, _) = try room.join("Ben")
        let question = try room.ask(.population(in: 1, hint: "Look back"))
        room.student(ada, .takeHint(question))
        room.student(ada, .answer(question, .number(100), reason: "=HYPERLINK(\"http://x\")"))
        room.student(ben, .answer(question, .number(90), reason: "it, \"stays\" the same"))
        room.step()
        let lines = room.lesson.resultsCSV().split(separator: "\r\n").map(String.init)
        #expect(lines.first == "student,question,prediction,actual,points,answered at,hint,reason,make-up")
        #expect(lines[1].hasSuffix(",yes,\"'=HYPERLINK(\"\"http://x\"\")\","))
        #expect(lines[2].hasSuffix(",no,\"it, \"\"stays\"\" the same\","))
    }

    @Test func reasonsSurviveASavedStateAndAChangedAnswerKeepsItsReason() throws {
        var room = try Classroom()
        let (ada, _) = try room.join("Ada")
        let question = try room.ask(.population())
        room.student(ada, .answer(question, .number(90), reason: "fewer survive"))
        room.student(ada, .answer(question, .number(95)))
        let restored = try Lesson<WalkModel>(
            decodingState: room.lesson.encodeState(), teacherToken: room.teacherToken,
            configuration: room.lesson.configuration, source: ())
        #expect(restored == room.lesson)
        var copy = room
        copy.lesson = restored
        #expect(
            copy.teacher(.reasons(question)).replies == [
                .reasons(
                    question: question,
                    reasons: [
                        StudentReason(student: ada, name: "Ada", prediction: .number(95), reason: "fewer survive")
                    ])
            ])
    }
}

@Suite("Reasons' refusals in the reader's language")
struct ReasonWordsTests {
    @Test func aReasonsRefusalKeepsItsSentenceForEveryLanguage() throws {
        var room = try Classroom()
        let (ada, _) = try room.join("Ada")
        let question = try room.ask(.population())
        let refused = try #require(
            room.student(ada, .answer(question, .number(90), reason: String(repeating: "a", count: 141))).rejection)
        #expect(refused.message(in: .english) == refused.message)
        #expect(
            refused.message(in: try #require(Language("cy")))
                == "Gall y maes \"reason\" gynnwys 140 nod ar y mwyaf, ond roedd ganddo 141; "
                + "byrhewch ef ac anfonwch yr ateb eto.")
        #expect(refused.rendered(in: try #require(Language("es-MX"))).message.hasPrefix("El campo \"reason\" admite"))
        // Arabic chooses the form for 140 (n % 100 = 40: "many"), a noun in the singular accusative
        #expect(refused.message(in: try #require(Language("ar"))).contains("140 حرفًا"))
    }

    @Test func aRefusalToShowAnUnknownQuestionsReasonsNamesItInWelsh() throws {
        var room = try Classroom()
        let refused = try #require(room.teacher(.reasons(QuestionID(9))).rejection)
        #expect(refused.message == "There is no question 9 in this lesson.")
        #expect(refused.message(in: try #require(Language("cy"))) == "Nid oes cwestiwn 9 yn y wers hon.")
    }
}
