import PetriProtocol

/// A plan's preview and the server's answers to a saved plan, as lines for a person (the terminal console and
/// `petri plan preview`); the words contract: they move into the catalog as they are.
package enum PlanPreviewWords {
    /// One line for the preview, then one per question: where it is asked, its outcome with this seed, and the
    /// replicates' spread, with how predictable that makes it.
    package static func lines(_ preview: PlanPreview) -> [String] {
        var lines = [
            "Preview with seed \(preview.seed): \(preview.questions.count) questions, \(preview.replicates) "
                + "replicates each; "
                + (preview.finished
                    ? "the plan ran to its end at generation \(preview.generation)."
                    : "stopped at generation \(preview.generation), before the plan's end (the preview's limits).")
        ]
        for (index, question) in preview.questions.enumerated() {
            let what = TerminalText.sanitise(question.prompt ?? question.metric, maxCharacters: 120)
            var line =
                "Q\(index + 1) (line \(question.line), generation \(question.askedAt) → \(question.target)) \"\(what)\": "
            if let outcome = question.outcome {
                line += "outcome \(number(outcome))"
                if let option = question.correctOption { line += " (option \(option + 1) comes true)" }
                if let happened = question.happened { line += happened ? " (it happens)" : " (it does not happen)" }
            } else {
                line += "no outcome within the preview"
            }
            if let spread = question.spread {
                line +=
                    "; over \(spread.count) replicates \(number(spread.min))–\(number(spread.max)), most "
                    + "\(number(spread.low))–\(number(spread.high)), median \(number(spread.median))"
                    + (spread.low == spread.high ? " (every run agrees: an easy question)" : "")
            }
            if case .choice(let options) = question.kind, let counts = question.optionCounts,
                counts.count == options.count
            {
                line +=
                    "; replicates by option: "
                    + zip(options, counts).map { "\(TerminalText.sanitise($0.label, maxCharacters: 60)) \($1)" }
                    .joined(separator: ", ")
            }
            lines.append(line + ".")
        }
        return lines
    }

    /// The mistakes of a plan file, one line each.
    package static func problems(_ problems: [PlanProblem]) -> [String] {
        ["The plan does not check; nothing was saved:"]
            + problems.map { "line \($0.line): \(TerminalText.sanitise($0.sentence, maxCharacters: 300))" }
    }

    package static func saved(_ name: String) -> String {
        "Saved the plan \"\(TerminalText.sanitise(name, maxCharacters: 64))\"; it is in your plans now."
    }

    /// The server removed a plan (`planRemoved`, or `petri plan remove`).
    package static func removed(_ name: String) -> String {
        "Removed the plan \"\(TerminalText.sanitise(name, maxCharacters: 64))\" from your plans; lessons started from it "
            + "keep their copy."
    }

    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "—" }
        if value.rounded() == value, abs(value) < 1e15 { return String(Int(value)) }
        return "\((value * 100).rounded() / 100)"
    }
}
