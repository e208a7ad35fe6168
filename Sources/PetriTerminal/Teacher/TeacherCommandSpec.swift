/// One console command as `help` lists it.
struct TeacherCommandSpec: Sendable, Hashable {
    /// The word that starts the command.
    var name: String
    /// Its syntax, e.g. `step [N]`.
    var usage: String
    /// What it does.
    var summary: String
    /// Commands to copy.
    var examples: [String]

    /// The summary cut to its first clause, for the two-column help screen.
    var short: String {
        let cut = summary.split(separator: "(").first.map(String.init) ?? summary
        return cut.trimmingCharacters(in: .whitespaces)
    }

    /// Every command, in the order `help` shows them.
    static let all: [TeacherCommandSpec] = [
        .init(
            name: "plan", usage: "plan [preview FILE | save FILE [NAME] | replace FILE [NAME]]",
            summary: "list the lesson plan's moments, the next one marked; or preview a plan file, or save it among "
                + "your plans (replace: over one of that name)",
            examples: ["plan", "plan preview lesson.yaml", "plan save lesson.yaml", "plan replace lesson.yaml year-9"]),
        .init(
            name: "next", usage: "next", summary: "do the plan's next moment (or rejoin the plan)", examples: ["next"]),
        .init(name: "skip", usage: "skip", summary: "skip the plan's next moment", examples: ["skip"]),
        .init(
            name: "pace", usage: "pace auto|teacher", summary: "let the plan run by itself, or wait for next",
            examples: ["pace auto", "pace teacher"]),
        .init(name: "plans", usage: "plans", summary: "list the server's lesson plans", examples: ["plans"]),
        .init(
            name: "makeup", usage: "makeup open [--until DATE] | makeup close",
            summary: "open a make-up of this lesson for absent students (a code and link), or close it",
            examples: ["makeup open", "makeup open --until 2026-12-05T17:00Z", "makeup close"]),
        .init(
            name: "step", usage: "step [N]", summary: "advance N generations (1–100, default 1)",
            examples: ["step", "step 5"]),
        .init(
            name: "run", usage: "run [RATE]", summary: "run on its own (RATE a second, up to 30)",
            examples: ["run", "run 2", "run 0.5"]),
        .init(name: "pause", usage: "pause", summary: "stop running", examples: ["pause"]),
        .init(
            name: "set", usage: "set NAME VALUE", summary: "change a parameter now",
            examples: ["set environmentColour 20", "set rule B36/S23", "set diagonal true"]),
        .init(name: "toggle", usage: "toggle X Y", summary: "flip a tile or a cell", examples: ["toggle 3 4"]),
        .init(
            name: "place", usage: "place PATTERN X Y", summary: "stamp a pattern of cells at X Y",
            examples: ["place glider 10 10"]),
        .init(
            name: "ask",
            usage:
                "ask number|choice|probability|range METRIC [EVENT] in N [hunts] [tolerance T] [sure P] [time S] [hint TEXT] [prompt TEXT] [final] [option LABEL OP [VALUE]]…",
            summary: "ask about generation now + N (or after N rounds of the class's hunting)",
            examples: [
                "ask number population in 10 time 60 prompt \"How many will be alive?\"",
                "ask choice population in 5",
                "ask choice meanTrait in 10 option darker lt asked option lighter otherwise",
                "ask probability extinct in 20",
                "ask probability population < 10 in 20 hint \"Look at the last steps\"",
                "ask probability cell(3,4) in 5",
                "ask range population in 10 sure 80",
                "ask number meanTrait in 3 hunts prompt \"What will the mean colour be after three rounds of your hunting?\"",
            ]),
        .init(name: "close", usage: "close", summary: "stop taking answers now", examples: ["close"]),
        .init(
            name: "reveal", usage: "reveal [Q]",
            summary: "show everyone the class's anonymous answers to the open (or locked) question, after discussing",
            examples: ["reveal", "reveal 3"]),
        .init(
            name: "guide", usage: "guide",
            summary: "what evolution is, what chance does, what each screen and control does (students press g)",
            examples: ["guide"]),
        .init(
            name: "reasons", usage: "reasons [Q]", summary: "list the reasons students gave (only you see them)",
            examples: ["reasons", "reasons 3"]),
        .init(
            name: "share", usage: "share Q #N… [names]",
            summary: "show chosen reasons to the class (anonymous unless you add names)",
            examples: ["share 3 #2 #5", "share 3 #4 names"]),
        .init(
            name: "replicates", usage: "replicates K H METRIC",
            summary: "run K copies of now H generations ahead: what else could have happened (a band for everyone)",
            examples: ["replicates 100 50 meanTrait", "replicates 50 20 population"]),
        .init(
            name: "hint", usage: "hint TEXT | hint off",
            summary: "hint for the next question (taking it halves the points)",
            examples: ["hint \"Look back five generations\""]),
        .init(
            name: "hunt", usage: "hunt [CATCHES] [SECONDS]",
            summary: "the class hunts this generation (default 3 catches each in 10 s; needs selection class or both)",
            examples: ["hunt", "hunt 3 10"]),
        .init(
            name: "selection", usage: "selection formula|class|both",
            summary: "what kills: the model's formula, the class's catches, or both",
            examples: ["selection class"]),
        .init(
            name: "rewind", usage: "rewind [N]", summary: "go back N generations (default 1)", examples: ["rewind 3"]),
        .init(name: "checkpoint", usage: "checkpoint", summary: "save this point", examples: ["checkpoint"]),
        .init(name: "restore", usage: "restore", summary: "go back to the checkpoint", examples: ["restore"]),
        .init(
            name: "clone", usage: "clone [NAME=VALUE]…", summary: "new lesson from here (parameters changed)",
            examples: ["clone environmentColour=80"]),
        .init(
            name: "export", usage: "export [results|report] [FILE]",
            summary: "save the lesson file, the results (CSV) or the report (CSV and a printable HTML page)",
            examples: ["export", "export lesson.json", "export results scores.csv", "export report lesson-report"]),
        .init(
            name: "kick", usage: "kick NAME | kick #ID", summary: "remove a student", examples: ["kick Ben", "kick #3"]),
        .init(
            name: "erase", usage: "erase NAME yes | erase #ID yes",
            summary:
                "erase a student: their name and answers gone from the lesson, its report and what the server keeps",
            examples: ["erase Ben yes", "erase #3 yes"]),
        .init(
            name: "extra", usage: "extra NAME PERCENT | extra #ID PERCENT",
            summary: "extra time on timed questions (0, 25, 50 or 100% on top; 0 takes it away)",
            examples: ["extra Ben 50", "extra #3 100", "extra Ben 0"]),
        .init(name: "end", usage: "end", summary: "end the lesson for everyone", examples: ["end"]),
        .init(name: "code", usage: "code", summary: "show the join code large", examples: ["code"]),
        .init(
            name: "show", usage: "show roster|stats", summary: "side panel: roster or stats", examples: ["show stats"]),
        .init(
            name: "view", usage: "view [GEN]", summary: "a past generation (alone: live)",
            examples: ["view 12", "view"]),
        .init(
            name: "look", usage: "look [X Y]", summary: "move the board view (alone: follow the cells)",
            examples: ["look 100 40", "look"]),
        .init(
            name: "best", usage: "best on|off", summary: "mark the best-suited creatures", examples: ["best on"]),
        .init(
            name: "models", usage: "models", summary: "what each model's parameters accept (set, clone)",
            examples: ["models"]),
        .init(name: "help", usage: "help [COMMAND]", summary: "this list, or one command", examples: ["help ask"]),
        .init(name: "quit", usage: "quit", summary: "leave (the lesson goes on)", examples: ["quit"]),
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
