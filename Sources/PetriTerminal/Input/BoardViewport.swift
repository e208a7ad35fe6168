/// Which part of a board of cells the screen shows: it follows the cells that are alive or stays where moved.
struct BoardViewport: Sendable, Hashable {
    /// The board cell at the view's top-left corner.
    var x = 0
    /// See ``x``.
    var y = 0
    /// Whether the view recentres on the cells that are alive when they leave it.
    var following = true
    /// Whether the view has been placed on a picture yet (the first picture centres it).
    var placed = false

    /// A viewport at (x, y).
    init(x: Int = 0, y: Int = 0, following: Bool = true, placed: Bool = false) {
        self.x = x
        self.y = y
        self.following = following
        self.placed = placed
    }

    /// Moves the view by whole cells and stops following.
    mutating func pan(dx: Int, dy: Int) {
        x += dx
        y += dy
        following = false
        placed = true
    }
}
