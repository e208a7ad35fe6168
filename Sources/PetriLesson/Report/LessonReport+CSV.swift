import PetriProtocol

extension LessonReport {
    /// One line per student: `student, score, Q1 … Qn` (points; empty when not answered or not scored),
    /// `hints` (how many taken), `reasons` (how many given), `probability answers`, `brier`,
    /// `brier always 50%`, `ranges held` (`3 of 4 (75%; asked 80%)`), `scored where expected` and `expected`
    /// (the base points scored and expected over the questions with expected points); RFC 4180 with CRLF, names formula-guarded. Reasons themselves are in the
    /// results export (`hint` and `reason` columns) and the HTML report.
    package var csv: String {
        var csv = CSVWriter()
        csv.append(
            ["student", "score"] + questions.map { "Q\($0.id.rawValue)" }
                + ["hints", "reasons", "probability answers", "brier", "brier always 50%", "ranges held"]
                + ["scored where expected", "expected"])
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
                    ])
        }
        return csv.output
    }
}
