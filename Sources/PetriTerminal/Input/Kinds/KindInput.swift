import PetriProtocol

// The one place the terminal dispatches on a question's kind: each kind's field (keys, what it holds,
// how it is drawn), its typed form in `--json` mode, its words on the question panel, the class's
// spread of it and the teacher's `ask` words for it are in its own file beside this one; a new kind
// adds a file, a case in the switch here and an entry in `QuestionKind.askable`.

/// How the terminal asks for, reads and shows one kind of answer.
protocol KindInput: Sendable {
    /// Applies an editing key to `field` (the reason's keys are handled before). False when the
    /// key is not for the field.
    func edit(_ key: Key, field: inout AnswerField) -> Bool

    /// The prediction `field` holds, or a sentence saying what to type.
    func prediction(from field: AnswerField) -> Result<Prediction, AnswerProblem>

    /// Whether a typed line is one answer as a whole (a choice's label with spaces), not an answer then a reason.
    func isWholeAnswer(_ text: String) -> Bool

    /// The prediction a typed answer means for question `id`, or a sentence saying what to type.
    func prediction(typed text: String, question id: QuestionID) -> Result<Prediction, AnswerProblem>

    /// Draws the answer row at `y`: the typed field or the options.
    func draw(
        _ field: AnswerField, question q: QuestionInfo, lesson: LessonState, into canvas: inout Canvas, inner: Rect,
        y: Int, theme: Theme)

    /// How to answer, shown under the field (nil: the field says it).
    func instruction(_ q: QuestionInfo, theme: Theme) -> String?

    /// The field's answer as words, shown before "because:" while the reason is typed.
    func answerText(_ field: AnswerField) -> String

    /// The question as a sentence, when the teacher wrote no prompt.
    func prompt(_ q: QuestionInfo, theme: Theme) -> String

    /// `Actual: 130 creatures`, `It happened`, `The answer was: grow`.
    func outcome(_ q: QuestionInfo, _ r: Resolution, theme: Theme) -> String

    /// A prediction as the student typed it.
    func shown(_ p: Prediction, theme: Theme) -> String

    /// Draws the class's spread against the outcome in `rect` (at least 3 rows, 12 columns).
    func drawSpread(
        _ resolution: Resolution, question: QuestionInfo, into canvas: inout Canvas, rect: Rect, theme: Theme)

    /// The class's mean prediction as text.
    func mean(_ x: Double) -> String
}

extension KindInput {
    func isWholeAnswer(_ text: String) -> Bool { false }
    func instruction(_ q: QuestionInfo, theme: Theme) -> String? { nil }
    func answerText(_ field: AnswerField) -> String { field.text }
    func mean(_ x: Double) -> String { Format.number(x, decimals: 2) }

    /// A typed field: the label, the text with its cursor (in a box `width` characters wide), then `unit` and
    /// how to send.
    func drawTyped(
        _ field: AnswerField, label: String, unit: String, into canvas: inout Canvas, inner: Rect, y: Int, theme: Theme,
        width: Int = AnswerField.maxLength
    ) {
        var x = inner.x + canvas.put(label, x: inner.x, y: y, maxWidth: inner.width)
        let shown = TerminalText.padded(field.text + "▏", toWidth: width + 1)
        x += canvas.put(" " + shown + " ", x: x, y: y, style: theme.input, maxWidth: inner.maxX - x)
        x += canvas.put(unit, x: x, y: y, maxWidth: inner.maxX - x)
        canvas.put(
            "  " + theme.text("terminal.input.enterToSend"), x: x, y: y, style: theme.dim, maxWidth: inner.maxX - x)
    }

    /// Digits, `.` (once), `-` when `negative` (toggling the sign) and Backspace, up to the field's length.
    func editNumber(_ key: Key, field: inout AnswerField, negative: Bool) -> Bool {
        switch key {
        case .character(let c) where c.isASCII && (c.isNumber || c == "." || (c == "-" && negative)):
            if c == "-" {
                field.text = field.text.hasPrefix("-") ? String(field.text.dropFirst()) : "-" + field.text
            } else if field.text.count < AnswerField.maxLength, !(c == "." && field.text.contains(".")) {
                field.text.append(c)
            }
            return true
        case .backspace:
            if !field.text.isEmpty { field.text.removeLast() }
            return true
        default:
            return false
        }
    }
}

extension QuestionKind {
    /// The file that asks for this kind of answer.
    var input: any KindInput {
        switch self {
        case .number: NumberInput()
        case .choice(let options): ChoiceInput(options: options)
        case .probability(let event): ProbabilityInput(event: event)
        case .range(let confidence, _): RangeInput(confidence: confidence)
        }
    }
}

/// How the teacher's `ask` command writes one kind of question: the words that name it, its own clauses (a number's
/// `tolerance`, a choice's `option`s, a probability's event) and the question they make. The words every kind
/// shares (`in`, `time`, `hint`, `prompt`, `final`) are ``QuestionSyntax``'s.
protocol KindAsking: Sendable {
    /// Nothing read yet.
    init()

    /// The kind's name first, then its short forms: `number`, `n`, `num`.
    static var words: [String] { get }

    /// The clause words only this kind reads (`option`), so another kind's question can say whose they are.
    static var clauses: [String] { get }

    /// A command using the kind's clauses, for the refusal of one on another kind.
    static var clauseExample: String { get }

    /// An `ask` command of this kind about `metric`.
    static func example(metric: String) -> String

    /// Reads what this kind takes between the metric and `in` (a probability's event); nothing by default.
    ///
    /// - Throws: ``CommandError`` saying what was wrong, with an example.
    mutating func readBeforeHorizon(_ rest: inout ArraySlice<String>) throws(CommandError)

    /// Reads the clause `word` (lowercased) starts, taking its arguments from `rest`; false for a word that is not one
    /// of this kind's.
    ///
    /// - Throws: ``CommandError`` for a clause of this kind written wrong.
    mutating func readClause(_ word: String, _ rest: inout ArraySlice<String>) throws(CommandError) -> Bool

    /// The question's kind from what was read (a choice with no options takes the model's defaults).
    func kind(context: CommandContext) -> QuestionKind
}

extension KindAsking {
    static var clauses: [String] { [] }
    static var clauseExample: String { example(metric: "population") }
    mutating func readBeforeHorizon(_ rest: inout ArraySlice<String>) throws(CommandError) {}
    mutating func readClause(_ word: String, _ rest: inout ArraySlice<String>) throws(CommandError) -> Bool { false }
}

extension QuestionKind {
    /// The kinds the teacher's `ask` command writes, in the order its sentences list them.
    static let askable: [any KindAsking.Type] = [
        NumberAsking.self, ChoiceAsking.self, ProbabilityAsking.self, RangeAsking.self,
    ]
}
