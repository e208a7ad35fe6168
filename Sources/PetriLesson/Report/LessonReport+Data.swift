import PetriProtocol

extension LessonReport {
    /// The report as data for the wire (`report`'s `data`): the values ``csv`` and ``html(title:)`` show,
    /// removed students left out as there.
    package var data: ReportData {
        ReportData(
            generation: generation,
            questions: questions.map { q in
                ReportData.Question(
                    id: q.id, label: q.label, kind: q.kind, prompt: q.prompt, state: q.state, outcome: q.outcome,
                    spread: q.spread, options: q.options,
                    expected: q.expectedReplicates.map { Expected(replicates: $0, classMean: q.classExpected) })
            },
            students: students.filter { !$0.removed }.map { student in
                ReportData.Student(
                    student: student.id, name: student.name, score: student.score,
                    points: questions.compactMap { q in
                        student.points[q.id].map {
                            ReportData.Points(
                                question: q.id, points: $0,
                                base: student.expected[q.id] == nil ? nil : student.bases[q.id],
                                expected: student.expected[q.id])
                        }
                    },
                    hints: student.hints,
                    reasons: student.reasons.map { ReportData.Reason(question: $0.question, reason: $0.reason) },
                    calibration: Self.table(student.calibration), rank: student.rank, makeup: student.makeup,
                    catches: hunts.isEmpty || student.makeup != nil ? nil : student.catches,
                    conspicuousness: student.conspicuousness)
            },
            calibration: Self.table(classCalibration), hunts: hunts.isEmpty ? nil : hunts)
    }

    private static func table(_ calibration: Calibration) -> ReportData.CalibrationTable {
        ReportData.CalibrationTable(
            count: calibration.count,
            bins: calibration.bins.map {
                ReportData.CalibrationTable.Bin(
                    lower: $0.lower, upper: $0.upper, count: $0.count, happened: $0.happened)
            },
            brier: calibration.brier, baseline: Calibration.baselineBrier,
            ranges: calibration.rangeConfidence.map {
                ReportData.CalibrationTable.Ranges(
                    count: calibration.ranges, held: calibration.rangesHeld, confidence: $0)
            })
    }
}
