/// A number as CLDR's plural rules see it (UTS #35, "Plural Operand Meanings").
///
/// The rules depend on how a number is written, not only on its value: in English "1 day"
/// but "1.0 days". So operands are read from the decimal text (`"1.50"`, `"2"`, `"1.2c6"`),
/// or from an integer.
package struct PluralOperands: Sendable, Hashable {
    /// The integer digits of n (`i`), modulo 10^18; the rules only ever take it modulo 10^6 or less.
    package let i: UInt64
    /// The number of visible fraction digits, with trailing zeros (`v`).
    package let v: Int
    /// The visible fraction digits as an integer, with trailing zeros (`f`), modulo 10^18.
    package let f: UInt64
    /// The visible fraction digits without trailing zeros (`t`).
    package let t: UInt64
    /// The compact decimal exponent (`c`/`e`): 6 for `1.2c6`.
    package let e: Int

    /// Whether n has no fraction (its fraction digits are all zero): n is then i.
    package var isWhole: Bool { f == 0 }

    /// The operands of an integer.
    package init(_ value: Int) {
        i = value.magnitude.asOperandDigits
        v = 0
        f = 0
        t = 0
        e = 0
    }

    /// Reads operands from a decimal as written: an optional `-`, digits, an optional `.` and
    /// fraction digits, an optional exponent `c` or `e` followed by digits; nil for anything else.
    package init?(_ text: String) {
        var body = Substring(text)
        if body.first == "-" { body = body.dropFirst() }
        var exponent = 0
        if let mark = body.firstIndex(where: { $0 == "c" || $0 == "e" }) {
            let digits = body[body.index(after: mark)...]
            guard let value = Int(digits), value >= 0, value <= 18, digits.allSatisfy(\.isNumber) else { return nil }
            exponent = value
            body = body[..<mark]
        }
        let halves = body.split(separator: ".", omittingEmptySubsequences: false)
        guard halves.count <= 2, let whole = halves.first, !whole.isEmpty,
            halves.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } })
        else { return nil }
        var fraction = halves.count == 2 ? halves[1] : ""
        guard halves.count == 1 || !fraction.isEmpty else { return nil }
        // The exponent moves fraction digits into the integer; missing ones are zeros.
        var integer = String(whole)
        for _ in 0..<exponent {
            integer.append(fraction.first ?? "0")
            fraction = fraction.dropFirst()
        }
        i = Self.digitsValue(Substring(integer))
        v = fraction.count
        f = Self.digitsValue(fraction)
        var trimmed = fraction
        while trimmed.last == "0" { trimmed = trimmed.dropLast() }
        t = Self.digitsValue(trimmed)
        e = exponent
    }

    /// The value of a run of decimal digits modulo 10^18 (the rules look at the last few digits).
    private static func digitsValue(_ digits: Substring) -> UInt64 {
        digits.suffix(18).reduce(0) { $0 * 10 + UInt64($1.wholeNumberValue ?? 0) }
    }
}

extension UInt {
    fileprivate var asOperandDigits: UInt64 { UInt64(self) % 1_000_000_000_000_000_000 }
}
