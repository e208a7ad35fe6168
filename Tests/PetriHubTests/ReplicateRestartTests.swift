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

    private static func hub(_ storage: GatedStorage = GatedStorage(), _ clock: ManualClock = ManualClock())
        -> InProcessHub
    {
        InProcessHub(storage: storage, clock: clock) { $0.replicateThreads = 1 }
    }

    /// A camouflage lesson asks a question three generations ahead and 20 replicates five ahead, gets
    /// the bands, optionally restarts, then a student joins and the question resolves.
    private func scenario(restart: Bool) async throws -> Seen {
        var server = Self.hub()
        let creator = server.connect()
        let (code, token) = try await creator.createLesson(.camouflage, Self.moths, seed: 11)
        var teacher = server.connect()
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        _ = try await teacher.answers(to: .step(count: 2))
        try teacher.send(.ask(QuestionSpec(metric: "population", kind: .number(tolerance: 50), horizon: 3)))
        _ = try await teacher.expectReply("question") { if case .question(let q) = $0 { q } else { nil } }
        try teacher.send(.replicates(count: 20, horizon: 5, metric: "population"))
        let shown = try await teacher.expectReply("replicates") { if case .replicates(let b) = $0 { b } else { nil } }

        // Every replicate-generation the restarted server steps (none: the results are restored, not run again)
        let steppedAfterRestart = Atomic<Int>(0)
        if restart {
            await server.stop()
            server = try await server.restarted { configuration in
                configuration.replicateThreads = 1
                configuration.replicateProgress = { _ in steppedAfterRestart.add(1, ordering: .relaxed) }
            }
            teacher = server.connect()
            _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        }

        let student = server.connect()
        _ = try await student.attach(.join(code: code, name: "Ada"))
        let arrival = try await student.answers(to: .ping)
        let lateJoiner = arrival.lazy.compactMap { if case .replicates(let b) = $0 { b } else { nil } }.first

        try teacher.send(.step(count: 3))
        let resolution = try await teacher.expectReply("resolved") { if case .resolved(let r) = $0 { r } else { nil } }
        await server.stop()
        // The resolution could not have raced a re-run: nothing ran after the restart
        #expect(steppedAfterRestart.load(ordering: .relaxed) == 0)
        return Seen(shown: shown, lateJoiner: lateJoiner, placement: resolution.replicates)
    }

    @Test(.timeLimit(.minutes(1))) func aRestartedLessonShowsTheSameBandsAndPlacementAsOneThatNeverStopped()
        async throws
    {
        let steady = try await scenario(restart: false)
        let restarted = try await scenario(restart: true)

        // The lesson that never stopped: the late joiner gets the bands, the resolution a placement
        #expect(steady.lateJoiner == steady.shown)
        #expect(steady.placement?.replicates == 20)
        // The restarted one shows exactly the same
        #expect(restarted == steady)
    }
}
