import PetriHubTesting
import PetriPeer
import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriHub
@testable import PetriTransport

/// Hunt rounds through the hub, on the manual clock: the hub's timer ends a round, catches are answered once
/// stored, and a restart replays the catches to the same population.
@Suite struct HuntHubTests {
    /// A camouflage lesson of 40 moths whose class is the selection, its teacher attached and `count` students joined.
    private func classroom(
        _ server: InProcessHub, students count: Int
    ) async throws -> (teacher: ProtocolPeer, students: [ProtocolPeer], code: JoinCode, token: AccessToken) {
        let teacher = server.connect()
        var options = LessonOptions()
        options.selection = .class
        try teacher.send(
            .create(
                teacherKey: InProcessHub.teacherKey, model: .camouflage,
                parameters: .object(["population": .number(40)]),
                seed: 42, options: options))
        let (code, token) = try await teacher.expect("created") {
            if case .created(let c, let t) = $0 { (c, t) } else { nil }
        }
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        var students: [ProtocolPeer] = []
        for index in 0..<count {
            let student = server.connect()
            _ = try await student.attach(.join(code: code, name: "S\(index)"))
            students.append(student)
        }
        return (teacher, students, code, token)
    }

    private func round(_ peer: ProtocolPeer) async throws -> HuntRoundInfo {
        try await peer.expectReply("huntStarted") { if case .huntStarted(let info) = $0 { info } else { nil } }
    }

    private func ended(_ peer: ProtocolPeer) async throws -> HuntSummary {
        try await peer.expect("huntEnded") { if case .huntEnded(let summary) = $0 { summary } else { nil } }
    }

    private func stateHash(_ teacher: ProtocolPeer) async throws -> UInt64? {
        try teacher.send(.export)
        return try await teacher.expectReply("definition") { if case .definition(let d) = $0 { d } else { nil } }
            .stateHash
    }

    /// The state hash of the lesson a hub runs, open round included (the export's covers the simulation alone).
    private func lessonHash(_ server: InProcessHub, _ code: JoinCode) async throws -> UInt64 {
        let host = try #require(await server.hub.host(for: code) as? any HashesItsLesson)
        return await host.lessonStateHash()
    }

    @Test func aRoundsCatchesAreAnsweredAndSeenByEveryoneAndTheTimerEndsItWithTheGenerationStepped() async throws {
        let server = InProcessHub()
        let (teacher, students, _, _) = try await classroom(server, students: 2)
        let (ada, ben) = (students[0], students[1])

        // When the teacher starts a round of two catches each
        try teacher.send(.startHunt(catches: 2, seconds: 10))
        let info = try await round(ada)
        _ = try await round(ben)
        #expect(info.creatures.count == 40)
        let target = info.creatures[3].id

        // Then Ada's catch is acknowledged to her and everyone sees the moth eaten
        let answers = try await ada.answers(to: .catchCreature(creature: target))
        #expect(answers.contains(.catchAccepted(round: 1, creature: target, left: 1)))
        let seen = try await ben.expect("caught") { if case .caught(let c) = $0 { c } else { nil } }
        #expect(seen.eaten == [target])

        // And refused catches say why: eaten, unknown, over the allowance
        let eaten = try await ben.answers(to: .catchCreature(creature: target))
        #expect(eaten.contains { if case .error(let e) = $0 { e.message.contains("already eaten") } else { false } })
        let unknown = try await ben.answers(to: .catchCreature(creature: 999))
        #expect(
            unknown.contains { if case .error(let e) = $0 { e.message.contains("no creature 999") } else { false } })
        _ = try await ada.answers(to: .catchCreature(creature: info.creatures[5].id))
        let over = try await ada.answers(to: .catchCreature(creature: info.creatures[6].id))
        #expect(over.contains { if case .error(let e) = $0 { e.message.contains("used every catch") } else { false } })

        // When the round's time is up (Ben has a catch left, so only the timer ends it)
        await server.clock.waitForSleepers(1)
        server.clock.advance(by: 10)

        // Then everyone gets the colours caught against those alive, and generation 1
        let summary = try await ended(ben)
        #expect(summary.caughtBins.reduce(0, +) == 2)
        #expect(summary.aliveBins.reduce(0, +) == 38)
        try await ben.waitForGeneration(1)
        try await teacher.waitForGeneration(1)
        // And a catch after the round is refused
        let late = try await ada.answers(to: .catchCreature(creature: info.creatures[9].id))
        #expect(late.contains { if case .error(let e) = $0 { e.message.contains("no hunt") } else { false } })
        await server.stop()
    }

    @Test func aCatchRacingTheRoundsEndIsEitherTooLateOrRefusedAndNeverCounts() async throws {
        let server = InProcessHub()
        let (teacher, students, _, _) = try await classroom(server, students: 2)
        try teacher.send(.startHunt(catches: 3, seconds: 5))
        let info = try await round(students[0])
        _ = try await students[0].answers(to: .catchCreature(creature: info.creatures[0].id))
        await server.clock.waitForSleepers(1)

        // When the clock reaches the round's end and a catch is sent at that instant
        server.clock.advance(by: 5)
        let racing = try await students[1].answers(to: .catchCreature(creature: info.creatures[1].id))

        // Then it is refused (time is up, or the round is already over), and the round ends with one catch
        #expect(racing.contains { if case .error = $0 { true } else { false } })
        #expect(!racing.contains { if case .catchAccepted = $0 { true } else { false } })
        let summary = try await ended(teacher)
        #expect(summary.caughtBins.reduce(0, +) == 1)
        await server.stop()
    }

    @Test func whenEveryStudentHasUsedTheirCatchesTheRoundEndsWithoutWaitingForTheClock() async throws {
        let server = InProcessHub()
        let (teacher, students, _, _) = try await classroom(server, students: 2)
        try teacher.send(.startHunt(catches: 1, seconds: 60))
        let info = try await round(students[0])
        _ = try await students[0].answers(to: .catchCreature(creature: info.creatures[0].id))
        _ = try await students[1].answers(to: .catchCreature(creature: info.creatures[1].id))
        let summary = try await ended(teacher)
        #expect(summary.caughtBins.reduce(0, +) == 2)
        try await teacher.waitForGeneration(1)
        await server.stop()
    }

    @Test func aSpottersCatchIsRefusedWithASentenceAndChangesNothing() async throws {
        // Given a round of one catch each in which Ben has taken the spotter role
        let server = InProcessHub()
        let (teacher, students, _, _) = try await classroom(server, students: 2)
        let (ada, ben) = (students[0], students[1])
        _ = try await ben.answers(to: .spot(spotter: true))
        try teacher.send(.startHunt(catches: 1, seconds: 10))
        let info = try await round(ben)
        let before = try await stateHash(teacher)

        // When the spotter tries to catch a moth
        let target = info.creatures[2].id
        let refused = try await ben.answers(to: .catchCreature(creature: target))

        // Then it is refused with a sentence saying what to do, nothing is eaten and the state is unchanged
        #expect(!refused.contains { if case .catchAccepted = $0 { true } else { false } })
        #expect(refused.contains { if case .error(let e) = $0 { e.message.contains("spotter") } else { false } })
        #expect(!refused.contains { if case .caught = $0 { true } else { false } })
        #expect(try await stateHash(teacher) == before)

        // And the hunter's one catch ends the round (the spotter is not waited for) with hers the only one
        let other = info.creatures[3].id
        let answers = try await ada.answers(to: .catchCreature(creature: other))
        #expect(answers.contains(.catchAccepted(round: 1, creature: other, left: 0)))
        let summary = try await ended(teacher)
        #expect(summary.caughtBins.reduce(0, +) == 1)

        // And a spotter who hunts again may catch in the next round
        try await teacher.waitForGeneration(1)
        _ = try await ben.answers(to: .spot(spotter: false))
        try teacher.send(.startHunt(catches: 1, seconds: 10))
        let next = try await round(ben)
        let again = try await ben.answers(to: .catchCreature(creature: next.creatures[0].id))
        #expect(again.contains(.catchAccepted(round: 2, creature: next.creatures[0].id, left: 0)))
        await server.stop()
    }

    @Test func aStudentWhoFallsBehindGetsOnlyTheNewestCatchesLikeASnapshot() async throws {
        // Given a round under way and a student whose connection stops reading
        let server = InProcessHub()
        let (teacher, students, code, _) = try await classroom(server, students: 1)
        let link = server.transport.connect(remoteAddress: "10.0.0.9")
        let behind = ProtocolPeer(link)
        _ = try await behind.attach(.join(code: code, name: "Slow"))
        try teacher.send(.startHunt(catches: 3, seconds: 60))
        let info = try await round(behind)
        link.pause()

        // When the class catches three moths meanwhile
        let targets = info.creatures.prefix(3).map(\.id)
        for target in targets { _ = try await students[0].answers(to: .catchCreature(creature: target)) }
        _ = try await stateHash(teacher)  // the lesson has sent everything the three catches caused

        // Then the student, reading again, gets one `caught` naming all three eaten, as a snapshot would coalesce
        link.resume()
        let seen = try await behind.answers(to: .ping)
        let caught = seen.compactMap { message -> HuntCatch? in if case .caught(let c) = message { c } else { nil } }
        #expect(caught.map(\.eaten) == [targets])
        await server.stop()
    }

    @Test func catchesHandledInOneTurnReachEveryoneAsOneCaughtNamingThemAll() async throws {
        // Given a round under way and the first catch's write held, so the next catches wait for it (applied
        // behind it or queued, see HubPipelineTests: either way in at most two turns)
        let server = InProcessHub()
        let (teacher, students, code, _) = try await classroom(server, students: 4)
        let host = try #require(await server.hub.host(for: code))
        try teacher.send(.startHunt(catches: 3, seconds: 60))
        let info = try await round(students[0])
        for student in students.dropFirst() { _ = try await round(student) }
        let targets = info.creatures.prefix(4).map(\.id)
        var waits = server.storage.appendWaiting.makeAsyncIterator()
        let applied = await host.appliedLogSequence()
        await server.storage.holdAppends()
        try students[0].send(.catchCreature(creature: targets[0]))
        await waits.next()

        // When three more students catch meanwhile (each connection waits for its own catch's answer)
        for index in 1...3 { try students[index].send(.catchCreature(creature: targets[index])) }
        while await host.appliedLogSequence() + host.queuedCommandCount() < applied + 4 { await Task.yield() }
        await server.storage.releaseAppends()
        _ = try await stateHash(teacher)  // the lesson has sent everything the four catches caused

        // Then a student reading at full speed gets one `caught` a turn, not one a catch: the first names the
        // first catch, each names all eaten so far, the last names all four
        let seen = try await students[0].answers(to: .ping)
        let caught = seen.compactMap { message -> HuntCatch? in if case .caught(let c) = message { c } else { nil } }
        #expect(caught.count < 4)
        #expect(caught.first?.eaten == [targets[0]])
        #expect(caught.last.map { Set($0.eaten) } == Set(targets))
        #expect(zip(caught, caught.dropFirst()).allSatisfy { Set($0.eaten).isStrictSubset(of: Set($1.eaten)) })
        await server.stop()
    }

    @Test func aRestartMidRoundKeepsTheCatchesAndReplaysToTheSameStateHash() async throws {
        // Given a lesson that hunted one round and is part-way through a second
        let server = InProcessHub()
        let (teacher, students, code, token) = try await classroom(server, students: 2)
        try teacher.send(.startHunt(catches: 1, seconds: 10))
        let first = try await round(students[0])
        _ = try await students[0].answers(to: .catchCreature(creature: first.creatures[0].id))
        _ = try await students[1].answers(to: .catchCreature(creature: first.creatures[1].id))
        try await teacher.waitForGeneration(1)
        try teacher.send(.startHunt(catches: 2, seconds: 10))
        let second = try await round(students[0])
        let caught = second.creatures[7].id
        _ = try await students[0].answers(to: .catchCreature(creature: caught))
        let before = try await stateHash(teacher)
        let lessonBefore = try await lessonHash(server, code)

        // When the server stops and starts again on the same storage
        await server.stop()
        let again = try await server.restarted()
        let back = again.connect()
        _ = try await back.attach(.teach(code: code, token: token, lastSeen: nil))

        // Then the round is still under way with the catch kept, and the population is the same bit for bit
        let resumed = try await round(back)
        #expect(resumed.round == 2)
        #expect(resumed.eaten == [caught])
        #expect(resumed.creatures == second.creatures)
        #expect(try await stateHash(back) == before)
        #expect(try await lessonHash(again, code) == lessonBefore)

        // And the restarted hub's timer ends the round, as the first would have
        await again.clock.waitForSleepers(1)
        again.clock.advance(by: 10)
        let summary = try await ended(back)
        #expect(summary.caughtBins.reduce(0, +) == 1)
        try await back.waitForGeneration(2)
        await again.stop()
    }

    @Test func theReportsHuntRecordSurvivesARestartWithTheSameStateHash() async throws {
        // Given a lesson whose two students each caught one moth in each of two rounds (a round ends once everyone
        // online has caught)
        let server = InProcessHub()
        let (teacher, students, code, token) = try await classroom(server, students: 2)
        for generation in 1...2 {
            try teacher.send(.startHunt(catches: 1, seconds: 10))
            let info = try await round(students[0])
            _ = try await students[0].answers(to: .catchCreature(creature: info.creatures[2].id))
            _ = try await students[1].answers(to: .catchCreature(creature: info.creatures[5].id))
            try await teacher.waitForGeneration(generation)
        }
        try teacher.send(.report)
        let report = try await teacher.expectReply("report") { if case .report(_, _, let d) = $0 { d } else { nil } }
        let hash = try await lessonHash(server, code)

        // Then the report has both rounds, each with one catch by each student, and the formula's beside it
        let hunts = try #require(report.hunts)
        #expect(hunts.map(\.round) == [1, 2] && hunts.map(\.generation) == [0, 1])
        #expect(hunts.allSatisfy { $0.students.map(\.catches) == [1, 1] && $0.formula != nil })
        #expect(report.students.map(\.catches) == [2, 2])

        // When the server stops and starts again on the same storage, Then the report is the same, and so is the
        // lesson's state hash
        await server.stop()
        let again = try await server.restarted()
        let back = again.connect()
        _ = try await back.attach(.teach(code: code, token: token, lastSeen: nil))
        try back.send(.report)
        let restarted = try await back.expectReply("report") { if case .report(_, _, let d) = $0 { d } else { nil } }
        #expect(restarted == report)
        #expect(try await lessonHash(again, code) == hash)
        await again.stop()
    }
}

/// A running lesson's state hash, open round included.
protocol HashesItsLesson: Actor {
    func lessonStateHash() -> UInt64
}

extension LessonActor: HashesItsLesson {
    func lessonStateHash() -> UInt64 { lesson.stateHash }
}
