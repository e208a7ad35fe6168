import PetriProtocol
import Testing

@testable import PetriTerminal

/// A client of a cluster follows `redirect` to the lesson's node, for one connection only.
@Suite struct RedirectTests {
    let code = Fixtures.code
    let sessions = ClientSessionTests()

    @Test func aRedirectWhileJoiningReconnectsAtOnceToTheNamedNodeWithTheSameHello() {
        // Given a student saying hello to their server
        var session = ClientSession(entry: .student(code: code, name: "Ada", token: nil), random: FixedRandom(value: 0))
        _ = session.start(at: sessions.at(0))
        _ = session.connected(at: sessions.at(0.1))
        // When that server answers with a redirect
        let actions = session.received(.redirect(url: "ws://10.0.0.2:8080/", code: code), at: sessions.at(0.2))
        // Then the client drops this connection and connects to the named node at once, with no backoff
        #expect(actions == [.disconnect, .connect])
        #expect(session.redirect == "ws://10.0.0.2:8080/")
        // And says the same hello there
        #expect(session.connected(at: sessions.at(0.3)) == [.send(.join(code: code, name: "Ada"))])
    }

    @Test func aClientWhoseRedirectTargetFailsGoesBackToItsOwnServer() {
        // Given a client redirected to a node
        var session = ClientSession(entry: .student(code: code, name: "Ada", token: nil), random: FixedRandom(value: 0))
        _ = session.start(at: sessions.at(0))
        _ = session.connected(at: sessions.at(0.1))
        _ = session.received(.redirect(url: "ws://10.0.0.2:8080/", code: code), at: sessions.at(0.2))
        // When that node cannot be reached (it died)
        let actions = session.connectFailed("connection refused", at: sessions.at(0.3))
        // Then the client backs off and its next connection goes to its own server again
        #expect(actions.contains { if case .retry = $0 { true } else { false } })
        #expect(session.redirect == nil)
    }

    @Test func aLoopOfRedirectsEndsInABackoff() {
        // Given a client that nodes keep sending elsewhere
        var session = ClientSession(entry: .student(code: code, name: "Ada", token: nil), random: FixedRandom(value: 0))
        _ = session.start(at: sessions.at(0))
        var last: [SessionAction] = []
        for hop in 0...ClientSession.redirectLimit {
            _ = session.connected(at: sessions.at(Double(hop)))
            last = session.received(
                .redirect(url: "ws://10.0.0.\(hop):8080/", code: code), at: sessions.at(Double(hop)))
        }
        // Then after the limit it waits as after a lost connection instead of hopping again
        #expect(last.first == .disconnect)
        #expect(last.contains { if case .retry = $0 { true } else { false } })
    }
}
