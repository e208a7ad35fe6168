import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriLesson

@Suite("Erasure: a teacher erases a student from a lesson")
struct ErasureTests {
    /// A class where Zebedee and Ben answered a question with reasons and it resolved.
    static func answeredClass() throws -> (room: Classroom, zebedee: StudentID, ben: StudentID) {
        var room = try Classroom()
        let (zebedee, _) = try room.join("Zebedee Quockerwodger")
        let (ben, _) = try room.join("Ben")
        let question = try room.ask(.population(in: 2))
        room.student(zebedee, .answer(question, .number(90), reason: "Zebedee thinks fewer survive"))
        room.student(ben, .answer(question, .number(120), reason: "more food"))
        room.step(2)
        return (room, zebedee, ben)
    }

    @Test func theErasedStudentsNameAndReasonsAreGoneFromTheLessonItsReportAndItsResults() throws {
        // Given a class where Zebedee answered with a reason
        var (room, zebedee, ben) = try Self.answeredClass()
        let hashBefore = room.lesson.stateHash
        let generationBefore = room.lesson.generation

        // When the teacher erases Zebedee
        let outcome = room.teacher(.eraseStudent(zebedee))

        // Then the command is stored, the server is asked to rewrite storage, Zebedee's teachers drop the line
        #expect(outcome.isPersisted)
        #expect(outcome.effects.contains(.eraseStored(zebedee)))
        #expect(outcome.sent(to: .teacher).contains(.studentErased(student: zebedee)))
        // And the roster, the leaderboard, the report and the results name only Ben
        #expect(room.lesson.rosterEntries.map(\.student) == [ben])
        #expect(room.lesson.leaderboard().top.map(\.name) == ["Ben"])
        guard case .report(let csv, let html, let data)? = room.teacher(.report).replies.first else {
            Issue.record("no report")
            return
        }
        let results = room.lesson.resultsCSV()
        for text in [csv, html, results, "\(data)"] {
            #expect(!text.contains("Zebedee"))
            #expect(!text.contains("fewer survive"))
        }
        #expect(results.contains("Ben"))
        // And the saved lesson holds no byte of the name or the reason
        let state = room.lesson.checkpoint().state
        #expect(!Self.contains(state, "Zebedee"))
        #expect(!Self.contains(state, "fewer survive"))
        // And the simulation is exactly where it was, and the class keeps its count of who joined
        #expect(room.lesson.stateHash == hashBefore)
        #expect(room.lesson.generation == generationBefore)
        #expect(room.lesson.erasedCount == 1)
    }

    @Test func theClassStatisticsKeepAnErasedStudentsAnswersAsAnonymousCounts() throws {
        // Given a class where Zebedee (90) and Ben (120) answered and the question resolved
        var (room, zebedee, _) = try Self.answeredClass()
        let before = try #require(room.lesson.report().questions.first?.spread)
        #expect(before.answers == 2)

        // When the teacher erases Zebedee
        room.teacher(.eraseStudent(zebedee))

        // Then the class's spread of answers still counts both, with the same bins and mean, and names nobody
        let after = try #require(room.lesson.report().questions.first?.spread)
        #expect(after == before)
        #expect(room.lesson.report().students.count == 1)
    }

    @Test func aRemovedStudentErasedLaterStaysOutOfTheClassStatistics() throws {
        // Given a class where Zebedee and Ben answered, and the teacher removed Ben (his answer stopped counting)
        var (room, _, ben) = try Self.answeredClass()
        room.teacher(.kick(ben))
        let removed = try #require(room.lesson.report().questions.first?.spread)
        #expect(removed.answers == 1)

        // When the teacher erases Ben too, Then his answer does not come back into the counts
        room.teacher(.eraseStudent(ben))
        #expect(room.lesson.report().questions.first?.spread == removed)
    }

    @Test func anErasedLessonSavesAndRestoresExactlyWithoutTheStudent() throws {
        // Given a class with Zebedee erased
        var (room, zebedee, _) = try Self.answeredClass()
        room.teacher(.eraseStudent(zebedee))

        // When its saved state is restored
        let checkpoint = room.lesson.checkpoint()
        let restored = try Lesson<WalkModel>(
            restoring: checkpoint, teacherToken: room.teacherToken, configuration: room.lesson.configuration,
            source: ())

        // Then it is the same lesson, and a newcomer may take the freed name
        #expect(restored == room.lesson)
        var again = room
        again.lesson = restored
        let (newcomer, _) = try again.join("Zebedee Quockerwodger")
        #expect(again.lesson.rosterEntries.first { $0.student == newcomer }?.name == "Zebedee Quockerwodger")
    }

    @Test func theErasedStudentsTokenNoLongerWorks() throws {
        // Given Zebedee erased
        var room = try Classroom()
        let (zebedee, token) = try room.join("Zebedee")
        room.teacher(.eraseStudent(zebedee))

        // Then their token does not resume them, and erasing again only rewrites storage again
        #expect(room.send(.resume(token: token, lastSeen: nil), as: .guest).errorCode == .kicked)
        #expect(room.teacher(.eraseStudent(zebedee)).effects.contains(.eraseStored(zebedee)))
    }

    @Test func aStudentIsErasedAfterTheLessonEndedToo() throws {
        // Given a class that answered, and the lesson ended (its report is read afterwards)
        var (room, zebedee, _) = try Self.answeredClass()
        room.teacher(.end)

        // When the teacher erases Zebedee, Then it is stored and their line leaves the results
        let outcome = room.teacher(.eraseStudent(zebedee))
        #expect(outcome.rejection == nil)
        #expect(outcome.isPersisted)
        #expect(!room.lesson.resultsCSV().contains("Zebedee"))
    }

    @Test func onlyTheTeacherErasesAndOnlyStudentsWhoExist() throws {
        // Given a class of two
        var room = try Classroom()
        let (ada, _) = try room.join("Ada")
        let (ben, _) = try room.join("Ben")

        // Then a student may not erase another, nor may the teacher erase a student who never joined
        #expect(room.student(ada, .eraseStudent(ben)).errorCode == .notAuthorised)
        #expect(room.teacher(.eraseStudent(StudentID(9))).errorCode == .unknownStudent)
        #expect(room.lesson.rosterEntries.count == 2)
    }

    static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard bytes.count >= needle.count else { return false }
        return (0...(bytes.count - needle.count)).contains { Array(bytes[$0..<($0 + needle.count)]) == needle }
    }
}
