import PetriWords

/// A test on a metric's value at a question's target generation.
///
/// Choice options use one each (the first option whose condition holds is the outcome), and
/// a probability question's yes/no event is one. On the wire:
///
/// ```json
/// {"op":"gt","ref":"asked"}          value > its value when the question was asked ("grow")
/// {"op":"lt","value":10}              value < 10
/// {"op":"between","value":40,"upper":60}   40 <= value <= 60
/// {"op":"over"}                        the run has ended (e.g. extinct) by the target
/// {"op":"otherwise"}                   always true; only as the last choice option
/// ```
///
/// With `"ref":"asked"`, `value` and `upper` are offsets from the value at asking
/// (`{"op":"gt","ref":"asked","value":5}` means "more than 5 above"), and `value` may be left out (0).
package struct Condition: Sendable, Hashable, Codable {
    /// How the metric's value is compared.
    package enum Operator: String, Sendable, Hashable, Codable, CaseIterable {
        case lt, le, gt, ge, eq, ne, between, over, otherwise
    }

    /// What `value` and `upper` are measured from.
    package enum Reference: String, Sendable, Hashable, Codable {
        /// The metric's value when the question was asked.
        case asked
    }

    package var op: Operator
    package var value: Double?
    package var upper: Double?
    package var ref: Reference?

    package init(_ op: Operator, _ value: Double? = nil, upper: Double? = nil, ref: Reference? = nil) {
        self.op = op
        self.value = value
        self.upper = upper
        self.ref = ref
    }

    /// `value > asked value`: the "grows" of grow / shrink.
    package static let grows = Condition(.gt, ref: .asked)
    /// `value < asked value`: the "shrinks" of grow / shrink.
    package static let shrinks = Condition(.lt, ref: .asked)
    /// The run ended (extinction) by the target generation.
    package static let runOver = Condition(.over)
    /// Always true: the catch-all last option.
    package static let otherwise = Condition(.otherwise)

    /// Says what is wrong with the condition (a phrase the lesson's refusal quotes, in its reader's language), or
    /// nothing when it is well formed.
    package var problem: Word? {
        let numbers = [value, upper].compactMap { $0 }
        if numbers.contains(where: { !$0.isFinite }) { return ProtocolWords.word("protocol.condition.notFinite") }
        let name: [String: WordArgument] = ["op": .text(op.rawValue)]
        switch op {
        case .lt, .le, .gt, .ge, .eq, .ne:
            if value == nil && ref == nil { return ProtocolWords.word("protocol.condition.needsValue", name) }
            if upper != nil { return ProtocolWords.word("protocol.condition.upperOnlyBetween") }
        case .between:
            guard let low = value, let high = upper else {
                return ProtocolWords.word("protocol.condition.betweenNeeds")
            }
            if low > high { return ProtocolWords.word("protocol.condition.betweenOrder") }
        case .over, .otherwise:
            if value != nil || upper != nil || ref != nil {
                return ProtocolWords.word("protocol.condition.takesNoValue", name)
            }
        }
        return nil
    }

    /// Whether the condition holds for a value (comparisons with NaN are false).
    ///
    /// - Parameters:
    ///   - x: The metric's value at the target generation.
    ///   - asked: The metric's value when the question was asked.
    ///   - runIsOver: Whether the model's run has ended.
    package func holds(for x: Double, asked: Double, runIsOver: Bool) -> Bool {
        let base = ref == .asked ? asked : 0
        let threshold = base + (value ?? 0)
        switch op {
        case .lt: return x < threshold
        case .le: return x <= threshold
        case .gt: return x > threshold
        case .ge: return x >= threshold
        case .eq: return x == threshold
        case .ne: return x != threshold && !x.isNaN
        case .between: return x >= threshold && x <= base + (upper ?? 0)
        case .over: return runIsOver
        case .otherwise: return true
        }
    }
}
