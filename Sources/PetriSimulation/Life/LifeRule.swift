/// A Life-like rule: which neighbour counts give birth to a dead cell and which let a live one survive.
///
/// Written in the standard `B…/S…` notation: `B3/S23` is Conway's Life, `B36/S23` HighLife,
/// `B2/S` Seeds, `B3678/S34678` Day & Night. Parsing also accepts lowercase, the slash-less
/// `B3S23`, the survival-first `S23/B3`, the old survival/birth form `23/3`, and a few names
/// (`conway`, `highlife`, `seeds`, `daynight`). ``description`` is always the canonical `B3/S23`.
///
/// Rules with `B0` are allowed: on a bounded board the cells beyond the edge stay dead whatever
/// the rule says, so such a board simply flashes; on a torus every cell follows the rule.
///
/// ```swift
/// let rule = try LifeRule(parsing: "b36/s23")
/// print(rule)                                   // B36/S23
/// rule.next(alive: false, neighbours: 6)        // true
/// ```
package struct LifeRule: Sendable, Hashable, CustomStringConvertible {
    /// Bit `n` set: a dead cell with `n` live neighbours is born (bits 0...8).
    let birthMask: UInt16
    /// Bit `n` set: a live cell with `n` live neighbours survives (bits 0...8).
    let survivalMask: UInt16

    /// Conway's Game of Life, `B3/S23`.
    package static let conway = LifeRule(birthMask: 0b1000, survivalMask: 0b1100)
    /// HighLife, `B36/S23`, which has a self-replicating pattern.
    static let highLife = LifeRule(birthMask: 0b100_1000, survivalMask: 0b1100)
    /// Seeds, `B2/S`: every live cell dies at once; patterns explode.
    static let seeds = LifeRule(birthMask: 0b100, survivalMask: 0)
    /// Day & Night, `B3678/S34678`: symmetric under swapping live and dead.
    static let dayAndNight = LifeRule(birthMask: 0b1_1100_1000, survivalMask: 0b1_1101_1000)

    /// Creates a rule from the neighbour counts (each 0...8) that give birth and survival.
    ///
    /// - Parameters:
    ///   - birth: counts of live neighbours at which a dead cell comes alive.
    ///   - survival: counts at which a live cell stays alive.
    /// - Throws: ``SimulationError/Code/parameterOutOfRange`` for a count outside 0...8.
    package init(birth: some Sequence<Int>, survival: some Sequence<Int>) throws(SimulationError) {
        var b: UInt16 = 0
        var s: UInt16 = 0
        for n in birth {
            try SimulationError.check("birth neighbour count", n, in: 0...8)
            b |= 1 << UInt16(n)
        }
        for n in survival {
            try SimulationError.check("survival neighbour count", n, in: 0...8)
            s |= 1 << UInt16(n)
        }
        self.init(birthMask: b, survivalMask: s)
    }

    /// Creates a rule from masks already known to use only bits 0...8.
    init(birthMask birth: UInt16, survivalMask survival: UInt16) {
        birthMask = birth & 0x1FF
        survivalMask = survival & 0x1FF
    }

    /// Parses a rule in `B…/S…` notation (see the type's documentation for the accepted forms).
    ///
    /// - Parameter text: the rule, e.g. `B3/S23`, `b36/s23`, `23/3` or `highlife`.
    /// - Throws: ``SimulationError/Code/malformedInput`` with a sentence naming the text and
    ///   what is allowed.
    package init(parsing text: String) throws(SimulationError) {
        let compact = text.filter { !$0.isWhitespace }.uppercased()
        if let named = Self.named[compact.filter { $0.isLetter }], compact.allSatisfy({ $0.isLetter || $0 == "&" }) {
            self = named
            return
        }
        guard let masks = Self.parseMasks(Array(compact.utf8)) else {
            throw SimulationError(
                .malformedInput,
                "The rule \"\(LifeText.clipped(text))\" is not a Life-like rule: write B, the neighbour counts"
                    + " (0 to 8) that give birth, a slash, S and the counts that let a cell survive, as in B3/S23."
            )
        }
        self.init(birthMask: masks.birth, survivalMask: masks.survival)
    }

    /// The canonical notation, e.g. `B3/S23` or `B2/S`.
    package var description: String {
        func digits(_ mask: UInt16) -> String {
            String((0...8).filter { mask & (1 << UInt16($0)) != 0 }.map { Character(String($0)) })
        }
        return "B\(digits(birthMask))/S\(digits(survivalMask))"
    }

    /// True when a dead cell with `neighbours` live neighbours comes alive.
    func isBorn(neighbours: Int) -> Bool {
        (0...8).contains(neighbours) && birthMask & (1 << UInt16(neighbours)) != 0
    }

    /// True when a live cell with `neighbours` live neighbours stays alive.
    func survives(neighbours: Int) -> Bool {
        (0...8).contains(neighbours) && survivalMask & (1 << UInt16(neighbours)) != 0
    }

    /// A cell's next state from its current state and its number of live neighbours (0...8).
    package func next(alive: Bool, neighbours: Int) -> Bool {
        alive ? survives(neighbours: neighbours) : isBorn(neighbours: neighbours)
    }

    /// Names accepted in place of the notation, keyed by their uppercase letters.
    private static let named: [String: LifeRule] = [
        "CONWAY": .conway, "LIFE": .conway, "HIGHLIFE": .highLife, "SEEDS": .seeds,
        "DAYNIGHT": .dayAndNight, "DAYANDNIGHT": .dayAndNight,
    ]

    /// Reads `B<digits>[/]S<digits>`, `S<digits>[/]B<digits>` or `<survival>/<birth>` from
    /// uppercase UTF-8 with no spaces; nil when the text is none of these.
    private static func parseMasks(_ t: [UInt8]) -> (birth: UInt16, survival: UInt16)? {
        let b = UInt8(ascii: "B"), s = UInt8(ascii: "S"), slash = UInt8(ascii: "/")
        var i = 0
        func digits() -> UInt16? {
            var mask: UInt16 = 0
            while i < t.count, t[i] >= UInt8(ascii: "0"), t[i] <= UInt8(ascii: "9") {
                guard t[i] <= UInt8(ascii: "8") else { return nil }
                mask |= 1 << UInt16(t[i] - UInt8(ascii: "0"))
                i += 1
            }
            return mask
        }
        guard let first = t.first else { return nil }
        if first == b || first == s {
            var birth: UInt16?
            var survival: UInt16?
            for part in 0..<2 {
                if part == 1 {
                    if i < t.count, t[i] == slash { i += 1 }
                }
                guard i < t.count, t[i] == b || t[i] == s else { return nil }
                let letter = t[i]
                i += 1
                guard let mask = digits() else { return nil }
                if letter == b {
                    guard birth == nil else { return nil }
                    birth = mask
                } else {
                    guard survival == nil else { return nil }
                    survival = mask
                }
            }
            guard i == t.count, let birth, let survival else { return nil }
            return (birth, survival)
        }
        // The old form: survival counts, a slash, birth counts ("23/3").
        guard let survival = digits(), i < t.count, t[i] == slash else { return nil }
        i += 1
        guard let birth = digits(), i == t.count else { return nil }
        return (birth, survival)
    }
}
