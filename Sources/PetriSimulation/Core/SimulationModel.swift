/// A model's name on the wire and in lesson files, e.g. `camouflage`: one of the shipped models (the constants
/// below) or the id of a model file a server loaded (see ``ModelCatalog``).
///
/// Encoded as its bare string, so JSON is the same as when the set of models was closed.
package struct ModelKind: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    package let rawValue: String

    /// A model name: 1 to 32 lowercase letters, digits and hyphens, starting with a letter (nil otherwise).
    /// Whether a server runs a model of that name is its catalog's answer.
    package init?(rawValue: String) {
        guard Self.isWellFormed(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    private init(shipped name: String) { rawValue = name }

    package static let camouflage = ModelKind(shipped: "camouflage")
    package static let islands = ModelKind(shipped: "islands")
    package static let life = ModelKind(shipped: "life")
    /// Antibiotic resistance in bacteria (see ``ResistanceModel``).
    package static let resistance = ModelKind(shipped: "resistance")
    /// Darwin's finches' beak depth on Daphne Major (see ``BeaksModel``).
    package static let beaks = ModelKind(shipped: "beaks")
    /// Rock pocket mice on lava flows (see ``MiceModel``).
    package static let mice = ModelKind(shipped: "mice")

    /// The models compiled into every server, in the order `describeModels` lists them.
    package static let allCases: [ModelKind] = [.camouflage, .islands, .life, .resistance, .beaks, .mice]

    /// The saved-state tag of every model read from a file a server loaded (its file travels with the lesson).
    static let fileModelTag: UInt8 = 7

    /// The first byte of a saved state, so one model's bytes never load as another's: one per shipped model, and
    /// ``fileModelTag`` for a loaded file's.
    var tag: UInt8 {
        switch rawValue {
        case "camouflage": 1
        case "islands": 2
        case "life": 3
        case "resistance": 4
        case "beaks": 5
        case "mice": 6
        default: Self.fileModelTag
        }
    }

    /// True for a model compiled into the program.
    package var isShipped: Bool { Self.allCases.contains(self) }

    package var description: String { rawValue }

    static func isWellFormed(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first), name.utf8.count <= 32 else {
            return false
        }
        return name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let kind = ModelKind(rawValue: text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "A model name is lowercase letters, digits and hyphens (at most 32), not \"\(text)\"."
            )
        }
        self = kind
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// A value a teacher gives a parameter: from a CLI flag, a wire message or a lesson file.
package enum ParameterValue: Sendable, Hashable, Codable, CustomStringConvertible {
    case number(Double)
    case text(String)
    case flag(Bool)

    package var description: String {
        switch self {
        case .number(let x): x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x)
        case .text(let s): s
        case .flag(let b): String(b)
        }
    }

    /// Encodes as a bare JSON number, string or boolean.
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .number(let x): try c.encode(x)
        case .text(let s): try c.encode(s)
        case .flag(let b): try c.encode(b)
        }
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let b = try? c.decode(Bool.self) {
            self = .flag(b)
        } else if let x = try? c.decode(Double.self) {
            self = .number(x)
        } else {
            self = .text(try c.decode(String.self))
        }
    }
}

/// Something a teacher does to a model between generations.
package enum ModelAction: Sendable, Hashable, Codable {
    /// Change one named parameter (e.g. `environmentColour` to 20).
    case set(name: String, value: ParameterValue)
    /// Flip one grid tile or cell (islands: land↔sea; life: dead↔alive).
    case toggle(x: Int, y: Int)
    /// Stamp a named pattern or RLE text with its top-left corner at (x, y) (life only).
    case place(pattern: String, x: Int, y: Int)
    /// The class's hunt (see ``HuntLayout``): the next ``SteppingModel/step()`` first removes the creatures at
    /// these indices (draw order, ascending, no repeats) and draws the formula's deaths only if `formula`. Only a
    /// model whose picture is a trait field takes it; the lesson logs it, the teacher cannot send it.
    case hunt(caught: [Int], formula: Bool)
}

/// A number a student can be asked to predict.
package struct MetricDescriptor: Sendable, Hashable, Codable {
    /// The name used in questions, e.g. `meanTrait`, or `cell(x,y)` for a metric with arguments.
    package let name: String
    /// What a form or chart calls it, in plain words (e.g. "Average moth colour (1 black to 100 white)"), never
    /// the name. Not kept in a saved lesson (a constant of the model's code): a restored metric has "" and
    /// clients fall back to its description.
    package var label: String
    /// One sentence for the question screen.
    package let description: String
    /// The unit shown beside values (`creatures`, `trait`, `cells`, `` for yes/no).
    package let unit: String
    /// The values it can take, when bounded.
    package let range: ClosedRange<Double>?
    /// True for yes/no metrics (0 or 1), e.g. `extinct`: the natural subject of a probability question.
    package let isYesNo: Bool
    /// The tolerance a number question about it gets when the teacher gives none, for a metric
    /// whose interesting changes are much smaller than a tenth of its range (nil: the rule in
    /// the lesson's scoring decides). A constant of the model's code, so a saved lesson does not
    /// keep it: a restored question takes it from the model again.
    package var tolerance: Double?

    package init(
        name: String, label: String = "", description: String, unit: String, range: ClosedRange<Double>?,
        isYesNo: Bool = false, tolerance: Double? = nil
    ) {
        self.name = name
        self.label = label
        self.description = description
        self.unit = unit
        self.range = range
        self.isYesNo = isYesNo
        self.tolerance = tolerance
    }

    /// A description from a server that sent no `label` gets "" (clients then show the description).
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        label = try container.decodeIfPresent(String.self, forKey: .label) ?? ""
        description = try container.decode(String.self, forKey: .description)
        unit = try container.decode(String.self, forKey: .unit)
        range = try container.decodeIfPresent(ClosedRange<Double>.self, forKey: .range)
        isYesNo = try container.decode(Bool.self, forKey: .isYesNo)
        tolerance = try container.decodeIfPresent(Double.self, forKey: .tolerance)
    }
}

/// A metric as named in a question: `population`, or `cell(3,4)` with integer arguments.
package struct MetricID: Sendable, Hashable, Codable, CustomStringConvertible {
    package let name: String
    package let arguments: [Int]

    package init(_ name: String, _ arguments: [Int] = []) {
        self.name = name
        self.arguments = arguments
    }

    /// Parses `name` or `name(a,b,...)`.
    ///
    /// - Throws: ``SimulationError/Code/unknownMetric`` when the text is not of that shape.
    package init(parsing text: String) throws(SimulationError) {
        let t = text.filter { !$0.isWhitespace }
        guard let open = t.firstIndex(of: "(") else {
            guard !t.isEmpty, t.allSatisfy({ $0.isLetter || $0.isNumber }) else {
                throw SimulationError(
                    .unknownMetric, "\"\(text)\" is not a metric name; use a name like population or cell(3,4).")
            }
            self.init(t)
            return
        }
        let name = String(t[..<open])
        guard t.hasSuffix(")"), !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber }) else {
            throw SimulationError(
                .unknownMetric, "\"\(text)\" is not a metric; use a name like population or cell(3,4).")
        }
        let inner = t[t.index(after: open)..<t.index(before: t.endIndex)]
        var args: [Int] = []
        for part in inner.split(separator: ",", omittingEmptySubsequences: false) {
            guard let n = Int(part) else {
                throw SimulationError(.unknownMetric, "\"\(text)\" has an argument that is not a whole number.")
            }
            args.append(n)
        }
        self.init(name, args)
    }

    package var description: String {
        arguments.isEmpty ? name : "\(name)(\(arguments.map(String.init).joined(separator: ",")))"
    }
}

/// One generation's numbers, kept in the lesson's history and sent to every client.
package struct GenerationStats: Sendable, Hashable, Codable {
    /// The generation these numbers describe (0 is the starting state).
    package var generation: Int
    /// Every argument-free metric's value at this generation, by metric name.
    package var values: [String: Double]
    /// Bins for the histogram view (camouflage: ten bins of trait 1-10, ..., 91-100).
    package var histogram: [Int]?
    /// Sizes of labelled groups (islands: tiles per living species, by species id).
    package var groups: [String: Int]?

    package init(generation: Int, values: [String: Double], histogram: [Int]? = nil, groups: [String: Int]? = nil) {
        self.generation = generation
        self.values = values
        self.histogram = histogram
        self.groups = groups
    }
}

/// A deterministic classroom model: a pure value that advances one generation per ``step()``.
///
/// Conformers do no I/O, read no clock and draw every random number from a ``PetriRandom``
/// held in their own state, so a copy of a model is an exact checkpoint and the same seed,
/// parameters and actions give the same history on every machine.
///
/// What the model is (its name, metrics and description) is asked of the value, because a model read from a file
/// is known only at run time; ``SimulationModel`` refines this for models whose type alone says it.
package protocol SteppingModel: Sendable, Equatable {
    /// The model's parameters: `Codable` with every key optional (missing keys take defaults).
    associatedtype Parameters: Sendable, Hashable, Codable
    /// What clients draw each generation.
    associatedtype Snapshot: Sendable, Hashable, Codable
    /// What restoring a saved state or reading a lesson file's parameters needs besides the bytes: `Void` for a
    /// compiled model, the model file for one read from a file (``TraitModelSource``).
    associatedtype Source: Sendable

    /// The model's name.
    var kind: ModelKind { get }

    /// The metrics a question can be about, with descriptions, units and ranges.
    var metrics: [MetricDescriptor] { get }

    /// What the model is and what a teacher can set on it.
    var modelDescription: ModelDescription { get }

    /// How clients show it: its description's presentation, without building the rest of the description (a
    /// welcome carries it, once per join).
    var presentation: ModelPresentation? { get }

    /// Creates generation 0.
    ///
    /// - Throws: ``SimulationError`` naming the first invalid parameter.
    init(parameters: Parameters, seed: UInt64) throws(SimulationError)

    /// Restores exactly what ``encodeState()`` saved, for the model `source` names.
    ///
    /// - Throws: ``SimulationError/Code/corruptState`` for bytes that do not decode.
    init(decodingState bytes: [UInt8], source: Source) throws(SimulationError)

    /// The file this model was read from at run time (nil for a compiled model, a shipped file's included).
    var loadedFile: TraitModelSource? { get }

    /// The name of the model `source` makes (a compiled model's own, or the file's).
    static func kind(of source: Source) -> ModelKind

    /// What a decoder of this model's ``Parameters`` needs in its `userInfo` (nothing for a compiled model).
    static func parameterDecodingInfo(_ source: Source) -> [CodingUserInfoKey: any Sendable]

    var parameters: Parameters { get }

    /// Generations stepped since generation 0.
    var generation: Int { get }

    /// True when the run has ended (an extinct population); ``step()`` then changes nothing.
    var isOver: Bool { get }

    /// What to tell everyone when the run ended, e.g. the extinction sentence.
    var endMessage: String? { get }

    /// Advances exactly one generation (a no-op once ``isOver``).
    mutating func step()

    /// Replaces the model's random generator with a fresh one seeded with `seed`; nothing else changes.
    ///
    /// Replicates ("what else could have happened?") copy the lesson's model and reseed each copy, so
    /// every copy has the same present and its own future. A model without randomness after
    /// generation 0 does nothing here (its replicates all repeat the real run, which is the truth).
    mutating func reseed(_ seed: UInt64)

    /// Applies a teacher's action between generations; on error nothing changes.
    ///
    /// - Throws: ``SimulationError`` saying what was wrong with the action.
    mutating func apply(_ action: ModelAction) throws(SimulationError)

    /// The current value of a metric (yes/no metrics are 0 or 1).
    ///
    /// - Throws: ``SimulationError/Code/unknownMetric`` for a name or arguments the model lacks.
    func value(of metric: MetricID) throws(SimulationError) -> Double

    /// This generation's stats for the history.
    func stats() -> GenerationStats

    /// This generation's picture for clients.
    func snapshot() -> Snapshot

    /// The exact state as bytes (see ``StateWriter``); restoring them continues identically.
    func encodeState() -> [UInt8]

    /// Every creature's trait in draw order, for a model the class can hunt (nil for the others).
    var huntableTraits: [UInt8]? { get }

    /// The range every hunted trait lies in (nil for a model the class cannot hunt).
    var huntableTraitRange: ClosedRange<Int>? { get }

    /// The trait value that matches the background now (the colour a creature hides best at), for a model the class
    /// can hunt (nil for the others): how conspicuous a creature is is how far its trait lies from it.
    var huntBackground: Double? { get }

    /// For a model the class can hunt, how many creatures died in the step that made this generation (caught and
    /// drawn alike; nil for the others). The survivors come first in ``huntableTraits``, in their order before the
    /// step, so a formula's step from a known population says who it killed.
    var huntStepDeaths: Int? { get }
}

/// A model whose type says what it is: every model compiled into the program (the three trait models' files are
/// compiled in too).
package protocol SimulationModel: SteppingModel where Source == Void {
    static var kind: ModelKind { get }

    /// The metrics a question can be about, with descriptions, units and ranges.
    static var metrics: [MetricDescriptor] { get }

    /// What the model is and what a teacher can set on it (``ModelDescription``), for generated forms.
    ///
    /// Its ranges and defaults must be the ones ``init(parameters:seed:)`` enforces: a test creates every
    /// model of ``ModelKind/allCases`` at each range end and one step beyond.
    static var modelDescription: ModelDescription { get }

    /// Restores exactly what ``encodeState()`` saved.
    ///
    /// - Throws: ``SimulationError/Code/corruptState`` for bytes that do not decode.
    init(decodingState bytes: [UInt8]) throws(SimulationError)
}

extension SimulationModel {
    package var kind: ModelKind { Self.kind }
    package var metrics: [MetricDescriptor] { Self.metrics }
    package var modelDescription: ModelDescription { Self.modelDescription }

    package init(decodingState bytes: [UInt8], source: Void) throws(SimulationError) {
        try self.init(decodingState: bytes)
    }

    package static func parameterDecodingInfo(_ source: Void) -> [CodingUserInfoKey: any Sendable] { [:] }

    package static func kind(of _: Void) -> ModelKind { kind }

    package var loadedFile: TraitModelSource? { nil }
}

extension SteppingModel {
    package var presentation: ModelPresentation? { modelDescription.presentation }

    package var huntableTraits: [UInt8]? { nil }

    package var huntableTraitRange: ClosedRange<Int>? { nil }

    package var huntBackground: Double? { nil }

    package var huntStepDeaths: Int? { nil }

    /// A hash of the exact state, stable across runs and machines.
    package var stateHash: UInt64 { StableHash.fnv1a(encodeState()) }
}
