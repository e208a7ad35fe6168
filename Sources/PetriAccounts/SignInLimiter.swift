import PetriProtocol

/// Limits failed sign-ins with growing delays, on three counters at once, so that guessing is slow
/// while a school behind one NAT address (every teacher seen from the same address) is never locked
/// out by someone else's mistakes:
///
/// - **this account from this address**: ``Rules/pairFree`` failures free, then a delay that doubles with
///   each further failure (1 s, 2 s, 4 s … up to ``Rules/maximumDelaySeconds``). A teacher mistyping
///   their own password slows only themselves, and only on their own account.
/// - **this account from any address**: a much larger allowance (``Rules/accountFree``) before delays,
///   against guessing one account from many addresses. A colleague's failures on *their* account
///   never count against yours.
/// - **this address, any account**: ``Rules/addressFree`` failures before delays, against one machine
///   trying many accounts. It is far above what a staff room's typing mistakes reach, and a failure
///   counts here only when it named an unknown account or was the pair's first few: a teacher already
///   slowed on their own account adds nothing to everyone else's count.
///
/// Every counter forgets a failure after ``Rules/forgetSeconds`` of quiet, and a correct sign-in clears
/// its pair and its account. A refusal while a delay runs is not a failure (it tells nothing).
/// In memory on each node: in a cluster an attacker gains at most the number of nodes in tries.
package struct SignInLimiter: Sendable {
    package struct Rules: Sendable {
        package var pairFree = 5
        package var accountFree = 50
        package var addressFree = 100
        package var maximumDelaySeconds = 900
        package var forgetSeconds = 3600

        package init() {}
    }

    struct Counter: Sendable {
        var failures = 0
        var last = Timestamp(millisecondsSince1970: 0)
    }

    package let rules: Rules
    private var pairs: [String: Counter] = [:]
    private var accounts: [String: Counter] = [:]
    private var addresses: [String: Counter] = [:]

    package init(rules: Rules = Rules()) { self.rules = rules }

    /// Seconds until a sign-in naming `account` from `address` may be tried; 0 when it may now.
    package func wait(account: String, address: String, at now: Timestamp) -> Int {
        let account = account.lowercased()
        return max(
            delay(pairs[account + " " + address], free: rules.pairFree, at: now),
            delay(accounts[account], free: rules.accountFree, at: now),
            delay(addresses[address], free: rules.addressFree, at: now))
    }

    /// Counts a failed sign-in (`known`: the account exists).
    package mutating func failed(account: String, known: Bool, address: String, at now: Timestamp) {
        let account = account.lowercased()
        let forget = Int64(rules.forgetSeconds)
        let pair = Self.bump(&pairs, account + " " + address, at: now, forget: forget)
        if known { Self.bump(&accounts, account, at: now, forget: forget) }
        if !known || pair <= rules.pairFree { Self.bump(&addresses, address, at: now, forget: forget) }
        if pairs.count + accounts.count + addresses.count > 50_000 { forgetQuiet(at: now) }
    }

    /// Clears the counters a correct sign-in settles.
    package mutating func succeeded(account: String, address: String) {
        let account = account.lowercased()
        pairs[account + " " + address] = nil
        accounts[account] = nil
    }

    private func delay(_ counter: Counter?, free: Int, at now: Timestamp) -> Int {
        guard let counter, counter.failures > free else { return 0 }
        let quiet = Int(now.milliseconds(since: counter.last) / 1000)
        if quiet >= rules.forgetSeconds { return 0 }
        let doubling = min(counter.failures - free - 1, 20)
        let delay = min(1 << doubling, rules.maximumDelaySeconds)
        return max(0, delay - quiet)
    }

    @discardableResult
    private static func bump(_ table: inout [String: Counter], _ key: String, at now: Timestamp, forget: Int64) -> Int {
        var counter = table[key] ?? Counter()
        if now.milliseconds(since: counter.last) / 1000 >= forget { counter.failures = 0 }
        counter.failures += 1
        counter.last = now
        table[key] = counter
        return counter.failures
    }

    private mutating func forgetQuiet(at now: Timestamp) {
        let limit = Int64(rules.forgetSeconds) * 1000
        pairs = pairs.filter { now.milliseconds(since: $0.value.last) < limit }
        accounts = accounts.filter { now.milliseconds(since: $0.value.last) < limit }
        addresses = addresses.filter { now.milliseconds(since: $0.value.last) < limit }
    }
}
