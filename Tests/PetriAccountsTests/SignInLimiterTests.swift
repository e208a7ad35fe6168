import PetriProtocol
import Testing

@testable import PetriAccounts

@Suite struct SignInLimiterTests {
    static let t0 = Timestamp(millisecondsSince1970: 1_800_000_000_000)

    @Test func failuresOnOneAccountGrowTheirDelayForThatAccountAndAddressOnly() {
        // Given a teacher who fails 8 times from the school's one address
        var limiter = SignInLimiter()
        for _ in 0..<8 { limiter.failed(account: "ada", known: true, address: "198.51.100.1", at: Self.t0) }

        // Then her next try waits 2^(8-5-1) = 4 s, and 1 s less a second later
        #expect(limiter.wait(account: "ADA", address: "198.51.100.1", at: Self.t0) == 4)
        #expect(limiter.wait(account: "ada", address: "198.51.100.1", at: Self.t0.adding(seconds: 1)) == 3)
        // And a colleague at the same address is not slowed at all
        #expect(limiter.wait(account: "bo", address: "198.51.100.1", at: Self.t0) == 0)
    }

    @Test func aWholeStaffRoomMistypingBehindOneAddressNeverSlowsAnyoneElse() {
        // Given 30 teachers behind one NAT address, each failing 3 times (90 failures from the address)
        var limiter = SignInLimiter()
        for teacher in 0..<30 {
            for _ in 0..<3 {
                limiter.failed(account: "teacher\(teacher)", known: true, address: "198.51.100.1", at: Self.t0)
            }
        }
        // Then a 31st teacher signs in at once
        #expect(limiter.wait(account: "teacher30", address: "198.51.100.1", at: Self.t0) == 0)
    }

    @Test func oneTeacherHammeringTheirOwnAccountAddsNothingToTheAddressAfterTheirFreeTries() {
        // Given one teacher failing 500 times on her own account from the shared address
        var limiter = SignInLimiter()
        for _ in 0..<500 { limiter.failed(account: "ada", known: true, address: "198.51.100.1", at: Self.t0) }
        // Then she waits the longest delay, and her colleague still none
        #expect(limiter.wait(account: "ada", address: "198.51.100.1", at: Self.t0) == 900)
        #expect(limiter.wait(account: "bo", address: "198.51.100.1", at: Self.t0) == 0)
    }

    @Test func oneMachineTryingManyUnknownNamesIsSlowedAtItsAddress() {
        // Given 101 failed sign-ins with names nobody has, from one address
        var limiter = SignInLimiter()
        for guess in 0..<101 {
            limiter.failed(account: "guess\(guess)", known: false, address: "203.0.113.5", at: Self.t0)
        }
        // Then that address waits for any name; another address does not
        #expect(limiter.wait(account: "ada", address: "203.0.113.5", at: Self.t0) == 1)
        #expect(limiter.wait(account: "ada", address: "198.51.100.1", at: Self.t0) == 0)
    }

    @Test func manyAddressesGuessingOneAccountSlowItEverywhere() {
        // Given 51 failures on Ada's account, each from a different address
        var limiter = SignInLimiter()
        for address in 0..<51 {
            limiter.failed(account: "ada", known: true, address: "192.0.2.\(address)", at: Self.t0)
        }
        // Then her account waits from anywhere
        #expect(limiter.wait(account: "ada", address: "198.51.100.1", at: Self.t0) == 1)
    }

    @Test func aCorrectSignInAndAnHourOfQuietClearTheCount() {
        var limiter = SignInLimiter()
        for _ in 0..<7 { limiter.failed(account: "ada", known: true, address: "198.51.100.1", at: Self.t0) }
        #expect(limiter.wait(account: "ada", address: "198.51.100.1", at: Self.t0) == 2)
        #expect(limiter.wait(account: "ada", address: "198.51.100.1", at: Self.t0.adding(seconds: 3600)) == 0)
        limiter.succeeded(account: "ada", address: "198.51.100.1")
        #expect(limiter.wait(account: "ada", address: "198.51.100.1", at: Self.t0) == 0)
    }
}
