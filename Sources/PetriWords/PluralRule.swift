/// The CLDR cardinal plural rules (CLDR 46 `plurals.xml`) of the languages Petri ships,
/// written out as code: the one place a language's plural rule lives.
///
/// A language without a rule here takes English's (`one` for exactly 1, else `other`), which
/// picks a right form for most languages' integers and is always a key the catalog has.
package enum PluralRule {
    /// The category of a number written as `operands` in `language`.
    package static func category(of operands: PluralOperands, in language: Language) -> PluralCategory {
        let n = operands
        switch language.base.tag {
        case "cy":
            // zero: n = 0; one: n = 1; two: n = 2; few: n = 3; many: n = 6
            guard n.isWhole else { return .other }
            switch n.i {
            case 0: return .zero
            case 1: return .one
            case 2: return .two
            case 3: return .few
            case 6: return .many
            default: return .other
            }
        case "es":
            // one: n = 1
            // many: e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5
            if n.isWhole && n.i == 1 { return .one }
            if (n.e == 0 && n.i != 0 && n.i % 1_000_000 == 0 && n.v == 0) || n.e > 5 { return .many }
            return .other
        case "ar":
            // zero: n = 0; one: n = 1; two: n = 2; few: n % 100 = 3..10; many: n % 100 = 11..99
            guard n.isWhole else { return .other }
            switch (n.i, n.i % 100) {
            case (0, _): return .zero
            case (1, _): return .one
            case (2, _): return .two
            case (_, 3...10): return .few
            case (_, 11...99): return .many
            default: return .other
            }
        default:
            // en (and every language without a rule here): one: i = 1 and v = 0
            return n.i == 1 && n.v == 0 ? .one : .other
        }
    }

    /// The category of an integer in `language`.
    package static func category(of value: Int, in language: Language) -> PluralCategory {
        category(of: PluralOperands(value), in: language)
    }
}
