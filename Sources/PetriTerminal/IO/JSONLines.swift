/// Server messages as safe single lines for `--json` mode.
enum JSONLines {
    /// One valid JSON text on one line, with nothing in it that a terminal would act on.
    ///
    /// Line breaks and tabs between tokens become spaces; C0 and C1 controls, DEL, Unicode format
    /// characters (bidi overrides, zero-width characters) and line/paragraph separators are
    /// written as `\uXXXX` escapes. In valid JSON those can only appear inside strings, where the
    /// escape means the same character, so a JSON reader gets exactly what the server sent while
    /// a person watching the stream sees no escape sequence take effect.
    ///
    /// - Parameter json: A JSON text that has already been decoded successfully.
    static func safe(_ json: String) -> String {
        var out = ""
        out.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x0D, 0x09: out += " "
            case 0x00...0x1F, 0x7F...0x9F: out += escape(scalar)
            default:
                switch scalar.properties.generalCategory {
                case .format, .lineSeparator, .paragraphSeparator, .control, .privateUse, .unassigned, .surrogate:
                    out += escape(scalar)
                default:
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    private static func escape(_ scalar: Unicode.Scalar) -> String {
        func unit(_ u: UInt32) -> String {
            let hex = String(u, radix: 16)
            return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
        if scalar.value > 0xFFFF {
            let v = scalar.value - 0x10000
            return unit(0xD800 + (v >> 10)) + unit(0xDC00 + (v & 0x3FF))
        }
        return unit(scalar.value)
    }
}
