import PetriProtocol

extension LessonReport {
    /// A printable page: the questions with the class's spread and the actual value, each student's points,
    /// hints and reasons, and the calibration tables of probability predictions with their counts.
    ///
    /// Self-contained (inline CSS, no script, no external resource); every piece of text is escaped.
    package func html(title: String) -> String {
        var page = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>\(escape(title))</title>
            <style>
            body{font-family:system-ui,sans-serif;margin:2em;color:#111}
            table{border-collapse:collapse;margin:0.5em 0 1.5em}
            th,td{border:1px solid #999;padding:0.2em 0.5em;text-align:left;vertical-align:top}
            td.n{text-align:right}
            h2{margin-top:1.5em}
            section.student{page-break-inside:avoid}
            @media print{body{margin:0}}
            </style></head><body>
            <h1>\(escape(title))</h1>
            <p>The lesson reached generation \(generation). \(questions.count) questions, \(students.filter { !$0.removed }.count) students.</p>

            """
        if let plan { page += "<p>\(escape(plan))</p>\n" }
        page += questionSection()
        page += pointsSection()
        page += expectedSection()
        page += calibrationSection(classCalibration, heading: "Calibration of the whole class")
        for student in students where !student.removed {
            page += studentSection(student)
        }
        page += "</body></html>\n"
        return page
    }

    private func questionSection() -> String {
        var out = "<h2>Questions</h2>\n<table><tr><th>Question</th><th>Kind</th><th>Actual</th><th>Answers</th>"
        out += "<th>Class spread</th></tr>\n"
        for q in questions {
            let prompt = q.prompt.map { "<br>" + escape($0) } ?? ""
            let actual = q.state == "resolved" ? escape(q.outcome) : escape(q.state)
            out += "<tr><td>\(escape(q.label))\(prompt)</td><td>\(escape(q.kind))</td><td>\(actual)</td>"
            out += "<td class=\"n\">\(q.spread.answers)</td><td>\(spreadText(q))</td></tr>\n"
        }
        return out + "</table>\n"
    }

    /// The spread as text: counts per option, or the non-empty bars and the mean.
    private func spreadText(_ q: QuestionLine) -> String {
        if let held = q.spread.held { return escape(QuestionWords.rangesHeldSpread(held, of: q.spread.answers)) }
        if let counts = q.spread.counts {
            return zip(q.options, counts).map { "\(escape($0)): \($1)" }.joined(separator: "; ")
        }
        var parts = (q.spread.bins ?? []).filter { $0.count > 0 }.map {
            "\(NumberText.format($0.lower))–\(NumberText.format($0.upper)): \($0.count)"
        }
        if let mean = q.spread.mean { parts.append("mean \(NumberText.format((mean * 100).rounded() / 100))") }
        return escape(parts.joined(separator: "; "))
    }

    private func pointsSection() -> String {
        var out = "<h2>Points</h2>\n<table><tr><th>Student</th>"
        out += questions.map { "<th>Q\($0.id.rawValue)</th>" }.joined()
        out += "<th>Total</th><th>Hints</th><th>Brier</th><th>Always 50%</th>"
        out += "<th>\(escape(QuestionWords.rangesHeldHeading))</th></tr>\n"
        for s in students where !s.removed {
            out += "<tr><td>\(escape(s.name))</td>"
            out += questions.map { q in "<td class=\"n\">\(s.points[q.id].map(String.init) ?? "–")</td>" }.joined()
            let brier = s.calibration.brier.map { NumberText.format(($0 * 1000).rounded() / 1000) } ?? "–"
            let baseline = s.calibration.count > 0 ? NumberText.format(Calibration.baselineBrier) : "–"
            out += "<td class=\"n\">\(s.score)</td><td class=\"n\">\(s.hints.count)</td>"
            out += "<td class=\"n\">\(brier)</td><td class=\"n\">\(baseline)</td>"
            out += "<td class=\"n\">\(escape(rangesHeld(s.calibration)))</td></tr>\n"
        }
        return out + "</table>\n<p>Brier score: the mean of (p − o)² over probability predictions, o = 1 if the "
            + "event happened; lower is better, and always saying 50% scores 0.25.</p>\n"
            + "<p>\(escape(QuestionWords.rangesHeldNote))</p>\n"
    }

    /// Scored and expected base points per student and question, for the questions that have expected points.
    private func expectedSection() -> String {
        let expected = questions.filter { $0.expectedReplicates != nil }
        guard !expected.isEmpty else { return "" }
        var out = "<h2>\(escape(QuestionWords.expectedHeading))</h2>\n<table><tr><th>Student</th>"
        out += expected.map { "<th>Q\($0.id.rawValue)</th>" }.joined() + "</tr>\n<tr><td></td>"
        out += expected.map { q in
            "<td>\(escape(QuestionWords.classExpected(q.classExpected, replicates: q.expectedReplicates ?? 0)))</td>"
        }.joined()
        out += "</tr>\n"
        for s in students where !s.removed {
            out += "<tr><td>\(escape(s.name))</td>"
            out += expected.map { q in
                guard let e = s.expected[q.id], let base = s.bases[q.id] else { return "<td>–</td>" }
                return "<td>\(escape(QuestionWords.scoredAndExpected(base, e)))</td>"
            }.joined()
            out += "</tr>\n"
        }
        return out + "</table>\n<p>\(escape(QuestionWords.expectedNote))</p>\n"
    }

    /// `3 of 4 (75%; asked 80%)`, or a dash without ranges.
    func rangesHeld(_ calibration: Calibration) -> String {
        guard let confidence = calibration.rangeConfidence else { return "–" }
        return QuestionWords.rangesHeld(calibration.rangesHeld, of: calibration.ranges, asked: confidence)
    }

    private func calibrationSection(_ calibration: Calibration, heading: String) -> String {
        var out = "<h3>\(escape(heading))</h3>\n"
        guard calibration.count > 0 else { return out + "<p>No probability predictions were scored.</p>\n" }
        out += "<table><tr><th>Predicted</th><th>Predictions</th><th>Happened</th><th>Observed</th></tr>\n"
        for bin in calibration.bins where bin.count > 0 {
            let observed = bin.observed.map { "\(Int(($0 * 100).rounded()))%" } ?? "–"
            out += "<tr><td>\(Int(bin.lower * 100))–\(Int(bin.upper * 100))%</td><td class=\"n\">\(bin.count)</td>"
            out += "<td class=\"n\">\(bin.happened)</td><td class=\"n\">\(observed)</td></tr>\n"
        }
        return out + "</table>\n"
    }

    private func studentSection(_ s: StudentLine) -> String {
        var out = "<section class=\"student\"><h2>\(escape(s.name))</h2>\n<p>Score \(s.score)"
        if !s.hints.isEmpty { out += "; hints taken on " + s.hints.map { "Q\($0.rawValue)" }.joined(separator: ", ") }
        out += ".</p>\n"
        if !s.reasons.isEmpty {
            out += "<ul>\n"
            for (question, reason) in s.reasons { out += "<li>Q\(question.rawValue): \(escape(reason))</li>\n" }
            out += "</ul>\n"
        }
        if s.calibration.count > 0 { out += calibrationSection(s.calibration, heading: "Calibration") }
        return out + "</section>\n"
    }

    private func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(c)
            }
        }
        return out
    }
}
