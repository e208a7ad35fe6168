extension IslandsModel {
    /// Applies a teacher's change between generations; on error nothing changes.
    ///
    /// `.toggle(x:y:)` turns land into sea or sea into land (species change at the next evolve).
    /// `.set(name: "diagonal", value: .flag(_))` changes the adjacency rule for the next evolve.
    /// width and height are fixed when the lesson is created.
    ///
    /// - Parameters:
    ///   - action: `.toggle` or `.set`; `.place` is refused.
    /// - Throws: ``SimulationError/Code/invalidAction`` for a tile outside the map, a fixed parameter,
    ///   `.place`, or any action once every species is extinct; ``SimulationError/Code/unknownParameter``
    ///   and ``SimulationError/Code/wrongValueKind`` for a bad `.set`.
    package mutating func apply(_ action: ModelAction) throws(SimulationError) {
        guard !isOver else {
            throw SimulationError(
                .invalidAction, modelSentence: Self.runOverMessage, key: ModelWords.runOverKey(model: "islands"))
        }
        switch action {
        case .toggle(let x, let y):
            guard let tile = tileIndex(x: x, y: y) else {
                throw SimulationError(
                    .invalidAction,
                    "The tile (\(x), \(y)) is outside the \(width)×\(height) map; x runs from 0 to \(width - 1) "
                        + "and y from 0 to \(height - 1).")
            }
            land[tile].toggle()
        case .set(let name, let value):
            try set(name, value)
        case .hunt:
            throw SimulationError(
                .invalidAction, "Islands has no creatures to hunt; toggle tiles between land and sea instead.")
        case .place:
            throw SimulationError(
                .invalidAction, "Islands has no patterns to place; toggle tiles between land and sea instead.")
        }
    }

    private mutating func set(_ name: String, _ value: ParameterValue) throws(SimulationError) {
        switch name {
        case "diagonal":
            guard case .flag(let diagonal) = value else {
                throw SimulationError(
                    .wrongValueKind, "diagonal takes true or false, but was given \(Self.describe(value)).")
            }
            parameters.diagonal = diagonal
        case "width", "height":
            throw SimulationError(
                .invalidAction,
                "\(name) is fixed when the lesson is created (this map is \(width)×\(height)); start a new lesson "
                    + "for a map of another size.")
        default:
            throw SimulationError(
                .unknownParameter,
                "Islands has no parameter named \"\(name)\"; its parameters are "
                    + "\(IslandsParameters.names.joined(separator: ", ")).")
        }
    }

    /// "the text \"yes\"", "the number 1".
    private static func describe(_ value: ParameterValue) -> String {
        switch value {
        case .number(let x): x.isNaN ? "a number that is not a number (NaN)" : "the number \(value)"
        case .text(let s): "the text \"\(s)\""
        case .flag(let b): "the yes/no value \(b)"
        }
    }
}
