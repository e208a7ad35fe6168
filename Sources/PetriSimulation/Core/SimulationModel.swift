/// The models a lesson can run.
public enum ModelKind: String, Sendable, Hashable, Codable, CaseIterable {
    case camouflage
    case islands
    case life
    /// Antibiotic resistance in bacteria (see ``ResistanceModel``).
    case resistance
    /// Darwin's finches' beak depth on Daphne Major (see ``BeaksModel``).
    case beaks

    /// The first byte of a saved state, so one model's bytes never load as another's.
    var tag: UInt8 {
        switch self {
        case .camouflage: 1
        case .islands: 2
        case .life: 3
        case .resistance: 4
        case .beaks: 5
        }
    }
}

/// A value a teacher gives a parameter: from a CLI flag, a wire message or a lesson file.
public enum ParameterValue: Sendable, Hashable, Codable, CustomStringConvertible {
    case number(Double)
    case text(String)
    case flag(Bool)

    public var description: String {
        switch self {
        case .number(let x): x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x)
        case .text(let s): s
        case .flag(let b): String(b)
        }
    }

    /// Encodes as a bare JSON number, string or boolean.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .number(let x): try c.encode(x)
        case .text(let s): try c.encode(s)
        case .flag(let b): try c.encode(b)
        }
    }

    public init(from decoder: any Decoder) throws {
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
public enum ModelAction: Sendable, Hashable, Codable {
    /// Change one named parameter (e.g. `environmentColour` to 20).
    case set(name: String, value: ParameterValue)
    /// Flip one grid tile or cell (islands: land↔sea; life: dead↔alive).
    case toggle(x: Int, y: Int)
    /// Stamp a named pattern or RLE text with its top-left corner at (x, y) (life only).
    case place(pattern: String, x: Int, y: Int)
}

/// A number a student can be asked to predict.
public struct MetricDescriptor: Sendable, Hashable, Codable {
    /// The name used in questions, e.g. `meanTrait`, or `cell(x,y)` for a metric with arguments.
    public let name: String
    /// One sentence for the question screen.
    public let description: String
    /// The unit shown beside values (`creatures`, `trait`, `cells`, `` for yes/no).
    public let unit: String
    /// The values it can take, when bounded.
    public let range: ClosedRange<Double>?
    /// True for yes/no metrics (0 or 1), e.g. `extinct`: the natural subject of a probability question.
    public let isYesNo: Bool
    /// The tolerance a number question about it gets when the teacher gives none, for a metric
    /// whose interesting changes are much smaller than a tenth of its range (nil: the rule in
    /// the lesson's scoring decides). A constant of the model's code, so a saved lesson does not
    /// keep it: a restored question takes it from the model again.
    public var tolerance: Double?
    /// Its name in words for a question screen, e.g. "Average colour" (nil: screens show ``name``).
    public var label: String?

    public init(
        name: String, description: String, unit: String, range: ClosedRange<Double>?, isYesNo: Bool = false,
        tolerance: Double? = nil, label: String? = nil
    ) {
        self.name = name
        self.description = description
        self.unit = unit
        self.range = range
        self.isYesNo = isYesNo
        self.tolerance = tolerance
        self.label = label
    }
}

/// A metric as named in a question: `population`, or `cell(3,4)` with integer arguments.
public struct MetricID: Sendable, Hashable, Codable, CustomStringConvertible {
    public let name: String
    public let arguments: [Int]

    public init(_ name: String, _ arguments: [Int] = []) {
        self.name = name
        self.arguments = arguments
    }

    /// Parses `name` or `name(a,b,...)`.
    ///
    /// - Throws: ``SimulationError/Code/unknownMetric`` when the text is not of that shape.
    public init(parsing text: String) throws(SimulationError) {
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

    public var description: String {
        arguments.isEmpty ? name : "\(name)(\(arguments.map(String.init).joined(separator: ",")))"
    }
}

/// One generation's numbers, kept in the lesson's history and sent to every client.
public struct GenerationStats: Sendable, Hashable, Codable {
    /// The generation these numbers describe (0 is the starting state).
    public var generation: Int
    /// Every argument-free metric's value at this generation, by metric name.
    public var values: [String: Double]
    /// Bins for the histogram view (camouflage: ten bins of trait 1-10, ..., 91-100).
    public var histogram: [Int]?
    /// Sizes of labelled groups (islands: tiles per living species, by species id).
    public var groups: [String: Int]?

    public init(generation: Int, values: [String: Double], histogram: [Int]? = nil, groups: [String: Int]? = nil) {
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
public protocol SimulationModel: Sendable, Equatable {
    /// The model's parameters: `Codable` with every key optional (missing keys take defaults).
    associatedtype Parameters: Sendable, Hashable, Codable
    /// What clients draw each generation.
    associatedtype Snapshot: Sendable, Hashable, Codable

    static var kind: ModelKind { get }

    /// The metrics a question can be about, with descriptions, units and ranges.
    static var metrics: [MetricDescriptor] { get }

    /// What the model is and what a teacher can set on it (``ModelDescription``), for generated forms.
    ///
    /// Its ranges and defaults must be the ones ``init(parameters:seed:)`` enforces: a test creates every
    /// model of ``ModelKind/allCases`` at each range end and one step beyond.
    static var modelDescription: ModelDescription { get }

    /// Creates generation 0.
    ///
    /// - Throws: ``SimulationError`` naming the first invalid parameter.
    init(parameters: Parameters, seed: UInt64) throws(SimulationError)

    /// Restores exactly what ``encodeState()`` saved.
    ///
    /// - Throws: ``SimulationError/Code/corruptState`` for bytes that do not decode.
    init(decodingState bytes: [UInt8]) throws(SimulationError)

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
}

extension SimulationModel {
    /// A hash of the exact state, stable across runs and machines.
    public var stateHash: UInt64 { StableHash.fnv1a(encodeState()) }
}
