import PetriProtocol
import PetriWords

/// The terminal's lines about lesson plans (the console, `petri plan preview`), put together from the catalog's
/// `terminal.plan.*` sentences in the reader's language.
package enum PlanTerminalWords {
    /// One moment as a line.
    static func moment(_ moment: PlanMoment, in language: Language = .english) -> String {
        let what: String
        switch moment.action {
        case .run(let to, _):
            what = TerminalWords.text("terminal.plan.moment.run", ["generation": .int(to)], in: language)
        case .pause(let seconds):
            what =
                seconds.map { TerminalWords.text("terminal.plan.moment.pauseFor", ["count": .int($0)], in: language) }
                ?? TerminalWords.text("terminal.plan.moment.pause", in: language)
        case .ask(let spec):
            what = TerminalWords.text(
                "terminal.plan.moment.ask", ["prompt": .text(spec.prompt ?? spec.metric), "count": .int(spec.horizon)],
                in: language)
        case .reveal: what = TerminalWords.text("terminal.plan.moment.reveal", in: language)
        case .explain(let title, let text, let guide):
            what =
                guide.map { TerminalWords.text("terminal.plan.moment.guide", ["section": .text($0)], in: language) }
                ?? TerminalWords.text(
                    "terminal.plan.moment.explain", ["title": .text(title ?? text ?? "")], in: language)
        case .set(let name, let value):
            what = TerminalWords.text(
                "terminal.plan.moment.set", ["name": .text(name), "value": .text("\(value)")], in: language)
        case .checkpoint: what = TerminalWords.text("terminal.plan.moment.checkpoint", in: language)
        case .replicates(let count, let horizon, let metric):
            what = TerminalWords.text(
                "terminal.plan.moment.replicates",
                ["count": .int(count), "horizon": .int(horizon), "metric": .text(metric)],
                in: language)
        case .hunt(let seconds, let catches):
            var parts = [TerminalWords.text("terminal.plan.hunt", in: language)]
            if let seconds {
                parts.append(TerminalWords.text("terminal.plan.huntSeconds", ["seconds": .int(seconds)], in: language))
            }
            if let catches {
                parts.append(TerminalWords.text("terminal.plan.huntCatches", ["catches": .int(catches)], in: language))
            }
            what = parts.joined(separator: TerminalWords.text("terminal.plan.joiner", in: language))
        }
        let line = moment.at.map {
            TerminalWords.text("terminal.plan.moment.at", ["generation": .int($0), "what": .text(what)], in: language)
        }
        return TerminalText.sanitise(line ?? what, maxCharacters: 200)
    }

    /// The line posted when the plan moves.
    static func status(_ state: PlanState, in language: Language = .english) -> String {
        if state.finished { return TerminalWords.text("terminal.plan.status.finished", in: language) }
        let waiting: String
        switch state.waiting {
        case "run": waiting = TerminalWords.text("terminal.plan.waiting.run", in: language)
        case "question": waiting = TerminalWords.text("terminal.plan.waiting.question", in: language)
        case "pause": waiting = TerminalWords.text("terminal.plan.waiting.pause", in: language)
        case "teacher": waiting = TerminalWords.text("terminal.plan.waiting.teacher", in: language)
        case "hunt": waiting = TerminalWords.text("terminal.plan.waitingHunt", in: language)
        default: waiting = ""
        }
        guard state.moments.indices.contains(state.next) else {
            return TerminalWords.text("terminal.plan.status.waiting", ["waiting": .text(waiting)], in: language)
        }
        return TerminalWords.text(
            "terminal.plan.status.next",
            [
                "number": .int(state.next + 1), "count": .int(state.moments.count),
                "moment": .text(moment(state.moments[state.next], in: language)), "waiting": .text(waiting),
            ], in: language)
    }

    /// The whole timeline, one line a moment, the next one marked.
    static func timeline(_ state: PlanState, in language: Language = .english) -> [String] {
        let title = TerminalText.sanitise(state.title, maxCharacters: 120)
        var lines = [
            state.pace == .auto
                ? TerminalWords.text("terminal.plan.timeline.auto", ["title": .text(title)], in: language)
                : TerminalWords.text("terminal.plan.timeline.teacher", ["title": .text(title)], in: language)
        ]
        for (index, item) in state.moments.enumerated() {
            let mark: String? =
                state.skipped.contains(index)
                ? TerminalWords.text("terminal.plan.mark.skipped", in: language)
                : index < state.next
                    ? TerminalWords.text("terminal.plan.mark.done", in: language)
                    : index == state.next ? TerminalWords.text("terminal.plan.mark.next", in: language) : nil
            let marked = mark.map { " [\($0)]" } ?? ""
            lines.append("  \(index == state.next ? ">" : " ") \(index + 1). \(moment(item, in: language))\(marked)")
        }
        return lines
    }

    static func noPlan(in language: Language = .english) -> String {
        TerminalWords.text("terminal.plan.noPlan", in: language)
    }

    static var planUsage: String { TerminalWords.text("terminal.plan.usage", in: .english) }

    /// A plan's name from its file's: `lessons/Year 9.yaml` is `year-9`.
    static func defaultName(_ path: String) -> String {
        var name = String(path.split(separator: "/").last ?? "")
        for suffix in [".yaml", ".yml"] where name.lowercased().hasSuffix(suffix) { name.removeLast(suffix.count) }
        return name.lowercased().replacingOccurrences(of: " ", with: "-")
    }

    /// A plan file the console could not read.
    static func unreadable(_ path: String, _ reason: String, in language: Language = .english) -> String {
        var why = TerminalText.sanitise(reason, maxCharacters: 200)
        while why.hasSuffix(".") { why.removeLast() }
        return TerminalWords.text(
            "terminal.plan.unreadable",
            ["path": .text(TerminalText.sanitise(path, maxCharacters: 200)), "reason": .text(why)],
            in: language)
    }

    static func needsKey(in language: Language = .english) -> String {
        TerminalWords.text("terminal.plan.needsKey", in: language)
    }

    /// The file went to the server.
    static func sent(_ path: String, _ use: PlanFileUse, in language: Language = .english) -> String {
        let file = TerminalText.sanitise(path, maxCharacters: 200)
        switch use {
        case .preview: return TerminalWords.text("terminal.plan.sentPreview", ["file": .text(file)], in: language)
        case .save(let name, _):
            return TerminalWords.text(
                "terminal.plan.sentSave",
                ["file": .text(file), "name": .text(TerminalText.sanitise(name, maxCharacters: 64))],
                in: language)
        case .share(let name), .unshare(let name):
            return TerminalWords.text(
                "terminal.plan.sharing", ["name": .text(TerminalText.sanitise(name, maxCharacters: 64))], in: language)
        }
    }

    /// The server's plans, one a line.
    static func listing(_ plans: [PlanListing], in language: Language = .english) -> [String] {
        guard !plans.isEmpty else { return [TerminalWords.text("terminal.plan.listing.none", in: language)] }
        return [TerminalWords.text("terminal.plan.listing.title", in: language)]
            + plans.prefix(50).map { plan in
                TerminalWords.text(
                    "terminal.plan.listing.item",
                    [
                        "name": .text(TerminalText.sanitise(plan.name, maxCharacters: 64)),
                        "title": .text(TerminalText.sanitise(plan.title, maxCharacters: 120)),
                        "model": .text(plan.model.rawValue), "count": .int(plan.moments),
                    ], in: language)
            }
    }

    // MARK: The preview and the server's answers to a plan sent

    /// One line for the preview, then one per question: where it is asked, its outcome with this seed, and the
    /// replicates' spread, with how predictable that makes it.
    package static func preview(_ preview: PlanPreview, in language: Language = .english) -> [String] {
        let head: [String: WordArgument] = [
            "seed": .text(String(preview.seed)),
            "questions": .word(
                TerminalWords.word("terminal.plan.preview.questions", ["count": .int(preview.questions.count)])),
            "replicates": .word(
                TerminalWords.word("terminal.plan.preview.replicates", ["count": .int(preview.replicates)])),
            "generation": .int(preview.generation),
        ]
        var lines = [
            preview.finished
                ? TerminalWords.text("terminal.plan.preview.ranToEnd", head, in: language)
                : TerminalWords.text("terminal.plan.preview.stopped", head, in: language)
        ]
        for (index, question) in preview.questions.enumerated() {
            var details: String
            if let outcome = question.outcome {
                details = TerminalWords.text(
                    "terminal.plan.preview.outcome", ["outcome": number(outcome)], in: language)
                if let option = question.correctOption {
                    details += TerminalWords.text(
                        "terminal.plan.preview.optionTrue", ["number": .int(option + 1)], in: language)
                }
                if let happened = question.happened {
                    details +=
                        happened
                        ? TerminalWords.text("terminal.plan.preview.happens", in: language)
                        : TerminalWords.text("terminal.plan.preview.doesNotHappen", in: language)
                }
            } else {
                details = TerminalWords.text("terminal.plan.preview.noOutcome", in: language)
            }
            if let spread = question.spread {
                details += TerminalWords.text(
                    "terminal.plan.preview.spread",
                    [
                        "count": .int(spread.count), "min": number(spread.min), "max": number(spread.max),
                        "low": number(spread.low), "high": number(spread.high), "median": number(spread.median),
                    ], in: language)
                if spread.low == spread.high {
                    details += TerminalWords.text("terminal.plan.preview.easy", in: language)
                }
            }
            if case .choice(let options) = question.kind, let counts = question.optionCounts,
                counts.count == options.count
            {
                let each = zip(options, counts).map { option, count in
                    TerminalWords.text(
                        "terminal.plan.preview.optionCount",
                        ["label": .text(TerminalText.sanitise(option.label, maxCharacters: 60)), "count": .int(count)],
                        in: language)
                }
                details += TerminalWords.text(
                    "terminal.plan.preview.byOption",
                    [
                        "options": .text(
                            each.joined(separator: TerminalWords.text("terminal.plan.joiner", in: language)))
                    ],
                    in: language)
            }
            lines.append(
                TerminalWords.text(
                    "terminal.plan.preview.question",
                    [
                        "number": .int(index + 1), "line": .int(question.line), "asked": .int(question.askedAt),
                        "target": .int(question.target),
                        "prompt": .text(TerminalText.sanitise(question.prompt ?? question.metric, maxCharacters: 120)),
                        "details": .text(details),
                    ], in: language))
        }
        return lines
    }

    /// The mistakes of a plan file, one line each.
    package static func problems(_ problems: [PlanProblem], in language: Language = .english) -> [String] {
        [TerminalWords.text("terminal.plan.problems", in: language)]
            + problems.map {
                TerminalWords.text(
                    "terminal.plan.problemLine",
                    [
                        "line": .int($0.line),
                        "sentence": .text(TerminalText.sanitise($0.sentence.text, maxCharacters: 300)),
                    ],
                    in: language)
            }
    }

    package static func saved(_ name: String, in language: Language = .english) -> String {
        TerminalWords.text(
            "terminal.plan.saved", ["name": .text(TerminalText.sanitise(name, maxCharacters: 64))], in: language)
    }

    /// The server removed a plan (`planRemoved`, or `petri plan remove`).
    package static func removed(_ name: String, in language: Language = .english) -> String {
        TerminalWords.text(
            "terminal.plan.removed", ["name": .text(TerminalText.sanitise(name, maxCharacters: 64))], in: language)
    }

    /// A preview's number: whole, or to two decimals in the language's way; a dash when it is not a number.
    static func number(_ value: Double) -> WordArgument {
        guard value.isFinite else { return .text("—") }
        if value.rounded() == value, abs(value) < 1e15 { return .int(Int(value)) }
        return .decimal("\((value * 100).rounded() / 100)")
    }
}
