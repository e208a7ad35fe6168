/// A colour as the views choose it: always 24-bit; ``ANSIRenderer`` maps it to what the terminal can show.
struct TerminalColor: Sendable, Hashable {
    var red: UInt8
    var green: UInt8
    var blue: UInt8

    /// A colour from its 8-bit components.
    init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// A grey, 0 (black) ... 255 (white).
    static func gray(_ level: Int) -> TerminalColor {
        let v = UInt8(clamping: level)
        return TerminalColor(red: v, green: v, blue: v)
    }

    /// A colour written `#rrggbb` (as presentations send them); nil for anything else.
    init?(hex: String) {
        let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let value = Int(digits, radix: 16) else { return nil }
        self.init(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
    }

    /// The colour `fraction` (0...1, clamped) of the way from `low` to `high`, each channel rounded.
    static func between(_ low: TerminalColor, _ high: TerminalColor, fraction: Double) -> TerminalColor {
        let f = fraction.isFinite ? min(1, max(0, fraction)) : 0
        func channel(_ a: UInt8, _ b: UInt8) -> UInt8 {
            UInt8(clamping: Int((Double(a) + (Double(b) - Double(a)) * f).rounded()))
        }
        return TerminalColor(
            red: channel(low.red, high.red), green: channel(low.green, high.green), blue: channel(low.blue, high.blue))
    }

    /// A colour from hue (degrees), saturation and lightness (0...1).
    static func hsl(hue: Double, saturation: Double, lightness: Double) -> TerminalColor {
        let c = (1 - abs(2 * lightness - 1)) * saturation
        let h = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 60
        let x = c * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double) =
            switch Int(h) {
            case 0: (c, x, 0)
            case 1: (x, c, 0)
            case 2: (0, c, x)
            case 3: (0, x, c)
            case 4: (x, 0, c)
            default: (c, 0, x)
            }
        let m = lightness - c / 2
        func byte(_ v: Double) -> UInt8 { UInt8(clamping: Int(((v + m) * 255).rounded())) }
        return TerminalColor(red: byte(r), green: byte(g), blue: byte(b))
    }

    /// Perceived brightness 0...255 (ITU-R BT.601 weights), to pick readable text on a background.
    var luminance: Int {
        (299 * Int(red) + 587 * Int(green) + 114 * Int(blue)) / 1000
    }

    /// The nearest entry of the xterm 256-colour palette (the 6×6×6 cube or the grey ramp).
    var ansi256Index: Int {
        let levels = [0, 95, 135, 175, 215, 255]
        func nearestLevel(_ v: UInt8) -> Int {
            var best = 0
            for i in levels.indices where abs(levels[i] - Int(v)) < abs(levels[best] - Int(v)) { best = i }
            return best
        }
        let (ri, gi, bi) = (nearestLevel(red), nearestLevel(green), nearestLevel(blue))
        let cube = (levels[ri], levels[gi], levels[bi])
        let average = (Int(red) + Int(green) + Int(blue)) / 3
        let grayIndex = min(23, max(0, (average - 3) / 10))
        let grayLevel = 8 + 10 * grayIndex
        func distance(_ c: (Int, Int, Int)) -> Int {
            let dr = c.0 - Int(red)
            let dg = c.1 - Int(green)
            let db = c.2 - Int(blue)
            return dr * dr + dg * dg + db * db
        }
        if distance((grayLevel, grayLevel, grayLevel)) < distance(cube) { return 232 + grayIndex }
        return 16 + 36 * ri + 6 * gi + bi
    }

    // Named colours the views share.
    static let black = TerminalColor(red: 0, green: 0, blue: 0)
    static let white = TerminalColor(red: 255, green: 255, blue: 255)
    static let red = TerminalColor(red: 220, green: 50, blue: 47)
    static let green = TerminalColor(red: 80, green: 200, blue: 90)
    static let yellow = TerminalColor(red: 230, green: 190, blue: 40)
    static let cyan = TerminalColor(red: 60, green: 190, blue: 210)
    static let blue = TerminalColor(red: 70, green: 120, blue: 220)
    static let sea = TerminalColor(red: 30, green: 70, blue: 140)
    static let sand = TerminalColor(red: 200, green: 180, blue: 130)
    static let dimGray = TerminalColor(red: 110, green: 110, blue: 110)
    static let panel = TerminalColor(red: 40, green: 44, blue: 52)
}
