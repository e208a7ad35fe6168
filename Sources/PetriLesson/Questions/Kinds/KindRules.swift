import PetriProtocol
import PetriSimulation
import PetriWords

// The one place the lesson dispatches on a question's kind. Each kind keeps its rules (what a
// teacher may ask, what a student may answer), its outcome, its scoring, its spread, its report
// words and its saved-state bytes in its own file beside this one (NumberQuestion.swift,
// ChoiceQuestion.swift, ProbabilityQuestion.swift, RangeQuestion.swift); a new kind adds a file and a case to each of
// the three switches here.

/// What a question's kind decides, besides the metric's value, when it resolves.
struct Outcome: Sendable, Hashable {
    /// For a choice question, the option that came true (nil if none did).
    var correctOption: Int?
    /// For a probability question, whether the event happened.
    var eventHappened: Bool?
}

/// What the lesson does with one kind of question.
protocol KindRules: Sendable {
    /// This kind with its defaults settled (a number's tolerance, a probability's event), after
    /// checking it fits `descriptor`.
    ///
    /// - Throws: `invalid-question`, saying what to change.
    func settled(for descriptor: MetricDescriptor, askedValue: Double) throws(ProtocolError) -> QuestionKind

    /// Checks a student's prediction for `question` (of this kind, settled).
    ///
    /// - Throws: `wrong-kind` for another kind's prediction, `out-of-range` for one outside what it allows.
    func check(_ prediction: Prediction, for question: Question) throws(ProtocolError)

    /// What came true, given the metric's `actual` value at the target.
    func outcome(actual: Double, asked: Double, runIsOver: Bool) -> Outcome

    /// The points of `prediction` before hints and bonuses (0 for another kind's prediction).
    func base(of prediction: Prediction, actual: Double, outcome: Outcome) -> Int

    /// Whether an answer with `base` points extends a streak.
    func isGood(base: Int) -> Bool

    /// The class's anonymous spread of `predictions` (in student order).
    func spread(of predictions: [Prediction], actual: Double, descriptor: MetricDescriptor) -> Spread

    /// The report's words for the outcome in `language`, given the actual value as text.
    func reportOutcome(value: String, outcome: Outcome, in language: Language) -> String

    /// The results export's `actual` column in `language`, given the actual value as text.
    func resultsActual(value: String, outcome: Outcome, in language: Language) -> String

    /// The results export's `prediction` column.
    func resultsPrediction(_ prediction: Prediction) -> String

    /// The option labels the report lists, in the order of the spread's counts.
    var optionLabels: [String] { get }

    /// The probability and whether its event happened, for the report's calibration (nil: not calibrated).
    func calibrationPoint(_ prediction: Prediction, outcome: Outcome) -> (p: Double, happened: Bool)?

    /// Whether a range held the `actual` value and how sure it was said to be, for the report's
    /// calibration (nil: not a range).
    func rangeCoverage(_ prediction: Prediction, actual: Double) -> (held: Bool, confidence: Int)?
}

extension KindRules {
    func resultsActual(value: String, outcome: Outcome, in language: Language) -> String { value }
    func resultsPrediction(_ prediction: Prediction) -> String { prediction.description }
    var optionLabels: [String] { [] }
    func calibrationPoint(_ prediction: Prediction, outcome: Outcome) -> (p: Double, happened: Bool)? { nil }
    func rangeCoverage(_ prediction: Prediction, actual: Double) -> (held: Bool, confidence: Int)? { nil }

    /// The refusal of another kind's prediction.
    func wrongKind(_ prediction: Prediction, for question: Question) -> ProtocolError {
        ProtocolError(
            .wrongKind,
            LessonWords.word(
                "lesson.answer.wrongKind",
                [
                    "question": .int(question.id.rawValue), "wanted": .text(question.kind.name),
                    "given": .text(prediction.kindName),
                ]))
    }
}

extension QuestionKind {
    /// The file that handles this kind.
    var rules: any KindRules {
        switch self {
        case .number(let tolerance): NumberQuestion(tolerance: tolerance)
        case .choice(let options): ChoiceQuestion(options: options)
        case .probability(let event): ProbabilityQuestion(event: event)
        case .range(let confidence, let tolerance): RangeQuestion(confidence: confidence, tolerance: tolerance)
        }
    }
}

extension Question {
    /// What its kind decided when it resolved.
    var outcome: Outcome { Outcome(correctOption: correctOption, eventHappened: eventHappened) }
}

/// Tag 0 number (optional tolerance), 1 choice (options), 2 probability (optional event), 3 range
/// (optional confidence, optional tolerance).
extension QuestionKind: StateCodable {
    func write(to writer: inout StateWriter) {
        switch self {
        case .number(let tolerance):
            writer.append(NumberQuestion.stateTag)
            writer.appendOptional(tolerance) { $0.append($1) }
        case .choice(let options):
            writer.append(ChoiceQuestion.stateTag)
            writer.appendArray(options)
        case .probability(let event):
            writer.append(ProbabilityQuestion.stateTag)
            writer.appendOptional(event) { $0.append($1) }
        case .range(let confidence, let tolerance):
            writer.append(RangeQuestion.stateTag)
            writer.appendOptional(confidence) { $0.appendCompact($1) }
            writer.appendOptional(tolerance) { $0.append($1) }
        }
    }

    init(from reader: inout StateReader) throws(SimulationError) {
        switch try reader.readByte() {
        case NumberQuestion.stateTag:
            self = .number(tolerance: try reader.readOptional { r throws(SimulationError) in try r.readDouble() })
        case ChoiceQuestion.stateTag: self = .choice(options: try reader.readArray())
        case ProbabilityQuestion.stateTag:
            self = .probability(event: try reader.readOptional { r throws(SimulationError) in try r.read() })
        case RangeQuestion.stateTag:
            self = .range(
                confidence: try reader.readOptional { r throws(SimulationError) in try r.readCompact() },
                tolerance: try reader.readOptional { r throws(SimulationError) in try r.readDouble() })
        case let tag: throw StateReader.corrupt("has a question of unknown kind \(tag)")
        }
    }
}

/// Tag 0 number (double), 1 choice (compact option index), 2 probability (double), 3 range (two
/// doubles): the kind's tag.
extension Prediction: StateCodable {
    func write(to writer: inout StateWriter) {
        switch self {
        case .number(let x):
            writer.append(NumberQuestion.stateTag)
            writer.append(x)
        case .choice(let index):
            writer.append(ChoiceQuestion.stateTag)
            writer.appendCompact(index)
        case .probability(let p):
            writer.append(ProbabilityQuestion.stateTag)
            writer.append(p)
        case .range(let lower, let upper):
            writer.append(RangeQuestion.stateTag)
            writer.append(lower)
            writer.append(upper)
        }
    }

    init(from reader: inout StateReader) throws(SimulationError) {
        switch try reader.readByte() {
        case NumberQuestion.stateTag: self = .number(try reader.readDouble())
        case ChoiceQuestion.stateTag: self = .choice(try reader.readCompact())
        case ProbabilityQuestion.stateTag: self = .probability(try reader.readDouble())
        case RangeQuestion.stateTag: self = .range(lower: try reader.readDouble(), upper: try reader.readDouble())
        case let tag: throw StateReader.corrupt("has a prediction of unknown kind \(tag)")
        }
    }
}
