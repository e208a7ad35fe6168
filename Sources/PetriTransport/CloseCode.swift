/// A WebSocket close status code (RFC 6455 §7.4), with the ones Petri uses named.
public struct CloseCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt16

    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// 1000: the purpose of the connection was fulfilled.
    public static let normal = CloseCode(rawValue: 1000)
    /// 1001: the server is shutting down (or the client is leaving).
    public static let goingAway = CloseCode(rawValue: 1001)
    /// 1002: the peer broke the WebSocket protocol.
    public static let protocolError = CloseCode(rawValue: 1002)
    /// 1005: no status code was present in the close frame (never sent on the wire).
    public static let noStatus = CloseCode(rawValue: 1005)
    /// 1006: the connection dropped without a close frame (never sent on the wire).
    public static let abnormal = CloseCode(rawValue: 1006)
    /// 1007: a text message was not valid UTF-8.
    public static let invalidPayload = CloseCode(rawValue: 1007)
    /// 1008: the peer broke a policy (too slow, abusive, not allowed).
    public static let policyViolation = CloseCode(rawValue: 1008)
    /// 1009: a message exceeded the size limit.
    public static let messageTooBig = CloseCode(rawValue: 1009)
    /// 1011: the server hit an unexpected condition.
    public static let internalError = CloseCode(rawValue: 1011)
    /// 1012: the server is restarting; clients should reconnect shortly.
    public static let serviceRestart = CloseCode(rawValue: 1012)
    /// 1013: try again later (the server is overloaded).
    public static let tryAgainLater = CloseCode(rawValue: 1013)

    public var description: String { String(rawValue) }
}
