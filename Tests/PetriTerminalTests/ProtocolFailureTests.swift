import PetriProtocol
import Testing

@testable import PetriTerminal

extension ClientSessionTests {
    @Test func aServerSendingInvalidUTF8IsRetriedTwiceThenTheSessionStopsWithAReason() {
        // Given a joined student
        var session = joined()
        // When the client closes with 1007 (the server sent text that is not UTF-8), twice
        for attempt in 1...2 {
            let actions = session.closed(code: 1007, reason: "text message is not valid UTF-8", at: at(Double(attempt)))
            // Then it retries, with backoff, and says why
            guard case .retry = actions.first else {
                Issue.record("attempt \(attempt): expected a retry, got \(actions)")
                return
            }
            #expect(session.lesson.notices.last?.text.contains("not valid UTF-8") == true)
            _ = session.retryDue(ticket: attempt, at: at(Double(attempt) + 0.5))
            _ = session.connected(at: at(Double(attempt) + 0.6))
        }
        // And the third time it stops, exit status 1, with a sentence naming the problem
        let last = session.closed(code: 1007, reason: "", at: at(5))
        guard case .finish(let end)? = last.first else {
            Issue.record("expected the session to finish, got \(last)")
            return
        }
        #expect(end.kind == .closed)
        #expect(end.exitStatus == 1)
        #expect(end.message.contains("not valid UTF-8 (close 1007) 3 times"))
        #expect(session.isEnded)
    }

    @Test func anOrdinaryDropStillRetriesForever() {
        var session = joined()
        for attempt in 1...10 {
            let actions = session.closed(code: 1006, reason: "", at: at(Double(attempt)))
            guard case .retry = actions.first else {
                Issue.record("attempt \(attempt): expected a retry, got \(actions)")
                return
            }
            _ = session.retryDue(ticket: attempt, at: at(Double(attempt) + 0.5))
            _ = session.connected(at: at(Double(attempt) + 0.6))
        }
    }
}
