import PetriSimulation

/// How a trait picture colours and names trait values: the presentation's colours (``ModelPresentation/TraitColours``)
/// spread over the snapshot's trait range, lowest value `low`, highest `high`, linearly between.
///
/// Without colour, five shade glyphs stand for the colours, darkest `█` … lightest `:`, and the names split the range
/// into equal parts for captions and the legend.
struct TraitRamp: Sendable, Hashable {
    /// The lowest trait value.
    var min: Int
    /// How many trait values there are from ``min``.
    var count: Int
    var low: TerminalColor
    var high: TerminalColor
    /// Names of equal parts of the range, low to high (may be empty).
    var names: [String]

    /// The ramp of a presentation's colours over a snapshot's traits (grey from black to white when the
    /// presentation gives no colours it can read).
    init(_ colours: ModelPresentation.TraitColours?, snapshot: TraitSnapshot) {
        min = snapshot.traitMin
        count = Swift.max(1, snapshot.traitCounts.count)
        low = colours.flatMap { TerminalColor(hex: $0.low) } ?? .black
        high = colours.flatMap { TerminalColor(hex: $0.high) } ?? .white
        names = colours?.names ?? []
    }

    /// How far along the range a trait value is, 0...1.
    func fraction(_ trait: Int) -> Double {
        count <= 1 ? 0 : Double(Swift.min(min + count - 1, Swift.max(min, trait)) - min) / Double(count - 1)
    }

    /// A trait value's colour.
    func color(_ trait: Int) -> TerminalColor {
        .between(low, high, fraction: fraction(trait))
    }

    /// Which of `parts` equal parts of the range a trait value falls in, from 0.
    func part(_ trait: Int, of parts: Int) -> Int {
        let offset = Swift.min(count - 1, Swift.max(0, trait - min))
        return Swift.min(parts - 1, offset * parts / count)
    }

    /// The name of the part a trait value falls in (empty when the presentation names none).
    func name(_ trait: Int) -> String {
        names.isEmpty ? "" : names[part(trait, of: names.count)]
    }

    /// Shade glyphs, darkest first.
    static let glyphs: [Character] = ["█", "▓", "▒", "░", ":"]

    /// True when the range runs from light to dark, so the glyphs run the other way.
    var darkensUpwards: Bool { high.luminance < low.luminance }

    /// The glyph standing for a trait value's colour without colour.
    func glyph(_ trait: Int) -> Character {
        let index = part(trait, of: Self.glyphs.count)
        return Self.glyphs[darkensUpwards ? Self.glyphs.count - 1 - index : index]
    }

    /// The legend without colour: each name beside its glyph, e.g. `█ black ▓ dark ▒ grey ░ light : white`.
    var legend: String {
        names.enumerated().map { i, name in
            let middle = min + (2 * i + 1) * count / (2 * names.count)
            return "\(glyph(middle)) \(name)"
        }.joined(separator: " ")
    }

    /// "dark → light" or "light → dark", from the ramp's ends.
    var direction: String { darkensUpwards ? "light → dark" : "dark → light" }
}
