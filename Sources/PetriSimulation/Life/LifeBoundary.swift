/// What lies beyond the edge of a Life board.
package enum LifeBoundary: String, Sendable, Hashable, Codable, CaseIterable {
    /// Cells beyond the edge are always dead (the tutorial's behaviour).
    case bounded
    /// The board wraps around: the left edge touches the right one and the top touches the bottom.
    case toroidal

    /// Parses `bounded` or `toroidal` (any letter case, surrounding spaces ignored).
    ///
    /// - Throws: ``SimulationError/Code/parameterOutOfRange`` naming the text and the two choices.
    package init(parsing text: String) throws(SimulationError) {
        let key = text.filter { !$0.isWhitespace }.lowercased()
        guard let value = LifeBoundary(rawValue: key) else {
            throw SimulationError(
                .parameterOutOfRange,
                "boundary must be bounded or toroidal, but was \"\(LifeText.clipped(text))\"."
            )
        }
        self = value
    }
}
