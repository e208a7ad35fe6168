import PetriProtocol
import PetriSimulation
import PetriWords

/// A choice question: pick one of 2...8 options; the first whose condition holds came true.
struct ChoiceQuestion: KindRules {
    /// Fixed forever: the kind's first byte in saved state.
    static let stateTag: UInt8 = 1

    var options: [ChoiceOption]

    func settled(for descriptor: MetricDescriptor, askedValue: Double) throws(ProtocolError) -> QuestionKind {
        guard QuestionRules.optionCounts.contains(options.count) else {
            throw ProtocolError(
                .invalidQuestion, LessonWords.word("lesson.choice.optionCount", ["count": .int(options.count)]))
        }
        var settled: [ChoiceOption] = []
        var labels: Set<String> = []
        for (index, option) in options.enumerated() {
            let label = TextSanitiser.clean(option.label, maxCharacters: QuestionRules.labelCharacters)
            guard !label.isEmpty else {
                throw ProtocolError(
                    .invalidQuestion, LessonWords.word("lesson.choice.noLabel", ["option": .int(index + 1)]))
            }
            guard labels.insert(label.lowercased()).inserted else {
                throw ProtocolError(
                    .invalidQuestion, LessonWords.word("lesson.choice.sameLabel", ["label": .text(label)]))
            }
            if let problem = option.when.problem {
                throw ProtocolError(
                    .invalidQuestion,
                    LessonWords.word("lesson.choice.badCondition", ["label": .text(label), "problem": .word(problem)]))
            }
            if option.when.op == .otherwise, index != options.count - 1 {
                throw ProtocolError(.invalidQuestion, LessonWords.word("lesson.choice.otherwiseLast"))
            }
            settled.append(ChoiceOption(label, when: option.when))
        }
        return .choice(options: settled)
    }

    func check(_ prediction: Prediction, for question: Question) throws(ProtocolError) {
        guard case .choice(let index) = prediction else { throw wrongKind(prediction, for: question) }
        guard options.indices.contains(index) else {
            throw ProtocolError(
                .outOfRange,
                LessonWords.word("lesson.choice.outOfRange", ["last": .int(options.count - 1), "index": .int(index)]))
        }
    }

    func outcome(actual: Double, asked: Double, runIsOver: Bool) -> Outcome {
        Outcome(correctOption: options.firstIndex { $0.when.holds(for: actual, asked: asked, runIsOver: runIsOver) })
    }

    func base(of prediction: Prediction, actual: Double, outcome: Outcome) -> Int {
        guard case .choice(let chosen) = prediction else { return 0 }
        return Scoring.choice(chosen: chosen, correct: outcome.correctOption)
    }

    /// The right option.
    func isGood(base: Int) -> Bool { base == Scoring.maxPoints }

    func spread(of predictions: [Prediction], actual: Double, descriptor: MetricDescriptor) -> Spread {
        let chosen = predictions.compactMap { if case .choice(let i) = $0 { i } else { nil } }
        return SpreadBuilder.choices(chosen, optionCount: options.count)
    }

    /// The option that came true with the value, `grow (57)`, or `none (57)` when no option held.
    func reportOutcome(value: String, outcome: Outcome, in language: Language) -> String {
        guard let index = outcome.correctOption, options.indices.contains(index) else {
            return LessonWords.text("lesson.report.outcome.none", ["value": .text(value)], in: language)
        }
        return "\(options[index].label) (\(value))"
    }

    func resultsActual(value: String, outcome: Outcome, in language: Language) -> String {
        guard let index = outcome.correctOption, options.indices.contains(index) else {
            return CSVWriter.text(LessonWords.text("lesson.report.outcome.none", ["value": .text(value)], in: language))
        }
        return CSVWriter.text("\(options[index].label) (\(value))")
    }

    /// The chosen option's label (formula-guarded).
    func resultsPrediction(_ prediction: Prediction) -> String {
        guard case .choice(let index) = prediction, options.indices.contains(index) else {
            return prediction.description
        }
        return CSVWriter.text(options[index].label)
    }

    var optionLabels: [String] { options.map(\.label) }
}

extension Scoring {
    /// Points for a choice: all or nothing.
    package static func choice(chosen: Int, correct: Int?) -> Int { chosen == correct ? maxPoints : 0 }
}
