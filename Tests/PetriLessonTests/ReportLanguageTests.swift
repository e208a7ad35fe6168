import Foundation
import PetriProtocol
import PetriWords
import Testing

@testable import PetriLesson

@Suite("The report, its CSV and the results export come in the lesson's language, columns in the same order")
struct ReportLanguageTests {
    /// A Welsh (or other) lesson with one answered, hinted, resolved number question.
    private func lesson(in language: String?) throws -> Classroom {
        var room = try Classroom(
            .init(start: 100, drift: 2), options: LessonOptions(speedBonus: false, language: language))
        let (ada, _) = try room.join("Ada")
        let q1 = try room.ask(.population(in: 1, tolerance: 10, hint: "Look at the drift"))
        room.student(ada, .takeHint(q1))
        room.student(ada, .answer(q1, .number(101)))
        room.step(1)
        room.teacher(.end)
        return room
    }

    private func header(_ csv: String) -> [Substring] {
        (csv.split(separator: "\r\n").first ?? "").split(separator: ",")
    }

    @Test func aWelshLessonsReportIsWelshWithTheEnglishColumnsInTheirOrder() throws {
        let english = try lesson(in: nil).lesson.report()
        let room = try lesson(in: "cy")
        let welsh = room.lesson.report()
        let html = welsh.html()
        #expect(html.contains("<html lang=\"cy\">"))
        #expect(html.contains("<title>Adroddiad gwers Petri</title>"))
        #expect(html.contains("Cyrhaeddodd y wers genhedlaeth 1."))
        #expect(html.contains("Sgôr "))
        #expect(!html.contains("Calibration"))
        #expect(header(welsh.csv).first == "myfyriwr")
        #expect(header(welsh.csv).count == header(english.csv).count)
        #expect(header(english.csv).first == "student")
        let results = room.lesson.resultsCSV()
        #expect(
            header(results) == [
                "myfyriwr", "cwestiwn", "rhagfynegiad", "gwir werth", "pwyntiau", "atebwyd am",
                "awgrym", "rheswm", "gwers adfer",
            ])
        #expect(results.hasSuffix(",ie,,\r\n"))
        // The question is named in Welsh too (made with the results, never stored)
        #expect(results.contains(",C1 population yng nghenhedlaeth 1,"))
        #expect(try lesson(in: nil).lesson.resultsCSV().contains(",Q1 population at generation 1,"))
    }

    @Test func theReplyToReportIsInTheLessonsLanguage() throws {
        var room = try lesson(in: "es")
        guard case .reply(.report(let csv, let html, _))? = room.teacher(.report).effects.first else {
            Issue.record("no report")
            return
        }
        #expect(html.contains("<title>Informe de la lección de Petri</title>"))
        #expect(csv.hasPrefix("estudiante,puntuación,P1,pistas,"))
    }

    @Test func anArabicReportReadsRightToLeft() throws {
        let html = try lesson(in: "ar").lesson.report().html()
        #expect(html.contains("<html lang=\"ar\" dir=\"rtl\">"))
        #expect(html.contains("تقرير درس Petri"))
    }
}
