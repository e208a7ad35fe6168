import PetriProtocol
import PetriSimulation
import PetriWords

/// Checks a teacher's ``QuestionSpec`` against a model and settles its defaults.
enum QuestionRules {
    /// How far ahead a question may look.
    static let horizons = 1...1000
    /// Time limits, in seconds.
    static let timeLimits = 1...3600
    /// Options of a choice question.
    static let optionCounts = 2...8
    /// Characters kept of an option label, a prompt and a hint.
    static let labelCharacters = 40
    static let textCharacters = 200
    /// The largest prediction of a metric with no declared range (a count: creatures, cells, tiles).
    ///
    /// Above any count a model can reach (the largest Life board is 16,384 × 16,384 ≈ 268 million
    /// cells) and far below where sums of predictions could overflow.
    static let countCeiling = 1_000_000_000.0
    /// Times a student may change one answer (after the first): each change is a log entry and a
    /// stored row, so without a bound one student at the message rate fills the disk.
    static let maxAnswerChanges = 20

    /// The numbers a student may predict for a metric: its declared range, or 0 to ``countCeiling``
    /// for the counts that declare none.
    static func predictionRange(for descriptor: MetricDescriptor) -> ClosedRange<Double> {
        descriptor.range ?? 0...countCeiling
    }

    /// The checked parts of a question, ready to store.
    struct Settled {
        var metric: MetricID
        var descriptor: MetricDescriptor
        var kind: QuestionKind
        var askedValue: Double
        var prompt: String?
        var hint: String?
    }

    /// Validates `spec` for `model` and fills in the default tolerance or event.
    ///
    /// - Throws: `unknown-metric`, `invalid-question` or `out-of-range`, saying what to change.
    static func settle<Model: SteppingModel>(_ spec: QuestionSpec, for model: Model) throws(ProtocolError) -> Settled {
        guard horizons.contains(spec.horizon) else {
            throw ProtocolError(
                .outOfRange, LessonWords.word("lesson.ask.horizon", ["horizon": .int(spec.horizon)]))
        }
        if let limit = spec.timeLimit, !timeLimits.contains(limit) {
            throw ProtocolError(.outOfRange, LessonWords.word("lesson.ask.timeLimit", ["limit": .int(limit)]))
        }
        let (metric, descriptor, askedValue) = try resolveMetric(spec.metric, for: model)
        let kind = try spec.kind.rules.settled(for: descriptor, askedValue: askedValue)
        let prompt = spec.prompt.map { TextSanitiser.clean($0, maxCharacters: textCharacters) }
        let hint = spec.hint.map { TextSanitiser.clean($0, maxCharacters: textCharacters) }
        return Settled(
            metric: metric, descriptor: descriptor, kind: kind, askedValue: askedValue,
            prompt: prompt?.isEmpty == false ? prompt : nil, hint: hint?.isEmpty == false ? hint : nil)
    }

    /// Finds the metric `text` names and reads its value now.
    ///
    /// A metric with arguments matches its descriptor by the name before the brackets and the
    /// number of arguments (`cell(3,4)` is `cell(x,y)`); the model then checks the values.
    ///
    /// - Throws: `unknown-metric` listing the model's metrics, or naming the form a metric with
    ///   arguments is written in, or saying why its arguments are not usable (a cell off the board).
    private static func resolveMetric<Model: SteppingModel>(
        _ text: String, for model: Model
    ) throws(ProtocolError) -> (MetricID, MetricDescriptor, Double) {
        guard let metric = try? MetricID(parsing: text) else {
            let base = String(text.filter { !$0.isWhitespace }.prefix { $0 != "(" })
            throw misnamed(text, candidates: model.metrics.filter { $0.baseName == base }, of: model)
        }
        let candidates = model.metrics.filter { $0.baseName == metric.name }
        guard let descriptor = candidates.first(where: { $0.describes(metric) }) else {
            throw misnamed(text, candidates: candidates, of: model)
        }
        let value: Double
        do {
            value = try model.value(of: metric)
        } catch {
            throw ProtocolError(.unknownMetric, error.message)
        }
        guard value.isFinite else {
            throw ProtocolError(
                .invalidQuestion, LessonWords.word("lesson.ask.noValue", ["metric": .text("\(metric)")]))
        }
        return (metric, descriptor, value)
    }

    /// The refusal of a metric the model lacks, or of one written with the wrong arguments.
    ///
    /// - Parameter candidates: The model's metrics of the same name, whose forms the message gives.
    private static func misnamed<Model: SteppingModel>(
        _ text: String, candidates: [MetricDescriptor], of model: Model
    ) -> ProtocolError {
        guard let descriptor = candidates.first else {
            let known = model.metrics.map(\.name).joined(separator: ", ")
            return ProtocolError(
                .unknownMetric,
                LessonWords.word(
                    "lesson.metric.unknown",
                    ["model": .text(model.kind.rawValue), "metric": .text(text), "known": .text(known)]))
        }
        if candidates.count == 1, descriptor.argumentNames.isEmpty {
            return ProtocolError(
                .unknownMetric,
                LessonWords.word("lesson.metric.noArguments", ["metric": .text(descriptor.name), "text": .text(text)]))
        }
        let forms = candidates.map { candidate in
            switch candidate.argumentNames.count {
            case 0: candidate.name
            case 1: "\(candidate.name) with one whole number"
            case let count: "\(candidate.name) with \(count) whole numbers"
            }
        }
        return ProtocolError(
            .unknownMetric,
            "\(descriptor.baseName) is written \(forms.joined(separator: " or ")), but was given \"\(text)\".")
    }
}
