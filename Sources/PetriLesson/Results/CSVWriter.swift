import Foundation

/// Builds CSV text as RFC 4180 describes it, safe to open in a spreadsheet.
///
/// Fields containing a comma, a double quote, CR or LF are quoted, with quotes doubled;
/// lines end with CRLF. Text that came from people (names, labels) is passed through
/// ``text(_:)``, which puts an apostrophe before a leading `=`, `+`, `-`, `@`, tab or CR so a
/// spreadsheet shows it instead of running it as a formula.
struct CSVWriter {
    private(set) var output = ""

    /// Appends one record.
    mutating func append(_ fields: [String]) {
        output += fields.map(Self.quoted).joined(separator: ",")
        output += "\r\n"
    }

    /// Neutralises spreadsheet formulas in human-written text.
    static func text(_ value: String) -> String {
        guard let first = value.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return value }
        return "'" + value
    }

    private static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }) else {
            return field
        }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
