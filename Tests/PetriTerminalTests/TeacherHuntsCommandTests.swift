import PetriProtocol
import PetriWords
import Testing

@testable import PetriTerminal

/// `hunts`: the teacher's console asks for the lesson report and lists the hunt's record from its data (PROTOCOL.md
/// 5.6) in the words of the report's page: per round the colours caught against those left alive and the
/// background, the class's selection differential, what the formula also took under `selection: both`, the
/// formula's replicate beside it, and each student's catches.
@Suite struct TeacherHuntsCommandTests {
    static let empty = ReportData.CalibrationTable(count: 0, bins: [], brier: nil, baseline: 0.25)

    static func student(_ id: Int, _ name: String) -> ReportData.Student {
        ReportData.Student(
            student: StudentID(id), name: name, score: 0, points: [], hints: [], reasons: [], calibration: empty)
    }

    /// Two rounds a class of two hunted: the first under `selection: class`, the second under `both`.
    static let data: ReportData = {
        let first = ReportData.HuntRound(
            round: 1, generation: 0, background: 20, meanBefore: 31.5, traitMin: 0, binWidth: 10,
            caughtBins: [0, 0, 0, 0, 0, 1, 1, 0, 0, 0], aliveBins: [3, 9, 17, 12, 8, 5, 2, 1, 0, 0],
            caughtMean: 58.5, aliveMean: 30.64, differential: -0.86, caughtConspicuousness: 38.5,
            aliveConspicuousness: 14.24,
            students: [ReportData.HuntCatches(student: StudentID(2), catches: 2, conspicuousness: 38.5)],
            formula: ReportData.FormulaSelection(
                deaths: 19, deadMean: 44.06, deadConspicuousness: 24.33, differential: -5.72))
        let second = ReportData.HuntRound(
            round: 2, generation: 1, background: 20, meanBefore: 30.25, traitMin: 0, binWidth: 10,
            caughtBins: [0, 0, 0, 0, 1, 0, 0, 0, 0, 0], aliveBins: [4, 10, 16, 12, 7, 5, 2, 0, 0, 0],
            caughtMean: 47, aliveMean: 30.02, differential: 0.04, caughtConspicuousness: 27,
            aliveConspicuousness: 13.9,
            students: [
                ReportData.HuntCatches(student: StudentID(1), catches: 1, conspicuousness: 27)
            ],
            formula: nil,
            formulaAlso: ReportData.FormulaSelection(
                deaths: 12, deadMean: 41.5, deadConspicuousness: 22.25, differential: -2.5))
        return ReportData(
            generation: 2, questions: [], students: [student(1, "Ada"), student(2, "Ben\u{1B}[2J")],
            calibration: empty, hunts: [first, second])
    }()

    @Test func huntsTakesNothingAndAsksForTheReport() {
        #expect(
            TeacherCommandParser.parse("hunts", context: CommandContext(lesson: LessonState(), pendingHint: nil))
                == .success(.showHunts))
        var console = TeacherConsole()
        #expect(console.execute("hunts", lesson: LessonState(), now: Fixtures.now) == [.send(.report)])
        #expect(console.execute("hunts 2", lesson: LessonState(), now: Fixtures.now).isEmpty)
        #expect(console.log.last?.kind == .error)
        #expect(TeacherCommandSpec.named("hunts") != nil)
    }

    @Test func theReportsHuntRecordIsListedRoundByRoundAndNothingIsSaved() {
        // Given a teacher who typed `hunts`
        var console = TeacherConsole()
        _ = console.execute("hunts", lesson: LessonState(), now: Fixtures.now)
        let logged = console.log.count
        // When the report arrives, Then nothing is written to a file
        let intents = console.received(
            .report(csv: "", html: "", data: Self.data), lesson: LessonState(), now: Fixtures.now)
        #expect(intents.isEmpty)
        // And the console lists the record: a heading, then each round in words, its colour bands, the formula's
        // selection beside it, and each student's catches (names made safe to print: no escape sequence reaches the terminal)
        let lines = console.log.dropFirst(logged).map(\.text)
        #expect(
            lines == [
                "What the class's hunting did",
                "Round 1 (generation 0): the class caught 2 of 59, of mean colour 58.5, and left alive mean colour "
                    + "30.6, on a background of 20. What it caught lay 38.5 from the background on average; what it "
                    + "left, 14.2. Its catches moved the mean colour by -0.9.",
                "By colour band (0–100, 10 wide): caught 0 0 0 0 0 1 1 0 0 0; alive 3 9 17 12 8 5 2 1 0 0.",
                "From the same start, the formula's predators would have killed 19, lying 24.3 from the background "
                    + "on average, and moved the mean colour by -5.7.",
                "Ben: caught 2, lying 38.5 from the background on average.",
                "Round 2 (generation 1): the class caught 1 of 57, of mean colour 47, and left alive mean colour 30, "
                    + "on a background of 20. What it caught lay 27 from the background on average; what it left, "
                    + "13.9. Its catches moved the mean colour by 0.",
                "By colour band (0–100, 10 wide): caught 0 0 0 0 1 0 0 0 0 0; alive 4 10 16 12 7 5 2 0 0 0.",
                "Under selection both, the formula also took 12 of those the class left, lying 22.3 from the "
                    + "background on average; with the class's catches, the step moved the mean colour by -2.5.",
                "Ada: caught 1, lying 27 from the background on average.",
            ])
        #expect(console.log.dropFirst(logged).first?.kind == .success)
    }

    @Test func inWelshSpanishAndArabicEveryLineIsASentenceOfThatCatalog() {
        for language in ["cy", "es", "ar"].compactMap({ Language($0) }) {
            let lines = HuntRecordLines.lines(Self.data, in: language).map(\.text)
            #expect(lines.count == 9)
            #expect(lines.allSatisfy { !$0.contains("terminal.") && !$0.contains("{") })
            #expect(lines != HuntRecordLines.lines(Self.data, in: .english).map(\.text))
        }
    }

    @Test func aLessonWithoutHuntsSaysHowToHuntAndExportReportStillSavesBothFiles() {
        var plain = Self.data
        plain.hunts = nil
        var console = TeacherConsole()
        _ = console.execute("hunts", lesson: LessonState(), now: Fixtures.now)
        _ = console.execute("export report r", lesson: LessonState(), now: Fixtures.now)
        let intents = console.received(
            .report(csv: "c", html: "h", data: plain), lesson: LessonState(), now: Fixtures.now)
        #expect(console.log.last?.text.hasPrefix("No hunt round has ended") == true)
        #expect(intents == [.writeFile(path: "r.csv", contents: "c"), .writeFile(path: "r.html", contents: "h")])
    }
}
