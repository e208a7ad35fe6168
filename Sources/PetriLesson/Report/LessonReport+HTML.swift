import PetriProtocol
import PetriWords

extension LessonReport {
    /// A printable page: the questions with the class's spread and the actual value, each student's points,
    /// hints and reasons, and the calibration tables of probability predictions with their counts.
    ///
    /// Self-contained (inline CSS, no script, no external resource); every piece of text is escaped. Its words
    /// are in the report's ``language`` (right to left for Arabic).
    ///
    /// - Parameter title: The page's title; the report's own ("Petri lesson report") when nil.
    package func html(title: String? = nil) -> String {
        let title = title ?? words.text("lesson.report.title")
        let direction = language.isRightToLeft ? " dir=\"rtl\"" : ""
        let (start, end) = language.isRightToLeft ? ("right", "left") : ("left", "right")
        let summary = words.text(
            "lesson.report.summary",
            [
                "generation": .int(generation), "questions": .int(questions.count),
                "students": .int(students.filter { !$0.removed }.count),
            ])
        var page = """
            <!doctype html>
            <html lang="\(language.tag)"\(direction)><head><meta charset="utf-8"><title>\(escape(title))</title>
            <style>
            body{font-family:system-ui,sans-serif;margin:2em;color:#111}
            table{border-collapse:collapse;margin:0.5em 0 1.5em}
            th,td{border:1px solid #999;padding:0.2em 0.5em;text-align:\(start);vertical-align:top}
            td.n{text-align:\(end)}
            h2{margin-top:1.5em}
            section.student{page-break-inside:avoid}
            @media print{body{margin:0}}
            </style></head><body>
            <h1>\(escape(title))</h1>
            <p>\(escape(summary))</p>

            """
        if let plan { page += "<p>\(escape(plan))</p>\n" }
        page += questionSection()
        page += pointsSection()
        page += expectedSection()
        page += huntSection()
        page += calibrationSection(classCalibration, heading: words.text("lesson.report.classCalibration"))
        for student in students where !student.removed {
            page += studentSection(student)
        }
        page += "</body></html>\n"
        return page
    }

    private func questionSection() -> String {
        var out = "<h2>\(escape(words.text("lesson.report.questions")))</h2>\n<table><tr>"
        out +=
            "<th>\(escape(words.text("lesson.report.question")))</th><th>\(escape(words.text("lesson.report.kind")))</th>"
        out +=
            "<th>\(escape(words.text("lesson.report.actual")))</th><th>\(escape(words.text("lesson.report.answers")))</th>"
        out += "<th>\(escape(words.text("lesson.report.spread")))</th></tr>\n"
        for q in questions {
            let prompt = q.prompt.map { "<br>" + escape($0) } ?? ""
            let actual = q.state == "resolved" ? escape(q.outcome) : escape(stateWords(q.state))
            out += "<tr><td>\(escape(q.label))\(prompt)</td><td>\(escape(kindWords(q.kind)))</td><td>\(actual)</td>"
            out += "<td class=\"n\">\(q.spread.answers)</td><td>\(spreadText(q))</td></tr>\n"
        }
        return out + "</table>\n"
    }

    /// The spread as text: counts per option, or the non-empty bars and the mean.
    private func spreadText(_ q: QuestionLine) -> String {
        if let held = q.spread.held {
            return escape(
                words.text("lesson.report.rangesHeldSpread", ["held": .int(held), "count": .int(q.spread.answers)]))
        }
        if let counts = q.spread.counts {
            return zip(q.options, counts).map { "\(escape($0)): \($1)" }.joined(separator: "; ")
        }
        var parts = (q.spread.bins ?? []).filter { $0.count > 0 }.map {
            "\(NumberText.format($0.lower))–\(NumberText.format($0.upper)): \($0.count)"
        }
        if let mean = q.spread.mean {
            parts.append(
                words.text("lesson.report.mean", ["mean": .decimal(NumberText.format((mean * 100).rounded() / 100))]))
        }
        return escape(parts.joined(separator: "; "))
    }

    private func pointsSection() -> String {
        var out = "<h2>\(escape(words.text("lesson.report.points")))</h2>\n<table><tr>"
        out += "<th>\(escape(words.text("lesson.report.student")))</th>"
        out += questions.map { "<th>\(escape(questionName($0.id)))</th>" }.joined()
        out +=
            "<th>\(escape(words.text("lesson.report.total")))</th><th>\(escape(words.text("lesson.report.hints")))</th>"
        out +=
            "<th>\(escape(words.text("lesson.report.brier")))</th><th>\(escape(words.text("lesson.report.always50")))</th>"
        out += "<th>\(escape(words.text("lesson.report.rangesHeld")))</th>"
        out += "<th>\(escape(words.text("lesson.report.rank")))</th></tr>\n"
        for s in students where !s.removed {
            out += "<tr><td>\(escape(s.name))\(makeupMark(s))</td>"
            out += questions.map { q in "<td class=\"n\">\(s.points[q.id].map(String.init) ?? "–")</td>" }.joined()
            let brier = s.calibration.brier.map { NumberText.format(($0 * 1000).rounded() / 1000) } ?? "–"
            let baseline = s.calibration.count > 0 ? NumberText.format(Calibration.baselineBrier) : "–"
            out += "<td class=\"n\">\(s.score)</td><td class=\"n\">\(s.hints.count)</td>"
            out += "<td class=\"n\">\(brier)</td><td class=\"n\">\(baseline)</td>"
            out += "<td class=\"n\">\(escape(rangesHeld(s.calibration)))</td>"
            out += "<td class=\"n\">\(s.rank.map(String.init) ?? "–")</td></tr>\n"
        }
        return out + "</table>\n<p>\(escape(words.text("lesson.report.brierNote")))</p>\n"
            + "<p>\(escape(words.text("lesson.report.rangesHeldNote")))</p>\n"
    }

    /// The hunt's record, in a lesson whose class hunted: each round in words (the colours caught against those left
    /// alive, the background, how conspicuous the caught and the alive were, the selection differential, and the
    /// formula's from the same start), then each student's catches.
    private func huntSection() -> String {
        guard !hunts.isEmpty else { return "" }
        var out = "<h2>\(escape(words.text("lesson.report.hunts")))</h2>\n"
        for round in hunts { out += "<p>\(escape(huntWords(round)))</p>\n" }
        out += "<table><tr><th>\(escape(words.text("lesson.report.student")))</th>"
        out += "<th>\(escape(words.text("lesson.csv.catches")))</th>"
        out += "<th>\(escape(words.text("lesson.report.hunts.distance")))</th></tr>\n"
        for s in students where !s.removed && s.makeup == nil {
            out += "<tr><td>\(escape(s.name))</td><td class=\"n\">\(s.catches)</td>"
            out +=
                "<td class=\"n\">\(s.conspicuousness.map { NumberText.format(($0 * 10).rounded() / 10) } ?? "–")</td></tr>\n"
        }
        return out + "</table>\n"
    }

    /// One round of the hunt in words (the terminal's `hunts` command says the same, from the same placeholders:
    /// ``ReportData/HuntRound/wordArguments``).
    func huntWords(_ round: ReportData.HuntRound) -> String {
        var text = words.text("lesson.report.hunts.round", round.wordArguments)
        if let also = round.formulaAlso {
            text += " " + words.text("lesson.report.hunts.formulaAlso", ReportData.HuntRound.wordArguments(also))
        }
        if let formula = round.formula {
            text += " " + words.text("lesson.report.hunts.formula", ReportData.HuntRound.wordArguments(formula))
        }
        return text
    }

    /// Scored and expected base points per student and question, for the questions that have expected points.
    private func expectedSection() -> String {
        let expected = questions.filter { $0.expectedReplicates != nil }
        guard !expected.isEmpty else { return "" }
        var out = "<h2>\(escape(words.text("lesson.report.expected")))</h2>\n<table><tr>"
        out += "<th>\(escape(words.text("lesson.report.student")))</th>"
        out += expected.map { "<th>\(escape(questionName($0.id)))</th>" }.joined() + "</tr>\n<tr><td></td>"
        out += expected.map { q in
            let replicates = WordArgument.int(q.expectedReplicates ?? 0)
            let cell =
                q.classExpected.map {
                    words.text("lesson.report.classExpected", ["mean": .int($0), "count": replicates])
                }
                ?? words.text("lesson.report.replicates", ["count": replicates])
            return "<td>\(escape(cell))</td>"
        }.joined()
        out += "</tr>\n"
        for s in students where !s.removed {
            out += "<tr><td>\(escape(s.name))</td>"
            out += expected.map { q in
                guard let e = s.expected[q.id], let base = s.bases[q.id] else { return "<td>–</td>" }
                return
                    "<td>\(escape(words.text("lesson.report.scoredAndExpected", ["scored": .int(base), "expected": .int(e)])))</td>"
            }.joined()
            out += "</tr>\n"
        }
        return out + "</table>\n<p>\(escape(words.text("lesson.report.expectedNote")))</p>\n"
    }

    /// `3 of 4 (75%; asked 80%)`, or a dash without ranges.
    func rangesHeld(_ calibration: Calibration) -> String {
        guard let confidence = calibration.rangeConfidence else { return "–" }
        let share = Int((Double(calibration.rangesHeld) / Double(max(calibration.ranges, 1)) * 100).rounded())
        return words.text(
            "lesson.report.rangesHeldCell",
            [
                "held": .int(calibration.rangesHeld), "count": .int(calibration.ranges), "share": .int(share),
                "asked": .int(Int(confidence.rounded())),
            ])
    }

    private func calibrationSection(_ calibration: Calibration, heading: String) -> String {
        var out = "<h3>\(escape(heading))</h3>\n"
        guard calibration.count > 0 else {
            return out + "<p>\(escape(words.text("lesson.report.noCalibration")))</p>\n"
        }
        out += "<table><tr><th>\(escape(words.text("lesson.report.predicted")))</th>"
        out += "<th>\(escape(words.text("lesson.report.predictions")))</th>"
        out +=
            "<th>\(escape(words.text("lesson.report.happened")))</th><th>\(escape(words.text("lesson.report.observed")))</th></tr>\n"
        for bin in calibration.bins where bin.count > 0 {
            let observed = bin.observed.map { "\(Int(($0 * 100).rounded()))%" } ?? "–"
            out += "<tr><td>\(Int(bin.lower * 100))–\(Int(bin.upper * 100))%</td><td class=\"n\">\(bin.count)</td>"
            out += "<td class=\"n\">\(bin.happened)</td><td class=\"n\">\(observed)</td></tr>\n"
        }
        return out + "</table>\n"
    }

    /// " (make-up, 2026-11-28)" after a make-up student's name; nothing for the class's own students.
    func makeupMark(_ s: StudentLine) -> String {
        guard let joined = s.makeup else { return "" }
        let day = String(joined.description.prefix(10))
        return " " + escape(words.text("lesson.report.makeupMark", ["date": .text(day)]))
    }

    private func studentSection(_ s: StudentLine) -> String {
        var out = "<section class=\"student\"><h2>\(escape(s.name))\(makeupMark(s))</h2>\n<p>"
        if s.hints.isEmpty {
            out += escape(words.text("lesson.report.score", ["score": .int(s.score)]))
        } else {
            let hinted = s.hints.map(questionName).joined(separator: ", ")
            out += escape(
                words.text("lesson.report.scoreWithHints", ["score": .int(s.score), "questions": .text(hinted)]))
        }
        out += "</p>\n"
        if !s.reasons.isEmpty {
            out += "<ul>\n"
            for (question, reason) in s.reasons {
                out += "<li>\(escape(questionName(question))): \(escape(reason))</li>\n"
            }
            out += "</ul>\n"
        }
        if s.calibration.count > 0 {
            out += calibrationSection(s.calibration, heading: words.text("lesson.report.calibration"))
        }
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
