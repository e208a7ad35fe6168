/// Every sentence about plans that a person reads, in one place (the words contract: they move into the
/// component's catalog as they are). Each is a whole sentence saying what to change.
package enum PlanWords {
    static var badHunt: String { LessonWords.word("plan.hunt.shape").description }
    static func huntNotHuntable(_ model: String) -> String {
        LessonWords.word("plan.hunt.notHuntable", ["model": .text(model)]).description
    }
    static var huntNeedsClass: String { LessonWords.word("plan.hunt.needsClass").description }
    static func huntSeconds(_ seconds: Int) -> String {
        LessonWords.word("lesson.hunt.secondsOutOfRange", ["count": .int(seconds)]).description
    }
    static func huntCatches(_ catches: Int) -> String {
        LessonWords.word("lesson.hunt.catchesOutOfRange", ["count": .int(catches)]).description
    }
    static func notYAML(_ problem: String) -> String {
        "This is not readable YAML (\(problem)); check the indentation and the colons on this line."
    }
    static var notMapping: String {
        "A plan is a list of keys (title:, model:, moments:, ...); start the file with title: and model:."
    }
    static func unknownKey(_ key: String, allowed: [String]) -> String {
        "\"\(key)\" is not a key a plan knows; use one of \(allowed.joined(separator: ", "))."
    }
    static func missing(_ key: String) -> String { "The plan has no \(key):; add one." }
    static func notText(_ key: String) -> String { "\(key): must be text; write it after the colon." }
    static func tooLong(_ key: String, limit: Int) -> String {
        "\(key): is longer than \(limit) characters; shorten it."
    }
    static func unknownModel(_ name: String, models: [String]) -> String {
        models.isEmpty
            ? "\"\(name)\" is not a model's name; models are named in lower-case letters, digits and dashes (beaks)."
            : "\"\(name)\" is not a model this server has; use one of \(models.joined(separator: ", "))."
    }
    static func unknownScenario(_ name: String, scenarios: [String]) -> String {
        scenarios.isEmpty
            ? "This model has no scenarios; remove scenario:."
            : "\"\(name)\" is not a scenario of this model; use one of \(scenarios.joined(separator: ", "))."
    }
    static func badSeed(_ text: String) -> String {
        "seed: must be a whole number from 0 to 18446744073709551615, not \(text); or leave it out for a new "
            + "lesson every time."
    }
    static func badPace(_ text: String) -> String { "pace: is teacher or auto, not \(text)." }
    static func badRate(_ text: String) -> String {
        "A rate is 0.01 to 30 generations per second, not \(text)."
    }
    static func badOptions(_ sentence: String) -> String { "The options do not fit: \(sentence)" }
    static func badParameters(_ sentence: String) -> String {
        "The parameters do not fit the model: \(sentence)"
    }
    static var noMoments: String { "moments: must be a list with at least one moment (- run: 6, - ask: ...)." }
    static func tooManyMoments(_ limit: Int) -> String { "A plan has at most \(limit) moments; split it in two." }
    static func unknownMoment(_ key: String) -> String {
        "\"\(key)\" is not a moment; use run, pause, ask, reveal, explain, guide, set, checkpoint or replicates."
    }
    static var emptyMoment: String {
        "This moment does nothing; give it one of run, pause, ask, reveal, explain, guide, set, checkpoint or replicates."
    }
    static var oneAction: String {
        "Each moment does one thing (run, ask, set, ...); put the others in moments of their own."
    }
    static func notWhole(_ key: String, _ text: String) -> String {
        "\(key): must be a whole number, not \(text)."
    }
    static func atGoesBack(_ at: Int, _ generation: Int) -> String {
        "at: \(at) is before generation \(generation), where the plan already is; moments go forward in time."
    }
    static func runGoesBack(_ to: Int, _ generation: Int) -> String {
        "run: \(to) is not after generation \(generation), where the plan already is; run to a later generation."
    }
    static func pastLimit(_ generation: Int, _ limit: Int) -> String {
        "Generation \(generation) is past the lesson's limit of \(limit); end the plan sooner."
    }
    static func badSeconds(_ text: String) -> String { "A pause is 1 to 3600 seconds, not \(text)." }
    static func badQuestion(_ sentence: String) -> String { "This question cannot be asked: \(sentence)" }
    static func horizonPastNext(horizon: Int, target: Int, next: Int) -> String {
        "This question looks \(horizon) generations ahead, to generation \(target), past generation \(next) where "
            + "the next question is asked; shorten the horizon or ask the next question later."
    }
    static var revealWithoutQuestion: String {
        "reveal shows the answers to the plan's latest question, but no question comes before it; ask one first."
    }
    static var explainEmpty: String { "explain: needs text: (or a title: and text:)." }
    static func unknownGuide(_ id: String, ids: [String]) -> String {
        "\"\(id)\" is not a section of the guide; use one of \(ids.joined(separator: ", "))."
    }
    static func badSet(_ sentence: String) -> String { "This change cannot be made: \(sentence)" }
    static func notChangeable(_ name: String) -> String {
        "\(name) is fixed once the lesson starts; set it in parameters: instead."
    }
    static var setNeedsOne: String { "set: takes one parameter and its value, like set: {environmentColour: 80}." }
    static func badReplicates(_ sentence: String) -> String { "These replicates cannot run: \(sentence)" }
    static func noteTooLong(_ limit: Int) -> String { "note: is longer than \(limit) characters; shorten it." }

    package static func shippedName(_ name: String) -> String {
        "\"\(name)\" is the name of a shipped plan; import it under another name with --name."
    }
    package static func planExists(_ name: String) -> String {
        "A plan called \"\(name)\" is already imported; add --replace to replace it, or choose another --name."
    }
    package static func cannotWrite(_ file: String) -> String {
        "Cannot write \(file); check the path and its permissions."
    }

    static func report(title: String, name: String?, done: Int, of count: Int, skipped: [(number: Int, line: Int)])
        -> String
    {
        let which = name.map { "\"\(title)\" (\($0))" } ?? "\"\(title)\""
        let skips =
            skipped.isEmpty
            ? "no moment was skipped"
            : "skipped: " + skipped.map { "moment \($0.number) (line \($0.line))" }.joined(separator: ", ")
        return "The lesson ran the plan \(which): \(done) of its \(count) moments were reached; \(skips)."
    }

    // Running a plan.
    static func skipped(_ number: Int, line: Int, _ sentence: String) -> String {
        "Moment \(number) of the plan (line \(line)) was skipped: \(sentence)"
    }
    static var noPlan: String { "This lesson was not started from a plan; start one from the plan list." }
    static var planFinished: String { "Every moment of the plan is done; end the lesson or carry on by hand." }
    static func stillRunning(to generation: Int) -> String {
        "The plan is running to generation \(generation); Next works when it gets there, or Skip the rest of this run."
    }
    static func runOver(_ sentence: String) -> String {
        "\(sentence) The plan cannot go on from here: rewind, or skip the moments that need the run."
    }
    package static func unknownPlan(_ name: String) -> String {
        "This server has no plan called \"\(name)\"; describePlans lists the plans it has."
    }
    package static var planOrText: String {
        "Send either plan (a plan's name) or text (a plan file), not both or neither."
    }
    package static func planDoesNotRead(_ problems: String) -> String {
        "This plan does not check: \(problems). Fix the file (petri plan check FILE shows every line)."
    }
    package static func planNameInvalid(_ name: String) -> String {
        "A plan's name is 1 to 64 lower-case letters, digits and dashes, not \"\(name)\"."
    }
}
