/// An invariant a fuzz target found broken: what, and on which input.
///
/// A trap (a crash) is the other kind of finding; the fuzzers see that by themselves.
public struct FuzzViolation: Error, CustomStringConvertible {
    public let target: FuzzTarget
    public let message: String
    public let input: [UInt8]

    public var description: String {
        let shown = input.prefix(256).map { String($0, radix: 16) }
        return "\(target.rawValue): \(message) (input, \(input.count) bytes: \(shown))"
    }
}
