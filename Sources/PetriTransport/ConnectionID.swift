/// Identifies one connection for the life of a transport; never reused.
package struct ConnectionID: Hashable, Comparable, Sendable, CustomStringConvertible {
    package let rawValue: UInt64

    package init(_ rawValue: UInt64) { self.rawValue = rawValue }

    package static func < (a: ConnectionID, b: ConnectionID) -> Bool { a.rawValue < b.rawValue }

    package var description: String { "c\(rawValue)" }
}
