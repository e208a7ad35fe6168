import PetriProtocol

extension LessonReport {
    /// One line per student: `student, score, Q1 … Qn` (points; empty when not answered or not scored),
    /// `hints` (how many taken), `reasons` (how many given), `probability answers`, `brier`,
    /// `brier always 50%`, `ranges held` (`3 of 4 (75%; asked 80%)`), `scored where expected` and `expected`
    /// (the base points scored and expected over the questions with expected points), `rank` (see
    /// ``MakeupLine`` for who make-up students are ranked among), `make-up` (when a make-up student joined the
    /// make-up, ISO 8601 UTC; empty for the class's own students) and, in a lesson with hunt rounds, `catches`
    /// (creatures caught over the rounds; empty for make-up students, who did not hunt), headed in the report's
    /// language; RFC 4180 with CRLF, names formula-guarded. Reasons themselves are in the
    /// results export (`hint` and `reason` columns) and the HTML report.
    package var csv: String {
        var csv = CSVWriter()
        // The columns keep their order in every language; only their headings are translated.
        csv.append(
            [words.text("lesson.csv.student"), words.text("lesson.csv.score")] + questions.map { questionName($0.id) }
                + [
                    words.text("lesson.csv.hints"), words.text("lesson.csv.reasons"),
                    words.text("lesson.csv.probabilityAnswers"),
                    words.text("lesson.csv.brier"), words.text("lesson.csv.brierAlways50"),
                    words.text("lesson.csv.rangesHeld"),
                    words.text("lesson.csv.scoredWhereExpected"), words.text("lesson.csv.expected"),
                    words.text("lesson.csv.rank"), words.text("lesson.csv.makeup"),
                ].map(CSVWriter.text) + (hunts.isEmpty ? [] : [CSVWriter.text(words.text("lesson.csv.catches"))]))
        for student in students where !student.removed {
            csv.append(
                [CSVWriter.text(student.name), String(student.score)]
                    + questions.map { q in student.points[q.id].map(String.init) ?? "" }
                    + [
                        String(student.hints.count), String(student.reasons.count),
                        String(student.calibration.count),
                        student.calibration.brier.map { NumberText.format(($0 * 1000).rounded() / 1000) } ?? "",
                        student.calibration.count > 0 ? NumberText.format(Calibration.baselineBrier) : "",
                        student.calibration.ranges > 0 ? rangesHeld(student.calibration) : "",
                        student.expected.isEmpty ? "" : String(student.bases.values.reduce(0, +)),
                        student.expected.isEmpty ? "" : String(student.expected.values.reduce(0, +)),
                        student.rank.map(String.init) ?? "", student.makeup?.description ?? "",
                    ] + (hunts.isEmpty ? [] : [student.makeup == nil ? String(student.catches) : ""]))
        }
        return csv.output
    }
}
