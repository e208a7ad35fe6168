import PetriProtocol
import PetriSimulation

/// Checks a plan against the models a server runs: the model, its parameters and scenario, each moment's
/// question, change, guide section and replicates, and the generations the moments fall on. Pure, like the reader.
///
/// ```swift
/// switch PlanCheck.check(text, models: .shipped) {
/// case .success(let plan): ...
/// case .failure(let problems): ...   // every mistake with its line
/// }
/// ```
package enum PlanCheck {
    /// The plan in `text` if it reads and fits `models`, or every mistake with its line.
    ///
    /// - Parameter maxGenerations: The server's ``LessonConfiguration/maxGenerations``.
    package static func check(_ text: String, models: ModelCatalog, maxGenerations: Int = 100_000) -> Result<
        LessonPlan, PlanReader.Problems
    > {
        let (read, found) = PlanReader.readPartly(text)
        guard let plan = read else { return .failure(PlanReader.Problems(problems: found)) }
        let lines = PlanReader.keyLines(text)
        guard let entry = models.entry(for: plan.model) else {
            let unknown = PlanReader.Problem(
                line: lines["model"] ?? 1,
                sentence: PlanWords.unknownModel(plan.model.rawValue, models: models.kinds.map(\.rawValue)))
            return .failure(PlanReader.Problems(problems: (found + [unknown]).sorted { $0.line < $1.line }))
        }
        var problems = found + Self.check(plan, maker: entry.maker, lines: lines, maxGenerations: maxGenerations)
        problems.sort { $0.line < $1.line }
        return problems.isEmpty ? .success(plan) : .failure(PlanReader.Problems(problems: problems))
    }

    /// Opens the model's maker and checks the plan against a lesson of it.
    static func check(_ plan: LessonPlan, maker: any ModelMaker, lines: [String: Int], maxGenerations: Int)
        -> [PlanReader.Problem]
    {
        func open<M: ModelMaker>(_ maker: M) -> [PlanReader.Problem] {
            Walk<M.Model>(plan: plan, source: maker.source, lines: lines, maxGenerations: maxGenerations).problems()
        }
        return open(maker)
    }

    /// The check of one plan for one model.
    struct Walk<Model: SteppingModel> {
        let plan: LessonPlan
        let source: Model.Source
        let lines: [String: Int]
        let maxGenerations: Int

        /// The model with every parameter at its default (for its scenarios' names).
        func defaultModel() -> Model? {
            guard
                let parameters = try? JSONValue.object([:]).decode(
                    as: Model.Parameters.self, userInfo: Model.parameterDecodingInfo(source))
            else { return nil }
            return try? Model(parameters: parameters, seed: 0)
        }

        func problems() -> [PlanReader.Problem] {
            var problems: [PlanReader.Problem] = []
            let lesson: Lesson<Model>
            do {
                lesson = try Lesson(
                    definition: LessonDefinition(model: plan.model, seed: plan.seed ?? 0, parameters: plan.parameters),
                    teacherToken: try AccessToken("plan-check-teacher-token"),
                    configuration: LessonConfiguration(options: plan.options, maxGenerations: maxGenerations),
                    source: source)
            } catch {
                let line = lines["parameters"] ?? lines["scenario"] ?? lines["model"] ?? 1
                let scenarios = defaultModel()?.modelDescription.scenarios.map(\.name) ?? []
                if case .string(let scenario)? = plan.parameters.objectValue?["scenario"],
                    !scenarios.contains(scenario)
                {
                    problems.append(
                        .init(
                            line: lines["scenario"] ?? line,
                            sentence: PlanWords.unknownScenario(scenario, scenarios: scenarios)))
                } else {
                    problems.append(.init(line: line, sentence: PlanWords.badParameters(error)))
                }
                return problems
            }
            let description = lesson.model.modelDescription
            var generation = 0
            var asks: [(line: Int, at: Int, horizon: Int)] = []
            for moment in plan.moments {
                let line = moment.line
                if let at = moment.at {
                    if at < generation {
                        problems.append(.init(line: line, sentence: PlanWords.atGoesBack(at, generation)))
                    } else {
                        generation = at
                    }
                }
                switch moment.action {
                case .run(let to, _):
                    if to <= generation {
                        problems.append(.init(line: line, sentence: PlanWords.runGoesBack(to, generation)))
                    } else {
                        generation = to
                    }
                case .pause, .checkpoint: break
                case .ask(let spec):
                    do {
                        _ = try QuestionRules.settle(spec, for: lesson.model)
                        asks.append((line, generation, spec.horizon))
                    } catch {
                        problems.append(.init(line: line, sentence: PlanWords.badQuestion(error)))
                    }
                case .reveal:
                    if asks.isEmpty, !plan.moments.contains(where: { $0.line < line && $0.action.isAsk }) {
                        problems.append(.init(line: line, sentence: PlanWords.revealWithoutQuestion))
                    }
                case .explain(_, _, let guide):
                    if let guide, Guide().section(guide) == nil {
                        problems.append(
                            .init(line: line, sentence: PlanWords.unknownGuide(guide, ids: Guide().sections.map(\.id))))
                    }
                case .set(let name, let value):
                    if let parameter = description.parameters.first(where: { $0.name == name }), !parameter.changeable {
                        problems.append(.init(line: line, sentence: PlanWords.notChangeable(name)))
                        break
                    }
                    var model = lesson.model
                    do {
                        try model.apply(.set(name: name, value: value))
                    } catch {
                        problems.append(.init(line: line, sentence: PlanWords.badSet(error)))
                    }
                case .hunt(let seconds, let catches):
                    if !lesson.isHuntable {
                        problems.append(.init(line: line, sentence: PlanWords.huntNotHuntable(plan.model.rawValue)))
                    } else if plan.options.selection == .formula {
                        problems.append(.init(line: line, sentence: PlanWords.huntNeedsClass))
                    } else if let seconds, !HuntRound.secondsRange.contains(seconds) {
                        problems.append(.init(line: line, sentence: PlanWords.huntSeconds(seconds)))
                    } else if let catches, !HuntRound.catchRange.contains(catches) {
                        problems.append(.init(line: line, sentence: PlanWords.huntCatches(catches)))
                    }
                    // The round's end steps one generation.
                    generation += 1
                case .replicates(let count, let horizon, let metric):
                    var scratch = lesson
                    do {
                        _ = try scratch.requestReplicates(count: count, horizon: horizon, metric: metric)
                    } catch {
                        problems.append(.init(line: line, sentence: PlanWords.badReplicates(error)))
                    }
                }
                if generation > maxGenerations {
                    problems.append(.init(line: line, sentence: PlanWords.pastLimit(generation, maxGenerations)))
                }
            }
            for (earlier, later) in zip(asks, asks.dropFirst()) where earlier.at + earlier.horizon > later.at {
                problems.append(
                    .init(
                        line: earlier.line,
                        sentence: PlanWords.horizonPastNext(
                            horizon: earlier.horizon, target: earlier.at + earlier.horizon, next: later.at)))
            }
            return problems
        }
    }
}

extension PlanAction {
    var isAsk: Bool {
        if case .ask = self { return true }
        return false
    }
}

extension JSONValue {
    /// The object's members, or nil for any other value.
    var objectValue: [String: JSONValue]? {
        if case .object(let object) = self { return object }
        return nil
    }
}
