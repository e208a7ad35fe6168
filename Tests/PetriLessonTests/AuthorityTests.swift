import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriLesson

@Suite("Authority: who may send what")
struct AuthorityTests {
    static let teacherCommands: [LessonCommand] = [
        .step(count: 1), .run(rate: 2), .pause, .act(.set(name: "drift", value: .number(5))), .rewind(count: 1),
        .checkpoint, .restore, .clone(changes: []), .exportDefinition, .kick(StudentID(1)), .end,
        .ask(.population()), .closeQuestion(QuestionID(1)), .exportResults,
    ]

    @Test(arguments: teacherCommands)
    func aStudentSendingATeacherCommandIsRefusedAndNothingChanges(command: LessonCommand) throws {
        // Given a lesson at generation 2 with a student and a checkpoint
        var room = try Classroom()
        let (ada, _) = try room.join("Ada")
        room.teacher(.checkpoint)
        room.step(2)
        let before = room.lesson

        // When the student sends a teacher command
        let outcome = room.student(ada, command)

        // Then it is refused as not authorised, and the lesson is exactly as it was
        #expect(outcome.errorCode == .notAuthorised)
        #expect(outcome.effects.isEmpty)
        #expect(room.lesson == before)
    }

    @Test(arguments: teacherCommands + [.answer(QuestionID(1), .number(1)), .history(from: nil, to: nil)])
    func aConnectionThatHasNotJoinedCanOnlyJoin(command: LessonCommand) throws {
        // Given a lesson
        var room = try Classroom()
        let before = room.lesson

        // When a guest connection sends anything but join/resume/teach
        let outcome = room.send(command, as: .guest)

        // Then it is told to join first, and nothing changed
        #expect(outcome.errorCode == .notJoined)
        #expect(room.lesson == before)
    }

    @Test func theTeacherCannotAnswerQuestions() throws {
        // Given an open question
        var room = try Classroom()
        let question = try room.ask(.population())

        // When the teacher answers it
        let outcome = room.teacher(.answer(question, .number(100)))

        // Then it is refused
        #expect(outcome.errorCode == .notAuthorised)
    }

    @Test(arguments: [LessonCommand.tick, .deadline(QuestionID(1))])
    func onlyTheServerSendsTimerCommands(command: LessonCommand) throws {
        // Given a running lesson
        var room = try Classroom()
        let (ada, _) = try room.join("Ada")
        room.teacher(.run(rate: 5))
        let before = room.lesson

        // When a teacher or student sends a timer command
        // Then it is refused and the simulation does not move
        #expect(room.teacher(command).errorCode == .notAuthorised)
        #expect(room.student(ada, command).errorCode == .notAuthorised)
        #expect(room.lesson == before)
    }
}
