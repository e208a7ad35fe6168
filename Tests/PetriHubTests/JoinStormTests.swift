import PetriHubTesting
import PetriPeer
import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriHub

/// A join storm never holds up the class: joins wait in a queue of their own, and each turn of
/// the lesson takes every other command first and at most a bounded slice of joins, so a step
/// queued behind thousands of joins waits for one slice, not for all of them. Lined up exactly
/// by holding the storage's writes (no sockets, no real time).
@Suite struct JoinStormTests {
    private static let moths: JSONValue = .object(["population": .number(60), "reproductiveChance": .number(0.6)])
    private static let slice = 4

    private func waitUntilQueued(_ count: Int, in host: any RunningLesson) async {
        while await host.queuedCommandCount() < count { await Task.yield() }
    }

    /// Reads the teacher's messages up to the stats of `generation`; returns how many roster
    /// lines (one per welcomed student) came before them.
    private func rosterLinesBeforeStats(of generation: Int, teacher: ProtocolPeer) async throws -> Int {
        var lines = 0
        while true {
            switch try await teacher.next() {
            case .student: lines += 1
            case .stats(_, let stats) where stats.generation == generation: return lines
            case nil: throw PeerError.closedWhileWaiting(for: "stats \(generation)", code: nil)
            default: continue
            }
        }
    }

    @Test func stepsInterleavedWithAJoinStormReachEveryJoinedStudentInOrderBehindOneSliceOfJoinsAtMost()
        async throws
    {
        let server = InProcessHub { $0.arrivalsPerTurn = Self.slice }
        let teacher = server.connect()
        let (code, token) = try await teacher.createLesson(.camouflage, Self.moths)
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        let host = try #require(await server.hub.host(for: code))
        // Given three students in the class before the storm
        var joined: [(peer: ProtocolPeer, from: Int)] = []
        for i in 0..<3 {
            let student = server.connect(from: "10.0.0.\(i)")
            let welcome = try await student.attach(.join(code: code, name: "Early \(i)"))
            joined.append((student, welcome.position.generation))
        }
        var writes = server.storage.appendWaiting.makeAsyncIterator()
        var storming: [ProtocolPeer] = []
        let rounds = 3
        for round in 1...rounds {
            // When a write is under way and the next join is applied behind it (its write waits for the
            // held one), twenty students' joins queue, then the teacher's step
            await server.storage.holdAppends()
            let students = await host.studentCount()
            let blocker = server.connect(from: "10.0.9.\(round)")
            try blocker.send(.join(code: code, name: "Blocker \(round)"))
            await writes.next()
            let behind = server.connect(from: "10.0.8.\(round)")
            try behind.send(.join(code: code, name: "Behind \(round)"))
            while await host.studentCount() < students + 2 { await Task.yield() }
            storming += [blocker, behind]
            for i in 0..<20 {
                let student = server.connect(from: "10.0.\(round).\(i)")
                try student.send(.join(code: code, name: "Storm \(round)-\(i)"))
                storming.append(student)
            }
            await waitUntilQueued(20, in: host)
            try teacher.send(.step(count: 1))
            await waitUntilQueued(21, in: host)
            let before = await server.storage.appendSizes.count
            await server.storage.releaseAppends()

            // Then the teacher sees the generation after the two joins ahead of the queue (the held
            // write's and the one applied behind it) and at most one slice of joins, though twenty
            // joins were queued ahead of the step
            let ahead = try await rosterLinesBeforeStats(of: round, teacher: teacher)
            #expect(ahead <= 2 + Self.slice, "round \(round): \(ahead) joins went before the step")
            // And the step was stored with at most one slice of joins; the rest followed in slices
            var sizes: [Int] = []
            while sizes.reduce(0, +) < 23 { sizes = Array(await server.storage.appendSizes.dropFirst(before)) }
            let largest = sizes.dropFirst(2).max() ?? 0
            #expect(sizes.prefix(2) == [1, 1])
            #expect(largest <= 1 + Self.slice, "round \(round): writes of \(sizes)")
            let stored: Int = sizes.reduce(0, +)
            #expect(stored == 23, "the held join, the one behind it, twenty joins and the step")
            // (the rest of this round's roster lines, before the next round counts its own)
            for _ in ahead..<max(ahead, 22) {
                _ = try await teacher.expect("student") { if case .student = $0 { true } else { nil } }
            }
        }
        // And every student welcomed in the storm then got every later generation
        for student in storming {
            let welcome = try await student.expect("welcome") { if case .welcome(let w) = $0 { w } else { nil } }
            joined.append((student, welcome.position.generation))
        }
        try teacher.send(.step(count: 1))
        for (student, from) in joined {
            var generations: [Int] = []
            while generations.last != rounds + 1 {
                generations.append(
                    try await student.expect("stats") { if case .stats(_, let s) = $0 { s.generation } else { nil } })
            }
            #expect(generations == Array((from + 1)...(rounds + 1)), "joined at \(from): got \(generations)")
        }
        await server.stop()
    }
}
