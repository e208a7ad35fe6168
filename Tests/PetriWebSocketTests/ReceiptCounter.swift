import Foundation
import PetriTransport
import Synchronization

@testable import PetriWebSocket

/// Counts messages the client's connections received and lets a test await a total.
final class ReceiptCounter: Sendable {
    private let state = Mutex<(count: Int, waiters: [(Int, CheckedContinuation<Void, Never>)])>((0, []))

    /// Counts every message that arrives on `connection` from now on, until it closes.
    func count(_ connection: Connection) {
        Task { [self] in
            for await event in connection.events {
                switch event {
                case .text, .binary: record()
                default: continue
                }
            }
        }
    }

    var count: Int { state.withLock { $0.count } }

    private func record() {
        let ready = state.withLock { s -> [CheckedContinuation<Void, Never>] in
            s.count += 1
            let (done, waiting) = s.waiters.reduce(
                into: ([CheckedContinuation<Void, Never>](), [(Int, CheckedContinuation<Void, Never>)]())
            ) {
                if $1.0 <= s.count { $0.0.append($1.1) } else { $0.1.append($1) }
            }
            s.waiters = waiting
            return done
        }
        for c in ready { c.resume() }
    }

    /// Returns once at least `total` messages have arrived.
    func wait(for total: Int) async {
        await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
            let now = state.withLock { s -> Bool in
                if s.count >= total { return true }
                s.waiters.append((total, c))
                return false
            }
            if now { c.resume() }
        }
    }
}
