import Foundation
import PetriProtocol
import PetriSimulation
import PetriWords
import Testing

@testable import PetriLesson

@Suite("The lesson report: points, hints, reasons, calibration; compared to golden files")
struct ReportTests {
    /// A fixed lesson: three students, a number question with a hint and reasons, a probability
    /// question, a choice question, then the end.
    private func fixedLesson() throws -> Classroom {
        var room = try Classroom(
            .init(start: 100, drift: 2), options: LessonOptions(speedBonus: false, streakBonus: false))
        let (ada, _) = try room.join("Ada")
        let (ben, _) = try room.join("Ben")
        let (cy, _) = try room.join("<Cy> & =Co")
        let q1 = try room.ask(.population(in: 2, tolerance: 10, hint: "Look at the drift"))
        room.student(ada, .takeHint(q1))
        room.student(ada, .answer(q1, .number(104), reason: "it grows by 2 each time"))
        room.student(ben, .answer(q1, .number(110), reason: "more food, <b>surely</b>"))
        room.student(cy, .answer(q1, .number(96)))
        room.step(2)
        let q2 = try room.ask(QuestionSpec(metric: "extinct", kind: .probability(event: nil), horizon: 1))
        room.student(ada, .answer(q2, .probability(0.15)))
        room.student(ben, .answer(q2, .probability(0.72), reason: "=risky"))
        room.student(cy, .answer(q2, .probability(0.5)))
        room.step(1)
        let q3 = try room.ask(.growShrink(in: 1))
        room.student(ada, .answer(q3, .choice(1)))
        room.student(ben, .answer(q3, .choice(2)))
        room.step(1)
        room.teacher(.end)
        return room
    }

    private static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden")

    private func compare(_ actual: String, toGolden name: String) throws {
        let url = Self.golden.appendingPathComponent(name)
        let expected = try String(contentsOf: url, encoding: .utf8)
        if actual != expected {
            let written = FileManager.default.temporaryDirectory.appendingPathComponent(name)
            try? actual.write(to: written, atomically: true, encoding: .utf8)
            Issue.record("\(name) differs from the golden file; the actual report is in \(written.path)")
        }
    }

    @Test func aFixedLessonsReportMatchesTheGoldenCSVAndHTML() throws {
        let room = try fixedLesson()
        let report = room.lesson.report()
        try compare(report.csv, toGolden: "report.csv")
        try compare(report.html(title: "Petri lesson report"), toGolden: "report.html")
    }

    @Test func theReportReachesTheTeacherOnlyAlsoAfterTheEnd() throws {
        var room = try fixedLesson()
        let reply = room.teacher(.report)
        guard case .reply(.report(let csv, let html, let data))? = reply.effects.first else {
            Issue.record("no report: \(reply)")
            return
        }
        #expect(csv == room.lesson.report().csv && html.hasPrefix("<!doctype html>"))
        #expect(data == room.lesson.report().data)
        #expect(!reply.isPersisted)
        #expect(room.student(StudentID(1), .report).errorCode != nil)
    }

    @Test func theQuestionsAreNamedInTheReportsLanguage() throws {
        let lesson = try fixedLesson().lesson
        let cy = try #require(Language("cy"))
        let welsh = lesson.report(in: cy)
        #expect(
            welsh.data.questions.map(\.label) == [
                "C1 population yng nghenhedlaeth 2", "C2 extinct yng nghenhedlaeth 3",
                "C3 population yng nghenhedlaeth 4",
            ])
        #expect(welsh.html().contains("C1 population yng nghenhedlaeth 2"))
        #expect(lesson.report().html().contains("Q1 population at generation 2"))
    }

    @Test func theReportDataCarriesTheValuesOfTheCSVAndTheHTML() throws {
        let data = try fixedLesson().lesson.report().data
        #expect(
            data.questions.map(\.label) == [
                "Q1 population at generation 2", "Q2 extinct at generation 3",
                "Q3 population at generation 4",
            ])
        #expect(data.questions.map(\.outcome) == ["104", "did not happen (0)", "grow (108)"])
        #expect(data.questions[2].options == ["extinct", "grow", "shrink", "same"])
        #expect(data.questions[2].spread.counts == [0, 1, 1, 0])
        #expect(data.students.map(\.name) == ["Ada", "Ben", "<Cy> & =Co"])
        #expect(data.students.map(\.score) == [2478, 882, 950])
        #expect(data.students[1].points.map(\.points) == [400, 482, 0])
        // Cy did not answer Q3: no points line, as the CSV's empty cell.
        #expect(data.students[2].points.map(\.question) == [QuestionID(1), QuestionID(2)])
        #expect(data.students[0].hints == [QuestionID(1)])
        #expect(data.students[1].reasons.map(\.reason) == ["more food, <b>surely</b>", "=risky"])
        let ben = data.students[1].calibration
        #expect(ben.count == 1 && ben.baseline == 0.25)
        #expect(ben.bins.count == 10 && ben.bins[7].count == 1 && ben.bins[7].happened == 0)
        #expect(ben.brier.map { ($0 * 1000).rounded() / 1000 } == 0.518)
        #expect(data.calibration.count == 3 && data.calibration.bins.filter { $0.count > 0 }.count == 3)
        #expect(data.generation == 4)
    }

    @Test func theReportDataLeavesRemovedStudentsOutLikeTheCSV() throws {
        var room = try Classroom(.init(start: 100, drift: 2))
        _ = try room.join("Ada")
        let (ben, _) = try room.join("Ben")
        room.teacher(.kick(ben))
        let report = room.lesson.report()
        #expect(report.students.count == 2)
        #expect(report.data.students.map(\.name) == ["Ada"])
        #expect(!report.csv.contains("Ben"))
    }

    @Test func calibrationCountsEachBinAndScoresAgainstTheFiftyPercentBaseline() {
        var calibration = Calibration()
        calibration.add(0.15, happened: false)
        calibration.add(0.72, happened: true)
        calibration.add(0.75, happened: false)
        calibration.add(1, happened: true)
        #expect(calibration.bins[1].count == 1 && calibration.bins[1].happened == 0)
        #expect(calibration.bins[7].count == 2 && calibration.bins[7].happened == 1)
        #expect(calibration.bins[7].observed == 0.5)
        #expect(calibration.bins[9].count == 1 && calibration.bins[9].happened == 1)
        // (0.15² + 0.28² + 0.75² + 0²) / 4
        let expected: Double = (0.0225 + 0.0784 + 0.5625) / 4
        let brier: Double = calibration.brier ?? .nan
        #expect(abs(brier - expected) < 1e-12)
        #expect(Calibration.baselineBrier == 0.25)
    }
}
