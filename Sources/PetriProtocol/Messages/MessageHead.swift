import Foundation

/// A message's `type` and `key`, read from the top level of its JSON object without decoding
/// anything else: the server checks a large `import`'s key this way before the expensive decode.
///
/// The scan is one pass over the bytes: every other value is skipped by matching brackets
/// outside strings, and no string but these two is built.
///
/// ```swift
/// let head = MessageHead.scan(bytes)   // nil: not one JSON object
/// if head?.type == "import", head?.key == key { ... }
/// ```
package struct MessageHead: Sendable, Equatable {
    /// The top-level `type` string, if there is one.
    package var type: String?
    /// The top-level `key` string, if there is one (nil too when it is longer than any key may be).
    package var key: String?

    package init(type: String?, key: String?) {
        self.type = type
        self.key = key
    }

    /// The head of `bytes`, or nil when they are not one JSON object as far as the scan can tell
    /// (the full decode finds any error the scan does not look for).
    package static func scan(_ bytes: [UInt8]) -> MessageHead? {
        var scanner = Scanner(bytes: bytes)
        return scanner.object()
    }

    private struct Scanner {
        let bytes: [UInt8]
        var i = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func object() -> MessageHead? {
            var head = MessageHead(type: nil, key: nil)
            skipSpace()
            guard take(UInt8(ascii: "{")) else { return nil }
            skipSpace()
            if take(UInt8(ascii: "}")) { return head }
            while true {
                skipSpace()
                guard let name = string() else { return nil }
                skipSpace()
                guard take(UInt8(ascii: ":")) else { return nil }
                skipSpace()
                let wanted = equals(name, "type") || equals(name, "key")
                if wanted, i < bytes.count, bytes[i] == UInt8(ascii: "\"") {
                    guard let value = string() else { return nil }
                    let text = text(of: value)
                    if equals(name, "type") { head.type = text } else { head.key = text }
                } else {
                    guard skipValue() else { return nil }
                }
                skipSpace()
                if take(UInt8(ascii: ",")) { continue }
                return take(UInt8(ascii: "}")) ? head : nil
            }
        }

        /// A string's bytes, quotes included; nil when it does not end.
        mutating func string() -> Range<Int>? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = i - 1
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "\\"): i += 2
                case UInt8(ascii: "\""):
                    i += 1
                    return start..<i
                default: i += 1
                }
            }
            return nil
        }

        /// Skips one value of any kind; false when it does not end.
        mutating func skipValue() -> Bool {
            var depth = 0
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "\""):
                    guard string() != nil else { return false }
                    if depth == 0 { return true }
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 0 { return true }
                    depth -= 1
                    if depth == 0 {
                        i += 1
                        return true
                    }
                case UInt8(ascii: ","):
                    if depth == 0 { return true }
                default: break
                }
                i += 1
            }
            return false
        }

        mutating func skipSpace() {
            while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard i < bytes.count, bytes[i] == byte else { return false }
            i += 1
            return true
        }

        func equals(_ range: Range<Int>, _ name: StaticString) -> Bool {
            range.count == name.utf8CodeUnitCount + 2
                && name.withUTF8Buffer { Array($0) == Array(bytes[(range.lowerBound + 1)..<(range.upperBound - 1)]) }
        }

        /// A string's text, escapes decoded; nil when longer than any teacher key or type may be.
        func text(of range: Range<Int>) -> String? {
            guard range.count <= TextLimit.teacherKey * 6 + 2 else { return nil }
            let raw = bytes[(range.lowerBound + 1)..<(range.upperBound - 1)]
            guard raw.contains(UInt8(ascii: "\\")) else { return String(decoding: raw, as: UTF8.self) }
            return try? JSONDecoder().decode(String.self, from: Data(bytes[range]))
        }
    }
}
