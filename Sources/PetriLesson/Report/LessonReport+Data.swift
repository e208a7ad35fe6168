import PetriProtocol

extension LessonReport {
    /// The report as data for the wire (`report`'s `data`): the values ``csv`` and ``html(title:)`` show,
    /// removed students left out as there.
    package var data: ReportData {
        ReportData(
            generation: generation,
            questions: questions.map {
                ReportData.Question(
                    id: $0.id, label: $0.label, kind: $0.kind, prompt: $0.prompt, state: $0.state, outcome: $0.outcome,
                    spread: $0.spread, options: $0.options)
            },
            students: students.filter { !$0.removed }.map { student in
                ReportData.Student(
                    student: student.id, name: student.name, score: student.score,
                    points: questions.compactMap { q in
                        student.points[q.id].map { ReportData.Points(question: q.id, points: $0) }
                    },
                    hints: student.hints,
                    reasons: student.reasons.map { ReportData.Reason(question: $0.question, reason: $0.reason) },
                    calibration: Self.table(student.calibration))
            },
            calibration: Self.table(classCalibration))
    }

    private static func table(_ calibration: Calibration) -> ReportData.CalibrationTable {
        ReportData.CalibrationTable(
            count: calibration.count,
            bins: calibration.bins.map {
                ReportData.CalibrationTable.Bin(
                    lower: $0.lower, upper: $0.upper, count: $0.count, happened: $0.happened)
            },
            brier: calibration.brier, baseline: Calibration.baselineBrier)
    }
}
