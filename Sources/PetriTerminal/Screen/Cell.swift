/// One cell of the screen: a character and its style.
struct Cell: Sendable, Hashable {
    /// One character; empty for the right half of a wide character drawn in the cell before.
    var character: String
    /// How it is drawn.
    var style: CellStyle

    /// A cell (a blank by default).
    init(_ character: String = " ", style: CellStyle = .plain) {
        self.character = character
        self.style = style
    }
}
