import PetriWords

/// One console command as `help` lists it.
///
/// The command's words (`step`, `ask number`, `on|off`) are the console's input syntax, typed the same in every
/// language; what describes them (the summary, the placeholders of a usage such as `FILE`, the text a prompt quotes in
/// an example) comes from the catalogs.
struct TeacherCommandSpec: Sendable, Hashable {
    /// The word that starts the command.
    var name: String
    /// Its syntax, e.g. `step [N]`: as written when it is all keywords, else a sentence naming its placeholders.
    var usage: WordArgument
    /// What it does.
    var summary: Word
    /// Commands to copy (a sentence when one quotes words, a prompt's text).
    var examples: [WordArgument]

    /// The summary cut to its first clause, for the two-column help screen.
    func short(in language: Language) -> String {
        let summary = summary.text(in: language)
        let cut = summary.split(separator: "(").first.map(String.init) ?? summary
        return cut.trimmingCharacters(in: .whitespaces)
    }

    /// Every command, in the order `help` shows them.
    static let all: [TeacherCommandSpec] = [
        .init(
            name: "plan", usage: .word(TerminalWords.word("terminal.command.plan.usage")),
            summary: TerminalWords.word("terminal.command.plan.summary"),
            examples: ["plan", "plan preview lesson.yaml", "plan save lesson.yaml", "plan replace lesson.yaml year-9"]),
        .init(
            name: "next", usage: "next", summary: TerminalWords.word("terminal.command.next.summary"),
            examples: ["next"]),
        .init(
            name: "skip", usage: "skip", summary: TerminalWords.word("terminal.command.skip.summary"),
            examples: ["skip"]),
        .init(
            name: "pace", usage: "pace auto|teacher", summary: TerminalWords.word("terminal.command.pace.summary"),
            examples: ["pace auto", "pace teacher"]),
        .init(
            name: "plans", usage: "plans", summary: TerminalWords.word("terminal.command.plans.summary"),
            examples: ["plans"]),
        .init(
            name: "makeup", usage: .word(TerminalWords.word("terminal.command.makeup.usage")),
            summary: TerminalWords.word("terminal.command.makeup.summary"),
            examples: ["makeup open", "makeup open --until 2026-12-05T17:00Z", "makeup close"]),
        .init(
            name: "step", usage: "step [N]", summary: TerminalWords.word("terminal.command.step.summary"),
            examples: ["step", "step 5"]),
        .init(
            name: "run", usage: .word(TerminalWords.word("terminal.command.run.usage")),
            summary: TerminalWords.word("terminal.command.run.summary"),
            examples: ["run", "run 2", "run 0.5"]),
        .init(
            name: "pause", usage: "pause", summary: TerminalWords.word("terminal.command.pause.summary"),
            examples: ["pause"]),
        .init(
            name: "set", usage: .word(TerminalWords.word("terminal.command.set.usage")),
            summary: TerminalWords.word("terminal.command.set.summary"),
            examples: ["set environmentColour 20", "set rule B36/S23", "set diagonal true"]),
        .init(
            name: "toggle", usage: "toggle X Y", summary: TerminalWords.word("terminal.command.toggle.summary"),
            examples: ["toggle 3 4"]),
        .init(
            name: "place", usage: .word(TerminalWords.word("terminal.command.place.usage")),
            summary: TerminalWords.word("terminal.command.place.summary"),
            examples: ["place glider 10 10"]),
        .init(
            name: "ask",
            usage: .word(TerminalWords.word("terminal.command.ask.usage")),
            summary: TerminalWords.word("terminal.command.ask.summary"),
            examples: [
                .word(TerminalWords.word("terminal.command.ask.exampleTimed")),
                "ask choice population in 5",
                "ask choice meanTrait in 10 option darker lt asked option lighter otherwise",
                "ask probability extinct in 20",
                .word(TerminalWords.word("terminal.command.ask.exampleHinted")),
                "ask probability cell(3,4) in 5",
                "ask range population in 10 sure 80",
                .word(TerminalWords.word("terminal.command.ask.exampleHunts")),
            ]),
        .init(
            name: "close", usage: "close", summary: TerminalWords.word("terminal.command.close.summary"),
            examples: ["close"]),
        .init(
            name: "reveal", usage: "reveal [Q]",
            summary: TerminalWords.word("terminal.command.reveal.summary"),
            examples: ["reveal", "reveal 3"]),
        .init(
            name: "guide", usage: "guide",
            summary: TerminalWords.word("terminal.command.guide.summary"),
            examples: ["guide"]),
        .init(
            name: "reasons", usage: "reasons [Q]", summary: TerminalWords.word("terminal.command.reasons.summary"),
            examples: ["reasons", "reasons 3"]),
        .init(
            name: "share", usage: "share Q #N… [names]",
            summary: TerminalWords.word("terminal.command.share.summary"),
            examples: ["share 3 #2 #5", "share 3 #4 names"]),
        .init(
            name: "replicates", usage: .word(TerminalWords.word("terminal.command.replicates.usage")),
            summary: TerminalWords.word("terminal.command.replicates.summary"),
            examples: ["replicates 100 50 meanTrait", "replicates 50 20 population"]),
        .init(
            name: "hint", usage: .word(TerminalWords.word("terminal.command.hint.usage")),
            summary: TerminalWords.word("terminal.command.hint.summary"),
            examples: [.word(TerminalWords.word("terminal.command.hint.example"))]),
        .init(
            name: "hunt", usage: .word(TerminalWords.word("terminal.command.hunt.usage")),
            summary: TerminalWords.word("terminal.command.hunt.summary"),
            examples: ["hunt", "hunt 3 10"]),
        .init(
            name: "hunts", usage: "hunts", summary: TerminalWords.word("terminal.command.hunts.summary"),
            examples: ["hunts"]),
        .init(
            name: "selection", usage: "selection formula|class|both",
            summary: TerminalWords.word("terminal.command.selection.summary"),
            examples: ["selection class"]),
        .init(
            name: "rewind", usage: "rewind [N]", summary: TerminalWords.word("terminal.command.rewind.summary"),
            examples: ["rewind 3"]),
        .init(
            name: "checkpoint", usage: "checkpoint", summary: TerminalWords.word("terminal.command.checkpoint.summary"),
            examples: ["checkpoint"]),
        .init(
            name: "restore", usage: "restore", summary: TerminalWords.word("terminal.command.restore.summary"),
            examples: ["restore"]),
        .init(
            name: "clone", usage: .word(TerminalWords.word("terminal.command.clone.usage")),
            summary: TerminalWords.word("terminal.command.clone.summary"),
            examples: ["clone environmentColour=80"]),
        .init(
            name: "export", usage: .word(TerminalWords.word("terminal.command.export.usage")),
            summary: TerminalWords.word("terminal.command.export.summary"),
            examples: ["export", "export lesson.json", "export results scores.csv", "export report lesson-report"]),
        .init(
            name: "kick", usage: .word(TerminalWords.word("terminal.command.kick.usage")),
            summary: TerminalWords.word("terminal.command.kick.summary"), examples: ["kick Ben", "kick #3"]),
        .init(
            name: "erase", usage: .word(TerminalWords.word("terminal.command.erase.usage")),
            summary: TerminalWords.word("terminal.command.erase.summary"),
            examples: ["erase Ben yes", "erase #3 yes"]),
        .init(
            name: "extra", usage: .word(TerminalWords.word("terminal.command.extra.usage")),
            summary: TerminalWords.word("terminal.command.extra.summary"),
            examples: ["extra Ben 50", "extra #3 100", "extra Ben 0"]),
        .init(
            name: "end", usage: "end", summary: TerminalWords.word("terminal.command.end.summary"), examples: ["end"]),
        .init(
            name: "code", usage: "code", summary: TerminalWords.word("terminal.command.code.summary"),
            examples: ["code"]),
        .init(
            name: "show", usage: "show roster|stats", summary: TerminalWords.word("terminal.command.show.summary"),
            examples: ["show stats"]),
        .init(
            name: "view", usage: .word(TerminalWords.word("terminal.command.view.usage")),
            summary: TerminalWords.word("terminal.command.view.summary"),
            examples: ["view 12", "view"]),
        .init(
            name: "look", usage: "look [X Y]", summary: TerminalWords.word("terminal.command.look.summary"),
            examples: ["look 100 40", "look"]),
        .init(
            name: "best", usage: "best on|off", summary: TerminalWords.word("terminal.command.best.summary"),
            examples: ["best on"]),
        .init(
            name: "models", usage: "models", summary: TerminalWords.word("terminal.command.models.summary"),
            examples: ["models"]),
        .init(
            name: "help", usage: .word(TerminalWords.word("terminal.command.help.usage")),
            summary: TerminalWords.word("terminal.command.help.summary"), examples: ["help ask"]),
        .init(
            name: "quit", usage: "quit", summary: TerminalWords.word("terminal.command.quit.summary"),
            examples: ["quit"]),
    ]

    /// The spec of a command by name.
    static func named(_ name: String) -> TeacherCommandSpec? {
        all.first { $0.name == name.lowercased() }
    }

    /// The known command closest to a mistyped one, if any is close.
    static func suggestion(for word: String) -> String? {
        let word = word.lowercased()
        if let prefixed = all.first(where: { $0.name.hasPrefix(word) }), !word.isEmpty { return prefixed.name }
        let scored = all.map { ($0.name, distance(word, $0.name)) }.min { $0.1 < $1.1 }
        guard let best = scored, best.1 <= 2 else { return nil }
        return best.0
    }

    /// Levenshtein distance.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
