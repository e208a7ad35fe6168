/// Which part of a Life board the screen shows: it follows the live cells or stays where moved.
public struct LifeViewport: Sendable, Hashable {
    /// The board cell at the view's top-left corner.
    public var x = 0
    /// See ``x``.
    public var y = 0
    /// Whether the view recentres on the live cells when they leave it.
    public var following = true
    /// Whether the view has been placed on a picture yet (the first picture centres it).
    public var placed = false

    /// A viewport at (x, y).
    public init(x: Int = 0, y: Int = 0, following: Bool = true, placed: Bool = false) {
        self.x = x
        self.y = y
        self.following = following
        self.placed = placed
    }

    /// Moves the view by whole cells and stops following.
    public mutating func pan(dx: Int, dy: Int) {
        x += dx
        y += dy
        following = false
        placed = true
    }
}
