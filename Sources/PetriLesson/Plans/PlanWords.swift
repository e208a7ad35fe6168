/// Every sentence about plans that a person reads, from the lesson's catalogs (`plan.*`), in English where it goes
/// into a plan's problems, a report or a refusal as text. Each is a whole sentence saying what to change.
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
        LessonWords.word("plan.yaml.notReadable", ["problem": .text(problem)]).description
    }
    static var notMapping: String { LessonWords.word("plan.file.notMapping").description }
    static func unknownKey(_ key: String, allowed: [String]) -> String {
        LessonWords.word(
            "plan.file.unknownKey", ["key": .text(key), "allowed": .text(allowed.joined(separator: ", "))]
        )
        .description
    }
    static func missing(_ key: String) -> String {
        LessonWords.word("plan.file.missing", ["key": .text(key)]).description
    }
    static func notText(_ key: String) -> String {
        LessonWords.word("plan.file.notText", ["key": .text(key)]).description
    }
    static func tooLong(_ key: String, limit: Int) -> String {
        LessonWords.word("plan.file.tooLong", ["key": .text(key), "limit": .int(limit)]).description
    }
    static func unknownModel(_ name: String, models: [String]) -> String {
        models.isEmpty
            ? LessonWords.word("plan.model.notAName", ["name": .text(name)]).description
            : LessonWords.word(
                "plan.model.unknown", ["name": .text(name), "models": .text(models.joined(separator: ", "))]
            ).description
    }
    static func unknownScenario(_ name: String, scenarios: [String]) -> String {
        scenarios.isEmpty
            ? LessonWords.word("plan.scenario.none").description
            : LessonWords.word(
                "plan.scenario.unknown", ["name": .text(name), "scenarios": .text(scenarios.joined(separator: ", "))]
            ).description
    }
    static func badSeed(_ text: String) -> String {
        LessonWords.word("plan.seed.bad", ["text": .text(text)]).description
    }
    static func badPace(_ text: String) -> String {
        LessonWords.word("plan.pace.bad", ["text": .text(text)]).description
    }
    static func badRate(_ text: String) -> String {
        LessonWords.word("plan.rate.bad", ["text": .text(text)]).description
    }
    static func badOptions(_ sentence: String) -> String {
        LessonWords.word("plan.options.bad", ["sentence": .text(sentence)]).description
    }
    static func badParameters(_ sentence: String) -> String {
        LessonWords.word("plan.parameters.bad", ["sentence": .text(sentence)]).description
    }
    static var noMoments: String { LessonWords.word("plan.moments.none").description }
    static func tooManyMoments(_ limit: Int) -> String {
        LessonWords.word("plan.moments.tooMany", ["limit": .int(limit)]).description
    }
    static func unknownMoment(_ key: String) -> String {
        LessonWords.word("plan.moment.unknown", ["key": .text(key)]).description
    }
    static var emptyMoment: String { LessonWords.word("plan.moment.empty").description }
    static var oneAction: String { LessonWords.word("plan.moment.oneAction").description }
    static func notWhole(_ key: String, _ text: String) -> String {
        LessonWords.word("plan.number.notWhole", ["key": .text(key), "text": .text(text)]).description
    }
    static func atGoesBack(_ at: Int, _ generation: Int) -> String {
        LessonWords.word("plan.at.goesBack", ["at": .int(at), "generation": .int(generation)]).description
    }
    static func runGoesBack(_ to: Int, _ generation: Int) -> String {
        LessonWords.word("plan.run.goesBack", ["to": .int(to), "generation": .int(generation)]).description
    }
    static func pastLimit(_ generation: Int, _ limit: Int) -> String {
        LessonWords.word("plan.generation.pastLimit", ["generation": .int(generation), "limit": .int(limit)])
            .description
    }
    static func badSeconds(_ text: String) -> String {
        LessonWords.word("plan.pause.bad", ["text": .text(text)]).description
    }
    static func badQuestion(_ sentence: String) -> String {
        LessonWords.word("plan.question.bad", ["sentence": .text(sentence)]).description
    }
    static func horizonPastNext(horizon: Int, target: Int, next: Int) -> String {
        LessonWords.word(
            "plan.question.horizonPastNext", ["horizon": .int(horizon), "target": .int(target), "next": .int(next)]
        ).description
    }
    static var revealWithoutQuestion: String { LessonWords.word("plan.reveal.noQuestion").description }
    static var explainEmpty: String { LessonWords.word("plan.explain.empty").description }
    static func unknownGuide(_ id: String, ids: [String]) -> String {
        LessonWords.word("plan.guide.unknown", ["id": .text(id), "ids": .text(ids.joined(separator: ", "))])
            .description
    }
    static func badSet(_ sentence: String) -> String {
        LessonWords.word("plan.set.bad", ["sentence": .text(sentence)]).description
    }
    static func notChangeable(_ name: String) -> String {
        LessonWords.word("plan.set.notChangeable", ["name": .text(name)]).description
    }
    static var setNeedsOne: String { LessonWords.word("plan.set.needsOne").description }
    static func badReplicates(_ sentence: String) -> String {
        LessonWords.word("plan.replicates.bad", ["sentence": .text(sentence)]).description
    }
    static func noteTooLong(_ limit: Int) -> String {
        LessonWords.word("plan.note.tooLong", ["limit": .int(limit)]).description
    }

    package static func shippedName(_ name: String) -> String {
        LessonWords.word("plan.import.shippedName", ["name": .text(name)]).description
    }
    package static func planExists(_ name: String) -> String {
        LessonWords.word("plan.import.exists", ["name": .text(name)]).description
    }
    package static func cannotWrite(_ file: String) -> String {
        LessonWords.word("plan.file.cannotWrite", ["file": .text(file)]).description
    }

    static func report(title: String, name: String?, done: Int, of count: Int, skipped: [(number: Int, line: Int)])
        -> String
    {
        let which =
            name.map { LessonWords.word("plan.report.titleAndName", ["title": .text(title), "name": .text($0)]) }
            ?? LessonWords.word("plan.report.title", ["title": .text(title)])
        let moments = skipped.map {
            LessonWords.word("plan.report.skippedMoment", ["number": .int($0.number), "line": .int($0.line)])
                .description
        }
        let skips =
            skipped.isEmpty
            ? LessonWords.word("plan.report.noneSkipped")
            : LessonWords.word(
                "plan.report.skipped",
                ["moments": .text(moments.joined(separator: LessonWords.word("plan.report.joiner").description))])
        return LessonWords.word(
            "plan.report.ran",
            ["which": .word(which), "done": .int(done), "count": .int(count), "skips": .word(skips)]
        ).description
    }

    // Running a plan.
    static func skipped(_ number: Int, line: Int, _ sentence: String) -> String {
        LessonWords.word("plan.run.skipped", ["number": .int(number), "line": .int(line), "sentence": .text(sentence)])
            .description
    }
    static var noPlan: String { LessonWords.word("plan.run.noPlan").description }
    static var planFinished: String { LessonWords.word("plan.run.finished").description }
    static func stillRunning(to generation: Int) -> String {
        LessonWords.word("plan.run.stillRunning", ["generation": .int(generation)]).description
    }
    static func runOver(_ sentence: String) -> String {
        LessonWords.word("plan.run.over", ["sentence": .text(sentence)]).description
    }
    package static func unknownPlan(_ name: String) -> String {
        LessonWords.word("plan.start.unknown", ["name": .text(name)]).description
    }
    package static var planOrText: String { LessonWords.word("plan.start.planOrText").description }
    package static func planDoesNotRead(_ problems: String) -> String {
        LessonWords.word("plan.start.doesNotRead", ["problems": .text(problems)]).description
    }
    package static func planNameInvalid(_ name: String) -> String {
        LessonWords.word("plan.name.invalid", ["name": .text(name)]).description
    }
}
