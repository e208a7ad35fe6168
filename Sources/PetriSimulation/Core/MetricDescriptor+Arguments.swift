/// How a descriptor's name spells its arguments, and which ``MetricID``s it describes.
///
/// A descriptor names a metric with arguments by its form, `cell(x,y)`, while a question names
/// one cell, `cell(3,4)`: the two match by the name before the brackets and the number of
/// arguments.
extension MetricDescriptor {
    /// The name without its arguments: `cell` for `cell(x,y)`, `population` for `population`.
    package var baseName: String { String(name.prefix { $0 != "(" }) }

    /// The arguments' names in order: `["x", "y"]` for `cell(x,y)`, none for `population`.
    package var argumentNames: [String] {
        guard let open = name.firstIndex(of: "("), name.hasSuffix(")") else { return [] }
        let inner = name[name.index(after: open)..<name.index(before: name.endIndex)]
        return inner.isEmpty ? [] : inner.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }

    /// Whether `metric` is this metric with as many arguments as it takes.
    ///
    /// Only the shape is checked: whether the values are usable (a cell on the board, say) is
    /// for the model's ``SimulationModel/value(of:)`` to tell.
    package func describes(_ metric: MetricID) -> Bool {
        metric.name == baseName && metric.arguments.count == argumentNames.count
    }
}
