import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriLesson

@Suite("Results CSV and the end of the lesson")
struct ResultsTests {
    @Test func theResultsCSVQuotesFieldsAndNeutralisesFormulas() throws {
        // Given students whose names look like formulas or contain commas and quotes
        var room = try Classroom(.init(drift: 2), options: LessonOptions(speedBonus: false, streakBonus: false))
        let names = ["=HYPERLINK(\"http://x\")", "Smith, Jo", "-Bob", "@Al", "Plain"]
        var ids: [StudentID] = []
        for name in names { ids.append(try room.join(name).0) }
        let first = try room.ask(.population(in: 1, tolerance: 10))
        for (index, id) in ids.enumerated() { room.student(id, .answer(first, .number(100 + Double(index)))) }
        room.clock.advance(seconds: 1.25)
        room.step()
        let second = try room.ask(.growShrink())
        room.student(ids[4], .answer(second, .choice(1)))

        // When the teacher exports the results
        let outcome = room.teacher(.exportResults)

        // Then the CSV is RFC 4180 with CRLF lines, formulas prefixed with an apostrophe
        let expected = [
            "student,question,prediction,actual,points,answered at,hint,reason,make-up",
            "\"'=HYPERLINK(\"\"http://x\"\")\",Q1 population at generation 1,100,102,800,2025-03-04T09:20:00.000Z,no,,",
            "\"Smith, Jo\",Q1 population at generation 1,101,102,900,2025-03-04T09:20:00.000Z,no,,",
            "'-Bob,Q1 population at generation 1,102,102,1000,2025-03-04T09:20:00.000Z,no,,",
            "'@Al,Q1 population at generation 1,103,102,900,2025-03-04T09:20:00.000Z,no,,",
            "Plain,Q1 population at generation 1,104,102,800,2025-03-04T09:20:00.000Z,no,,",
            "Plain,Q2 population at generation 6,grow,,,2025-03-04T09:20:01.250Z,no,,",
        ].map { $0 + "\r\n" }.joined()
        #expect(outcome.replies == [.results(csv: expected)])
        #expect(!outcome.isPersisted)
    }

    @Test(arguments: [",", ";", "\t"])
    func noCellStartsAFormulaWhateverTheSpreadsheetSplitsOn(separator: Character) throws {
        // Given students whose names hide a formula after a separator a spreadsheet may use (";" in much of Europe)
        var room = try Classroom(.init(drift: 2), options: LessonOptions(speedBonus: false, streakBonus: false))
        var ids: [StudentID] = []
        for name in ["Ann;=HYPERLINK(\"http://x\")", "Bo,+1+1", "Cy\t@SUM(A1)", "Di;-2+3"] {
            ids.append(try room.join(name).0)
        }
        let question = try room.ask(.population(in: 1, tolerance: 10))
        for id in ids { room.student(id, .answer(question, .number(100))) }

        // When the teacher exports the results and a spreadsheet splits each line on the separator, honouring quotes
        guard case .results(let csv)? = room.teacher(.exportResults).replies.first else {
            Issue.record("no results")
            return
        }
        let cells = csv.split(separator: "\r\n").flatMap { Self.cells(of: String($0), separator: separator) }

        // Then no cell starts with a formula character
        for cell in cells {
            #expect(!"=+-@\t\r".contains(cell.first ?? " "), "a cell starts a formula: \(cell)")
        }
    }

    /// A line split into cells the way a spreadsheet does: on `separator` outside double quotes.
    static func cells(of line: String, separator: Character) -> [String] {
        var cells: [String] = []
        var cell = ""
        var quoted = false
        for character in line {
            if character == "\"" {
                quoted.toggle()
            } else if character == separator && !quoted {
                cells.append(cell)
                cell = ""
            } else {
                cell.append(character)
            }
        }
        return cells + [cell]
    }

    @Test func theResultsCSVNamesTheOptionThatCameTrueForAChoiceQuestion() throws {
        // Given a grow/shrink question that resolves with the population grown to 112, also after a restart
        var room = try Classroom(.init(drift: 2), options: LessonOptions(speedBonus: false, streakBonus: false))
        let ada = try room.join("Ada").0
        let question = try room.ask(.growShrink())
        room.student(ada, .answer(question, .choice(2)))
        room.step(5)
        let restored = try Lesson<WalkModel>(
            decodingState: room.lesson.encodeState(), teacherToken: room.teacherToken,
            configuration: room.lesson.configuration, source: ())

        // When the teacher exports the results, Then `actual` names the right option and the value
        let line = "Ada,Q1 population at generation 5,shrink,grow (110),0,2025-03-04T09:20:00.000Z,no,,\r\n"
        for lesson in [room.lesson, restored] {
            var copy = lesson
            let outcome = copy.handle(.exportResults, from: .teacher, at: room.clock.now)
            #expect(
                outcome.effects.contains(
                    .reply(
                        .results(
                            csv: "student,question,prediction,actual,points,answered at,hint,reason,make-up\r\n"
                                + line))))
        }
    }

    @Test func endingSendsTheFinalBoardAndAClosingMessageByScore() throws {
        // Given Ada answered two questions perfectly, Ben badly, and Cy joined after both
        var room = try Classroom(.init(drift: 2), options: LessonOptions(speedBonus: false, streakBonus: false))
        let ada = try room.join("Ada").0
        let ben = try room.join("Ben").0
        for target in [102.0, 104.0] {
            let question = try room.ask(.population(in: 1, tolerance: 10))
            room.student(ada, .answer(question, .number(target)))
            room.student(ben, .answer(question, .number(target + 7)))
            room.step()
        }
        let cy = try room.join("Cy").0
        let pending = try room.ask(.population(in: 5))
        room.teacher(.run(rate: 1))

        // When the teacher ends the lesson
        let outcome = room.teacher(.end)

        // Then ticking stops, the unresolved question is cancelled, and everyone gets the final board
        #expect(outcome.isPersisted)
        #expect(outcome.effects.contains(.stopTicking))
        #expect(
            outcome.broadcasts.contains(
                .questionCancelled(
                    question: pending, reason: "The lesson ended before this question was resolved.")))
        let summary = outcome.broadcasts.compactMap { if case .lessonEnded(let s) = $0 { s } else { nil } }.first
        #expect(summary?.questions == 2 && summary?.leaderboard.top.first?.name == "Ada")
        // And each student's message depends on their share of the possible score
        func closing(_ id: StudentID) -> Closing? {
            outcome.sent(to: .student(id)).compactMap { if case .closing(let c) = $0 { c } else { nil } }.first
        }
        #expect(
            closing(ada)
                == Closing(
                    score: 2000, possible: 2000, rank: 1,
                    message: "Outstanding! You read the simulation like a scientist."))
        #expect(closing(ben)?.score == 600)
        #expect(
            closing(ben)?.message
                == "Keep experimenting - the history shows what happened and why. Try again next time!")
        #expect(closing(cy)?.possible == 0)
        #expect(closing(cy)?.message == "Thanks for taking part! There were no questions to score this time.")

        #expect(room.lesson.hasEnded)

        // And afterwards the lesson refuses to move, but still exports and lets people look
        #expect(room.teacher(.step(count: 1)).errorCode == .lessonEnded)
        #expect(room.student(ada, .answer(pending, .number(1))).errorCode == .lessonEnded)
        #expect(room.teacher(.exportResults).rejection == nil)
        #expect(room.student(ada, .history(from: 0, to: 1)).rejection == nil)
        #expect(room.server(.tick).effects.isEmpty)
    }

    @Test(arguments: [
        (1000, 1000, "Outstanding"), (750, 1000, "Great"), (500, 1000, "Good effort"), (100, 1000, "Keep"),
    ])
    func theClosingMessageWarmsWithTheScore(score: Int, possible: Int, opening: String) throws {
        // Given a student with `score` of `possible`, When the lesson ends, Then the message starts with `opening`
        var room = try Classroom(.init(drift: 0), options: LessonOptions(speedBonus: false, streakBonus: false))
        let ada = try room.join("Ada").0
        let question = try room.ask(.population(in: 1, tolerance: 1000))
        room.student(ada, .answer(question, .number(100 + 1000 - Double(score))))
        room.step()
        let closing = room.teacher(.end).sent(to: .student(ada)).compactMap {
            if case .closing(let c) = $0 { c } else { nil }
        }
        #expect(closing.first?.score == score && closing.first?.possible == possible)
        #expect(closing.first?.message.text.hasPrefix(opening) == true)
    }
}
