import Dispatch
import PetriHubTesting
import PetriLesson
import PetriPeer
import PetriProtocol
import PetriSimulation
import Synchronization
import Testing

@testable import PetriHub

/// What a lesson that asked for replicates shows after a restart, compared with the same lesson run
/// without one.
@Suite("Replicates survive a server restart: late joiners get the bands, resolutions the same placement")
struct ReplicateRestartTests {
    /// What the class saw of one run of the scenario.
    private struct Seen: Equatable {
        /// The bands everyone got when the replicates finished.
        var shown: ReplicateBands
        /// The bands a student joining afterwards got after their snapshot (nil: none).
        var lateJoiner: ReplicateBands?
        /// Where the actual value fell among the replicates when the question resolved.
        var placement: ReplicateStanding?
    }

    private static let moths: JSONValue = .object([
        "population": .number(200), "reproductiveChance": .number(1), "crowding": .number((20 - 110.0 / 21) / 200),
        "initialTraitMin": .number(40), "initialTraitMax": .number(60), "environmentColour": .number(50),
    ])

    /// When the server restarts in the scenario.
    private enum Restart {
        case never
        /// Once everyone has the bands.
        case afterTheBands
        /// While the replicates run (the first server's are held at their first generation).
        case whileTheyRun
    }

    /// A camouflage lesson asks a question three generations ahead and 20 replicates five ahead, the
    /// server perhaps restarts, the teacher gets the bands, then a student joins and the question resolves.
    private func scenario(_ restart: Restart) async throws -> Seen {
        let gate = ReplicateGate()
        var server = InProcessHub { configuration in
            configuration.replicateThreads = 1
            if restart == .whileTheyRun { configuration.replicateProgress = gate.hook }
        }
        let creator = server.connect()
        let (code, token) = try await creator.createLesson(.camouflage, Self.moths, seed: 11)
        var teacher = server.connect()
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        _ = try await teacher.answers(to: .step(count: 2))
        try teacher.send(.ask(QuestionSpec(metric: "population", kind: .number(tolerance: 50), horizon: 3)))
        _ = try await teacher.expectReply("question") { if case .question(let q) = $0 { q } else { nil } }
        try teacher.send(.replicates(count: 20, horizon: 5, metric: "population"))
        var shown: ReplicateBands?
        if restart == .whileTheyRun {
            await gate.reached()
        } else {
            shown = try await teacher.expectReply("replicates") { if case .replicates(let b) = $0 { b } else { nil } }
        }

        // Every replicate-generation the restarted server steps
        let steppedAfterRestart = Atomic<Int>(0)
        if restart != .never {
            await server.stop()
            gate.open()
            server = try await server.restarted { configuration in
                configuration.replicateThreads = 1
                configuration.replicateProgress = { _ in steppedAfterRestart.add(1, ordering: .relaxed) }
            }
            teacher = server.connect()
            _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        }
        if shown == nil {
            shown = try await teacher.expectReply("replicates") { if case .replicates(let b) = $0 { b } else { nil } }
        }

        let student = server.connect()
        _ = try await student.attach(.join(code: code, name: "Ada"))
        let arrival = try await student.answers(to: .ping)
        let lateJoiner = arrival.lazy.compactMap { if case .replicates(let b) = $0 { b } else { nil } }.first

        try teacher.send(.step(count: 3))
        let resolution = try await teacher.expectReply("resolved") { if case .resolved(let r) = $0 { r } else { nil } }
        await server.stop()
        // Finished replicates are restored, not run again, so no resolution can race a re-run; only
        // those still running when the server stopped run again (20 replicates × 5 generations)
        #expect(steppedAfterRestart.load(ordering: .relaxed) == (restart == .whileTheyRun ? 20 * 5 + 1 : 0))
        return Seen(shown: try #require(shown), lateJoiner: lateJoiner, placement: resolution.replicates)
    }

    @Test(.timeLimit(.minutes(1))) func aRestartedLessonShowsTheSameBandsAndPlacementAsOneThatNeverStopped()
        async throws
    {
        let steady = try await scenario(.never)
        let restarted = try await scenario(.afterTheBands)

        // The lesson that never stopped: the late joiner gets the bands, the resolution a placement
        #expect(steady.lateJoiner == steady.shown)
        #expect(steady.placement?.replicates == 20)
        // The restarted one shows exactly the same
        #expect(restarted == steady)
    }
}

extension ReplicateRestartTests {
    @Test(.timeLimit(.minutes(1))) func replicatesStillRunningWhenTheServerStoppedRunAgainAndShowTheSame()
        async throws
    {
        let steady = try await scenario(.never)
        let restarted = try await scenario(.whileTheyRun)
        #expect(restarted == steady)
    }
}

/// Holds a server's replicates at their first generation until opened, and says when they got there.
private final class ReplicateGate: Sendable {
    private let held = DispatchSemaphore(value: 0)
    private let first = Atomic<Bool>(true)
    private let arrivals: AsyncStream<Void>
    private let arrived: AsyncStream<Void>.Continuation

    init() { (arrivals, arrived) = AsyncStream.makeStream() }

    /// The progress hook: blocks the replicates' thread at its first generation.
    var hook: @Sendable (ReplicateProgress) -> Void {
        { [self] progress in
            guard case .stepped = progress, first.exchange(false, ordering: .relaxed) else { return }
            arrived.yield()
            held.wait()
        }
    }

    /// Returns once the replicates are held.
    func reached() async {
        var iterator = arrivals.makeAsyncIterator()
        _ = await iterator.next()
    }

    func open() { held.signal() }
}
