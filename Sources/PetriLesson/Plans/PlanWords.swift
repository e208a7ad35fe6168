import PetriProtocol
import PetriSimulation
import PetriWords

/// Every sentence about plans that a person reads, from the lesson's catalogs (`plan.*`), as a ``Word`` its reader
/// renders: a refusal or a plan's problem in the requester's language, `petri plan check` in the command line's, the
/// report's line in the report's. Each is a whole sentence saying what to change.
package enum PlanWords {
    /// Another refusal put inside a plan's sentence: its catalog words when it has them (so it is rendered in the same
    /// language), else its English sentence.
    static func inner(_ error: some WordedError) -> WordArgument {
        error.word.map(WordArgument.word) ?? .text(error.message)
    }

    static var badHunt: Word { LessonWords.word("plan.hunt.shape") }
    static func huntNotHuntable(_ model: String) -> Word {
        LessonWords.word("plan.hunt.notHuntable", ["model": .text(model)])
    }
    static var huntNeedsClass: Word { LessonWords.word("plan.hunt.needsClass") }
    static func huntSeconds(_ seconds: Int) -> Word {
        LessonWords.word("lesson.hunt.secondsOutOfRange", ["count": .int(seconds)])
    }
    static func huntCatches(_ catches: Int) -> Word {
        LessonWords.word("lesson.hunt.catchesOutOfRange", ["count": .int(catches)])
    }
    static func notYAML(_ problem: String) -> Word {
        LessonWords.word("plan.yaml.notReadable", ["problem": .text(problem)])
    }
    static var notMapping: Word { LessonWords.word("plan.file.notMapping") }
    static func unknownKey(_ key: String, allowed: [String]) -> Word {
        LessonWords.word(
            "plan.file.unknownKey", ["key": .text(key), "allowed": .text(allowed.joined(separator: ", "))]
        )
    }
    static func missing(_ key: String) -> Word {
        LessonWords.word("plan.file.missing", ["key": .text(key)])
    }
    static func notText(_ key: String) -> Word {
        LessonWords.word("plan.file.notText", ["key": .text(key)])
    }
    static func fileTooLong(limit: Int) -> Word {
        LessonWords.word("plan.file.wholeTooLong", ["limit": .int(limit)])
    }
    static func tooLong(_ key: String, limit: Int) -> Word {
        LessonWords.word("plan.file.tooLong", ["key": .text(key), "limit": .int(limit)])
    }
    static func unknownModel(_ name: String, models: [String]) -> Word {
        models.isEmpty
            ? LessonWords.word("plan.model.notAName", ["name": .text(name)])
            : LessonWords.word(
                "plan.model.unknown", ["name": .text(name), "models": .text(models.joined(separator: ", "))]
            )
    }
    static func unknownScenario(_ name: String, scenarios: [String]) -> Word {
        scenarios.isEmpty
            ? LessonWords.word("plan.scenario.none")
            : LessonWords.word(
                "plan.scenario.unknown", ["name": .text(name), "scenarios": .text(scenarios.joined(separator: ", "))]
            )
    }
    static func badSeed(_ text: String) -> Word {
        LessonWords.word("plan.seed.bad", ["text": .text(text)])
    }
    static func badPace(_ text: String) -> Word {
        LessonWords.word("plan.pace.bad", ["text": .text(text)])
    }
    static func badRate(_ text: String) -> Word {
        LessonWords.word("plan.rate.bad", ["text": .text(text)])
    }
    static func badOptions(_ error: some WordedError) -> Word {
        LessonWords.word("plan.options.bad", ["sentence": inner(error)])
    }
    static func badParameters(_ error: some WordedError) -> Word {
        LessonWords.word("plan.parameters.bad", ["sentence": inner(error)])
    }
    static var parametersNotMapping: Word { LessonWords.word("plan.parameters.notMapping") }
    static var momentIsAList: Word { LessonWords.word("plan.moment.isAList", ["kinds": momentKinds]) }
    static var replicatesNotMapping: Word { LessonWords.word("plan.replicates.notMapping") }
    static var noMoments: Word { LessonWords.word("plan.moments.none") }
    static func tooManyMoments(_ limit: Int) -> Word {
        LessonWords.word("plan.moments.tooMany", ["limit": .int(limit)])
    }
    static func unknownMoment(_ key: String) -> Word {
        LessonWords.word("plan.moment.unknown", ["key": .text(key), "kinds": momentKinds])
    }
    static var emptyMoment: Word { LessonWords.word("plan.moment.empty", ["kinds": momentKinds]) }
    /// The moment kinds as the sentences above list them, from ``PlanReader/momentKeys`` (the one list).
    private static var momentKinds: WordArgument { .text(PlanReader.momentKeys.joined(separator: ", ")) }
    static var oneAction: Word { LessonWords.word("plan.moment.oneAction") }
    static func notWhole(_ key: String, _ text: String) -> Word {
        LessonWords.word("plan.number.notWhole", ["key": .text(key), "text": .text(text)])
    }
    static func atGoesBack(_ at: Int, _ generation: Int) -> Word {
        LessonWords.word("plan.at.goesBack", ["at": .int(at), "generation": .int(generation)])
    }
    static func runGoesBack(_ to: Int, _ generation: Int) -> Word {
        LessonWords.word("plan.run.goesBack", ["to": .int(to), "generation": .int(generation)])
    }
    static func pastLimit(_ generation: Int, _ limit: Int) -> Word {
        LessonWords.word("plan.generation.pastLimit", ["generation": .int(generation), "limit": .int(limit)])
    }
    static func badSeconds(_ text: String) -> Word {
        LessonWords.word("plan.pause.bad", ["text": .text(text)])
    }
    static func badQuestion(_ error: some WordedError) -> Word {
        LessonWords.word("plan.question.bad", ["sentence": inner(error)])
    }
    static func horizonPastNext(horizon: Int, target: Int, next: Int) -> Word {
        LessonWords.word(
            "plan.question.horizonPastNext", ["horizon": .int(horizon), "target": .int(target), "next": .int(next)]
        )
    }
    static var revealWithoutQuestion: Word { LessonWords.word("plan.reveal.noQuestion") }
    static var explainEmpty: Word { LessonWords.word("plan.explain.empty") }
    static func unknownGuide(_ id: String, ids: [String]) -> Word {
        LessonWords.word("plan.guide.unknown", ["id": .text(id), "ids": .text(ids.joined(separator: ", "))])
    }
    static func badSet(_ error: some WordedError) -> Word {
        LessonWords.word("plan.set.bad", ["sentence": inner(error)])
    }
    static func notChangeable(_ name: String) -> Word {
        LessonWords.word("plan.set.notChangeable", ["name": .text(name)])
    }
    static var setNeedsOne: Word { LessonWords.word("plan.set.needsOne") }
    static func badReplicates(_ error: some WordedError) -> Word {
        LessonWords.word("plan.replicates.bad", ["sentence": inner(error)])
    }
    static func noteTooLong(_ limit: Int) -> Word {
        LessonWords.word("plan.note.tooLong", ["limit": .int(limit)])
    }

    package static func shippedName(_ name: String) -> Word {
        LessonWords.word("plan.import.shippedName", ["name": .text(name)])
    }
    package static func planExists(_ name: String) -> Word {
        LessonWords.word("plan.import.exists", ["name": .text(name)])
    }
    package static func cannotWrite(_ file: String) -> Word {
        LessonWords.word("plan.file.cannotWrite", ["file": .text(file)])
    }

    static func report(title: String, name: String?, done: Int, of count: Int, skipped: [(number: Int, line: Int)])
        -> Word
    {
        let which =
            name.map { LessonWords.word("plan.report.titleAndName", ["title": .text(title), "name": .text($0)]) }
            ?? LessonWords.word("plan.report.title", ["title": .text(title)])
        let moments = skipped.map {
            LessonWords.word("plan.report.skippedMoment", ["number": .int($0.number), "line": .int($0.line)])
        }
        let skips =
            moments.isEmpty
            ? LessonWords.word("plan.report.noneSkipped")
            : LessonWords.word(
                "plan.report.skipped",
                [
                    "moments": .word(
                        moments.dropLast().reversed().reduce(moments[moments.count - 1]) { rest, first in
                            LessonWords.word("plan.report.moreMoments", ["first": .word(first), "rest": .word(rest)])
                        })
                ])
        return LessonWords.word(
            "plan.report.ran",
            ["which": .word(which), "done": .int(done), "count": .int(count), "skips": .word(skips)]
        )
    }

    // Running a plan.
    static func skipped(_ number: Int, line: Int, _ error: some WordedError) -> Word {
        LessonWords.word("plan.run.skipped", ["number": .int(number), "line": .int(line), "sentence": inner(error)])
    }
    static var noPlan: Word { LessonWords.word("plan.run.noPlan") }
    static var planFinished: Word { LessonWords.word("plan.run.finished") }
    static func stillRunning(to generation: Int) -> Word {
        LessonWords.word("plan.run.stillRunning", ["generation": .int(generation)])
    }
    static func runOver(_ sentence: WordArgument) -> Word {
        LessonWords.word("plan.run.over", ["sentence": sentence])
    }
    package static func unknownPlan(_ name: String) -> Word {
        LessonWords.word("plan.start.unknown", ["name": .text(name)])
    }
    package static var planOrText: Word { LessonWords.word("plan.start.planOrText") }
    package static func planDoesNotRead(_ problems: PlanReader.Problems) -> Word {
        LessonWords.word("plan.start.doesNotRead", ["problems": .word(problems.word)])
    }
    /// A problem of a plan file with its line: `line 3: …`.
    static func problem(line: Int, _ sentence: Word) -> Word {
        LessonWords.word("plan.problem.line", ["line": .int(line), "sentence": .word(sentence)])
    }
    /// Several problems in one sentence, `line 3: …; line 7: …` (at least one).
    static func problems(_ problems: [Word]) -> Word {
        guard let last = problems.last else { return LessonWords.word("plan.problems.none") }
        return problems.dropLast().reversed().reduce(last) { rest, first in
            LessonWords.word("plan.problems.more", ["first": .word(first), "rest": .word(rest)])
        }
    }
    package static func planNameInvalid(_ name: String) -> Word {
        LessonWords.word("plan.name.invalid", ["name": .text(name)])
    }
}

/// A refusal a plan's sentence may quote: its English sentence and, when it has them, its catalog words.
protocol WordedError {
    var message: String { get }
    var word: Word? { get }
}

extension ProtocolError: WordedError {}
extension SimulationError: WordedError {}
