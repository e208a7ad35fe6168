import PetriProtocol

/// The terminal's sentences about lesson plans, in one place (the words contract: they move into the catalog as
/// they are).
enum PlanTerminalWords {
    /// One moment as a line.
    static func moment(_ moment: PlanMoment) -> String {
        let at = moment.at.map { "at generation \($0): " } ?? ""
        let what: String
        switch moment.action {
        case .run(let to, _): what = "run to generation \(to)"
        case .pause(let seconds): what = seconds.map { "pause for \($0) seconds" } ?? "pause"
        case .ask(let spec):
            what = "ask \"\(spec.prompt ?? spec.metric)\" (\(spec.horizon) generations ahead)"
        case .reveal: what = "show the class's answers"
        case .explain(let title, let text, let guide):
            what = guide.map { "show the guide: \($0)" } ?? "explain: \(title ?? text ?? "")"
        case .set(let name, let value): what = "set \(name) to \(value)"
        case .checkpoint: what = "save a checkpoint"
        case .replicates(let count, let horizon, let metric):
            what = "run \(count) replicates, \(horizon) generations of \(metric)"
        case .hunt(let seconds, let catches):
            var parts = [TerminalWords.text("terminal.plan.hunt", in: .english)]
            if let seconds {
                parts.append(TerminalWords.text("terminal.plan.huntSeconds", ["seconds": .int(seconds)], in: .english))
            }
            if let catches {
                parts.append(TerminalWords.text("terminal.plan.huntCatches", ["catches": .int(catches)], in: .english))
            }
            what = parts.joined(separator: ", ")
        }
        return TerminalText.sanitise(at + what, maxCharacters: 200)
    }

    /// The line posted when the plan moves.
    static func status(_ state: PlanState) -> String {
        if state.finished { return "Plan: every moment is done." }
        let waiting: String
        switch state.waiting {
        case "run": waiting = " (running to the plan's next generation)"
        case "question": waiting = " (waiting for the class to answer)"
        case "pause": waiting = " (pausing, as the plan says)"
        case "teacher": waiting = " (waiting for you: next)"
        case "hunt": waiting = TerminalWords.text("terminal.plan.waitingHunt", in: .english)
        default: waiting = ""
        }
        guard state.moments.indices.contains(state.next) else { return "Plan:\(waiting)." }
        return "Plan, next (\(state.next + 1) of \(state.moments.count)): \(moment(state.moments[state.next]))"
            + "\(waiting). Type next, skip, or pace auto."
    }

    /// The whole timeline, one line a moment, the next one marked.
    static func timeline(_ state: PlanState) -> [String] {
        var lines = ["Plan: \(TerminalText.sanitise(state.title, maxCharacters: 120)) (\(state.pace.rawValue)-paced)"]
        for (index, item) in state.moments.enumerated() {
            let mark =
                state.skipped.contains(index)
                ? "skipped" : index < state.next ? "done" : index == state.next ? "next" : ""
            lines.append(
                "  \(index == state.next ? ">" : " ") \(index + 1). \(moment(item))\(mark.isEmpty ? "" : " [\(mark)]")")
        }
        return lines
    }

    static var noPlan: String { "This lesson was not started from a plan." }

    static var planUsage: String {
        "plan takes nothing (the lesson's plan), preview FILE, save FILE [NAME], replace FILE [NAME], share NAME or "
            + "unshare NAME."
    }

    /// A plan's name from its file's: `lessons/Year 9.yaml` is `year-9`.
    static func defaultName(_ path: String) -> String {
        var name = String(path.split(separator: "/").last ?? "")
        for suffix in [".yaml", ".yml"] where name.lowercased().hasSuffix(suffix) { name.removeLast(suffix.count) }
        return name.lowercased().replacingOccurrences(of: " ", with: "-")
    }

    /// A plan file the console could not read.
    static func unreadable(_ path: String, _ reason: String) -> String {
        var why = TerminalText.sanitise(reason, maxCharacters: 200)
        while why.hasSuffix(".") { why.removeLast() }
        return "Could not read the plan file \(TerminalText.sanitise(path, maxCharacters: 200)): \(why). "
            + "Check the path and try again."
    }

    static var needsKey: String {
        "Previewing or saving a plan needs the server's teacher key or your sign-in: open the console with "
            + "petri teach new, import or plan (--key KEY, or after petri teach login)."
    }

    /// The file went to the server.
    static func sent(_ path: String, _ use: PlanFileUse) -> String {
        let file = TerminalText.sanitise(path, maxCharacters: 200)
        switch use {
        case .preview: return "Sent \(file) to be previewed…"
        case .save(let name, _):
            return "Sent \(file) to be saved as \"\(TerminalText.sanitise(name, maxCharacters: 64))\"…"
        case .share(let name), .unshare(let name):
            return TerminalWords.text(
                "terminal.plan.sharing", ["name": .text(TerminalText.sanitise(name, maxCharacters: 64))], in: .english)
        }
    }

    /// The server's plans, one a line.
    static func listing(_ plans: [PlanListing]) -> [String] {
        guard !plans.isEmpty else { return ["This server has no plans."] }
        return ["The server's plans (start one with: petri teach plan NAME --key KEY):"]
            + plans.prefix(50).map { plan in
                "  \(TerminalText.sanitise(plan.name, maxCharacters: 64)): "
                    + "\(TerminalText.sanitise(plan.title, maxCharacters: 120)) (\(plan.model.rawValue), \(plan.moments) moments)"
            }
    }
}
