/// A student's answer: exactly one of `number`, `choice` (option index) or `probability` (0...1).
///
/// Encoded into the answer's own object: `{"type":"answer","question":3,"probability":0.7}`.
public enum Prediction: Sendable, Hashable, Codable, CustomStringConvertible {
    case number(Double)
    case choice(Int)
    case probability(Double)

    /// The wire name of the kind, matching ``QuestionKind/name``.
    public var kindName: String {
        switch self {
        case .number: "number"
        case .choice: "choice"
        case .probability: "probability"
        }
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case number, choice, probability }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let present = CodingKeys.allCases.filter { c.contains($0) }
        guard present.count == 1, let key = present.first else {
            let problem = present.isEmpty ? "is missing" : "must be only one of them"
            throw ProtocolError(
                present.isEmpty ? .missingField : .invalidField,
                "The prediction (\"number\", \"choice\" or \"probability\") \(problem).")
        }
        switch key {
        case .number: self = .number(try c.decodeFinite(.number))
        case .choice: self = .choice(try c.decodeWhole(.choice))
        case .probability: self = .probability(try c.decodeFinite(.probability))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .number(let x): try c.encode(x, forKey: .number)
        case .choice(let i): try c.encode(i, forKey: .choice)
        case .probability(let p): try c.encode(p, forKey: .probability)
        }
    }

    public var description: String {
        switch self {
        case .number(let x): NumberText.format(x)
        case .choice(let i): "option \(i)"
        case .probability(let p): NumberText.format(p)
        }
    }
}

/// Numbers as people write them: `42`, not `42.0`; `0.7`; `1e+20` for the huge.
public enum NumberText {
    /// Formats a number without a trailing `.0` when it is whole.
    public static func format(_ x: Double) -> String {
        if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
        return String(x)
    }

    /// Like ``format(_:)``, with whole numbers grouped in thousands for sentences: `1,000,000`.
    public static func grouped(_ x: Double) -> String {
        guard x == x.rounded(), abs(x) < 1e15 else { return format(x) }
        let digits = String(Int64(x).magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return x < 0 ? "-" + out : out
    }
}
