/// One cell of the screen: a character and its style.
public struct Cell: Sendable, Hashable {
    /// One character; empty for the right half of a wide character drawn in the cell before.
    public var character: String
    /// How it is drawn.
    public var style: CellStyle

    /// A cell (a blank by default).
    public init(_ character: String = " ", style: CellStyle = .plain) {
        self.character = character
        self.style = style
    }
}
