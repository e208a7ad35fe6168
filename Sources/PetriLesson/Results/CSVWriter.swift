import Foundation

/// Builds CSV text as RFC 4180 describes it, safe to open in a spreadsheet.
///
/// Fields containing a comma, a semicolon, a tab, a double quote, CR or LF are quoted, with
/// quotes doubled; lines end with CRLF. Text that came from people (names, labels) is passed
/// through ``text(_:)``, which puts an apostrophe before a leading `=`, `+`, `-`, `@`, tab or CR
/// so a spreadsheet shows it instead of running it as a formula. Quoting on `;` and tab as well
/// as `,` keeps that true whatever the spreadsheet splits lines on (`;` is the list separator
/// in much of Europe): no text after a separator inside a field ever starts a cell.
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
        let special: Set<Character> = [",", ";", "\t", "\"", "\r", "\n", "\r\n"]
        guard field.contains(where: special.contains) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
