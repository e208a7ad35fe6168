import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriLesson

@Suite("Roster: joining, names, resuming, leaving and kicking")
struct RosterTests {
    @Test func joiningGivesAnIdentityTheTokenTheCurrentPictureAndTellsTheTeacher() throws {
        // Given a lesson that has run three generations
        var room = try Classroom()
        room.step(3)

        // When Ada joins
        let token = try room.mintToken()
        let outcome = room.send(.join(name: "Ada", token: token), as: .guest)

        // Then she is student 1, welcomed with her token, the position, and the history from 0
        #expect(outcome.isPersisted)
        #expect(outcome.attachedStudent == StudentID(1))
        let welcome = try #require(outcome.welcome)
        #expect(welcome.role == .student)
        #expect(welcome.you?.name == "Ada")
        #expect(welcome.you?.token == token)
        #expect(welcome.position == TimelinePosition(timeline: 0, generation: 3))
        #expect(welcome.historyFrom == 0 && welcome.missed == false)
        let pages = outcome.replies.compactMap { if case .history(let page) = $0 { page } else { nil } }
        #expect(pages.map(\.from) == [0] && pages.map(\.to) == [3])
        // And the snapshot follows, and the teacher sees her roster line
        #expect(
            outcome.effects.contains(
                .replySnapshot(
                    SnapshotHeader(model: .camouflage, timeline: 0, generation: 3),
                    WalkModel.Snapshot(generation: 3, population: 100))))
        #expect(
            outcome.sent(to: .teacher) == [
                .student(
                    RosterEntry(
                        student: StudentID(1), name: "Ada", online: true, kicked: false, score: 0, streak: 0))
            ])
    }

    @Test func duplicateNamesGetNumberSuffixesComparedWithoutCase() throws {
        // Given Sam and a student who literally typed "Sam 2"
        var room = try Classroom()
        try room.join("Sam")
        try room.join("Sam 2")

        // When two more type "sam" and "SAM"
        try room.join("sam")
        try room.join("SAM")

        // Then the suffixes skip the taken "Sam 2" and count on
        #expect(room.lesson.rosterEntries.map(\.name) == ["Sam", "Sam 2", "sam 3", "SAM 4"])
    }

    @Test func aSuffixStillFitsWithinTwentyFourCharacters() throws {
        // Given a 24-character name already taken
        var room = try Classroom()
        let long = "Maximiliana Wolfeschlegs"
        #expect(long.count == 24)
        try room.join(long)

        // When someone else types the same
        try room.join(long)

        // Then the copy is shortened so that " 2" fits
        #expect(room.lesson.rosterEntries[1].name == "Maximiliana Wolfeschle 2")
        #expect(room.lesson.rosterEntries[1].name.count == 24)
    }

    @Test func hostileNamesAreCleanedAndEmptyOnesRefused() throws {
        // Given a class
        var room = try Classroom()

        // When names carry terminal escapes, bidi overrides and controls
        try room.join("\u{1B}[31mRed\u{1B}[0m \u{1B}]0;pwned\u{07}Rita")
        try room.join("\u{202E}evil\u{202C}\u{0000}")

        // Then only the visible text remains
        #expect(room.lesson.rosterEntries.map(\.name) == ["Red Rita", "evil"])

        // And a name with nothing visible left is refused, with nothing changed
        let before = room.lesson
        let outcome = room.send(.join(name: "\u{1B}[2J\u{200B}\u{2066} ", token: try room.mintToken()), as: .guest)
        #expect(outcome.errorCode == .invalidName)
        #expect(room.lesson == before)
    }

    @Test func generatedNamesComeFromTheLessonsNameSeedAndIgnoreWhatWasTyped() throws {
        // Given two lessons for young classes with the same name seed
        var first = try Classroom(options: LessonOptions(names: .generated))
        var second = try Classroom(options: LessonOptions(names: .generated))

        // When students join, one typing a name of their own
        for _ in 0..<5 { try first.join(nil) }
        try second.join("I typed this")
        for _ in 0..<4 { try second.join(nil) }

        // Then both lessons hand out the same friendly, distinct adjective-animal names
        let names = first.lesson.rosterEntries.map(\.name)
        #expect(names == second.lesson.rosterEntries.map(\.name))
        #expect(Set(names).count == 5)
        #expect(names.allSatisfy { $0.split(separator: " ").count == 2 })
        #expect(!names.contains("I typed this"))
    }

    @Test func resumingRestoresIdentityScoreStreakAndAnswers() throws {
        // Given Ada answered a question that resolved, then her connection dropped
        var room = try Classroom(.init(drift: 2))
        let (ada, token) = try room.join("Ada")
        let question = try room.ask(.population(in: 1))
        room.student(ada, .answer(question, .number(102)))
        room.clock.advance(seconds: 10)
        room.step()
        room.student(ada, .left(session: room.sessions[ada] ?? 0))
        #expect(room.lesson.rosterEntries[0].online == false)

        // When she resumes with her token, having seen generation 0
        let outcome = room.send(
            .resume(token: token, lastSeen: TimelinePosition(timeline: 0, generation: 0)), as: .guest)

        // Then she is the same student with the same score, streak and answer
        #expect(outcome.attachedStudent == ada)
        #expect(!outcome.isPersisted)
        let welcome = try #require(outcome.welcome)
        #expect(welcome.you?.name == "Ada")
        #expect(welcome.you?.token == nil)
        #expect(welcome.you?.score == 1010)
        #expect(welcome.you?.streak == 1)
        #expect(welcome.answers.map(\.prediction) == [.number(102)])
        #expect(welcome.answers.first?.points?.total == 1010)
        // And she gets the generation she missed
        #expect(welcome.historyFrom == 1 && welcome.missed)
        #expect(room.lesson.rosterEntries[0].online)
    }

    @Test func resumingWhileStillConnectedClosesTheOlderConnection() throws {
        // Given Ada is connected
        var room = try Classroom()
        let (ada, token) = try room.join("Ada")
        let firstSession = try #require(room.sessions[ada])

        // When she connects again from another device
        let outcome = room.send(.resume(token: token, lastSeen: nil), as: .guest)

        // Then the old connection is closed as replaced before the new one attaches
        #expect(
            outcome.effects.prefix(2) == [
                .disconnect(ada, .replaced), .attach(.student(ada), session: firstSession + 1),
            ])

        // And the old connection closing late does not mark her offline
        let late = room.student(ada, .left(session: firstSession))
        #expect(late.rejection == nil && late.effects.isEmpty)
        #expect(room.lesson.rosterEntries[0].online)
    }

    @Test func anUnknownResumeTokenIsRefused() throws {
        // Given a lesson with one student
        var room = try Classroom()
        try room.join("Ada")
        let before = room.lesson

        // When someone resumes with a token that is not in the lesson
        let outcome = room.send(.resume(token: try Classroom.token("guessed"), lastSeen: nil), as: .guest)

        // Then it is refused and nothing changed
        #expect(outcome.errorCode == .unknownToken)
        #expect(room.lesson == before)
    }

    @Test func aKickedStudentIsDisconnectedUnrankedAndCannotResume() throws {
        // Given Ada and Ben in the lesson
        var room = try Classroom()
        let (ada, adaToken) = try room.join("Ada")
        try room.join("Ben")

        // When the teacher kicks Ada
        let outcome = room.teacher(.kick(ada))

        // Then her connection is closed as kicked and the leaderboard no longer has her
        #expect(outcome.isPersisted)
        #expect(outcome.effects.contains(.disconnect(ada, .kicked)))
        #expect(room.lesson.leaderboard().top.map(\.name) == ["Ben"])

        // And her token no longer resumes, nor can her old connection act
        #expect(room.send(.resume(token: adaToken, lastSeen: nil), as: .guest).errorCode == .kicked)
        #expect(room.student(ada, .history(from: nil, to: nil)).errorCode == .kicked)
        #expect(room.teacher(.kick(ada)).errorCode == .unknownStudent)
    }

    @Test func theTeacherAttachesOnlyWithTheTeacherToken() throws {
        // Given a lesson with a student
        var room = try Classroom()
        try room.join("Ada")

        // When the teacher attaches with the right token, and someone else with a student's
        let teacher = room.send(.attachTeacher(token: room.teacherToken, lastSeen: nil), as: .guest)
        let impostor = room.send(.attachTeacher(token: try Classroom.token("student1"), lastSeen: nil), as: .guest)

        // Then only the first becomes the teacher, and sees the full roster
        #expect(teacher.effects.first == .attach(.teacher, session: 0))
        #expect(teacher.welcome?.role == .teacher)
        #expect(teacher.welcome?.roster?.map(\.name) == ["Ada"])
        #expect(impostor.errorCode == .unknownToken)
    }

    @Test func aConnectionThatHasJoinedCannotJoinAgain() throws {
        // Given Ada is attached
        var room = try Classroom()
        let (ada, _) = try room.join("Ada")

        // When her connection sends a join
        let outcome = room.student(ada, .join(name: "Ada again", token: try room.mintToken()))

        // Then it is refused
        #expect(outcome.errorCode == .alreadyJoined)
        #expect(room.lesson.rosterEntries.count == 1)
    }
}
