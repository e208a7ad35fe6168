import Foundation
import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriTerminal

@Suite struct TeacherCommandTests {
    let context = CommandContext(
        presentation: Presentations.camouflage, metrics: CamouflageModel.metrics.map(\.name),
        parameterNames: ["environmentColour", "population"],
        roster: Fixtures.roster, openQuestion: QuestionID(3), pendingHint: nil, generation: 12)

    func parse(_ line: String) -> Result<TeacherCommand, CommandError> {
        TeacherCommandParser.parse(line, context: context)
    }

    func error(_ line: String) -> String {
        guard case .failure(let e) = parse(line) else { return "(no error)" }
        return e.text
    }

    @Test func runningCommands() {
        #expect(parse("step") == .success(.send(.step(count: 1))))
        #expect(parse("step 5") == .success(.send(.step(count: 5))))
        #expect(parse("run 2/s") == .success(.send(.run(rate: 2))))
        #expect(parse("pause") == .success(.send(.pause)))
        #expect(parse("rewind 3") == .success(.send(.rewind(count: 3))))
        #expect(parse("checkpoint") == .success(.send(.checkpoint)))
        #expect(parse("restore") == .success(.send(.restore)))
        #expect(parse("end") == .success(.send(.end)))
    }

    @Test func huntCommandsStartARoundAndChooseWhatKills() {
        #expect(parse("hunt") == .success(.send(.startHunt(catches: nil, seconds: nil))))
        #expect(parse("hunt 2") == .success(.send(.startHunt(catches: 2, seconds: nil))))
        #expect(parse("hunt 3 20") == .success(.send(.startHunt(catches: 3, seconds: 20))))
        #expect(parse("selection class") == .success(.send(.setSelection(.class))))
        #expect(parse("selection Both") == .success(.send(.setSelection(.both))))
        #expect(
            error("hunt 0")
                == "hunt: the catches per student must be a whole number from 1 to 20, not \"0\". Example: hunt 3 10")
        #expect(error("selection nature").hasPrefix("selection needs what decides which creatures die"))
    }

    @Test func planCommands() {
        // Given a lesson run from a plan, Then next, skip, pace and plans send the plan's messages
        #expect(parse("next") == .success(.send(.planNext)))
        #expect(parse("skip") == .success(.send(.planSkip)))
        #expect(parse("pace auto") == .success(.send(.planPace(.auto))))
        #expect(parse("pace teacher") == .success(.send(.planPace(.teacher))))
        #expect(parse("plans") == .success(.send(.describePlans(teacherKey: nil))))
        #expect(parse("plan") == .success(.showPlan))
        #expect(error("pace fast").contains("pace takes auto"))
    }

    @Test func aPlanFileIsPreviewedOrSavedUnderItsOwnNameOrAnother() {
        #expect(parse("plan preview lesson.yaml") == .success(.planFile(path: "lesson.yaml", use: .preview)))
        #expect(
            parse("plan save lessons/Moths-2.yaml")
                == .success(.planFile(path: "lessons/Moths-2.yaml", use: .save(name: "moths-2", replace: false))))
        #expect(
            parse("plan replace moths.yml year-9")
                == .success(.planFile(path: "moths.yml", use: .save(name: "year-9", replace: true))))
        #expect(error("plan preview").hasPrefix("plan takes nothing (the lesson's plan), preview FILE"))
        #expect(error("plan print moths.yaml").contains("Example: plan preview lesson.yaml"))
    }

    @Test func aPlanFileGoesToTheServerWithTheConsolesKeyOrASentenceSaysWhyNot() throws {
        // Given a plan file on the teacher's computer
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("petri-plan-\(UUID().uuidString).yaml")
        let text = "title: Moths\nmodel: camouflage\nmoments:\n  - run: 3\n"
        try Data(text.utf8).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }

        // Then with the console's key it is sent to be previewed or saved, the file's text as it is
        #expect(
            PlanFileSender.message(path: path.path, use: .preview, key: "KEY")
                == .success(.previewPlan(teacherKey: "KEY", text: text, seed: nil)))
        #expect(
            PlanFileSender.message(path: path.path, use: .save(name: "moths", replace: true), key: "KEY")
                == .success(.savePlan(teacherKey: "KEY", name: "moths", text: text, replace: true)))
        // And without a key, or for a file that is not there, a sentence says what to do
        guard case .failure(let noKey) = PlanFileSender.message(path: path.path, use: .preview, key: nil),
            case .failure(let missing) = PlanFileSender.message(path: path.path + ".gone", use: .preview, key: "KEY")
        else {
            Issue.record("a plan file was sent without a key, or from a file that is not there")
            return
        }
        #expect(noKey.sentence.contains("--key KEY"))
        #expect(missing.sentence.hasPrefix("Could not read the plan file"))
        #expect(missing.sentence.hasSuffix("Check the path and try again."))
    }

    @Test func aChoiceQuestionsPreviewLineCountsTheReplicatesOptionByOption() {
        let options = [ChoiceOption("Darker", when: .shrinks), ChoiceOption("About the same", when: .otherwise)]
        let preview = PlanPreview(
            seed: 42, replicates: 20,
            questions: [
                PlanPreview.Question(
                    moment: 1, line: 9, prompt: "Darker?", metric: "meanTrait", kind: .choice(options: options),
                    askedAt: 3, target: 6, outcome: 40, correctOption: 0, optionCounts: [14, 6])
            ], generation: 9, finished: true)
        #expect(PlanTerminalWords.preview(preview)[1].hasSuffix("; replicates by option: Darker 14, About the same 6."))
    }

    @Test func aLessonCreatedWithTheKeyKeepsItForPlansAndOneAttachedToWithItsTokenHasNone() throws {
        let created = ClientSession(
            entry: .startPlan(teacherKey: "KEY", plan: "peppered-moths", text: nil, seed: nil, pace: nil))
        let attached = ClientSession(
            entry: .teacher(code: try JoinCode("K7QX2M"), token: try AccessToken("teacher-token-0123456789")))
        #expect(created.teacherKey == "KEY")
        #expect(attached.teacherKey == nil)
    }

    @Test func makeupCommandsOpenWithAnOptionalUntilDateAndClose() {
        // Given the teacher's terminal, Then makeup open, open --until DATE and close send the make-up's messages
        #expect(parse("makeup open") == .success(.send(.openMakeup(until: nil))))
        #expect(
            parse("makeup open --until 2026-12-05T17:00Z")
                == .success(.send(.openMakeup(until: Timestamp(millisecondsSince1970: 1_796_490_000_000)))))
        // A date alone means the end of that day, UTC
        #expect(
            parse("makeup open --until 2026-12-05")
                == .success(.send(.openMakeup(until: Timestamp(millisecondsSince1970: 1_796_515_199_000)))))
        #expect(parse("makeup close") == .success(.send(.closeMakeup)))
        // And anything else is refused with what to type
        #expect(error("makeup open --until friday").contains("is not a date"))
        #expect(error("makeup open soon").hasPrefix("makeup open takes --until"))
        #expect(error("makeup").hasPrefix("makeup takes open or close"))
        #expect(TeacherCommandSpec.all.contains { $0.name == "makeup" })
    }

    @Test func theTeachersTerminalShowsTheMakeupsCodeAndLinkAndWhenItCloses() {
        var state = LessonState()
        let code = try? JoinCode("R4TW9C")
        guard let code else { return }
        let now = Timestamp(millisecondsSince1970: 1_000)
        state.apply(
            .makeup(
                MakeupInfo(code: code, link: "/makeup/R4TW9C", open: true, openedAt: now, until: nil, students: 0)),
            at: now)
        #expect(state.notices.last?.text == "Make-up open: code R4TW9C, link /makeup/R4TW9C (0 students so far).")
        state.apply(
            .makeup(
                MakeupInfo(code: code, link: "/makeup/R4TW9C", open: false, openedAt: now, until: nil, students: 1)),
            at: now)
        #expect(state.notices.last?.text.hasPrefix("Make-up R4TW9C is closed") == true)
    }

    @Test func aPlansTimelineMarksTheNextMomentAndTheSkippedOnes() {
        let state = PlanState(
            name: "moths", title: "Moths",
            moments: [
                PlanMoment(line: 5, action: .run(to: 4, rate: nil)),
                PlanMoment(line: 6, action: .reveal),
                PlanMoment(line: 7, at: 10, action: .set(name: "environmentColour", value: .number(80))),
            ], next: 2, pace: .teacher, skipped: [1], waiting: "none", finished: false)
        #expect(
            PlanTerminalWords.timeline(state) == [
                "Plan: Moths (teacher-paced)", "    1. run to generation 4 [done]",
                "    2. show the class's answers [skipped]",
                "  > 3. at generation 10: set environmentColour to 80 [next]",
            ])
        #expect(
            PlanTerminalWords.status(state)
                == "Plan, next (3 of 3): at generation 10: set environmentColour to 80. Type next, skip, or pace auto.")
    }

    @Test func modelCommands() {
        #expect(
            parse("set environmentColour 20")
                == .success(.send(.setParameter(name: "environmentColour", value: .number(20)))))
        #expect(parse("set rule B36/S23") == .success(.send(.setParameter(name: "rule", value: .text("B36/S23")))))
        #expect(parse("set diagonal true") == .success(.send(.setParameter(name: "diagonal", value: .flag(true)))))
        #expect(parse("toggle 3 4") == .success(.send(.toggle(x: 3, y: 4))))
        #expect(parse("place glider 10 12") == .success(.send(.place(pattern: "glider", x: 10, y: 12))))
        #expect(
            parse("clone environmentColour=80")
                == .success(.send(.clone(changes: [ParameterChange("environmentColour", .number(80))]))))
    }

    @Test func askNumberWithEveryOption() {
        let spec = QuestionSpec(
            metric: "population", kind: .number(tolerance: 20), horizon: 10, timeLimit: 90, hint: "Look back",
            allowChange: false, prompt: "How many moths?")
        #expect(
            parse("ask number population in 10 tolerance 20 time 90s hint \"Look back\" prompt 'How many moths?' final")
                == .success(.send(.ask(spec))))
    }

    @Test func askInHuntsCountsRoundsOfTheClasssHuntingAndInGenerationsIsTheDefault() {
        let hunts = QuestionSpec(
            metric: "meanTrait", kind: .number(tolerance: nil), horizon: 3, prompt: "After three rounds?",
            horizonIn: .hunts)
        #expect(parse("ask number meanTrait in 3 hunts prompt 'After three rounds?'") == .success(.send(.ask(hunts))))
        #expect(parse("ask number meanTrait in 3 rounds prompt 'After three rounds?'") == .success(.send(.ask(hunts))))
        var generations = hunts
        generations.horizonIn = .generations
        #expect(
            parse("ask number meanTrait in 3 generations prompt 'After three rounds?'")
                == .success(.send(.ask(generations))))
        #expect(parse("ask number meanTrait in 3 prompt 'After three rounds?'") == .success(.send(.ask(generations))))
    }

    @Test func askChoiceGetsGrowShrinkSameAndExtinctByDefault() {
        guard case .success(.send(.ask(let spec))) = parse("ask choice population in 5") else {
            Issue.record("no ask"); return
        }
        #expect(
            spec.kind
                == .choice(options: [
                    ChoiceOption("extinct", when: .runOver), ChoiceOption("grow", when: .grows),
                    ChoiceOption("shrink", when: .shrinks), ChoiceOption("same", when: .otherwise),
                ]))
    }

    @Test func askChoiceWithOwnOptions() {
        guard
            case .success(.send(.ask(let spec))) = parse(
                "ask choice meanTrait in 10 option darker lt asked-5 option lighter otherwise")
        else {
            Issue.record("no ask")
            return
        }
        #expect(
            spec.kind
                == .choice(options: [
                    ChoiceOption("darker", when: Condition(.lt, -5, ref: .asked)),
                    ChoiceOption("lighter", when: .otherwise),
                ]))
    }

    @Test func askProbabilityWithAndWithoutAnEvent() {
        #expect(
            parse("ask probability extinct in 20")
                == .success(.send(.ask(QuestionSpec(metric: "extinct", kind: .probability(event: nil), horizon: 20)))))
        #expect(
            parse("ask probability population < 10 in 20")
                == .success(
                    .send(
                        .ask(
                            QuestionSpec(
                                metric: "population", kind: .probability(event: Condition(.lt, 10)), horizon: 20)))))
        #expect(
            parse("ask p population between 40 60 in 5")
                == .success(
                    .send(
                        .ask(
                            QuestionSpec(
                                metric: "population", kind: .probability(event: Condition(.between, 40, upper: 60)),
                                horizon: 5)))))
    }

    @Test func askAboutACellARegionOrASpeciesWithItsArguments() {
        // Given a Life lesson and an islands lesson
        func parse(_ line: String, _ metrics: [MetricDescriptor]) -> Result<TeacherCommand, CommandError> {
            let context = CommandContext(
                presentation: nil, metrics: metrics.map(\.name), parameterNames: [], roster: [], openQuestion: nil,
                pendingHint: nil, generation: 0)
            return TeacherCommandParser.parse(line, context: context)
        }
        func ask(_ metric: String, _ kind: QuestionKind, in horizon: Int) -> Result<TeacherCommand, CommandError> {
            .success(.send(.ask(QuestionSpec(metric: metric, kind: kind, horizon: horizon))))
        }

        // Then a metric's arguments go with it, typed with spaces or without
        #expect(
            parse("ask probability cell(3,4) in 5", LifeModel.metrics)
                == ask("cell(3,4)", .probability(event: nil), in: 5))
        #expect(
            parse("ask number region(0, 0, 10, 10) in 5 tolerance 4", LifeModel.metrics)
                == ask("region(0,0,10,10)", .number(tolerance: 4), in: 5))
        #expect(
            parse("ask number \"cell(3, 4)\" in 5", LifeModel.metrics)
                == ask("cell(3,4)", .number(tolerance: nil), in: 5))
        #expect(
            parse("ask p tilesOfSpecies( 2 ) > 3 in 1", IslandsModel.metrics)
                == ask("tilesOfSpecies(2)", .probability(event: Condition(.gt, 3)), in: 1))
    }

    @Test func aMetricWithTheWrongArgumentsIsRefusedWithItsForm() {
        // Given a Life lesson
        let life = CommandContext(
            presentation: Presentations.life, metrics: LifeModel.metrics.map(\.name), parameterNames: [], roster: [],
            openQuestion: nil,
            pendingHint: nil, generation: 0)
        func error(_ line: String) -> String {
            guard case .failure(let e) = TeacherCommandParser.parse(line, context: life) else { return "(no error)" }
            return e.text
        }

        // Then a metric given too few, too many or no whole numbers is refused with how to write it
        #expect(
            error("ask number cell(3) in 5")
                == "cell is written cell(x,y), with whole numbers. Example: ask number cell(3,4) in 10")
        #expect(
            error("ask number cell in 5")
                == "cell is written cell(x,y), with whole numbers. Example: ask number cell(3,4) in 10")
        #expect(
            error("ask probability region(a,b,c,d) in 5")
                == "region is written region(x,y,w,h), with whole numbers. Example: ask probability region(3,4,5,5) > 0 in 5"
        )
        #expect(
            error("ask number liveCells(2) in 5") == "liveCells takes no arguments. Example: ask number liveCells in 10"
        )
        #expect(
            error("ask number population in 5")
                == "This model has no metric \"population\"; it has liveCells, births, deaths, still, period, cell(x,y), region(x,y,w,h). Example: ask number liveCells in 10"
        )
    }

    @Test func aPendingHintGoesWithTheNextQuestion() {
        var context = self.context
        context.pendingHint = "Count the light ones"
        guard
            case .success(.send(.ask(let spec))) = TeacherCommandParser.parse(
                "ask number population in 3", context: context)
        else { return }
        #expect(spec.hint == "Count the light ones")
    }

    @Test func closeAndKickFindTheirTargets() {
        #expect(parse("close") == .success(.send(.closeQuestion(question: QuestionID(3)))))
        #expect(parse("kick ben") == .success(.send(.kick(student: StudentID(1)))))
        #expect(parse("kick #3") == .success(.send(.kick(student: StudentID(3)))))
        #expect(parse("kick De") == .success(.send(.kick(student: StudentID(3)))))
    }

    @Test func eraseSendsOnlyWhenTheTeacherConfirmsWithYes() {
        // Given a roster with Ben (#1), When the teacher types erase without yes, Then nothing is sent and the
        // sentence names who would be erased and how to confirm
        #expect(
            error("erase ben")
                == "Erasing Ben (#1) removes their name and answers from this lesson for good; type the command "
                + "again with yes at the end. Example: erase #1 yes")
        // And with yes, by name or number, the erasure is sent
        #expect(parse("erase ben yes") == .success(.send(.eraseStudent(student: StudentID(1)))))
        #expect(parse("erase #3 YES") == .success(.send(.eraseStudent(student: StudentID(3)))))
        #expect(error("erase Zed yes") == "No student is called \"Zed\". Example: erase #3")
        #expect(error("erase") == "erase needs a student's name or #number. Example: erase Ben")
    }

    @Test func consoleCommands() {
        #expect(parse("export") == .success(.exportDefinition(path: nil)))
        #expect(parse("export lesson.json") == .success(.exportDefinition(path: "lesson.json")))
        #expect(parse("export results scores.csv") == .success(.exportResults(path: "scores.csv")))
        #expect(parse("hint \"Look back\"") == .success(.setHint("Look back")))
        #expect(parse("hint off") == .success(.setHint(nil)))
        #expect(parse("show stats") == .success(.show(.stats)))
        #expect(parse("view 4") == .success(.view(4)))
        #expect(parse("view") == .success(.view(nil)))
        #expect(parse("code") == .success(.showCode))
        #expect(parse("help ask") == .success(.help("ask")))
        #expect(parse("quit") == .success(.quit))
    }

    @Test func wrongCommandsSayWhatWasWrongAndWhatWouldBeRight() {
        #expect(error("stpe 5") == "Unknown command \"stpe\". Did you mean step? Type help for the list.")
        #expect(
            error("step 500")
                == "step: the number of generations must be a whole number from 1 to 100, not \"500\". Example: step 5")
        #expect(error("step 5 6") == "step takes at most 1 value after it; \"6\" is one too many. Example: step 5")
        #expect(
            error("run 99")
                == "run: the rate must be a number from 0.01 to 30 (generations a second), not \"99\". Example: run 2"
        )
        #expect(
            error("set environmentColour")
                == "set needs a parameter name and a value. Parameters: environmentColour, population. Example: set environmentColour 20"
        )
        #expect(
            error("ask")
                == "ask needs a kind: number, choice, probability or range. Example: ask number population in 10")
        #expect(
            error("ask number population 10")
                == "Say how many generations ahead with \"in N\". Example: ask number population in 10")
        #expect(
            error("ask number nosuch in 5").hasPrefix(
                "This model has no metric \"nosuch\"; it has population, meanTrait"))
        #expect(
            error("ask number population in 5 prompt How many?")
                == "ask does not know \"many?\"; text with spaces goes in quotes, after prompt or hint. Example: ask number population in 10 prompt \"How many will be alive?\""
        )
        #expect(
            error("ask number population in 5 prompt \"open")
                == "A quote is not closed. Example: ask number population in 10 prompt \"How many?\"")
        #expect(error("kick Zed") == "No student is called \"Zed\". Example: kick #3")
        #expect(
            error("toggle a b")
                == "toggle needs a column and a row, as whole numbers counting from 0. Example: toggle 3 4")
    }

    @Test func everyWordThatNamesAKindReadsThatKindsClauses() {
        // `chance` names a probability question, so its event is read like `p`'s and `prob`'s
        #expect(
            parse("ask chance population < 10 in 20")
                == .success(
                    .send(
                        .ask(
                            QuestionSpec(
                                metric: "population", kind: .probability(event: Condition(.lt, 10)), horizon: 20)))))
        // A clause of one kind on another is refused with whose it is, not ignored
        #expect(
            error("ask choice population in 5 tolerance 3")
                == "Only number questions have tolerances. Example: ask number population in 10 tolerance 20")
        #expect(
            error("ask number population in 5 option up gt asked")
                == "Only choice questions have options. "
                + "Example: ask choice population in 5 option up gt asked option down otherwise")
        #expect(CommandCompletion.candidates(for: "ask choice population in 5 ", context: context).contains("option"))
        #expect(
            !CommandCompletion.candidates(for: "ask choice population in 5 ", context: context).contains("tolerance"))
    }

    @Test func completionOffersCommandsThenWhatEachTakes() {
        #expect(CommandCompletion.candidates(for: "st", context: context) == ["step"])
        #expect(
            CommandCompletion.candidates(for: "re", context: context) == [
                "reveal", "reasons", "replicates", "rewind", "restore",
            ])
        #expect(
            CommandCompletion.candidates(for: "ask ", context: context) == ["number", "choice", "probability", "range"])
        #expect(CommandCompletion.candidates(for: "ask number pop", context: context) == ["population"])
        #expect(CommandCompletion.candidates(for: "set env", context: context) == ["environmentColour"])
        #expect(CommandCompletion.candidates(for: "kick b", context: context) == ["Ben"])
        #expect(CommandCompletion.commonPrefix(["rewind", "restore"]) == "re")
    }

    @Test func theConsoleCompletesEditsAndRemembersCommands() {
        var console = TeacherConsole()
        let lesson = LessonState()
        for key in [Key.character("s"), .character("t"), .tab, .character("3"), .enter] {
            let intents = console.handle(key, lesson: lesson, now: Fixtures.now)
            if key == .enter { #expect(intents == [.send(.step(count: 3))]) }
        }
        _ = console.handle(.up, lesson: lesson, now: Fixtures.now)
        #expect(console.editor.line == "step 3")
        #expect(console.log.last?.text == "› step 3")
    }
}

@Suite struct TeacherViewCommandTests {
    @Test func lookAndBestChangeOnlyTheTeachersView() {
        var console = TeacherConsole()
        let lesson = LessonState()
        #expect(console.execute("look 100 40", lesson: lesson, now: Fixtures.now).isEmpty)
        #expect(console.boardViewport == BoardViewport(x: 100, y: 40, following: false, placed: true))
        _ = console.execute("look", lesson: lesson, now: Fixtures.now)
        #expect(console.boardViewport.following)
        _ = console.execute("best on", lesson: lesson, now: Fixtures.now)
        #expect(console.markBest)
        _ = console.execute("best maybe", lesson: lesson, now: Fixtures.now)
        #expect(console.log.last?.text == "best takes on or off. Example: best on")
    }
}

@Suite("Teacher console: replicates and reveal")
struct ReplicateCommandTests {
    private let context = CommandContext(
        presentation: Presentations.camouflage, metrics: ["population", "meanTrait"], parameterNames: [], roster: [],
        openQuestion: QuestionID(2), pendingHint: nil, generation: 10)

    @Test func replicatesTakesRunsGenerationsAndAMetric() {
        #expect(
            TeacherCommandParser.parse("replicates 100 50 meanTrait", context: context)
                == .success(.send(.replicates(count: 100, horizon: 50, metric: "meanTrait"))))
        guard case .failure(let tooMany) = TeacherCommandParser.parse("replicates 500 50 meanTrait", context: context)
        else {
            Issue.record("500 runs were accepted")
            return
        }
        #expect(tooMany.text.contains("from 1 to 200"))
        guard case .failure(let unknown) = TeacherCommandParser.parse("replicates 10 5 height", context: context) else {
            Issue.record("an unknown metric was accepted")
            return
        }
        #expect(unknown.text.contains("not a metric of this model"))
    }

    @Test func revealShowsTheOpenQuestionOrTheNamedOne() {
        #expect(
            TeacherCommandParser.parse("reveal", context: context)
                == .success(.send(.showAnswers(question: QuestionID(2)))))
        #expect(
            TeacherCommandParser.parse("reveal Q5", context: context)
                == .success(.send(.showAnswers(question: QuestionID(5)))))
    }
}
