import PetriProtocol

/// The teacher key and the per-address limits on guessing (codes, tokens, keys).
extension Hub {
    /// The failed-attempt bucket of an address: lesson codes and tokens (`join`, `resume`, `teach`,
    /// `observe`, every lesson counted together), or teacher keys (`create`, `import`, `describeModels`).
    private static func failureKey(_ address: String, _ kind: FailedAttempt) -> String {
        switch kind {
        case .lessonAccess: address
        case .teacherKey: "key " + address
        }
    }

    func keyMatches(_ key: String) -> Bool {
        let given = Array(key.utf8)
        guard given.count == teacherKey.count else { return false }
        var difference: UInt8 = 0
        for (a, b) in zip(given, teacherKey) { difference |= a ^ b }
        return difference == 0
    }

    /// Nil when `key` is the teacher key and the address may still try one; else the refusal
    /// (`rate-limited` once the address is out of tries, whatever the key; else `not-authorised`,
    /// counted against the address).
    func checkTeacherKey(_ key: String, from address: String) -> ProtocolError? {
        guard mayTry(.teacherKey, from: address) else { return Self.tooManyWrongKeys }
        guard keyMatches(key) else {
            recordFailure(.teacherKey, from: address)
            return Self.wrongTeacherKey
        }
        return nil
    }

    /// Whether another failed attempt of this kind from this address would still be allowed now.
    func mayTry(_ kind: FailedAttempt, from address: String) -> Bool {
        failedJoins[Self.failureKey(address, kind)]?.allows(at: services.clock.now()) ?? true
    }

    /// Counts a failed attempt of this kind against the address.
    func recordFailure(_ kind: FailedAttempt, from address: String) {
        let now = services.clock.now()
        let key = Self.failureKey(address, kind)
        var bucket =
            failedJoins[key]
            ?? TokenBucket(
                capacity: configuration.failedJoinBurst, refillPerSecond: 1 / configuration.secondsPerFailedJoin)
        _ = bucket.take(at: now)
        failedJoins[key] = bucket
        if failedJoins.count > 10_000 {
            failedJoins = failedJoins.filter { !$0.value.isFull(at: now) }
        }
    }
}
