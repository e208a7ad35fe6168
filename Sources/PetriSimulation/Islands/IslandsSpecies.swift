/// One species of the islands model, as clients list it.
///
/// Species are numbered 1, 2, 3, ... in the order they arise and never renumbered. Species n is drawn
/// with hue `(n - 1) * 21 mod 360` degrees: 0, 21, 42, ..., 336, 357, 18, 39, ... Since 21 and 360 share
/// only the factor 3, the hues of species 1...120 are all different; species 121 would repeat species 1's
/// hue, so `shade` counts the completed rounds of the wheel ((n - 1) / 120) and clients darken each round
/// (e.g. lightness 50%, 35%, 65%, ...). The pair (hue, shade) is never used twice.
package struct IslandsSpecies: Sendable, Hashable, Codable {
    package var id: Int
    /// Degrees on the colour wheel, 0...359.
    var hue: Int
    /// Rounds of the colour wheel completed before this species (0 for the first 120 species).
    var shade: Int
    /// Land tiles it holds now.
    var tiles: Int
    /// False once it has died out; extinct species never return.
    var alive: Bool

    package init(id: Int, tiles: Int, alive: Bool) {
        self.id = id
        self.hue = Self.hue(ofSpecies: id)
        self.shade = Self.shade(ofSpecies: id)
        self.tiles = tiles
        self.alive = alive
    }

    /// The hue step between consecutive species, in degrees.
    static let hueStep = 21

    /// Species `id`'s hue: `(id - 1) * 21 mod 360` (the wheel repeats every 120 species, since 120·21 = 7·360).
    ///
    /// - Parameters:
    ///   - id: A species id, 1 or more (smaller ids are treated as 1).
    static func hue(ofSpecies id: Int) -> Int {
        ((max(1, id) - 1) % 120) * hueStep % 360
    }

    /// How many times the hue wheel had been used up before species `id`: `(id - 1) / 120`.
    ///
    /// - Parameters:
    ///   - id: A species id, 1 or more (smaller ids are treated as 1).
    static func shade(ofSpecies id: Int) -> Int {
        (max(1, id) - 1) / 120
    }
}
