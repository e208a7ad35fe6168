import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriLesson

/// The teacher's results with make-up students in them: the report (its lines, CSV, HTML and data), the results
/// CSV and the leaderboards, each make-up student marked with when they joined, ranked as `makeupRanking` says.
@Suite("Make-up students in the teacher's results")
struct MakeupResultsTests {
    typealias ClassLesson = MakeupTests.ClassLesson

    /// The class's three students' answers played back as make-ups a day later; each joined a day after the class
    /// began.
    static func makeups(of lesson: ClassLesson) throws -> [MakeupLine] {
        let joined = try #require(lesson.entries.first).time.adding(milliseconds: MakeupTests.delay)
        return try MakeupTests.playBack(lesson, as: lesson.students).map { MakeupLine(play: $0.play, joinedAt: joined) }
    }

    @Test func apartTheClasssRanksStayTheClasssAndTheMakeupStudentsAreRankedAmongThemselves() throws {
        // Given a lesson that ranks make-ups apart (the default), and three make-up students who answered exactly as
        // the class's three did
        let lesson = try ClassLesson()
        let lines = try Self.makeups(of: lesson)
        let classOnly = lesson.room.lesson.report()

        // When the teacher downloads the report
        let report = lesson.room.lesson.report(makeups: lines)

        // Then the class's lines and ranks are as they were without the make-ups
        #expect(Array(report.students.prefix(3)) == classOnly.students)
        #expect(report.students.prefix(3).allSatisfy { $0.makeup == nil })
        // And each make-up line follows, marked with the day it joined, with the same points and hints as the
        // class's student whose answers it gave, ranked among the make-up students alone
        let makeupLines = Array(report.students.dropFirst(3))
        #expect(makeupLines.map(\.id) == lines.map(\.play.student))
        for (mine, theirs) in zip(makeupLines, classOnly.students) {
            #expect(mine.makeup == lines[0].joinedAt)
            #expect(mine.points == theirs.points)
            #expect(mine.hints == theirs.hints)
            #expect(mine.score == theirs.score)
            #expect(mine.rank == theirs.rank)
        }
        #expect(Set(report.students.compactMap(\.rank)) == [1, 2, 3])
        // And the CSV, the HTML and the data carry the rank and the make-up's date
        let rows = report.csv.split(separator: "\r\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false)
        }
        #expect(rows[0].suffix(2) == ["rank", "make-up"])
        #expect(rows[1].last == "")
        #expect(rows[4].last.map(String.init) == lines[0].joinedAt.description)
        #expect(report.html().contains("(make-up, \(lines[0].joinedAt.description.prefix(10)))"))
        #expect(report.data.students[3].makeup == lines[0].joinedAt)
        #expect(report.data.students.map(\.rank) == report.students.map(\.rank))
    }

    @Test func withTheClassEveryoneIsRankedTogetherInTheReportAndTheLeaderboards() throws {
        // Given a lesson that ranks make-ups with the class, and make-up students who scored as the class did
        let lesson = try ClassLesson(makeupRanking: .withClass)
        let lines = try Self.makeups(of: lesson)
        let scores = lesson.room.lesson.report().students.map(\.score)
        #expect(Set(scores).count == 3)

        // When the teacher downloads the report
        let report = lesson.room.lesson.report(makeups: lines)

        // Then each score is held twice, and each pair shares a rank among all six: 1, 1, 3, 3, 5, 5
        let ranks = Dictionary(grouping: report.students, by: \.score).mapValues { Set($0.map(\.rank)) }
        #expect(ranks.values.allSatisfy { $0.count == 1 })
        #expect(Set(report.students.compactMap(\.rank)) == [1, 3, 5])
        // And the leaderboard the class is shown counts and ranks the make-up students with it
        let board = lesson.room.lesson.leaderboard(including: lines, top: nil, forTeacher: true)
        #expect(board.students == 6)
        #expect(board.top.map(\.rank) == [1, 1, 3, 3, 5, 5])
        #expect(Set(board.top.map(\.student)) == Set(lesson.students + lines.map(\.play.student)))
        let top = lesson.room.lesson.leaderboard(including: lines, top: 2, forTeacher: false)
        #expect(top.top.count == 2 && top.students == 6)
    }

    @Test func aMakeupStudentsStandingRanksThemApartOrAmongTheClassAsTheLessonSays() throws {
        // Given the class played back as make-ups in a lesson ranked apart, and in one ranked with the class
        let apart = try MakeupTests.playBack(try ClassLesson(), as: try ClassLesson().students)
        let together = try ClassLesson(makeupRanking: .withClass)
        let withClass = try MakeupTests.playBack(together, as: together.students)

        // Then apart, a make-up student with no other make-up students is first at every result
        #expect(apart.flatMap(\.play.results).allSatisfy { $0.standing.rank == 1 })
        // And with the class, each stands where the class's student whose answers they gave stood
        for (student, played) in zip(together.students, withClass) {
            #expect(played.play.results.map(\.standing.rank) == together.results(of: student).map(\.standing.rank))
        }
        #expect(withClass.flatMap(\.play.results).contains { $0.standing.rank > 1 })
    }

    @Test func theResultsCSVListsEachMakeupAnswerAfterTheClasssMarkedWithTheDay() throws {
        // Given make-up students who answered as the class did
        let lesson = try ClassLesson()
        let lines = try Self.makeups(of: lesson)

        // When the teacher exports the results
        let csv = lesson.room.lesson.resultsCSV(makeups: lines)
        let rows = csv.split(separator: "\r\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }

        // Then a make-up column ends the heading, empty on the class's rows, the day it joined on the make-ups'
        #expect(rows[0].last == "make-up")
        let classRows = rows.dropFirst().filter { $0.last == "" }
        let makeupRows = rows.dropFirst().filter { $0.last.map(String.init) == lines[0].joinedAt.description }
        #expect(classRows.count == makeupRows.count)
        #expect(classRows.count + makeupRows.count == rows.count - 1)
        // And the make-up rows hold the same predictions and points as the class's
        #expect(
            Set(makeupRows.map { $0[1...4].joined(separator: ",") })
                == Set(classRows.map { $0[1...4].joined(separator: ",") }))
        // And the lesson without make-ups writes what it wrote before, plus the empty column
        #expect(lesson.room.lesson.resultsCSV().split(separator: "\r\n").count == classRows.count + 1)
    }
}
