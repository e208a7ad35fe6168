/// Identifies one connection for the life of a transport; never reused.
public struct ConnectionID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: UInt64

    public init(_ rawValue: UInt64) { self.rawValue = rawValue }

    public static func < (a: ConnectionID, b: ConnectionID) -> Bool { a.rawValue < b.rawValue }

    public var description: String { "c\(rawValue)" }
}
