/// A WebSocket close status code (RFC 6455 §7.4), with the ones Petri uses named.
package struct CloseCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    package let rawValue: UInt16

    package init(rawValue: UInt16) { self.rawValue = rawValue }

    /// 1000: the purpose of the connection was fulfilled.
    package static let normal = CloseCode(rawValue: 1000)
    /// 1001: the server is shutting down (or the client is leaving).
    package static let goingAway = CloseCode(rawValue: 1001)
    /// 1002: the peer broke the WebSocket protocol.
    static let protocolError = CloseCode(rawValue: 1002)
    /// 1005: no status code was present in the close frame (never sent on the wire).
    package static let noStatus = CloseCode(rawValue: 1005)
    /// 1006: the connection dropped without a close frame (never sent on the wire).
    package static let abnormal = CloseCode(rawValue: 1006)
    /// 1007: a text message was not valid UTF-8.
    package static let invalidPayload = CloseCode(rawValue: 1007)
    /// 1008: the peer broke a policy (too slow, abusive, not allowed).
    package static let policyViolation = CloseCode(rawValue: 1008)
    /// 1009: a message exceeded the size limit.
    package static let messageTooBig = CloseCode(rawValue: 1009)
    /// 1011: the server hit an unexpected condition.
    static let internalError = CloseCode(rawValue: 1011)
    /// 4012: Petri's "the server is restarting, reconnect shortly".
    ///
    /// Not IANA's 1012: libwebsockets 4.1's client parser treats 1012-2999 as reserved and
    /// reports them as 1002, so the bundled client would never see it. The private range
    /// (4000-4999) reaches every client unchanged.
    package static let serverRestarting = CloseCode(rawValue: 4012)
    /// 4013: Petri's "try again later" (the server is overloaded); private for the same reason.
    static let tryAgainLater = CloseCode(rawValue: 4013)
    /// 4014: Petri's "storage unavailable, retry": a write to disk failed, nothing unsaved was
    /// acknowledged, and the lesson is being reloaded from what was saved; reconnect in a moment.
    package static let storageUnavailable = CloseCode(rawValue: 4014)

    package var description: String { String(rawValue) }
}
