import Foundation
import Testing

@testable import PetriBenchmarks

/// `petri-bench school`'s sizes are checked before anything starts, and its JSON line names each
/// figure for what it measures.
@Suite struct SchoolFiguresTests {
    private func figures(lessons: Int, tickP99: Double, ackP99: Double) -> SchoolFigures {
        SchoolFigures(
            lessons: lessons, studentsPerLesson: 30, windowSeconds: 20, ticks: 20 * lessons, tickLatenessP50Ms: 1,
            tickLatenessP99Ms: tickP99, tickLatenessMaxMs: 80, stepToLastStudentP50Ms: 3, stepToLastStudentP99Ms: 9,
            answerAckP50Ms: 4, answerAckP99Ms: ackP99, answersPerSecond: 1700, answersRefused: 2,
            storeCommitsPerSecond: 40, storeFsyncsPerSecond: 41, cpuSecondsPerLessonMinute: 0.05,
            residentBytesPerLesson: 90_000, residentBytesPerStudent: 6000)
    }

    @Test func theDefaultSchoolFitsAndSizesOutsideTheRangesAreRefusedWithWhatToDo() {
        let school = SchoolSizes(lessons: 300, studentsPerLesson: 30, seconds: 60, descriptorLimit: 20_000)
        #expect(school.problem() == nil)
        #expect(school.lessonsThatFit == 638)
        var tooMany = school
        tooMany.lessons = 700
        #expect(tooMany.problem()?.contains("use at most 638 lessons") == true)
        var noStudents = school
        noStudents.studentsPerLesson = 0
        #expect(noStudents.problem() == "--students must be between 1 and 10000, but was 0.")
        var tooShort = school
        tooShort.seconds = 1
        #expect(tooShort.problem() == "--seconds must be between 5 and 3600, but was 1.")
    }

    @Test func aRunMeetsTheTargetsOnlyWithBothP99sWithinThemAndAnswersAcknowledged() {
        #expect(figures(lessons: 300, tickP99: 50, ackP99: 100).meetsTargets)
        #expect(!figures(lessons: 300, tickP99: 50.5, ackP99: 20).meetsTargets)
        #expect(!figures(lessons: 300, tickP99: 10, ackP99: 101).meetsTargets)
        var unanswered = figures(lessons: 300, tickP99: 10, ackP99: 0)
        unanswered.answersPerSecond = 0
        #expect(!unanswered.meetsTargets, "no answer was acknowledged, so the answer target is not shown")
    }

    @Test func theJSONLineNamesEachFigureAndComparesTheSchoolWithItsReference() throws {
        let report = SchoolReport(
            school: figures(lessons: 300, tickP99: 30, ackP99: 60),
            reference: figures(lessons: 1, tickP99: 20, ackP99: 40))
        let line = try report.jsonLine()
        #expect(!line.contains("\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["benchmark"] as? String == "school")
        #expect(object["tickLatenessP99ToReference"] as? Double == 1.5)
        #expect(object["answerAckP99ToReference"] as? Double == 1.5)
        let school = try #require(object["school"] as? [String: Any])
        for field in [
            "tickLatenessP50Ms", "tickLatenessP99Ms", "tickLatenessMaxMs", "stepToLastStudentP50Ms",
            "stepToLastStudentP99Ms", "answerAckP50Ms", "answerAckP99Ms", "answersPerSecond",
            "storeCommitsPerSecond", "storeFsyncsPerSecond", "cpuSecondsPerLessonMinute", "residentBytesPerLesson",
            "residentBytesPerStudent",
        ] {
            #expect(school[field] != nil, "missing \(field)")
        }
        #expect(try JSONDecoder().decode(SchoolReport.self, from: Data(line.utf8)) == report)
    }
}
