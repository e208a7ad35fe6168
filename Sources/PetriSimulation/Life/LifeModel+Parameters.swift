extension LifeModel {
    /// How a Life lesson starts.
    ///
    /// Every key is optional when decoding; missing keys take the defaults below. The starting
    /// board is a random soup of `density` (default 0.35 when no `pattern` is given, none when
    /// one is) with `pattern`, if given, placed in the centre.
    package struct Parameters: Sendable, Hashable, Codable {
        /// The density of the starting soup when neither `pattern` nor `density` is given.
        static let defaultDensity = 0.35
        /// The densities a starting soup may have.
        static let densityRange = 0.0...1.0

        /// Columns, 1...16384 (default 64). Fixed once the lesson starts.
        var width: Int
        /// Rows, 1...16384 (default 48). Fixed once the lesson starts.
        var height: Int
        /// A Life-like rule such as `B3/S23` (the default) or `B36/S23`; see ``LifeRule``.
        var rule: String
        /// `bounded` (the default: cells beyond the edge are dead) or `toroidal`.
        var boundary: LifeBoundary
        /// A catalog name (``LifePattern/catalogNames``) or RLE text to place in the centre (a rule
        /// in its header is ignored; `rule` decides).
        var pattern: String?
        /// The chance, 0...1, that each cell of the starting soup is alive.
        var density: Double?

        package init(
            width: Int = 64, height: Int = 48, rule: String = "B3/S23", boundary: LifeBoundary = .bounded,
            pattern: String? = nil, density: Double? = nil
        ) {
            self.width = width
            self.height = height
            self.rule = rule
            self.boundary = boundary
            self.pattern = pattern
            self.density = density
        }

        private enum CodingKeys: String, CodingKey {
            case width, height, rule, boundary, pattern, density
        }

        package init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            let defaults = Parameters()
            width = try c.decodeIfPresent(Int.self, forKey: .width) ?? defaults.width
            height = try c.decodeIfPresent(Int.self, forKey: .height) ?? defaults.height
            rule = try c.decodeIfPresent(String.self, forKey: .rule) ?? defaults.rule
            // Parsed by hand so a bad value gets the model's own sentence, in any letter case.
            boundary =
                try c.decodeIfPresent(String.self, forKey: .boundary).map(LifeBoundary.init(parsing:))
                ?? defaults.boundary
            pattern = try c.decodeIfPresent(String.self, forKey: .pattern)
            density = try c.decodeIfPresent(Double.self, forKey: .density)
        }
    }
}
