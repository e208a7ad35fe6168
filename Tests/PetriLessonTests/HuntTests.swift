import Foundation
import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriLesson

/// A camouflage lesson whose class is the selection, with a manual clock and every persisted entry kept.
struct HuntClass {
    static let seed: UInt64 = 0x4855_4E54_5345_4544
    let teacherToken: AccessToken
    let configuration: LessonConfiguration
    var lesson: Lesson<CamouflageModel>
    var clock = ManualClock()
    var entries: [LessonLogEntry] = []
    var students: [StudentID] = []
    let start: LessonDefinition

    init(selection: SelectionMode = .class, population: Int = 60, students count: Int = 3) throws {
        teacherToken = try Classroom.token("teacher")
        var options = LessonOptions()
        options.selection = selection
        configuration = LessonConfiguration(options: options, nameSeed: 5, checkpointInterval: 2, maxCheckpoints: 3)
        var parameters = CamouflageParameters()
        parameters[int: "population"] = population
        lesson = try Lesson(
            parameters: parameters, seed: Self.seed, teacherToken: teacherToken, configuration: configuration)
        start = try lesson.definition()
        for index in 0..<count {
            let outcome = send(.join(name: "S\(index)", token: try Classroom.token("student\(index)")), as: .guest)
            for case .attach(.student(let id), _) in outcome.effects { students.append(id) }
        }
    }

    @discardableResult
    mutating func send(_ command: LessonCommand, as actor: Participant) -> LessonOutcome<CamouflageModel> {
        let outcome = lesson.handle(command, from: actor, at: clock.now)
        for case .persist(let entry, _) in outcome.effects { entries.append(entry) }
        return outcome
    }

    /// Starts a round and returns what every screen got.
    mutating func startRound(catches: Int? = nil, seconds: Int? = nil) throws -> HuntRoundInfo {
        let outcome = send(.startHunt(catches: catches, seconds: seconds), as: .teacher)
        return try #require(
            outcome.effects.lazy.compactMap { effect -> HuntRoundInfo? in
                if case .broadcast(.huntStarted(let info)) = effect { return info }
                return nil
            }.first, "the round did not start: \(String(describing: outcome.rejection))")
    }
}

@Suite("Hunt rounds: the class is the selection")
struct HuntTests {
    @Test func aRoundShowsEveryCreatureOfTheGenerationUnderIdsThatFollowNeitherDrawOrderNorColour() throws {
        // Given a camouflage lesson of 60 moths whose class is the selection
        var room = try HuntClass()
        let traits = try #require(room.lesson.model.huntableTraits)

        // When the teacher starts a round
        let info = try room.startRound()

        // Then every moth is there once, under ids 1...60 listed in id order, with its colour and a place
        #expect(info.creatures.map(\.id) == Array(1...60))
        #expect(info.creatures.map(\.trait).sorted() == traits.map(Int.init).sorted())
        #expect(info.creatures.allSatisfy { (0...999).contains($0.x) && (0...999).contains($0.y) })
        #expect(info.catches == 3 && info.seconds == 10 && info.eaten.isEmpty)
        // And the ids are neither draw order nor colour order
        #expect(info.creatures.map(\.trait) != traits.map(Int.init))
        #expect(info.creatures.map(\.trait) != info.creatures.map(\.trait).sorted())
        // And on the wire the round says only who the creatures are (their order), where they stand and their
        // colours, packed, and reads back as the same round
        let wire = try ProtocolEncoder().encode(.huntStarted(info))
        let json = try JSONSerialization.jsonObject(with: Data(wire)) as? [String: Any]
        #expect(
            Set(json?.keys ?? [:].keys) == [
                "type", "round", "generation", "catches", "seconds", "endsAt", "spots", "eaten",
            ])
        #expect(try ProtocolDecoder().decodeServerMessage(wire) == .huntStarted(info))
    }

    @Test func aRoundOfAThousandCreaturesTravelsInFourBytesACreatureAsBase64() throws {
        // Given a round of 1,000 moths
        var room = try HuntClass(population: 1000)
        let info = try room.startRound()
        #expect(info.creatures.count == 1000)

        // When it is sent, Then its creatures take 5,336 characters of base64 (4,000 bytes) and the whole message
        // a few more (a list of objects, as before, took about 37.7 bytes a creature)
        let wire = try ProtocolEncoder().encode(.huntStarted(info))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(wire)) as? [String: Any])
        #expect((json["spots"] as? String)?.count == 5336)
        #expect(wire.count < 5336 + 200)
        #expect(try ProtocolDecoder().decodeServerMessage(wire) == .huntStarted(info))
    }

    @Test func catchesAreAcceptedInOrderAndAcknowledgedAfterTheirLogEntry() throws {
        var room = try HuntClass()
        let info = try room.startRound()
        let (a, b) = (room.students[0], room.students[1])

        let first = room.send(.catchCreature(info.creatures[4].id), as: .student(a))
        let second = room.send(.catchCreature(info.creatures[9].id), as: .student(b))

        // The persist comes first, then the catcher's acknowledgement, then everyone's news with all eaten so far
        guard case .persist(let entry, _) = second.effects.first else {
            Issue.record("a catch is not persisted first")
            return
        }
        #expect(entry.command == .catchCreature(info.creatures[9].id))
        #expect(first.effects.contains(.reply(.catchAccepted(round: 1, creature: info.creatures[4].id, left: 2))))
        #expect(
            second.effects.contains(
                .broadcastLatest(
                    .caught(
                        HuntCatch(
                            round: 1, creature: info.creatures[9].id,
                            eaten: [info.creatures[4].id, info.creatures[9].id])))))
    }

    @Test func refusedCatchesSaySoAndChangeNothing() throws {
        var room = try HuntClass()
        let a = room.students[0]
        // Outside a round
        let before = room.lesson
        #expect(room.send(.catchCreature(1), as: .student(a)).rejection?.message.contains("no hunt") == true)
        #expect(room.lesson == before)

        let info = try room.startRound(catches: 2)
        let id = info.creatures[0].id
        #expect(room.send(.catchCreature(id), as: .student(a)).rejection == nil)
        // An eaten creature, an unknown one, one over the allowance, the teacher's
        let cases: [(LessonCommand, Participant, String)] = [
            (.catchCreature(id), .student(room.students[1]), "already eaten"),
            (.catchCreature(61), .student(a), "no creature 61"),
            (.catchCreature(0), .student(a), "no creature 0"),
            (.catchCreature(info.creatures[1].id), .teacher, "Only students"),
        ]
        for (command, actor, words) in cases {
            let unchanged = room.lesson
            let outcome = room.send(command, as: actor)
            #expect(
                outcome.rejection?.message.contains(words) == true,
                "\(command): \(String(describing: outcome.rejection))")
            #expect(room.lesson == unchanged)
        }
        #expect(room.send(.catchCreature(info.creatures[1].id), as: .student(a)).rejection == nil)
        let full = room.lesson
        let over = room.send(.catchCreature(info.creatures[2].id), as: .student(a))
        #expect(over.rejection?.message.contains("used every catch") == true)
        #expect(room.lesson == full)
    }

    @Test func aCatchStampedAtTheRoundsEndIsTooLateEvenBeforeTheTimerArrives() throws {
        var room = try HuntClass()
        let info = try room.startRound(seconds: 5)
        room.clock.advance(seconds: 5)
        let before = room.lesson
        let late = room.send(.catchCreature(info.creatures[0].id), as: .student(room.students[0]))
        #expect(late.rejection?.message.contains("time is up") == true)
        #expect(room.lesson == before)
    }

    @Test func theRoundEndsOnTheTimerAndTheGenerationStepsWithTheCaughtRemovedAndNoOtherDeaths() throws {
        var room = try HuntClass(selection: .class)
        let info = try room.startRound()
        let traits = try #require(room.lesson.model.huntableTraits)
        let caught = [info.creatures[3].id, info.creatures[7].id, info.creatures[20].id]
        for (i, id) in caught.enumerated() {
            room.send(.catchCreature(id), as: .student(room.students[i % 3]))
        }
        // A timer for another round does nothing
        #expect(room.send(.huntEnd(round: 2), as: .server).effects.isEmpty)
        #expect(room.lesson.generation == 0)
        room.clock.advance(seconds: 10)
        let end = room.send(.huntEnd(round: 1), as: .server)

        #expect(room.lesson.generation == 1)
        let summary = try #require(
            end.effects.lazy.compactMap { effect -> HuntSummary? in
                if case .broadcast(.huntEnded(let s)) = effect { return s }
                return nil
            }.first)
        #expect(summary.caughtBins.reduce(0, +) == 3)
        #expect(summary.aliveBins.reduce(0, +) == 57)
        // The survivors are exactly the uncaught, in order, then the children
        let caughtTraits = caught.map { id in info.creatures.first { $0.id == id }!.trait }
        let now = try #require(room.lesson.model.huntableTraits)
        #expect(room.lesson.history[1].values["population"] == Double(now.count))
        var expected = traits.map(Int.init)
        for t in caughtTraits { expected.remove(at: try #require(expected.firstIndex(of: t))) }
        // (the layout's order of removal may differ for equal traits; compare as multisets)
        #expect(now.prefix(57).map(Int.init).sorted() == expected.sorted())
        #expect(room.send(.catchCreature(info.creatures[0].id), as: .student(room.students[0])).rejection != nil)
    }

    @Test func bothKeepsTheFormulasDeathsBesideTheCatches() throws {
        var classOnly = try HuntClass(selection: .class)
        var both = try HuntClass(selection: .both)
        for room in [0, 1] {
            var r = room == 0 ? classOnly : both
            let info = try r.startRound()
            r.send(.catchCreature(info.creatures[0].id), as: .student(r.students[0]))
            r.send(.huntEnd(round: 1), as: .server)
            if room == 0 { classOnly = r } else { both = r }
        }
        let classDeaths = try #require(classOnly.lesson.history[1].values["deaths"])
        let bothDeaths = try #require(both.lesson.history[1].values["deaths"])
        #expect(classDeaths == 1)
        #expect(bothDeaths > 1)
    }

    @Test func whenEveryStudentOnlineHasCaughtTheServerIsAskedToEndTheRoundNow() throws {
        var room = try HuntClass(students: 2)
        let info = try room.startRound(catches: 1)
        let first = room.send(.catchCreature(info.creatures[0].id), as: .student(room.students[0]))
        #expect(!first.effects.contains { if case .scheduleHuntEnd = $0 { true } else { false } })
        let last = room.send(.catchCreature(info.creatures[1].id), as: .student(room.students[1]))
        #expect(last.effects.contains(.scheduleHuntEnd(round: 1, at: room.clock.now)))
    }

    @Test func theRoundDoesNotWaitForTheSpotterOnceEveryHunterHasCaught() throws {
        // Given three students, one of whom is the spotter, in a round of one catch each
        var room = try HuntClass(students: 3)
        let spotting = room.send(.spot(true), as: .student(room.students[2]))
        #expect(spotting.rejection == nil)
        let info = try room.startRound(catches: 1)

        // When the two hunters have caught
        let first = room.send(.catchCreature(info.creatures[0].id), as: .student(room.students[0]))
        #expect(!first.effects.contains { if case .scheduleHuntEnd = $0 { true } else { false } })
        let last = room.send(.catchCreature(info.creatures[1].id), as: .student(room.students[1]))

        // Then the server is asked to end the round now, and who spots is not logged
        #expect(last.effects.contains(.scheduleHuntEnd(round: 1, at: room.clock.now)))
        #expect(!room.entries.contains { $0.command == .spot(true) })
    }

    @Test func theLastStudentStillHuntingTurningSpotterEndsTheRoundAndHuntingAgainCountsThemAgain() throws {
        var room = try HuntClass(students: 2)
        // A spotter who hunts again is waited for
        room.send(.spot(true), as: .student(room.students[1]))
        room.send(.spot(false), as: .student(room.students[1]))
        let info = try room.startRound(catches: 1)
        let caught = room.send(.catchCreature(info.creatures[0].id), as: .student(room.students[0]))
        #expect(!caught.effects.contains { if case .scheduleHuntEnd = $0 { true } else { false } })

        // When the one who has not caught takes the spotter role mid-round, the round ends now
        room.clock.advance(seconds: 2)
        let spotting = room.send(.spot(true), as: .student(room.students[1]))
        #expect(spotting.effects == [.scheduleHuntEnd(round: 1, at: room.clock.now)])
    }

    @Test func aStudentsExtraTimeStretchesTheRoundToTheirWindowAndAReplayKeepsIt() throws {
        // Given a class in which the teacher gave one student half as much time again
        var room = try HuntClass(students: 2)
        #expect(room.send(.extraTime(room.students[1], percent: 50), as: .teacher).rejection == nil)

        // When a round of 10 seconds starts
        let started = room.clock.now
        let info = try room.startRound(seconds: 10)

        // Then it ends 15 seconds on, for every screen and for the server's timer
        #expect(info.endsAt == started.adding(milliseconds: 15_000))
        #expect(info.seconds == 15)
        #expect(room.lesson.pendingTimers.contains(.scheduleHuntEnd(round: 1, at: info.endsAt)))
        // And a catch 12 seconds in is still accepted
        room.clock.advance(seconds: 12)
        let late = room.send(.catchCreature(info.creatures[0].id), as: .student(room.students[1]))
        #expect(late.rejection == nil)

        // And when the accommodation is taken away, the next round is 10 seconds again
        room.clock.advance(seconds: 4)
        room.send(.huntEnd(round: 1), as: .server)
        room.send(.extraTime(room.students[1], percent: 0), as: .teacher)
        let next = room.clock.now
        #expect(try room.startRound(seconds: 10).endsAt == next.adding(milliseconds: 10_000))
    }

    @Test func stepsRewindsAndChangesWaitForTheRoundButTheLessonCanEnd() throws {
        var room = try HuntClass()
        _ = try room.startRound()
        for command in [
            LessonCommand.step(count: 1), .rewind(count: 1), .setSelection(.formula),
            .act(.set(name: "environmentColour", value: .number(20))), .startHunt(catches: nil, seconds: nil),
        ] {
            let before = room.lesson
            #expect(room.send(command, as: .teacher).rejection != nil, "\(command)")
            #expect(room.lesson == before)
        }
        let end = room.send(.end, as: .teacher)
        #expect(end.effects.contains(.cancelHuntEnd))
    }

    @Test func onlyAModelDrawnAsCreaturesOnABackgroundCanBeHunted() throws {
        var options = LessonOptions()
        options.selection = .class
        let token = try Classroom.token("teacher")
        #expect(throws: ProtocolError.self) {
            try Lesson<LifeModel>(
                parameters: .init(width: 10, height: 10, density: 0.3), seed: 1, teacherToken: token,
                configuration: LessonConfiguration(options: options))
        }
        var life = try Lesson<LifeModel>(
            parameters: .init(width: 10, height: 10, density: 0.3), seed: 1, teacherToken: token,
            configuration: LessonConfiguration())
        #expect(life.handle(.setSelection(.class), from: .teacher, at: ManualClock().now).rejection != nil)
        #expect(
            life.handle(.startHunt(catches: nil, seconds: nil), from: .teacher, at: ManualClock().now).rejection != nil)
        // A formula lesson of a huntable model must choose class or both first
        var formula = try HuntClass(selection: .formula)
        #expect(formula.send(.startHunt(catches: nil, seconds: nil), as: .teacher).rejection != nil)
        #expect(formula.send(.setSelection(.both), as: .teacher).effects.contains(.broadcast(.selection(.both))))
        #expect(formula.send(.startHunt(catches: nil, seconds: nil), as: .teacher).rejection == nil)
    }

    /// Three rounds with catches, a rewind, a changed selection and an auto-run round, with the lesson after each.
    private func playedClass() throws -> HuntClass {
        var room = try HuntClass()
        for round in 1...3 {
            let info = try room.startRound()
            for (i, student) in room.students.enumerated() {
                room.clock.advance(seconds: 0.5)
                room.send(
                    .catchCreature(info.creatures[(round * 7 + i * 5) % info.creatures.count].id), as: .student(student)
                )
            }
            room.clock.advance(seconds: 10)
            room.send(.huntEnd(round: info.round), as: .server)
        }
        room.send(.rewind(count: 1), as: .teacher)
        room.send(.setSelection(.both), as: .teacher)
        room.send(.run(rate: 1), as: .teacher)
        room.clock.advance(seconds: 1)
        room.send(.tick, as: .server)
        let info = try #require(room.lesson.huntInfo)
        room.send(.catchCreature(info.creatures[2].id), as: .student(room.students[0]))
        return room
    }

    @Test func replayingTheLogRebuildsTheSamePopulationBitForBit() throws {
        var room = try playedClass()
        // Mid-round, and after the round
        for _ in 0..<2 {
            let rebuilt = try Lesson<CamouflageModel>.rebuild(
                definition: room.start, teacherToken: room.teacherToken, configuration: room.configuration,
                log: room.entries, source: ())
            #expect(rebuilt.stateHash == room.lesson.stateHash)
            #expect(rebuilt.huntInfo == room.lesson.huntInfo)
            #expect(
                rebuilt.encodeState()
                    == {
                        var offline = room.lesson
                        offline.markEveryoneOffline()
                        return offline.encodeState()
                    }())
            room.clock.advance(seconds: 10)
            room.send(.huntEnd(round: 4), as: .server)
        }
        #expect(room.lesson.generation == 3)
    }

    @Test func aSavedStateMidRoundRestoresTheRoundAndGoesOnIdentically() throws {
        var room = try playedClass()
        var offline = room.lesson
        offline.markEveryoneOffline()
        var restored = try Lesson<CamouflageModel>(
            decodingState: offline.encodeState(), teacherToken: room.teacherToken, configuration: room.configuration,
            source: ())
        #expect(restored == offline)
        #expect(restored.pendingTimers.contains(.scheduleHuntEnd(round: 4, at: try #require(restored.huntInfo).endsAt)))
        let id = try #require(room.lesson.huntInfo).creatures[5].id
        let time = room.clock.now
        _ = restored.handle(.catchCreature(id), from: .student(room.students[1]), at: time)
        _ = restored.handle(.huntEnd(round: 4), from: .server, at: time.adding(seconds: 10))
        room.send(.catchCreature(id), as: .student(room.students[1]))
        room.clock.advance(seconds: 10)
        room.send(.huntEnd(round: 4), as: .server)
        #expect(restored.stateHash == room.lesson.stateHash)
    }

    @Test func theStateHashCoversTheOpenRoundsCatchesAndWhoMadeThem() throws {
        // Given a round under way, and three copies of the lesson: no catch yet, Ada's catch of one moth, Ben's
        // catch of the same moth, and Ada's catch of another
        var room = try HuntClass()
        let info = try room.startRound()
        let (ada, ben) = (room.students[0], room.students[1])
        let untouched = room.lesson
        var adaFirst = room
        adaFirst.send(.catchCreature(info.creatures[3].id), as: .student(ada))
        var benFirst = room
        benFirst.send(.catchCreature(info.creatures[3].id), as: .student(ben))
        var adaOther = room
        adaOther.send(.catchCreature(info.creatures[8].id), as: .student(ada))

        // Then the population is the same in all four (the catches act only at the round's end)
        let lessons = [untouched, adaFirst.lesson, benFirst.lesson, adaOther.lesson]
        #expect(Set(lessons.map(\.run.model.stateHash)).count == 1)
        // But their state hashes all differ: the round's catches, and who made them, are part of the state
        #expect(Set(lessons.map(\.stateHash)).count == 4)
        // And between rounds the hash is the simulation's, which a lesson file records
        adaFirst.clock.advance(seconds: 10)
        adaFirst.send(.huntEnd(round: info.round), as: .server)
        #expect(adaFirst.lesson.stateHash == adaFirst.lesson.run.model.stateHash)
        #expect(try adaFirst.lesson.definition().stateHash == adaFirst.lesson.stateHash)
    }

    @Test func aCheckpointMidRoundRestoresOnlyToTheRoundItRecords() throws {
        // Given two lessons mid-round that differ only in which moth Ada caught, and a checkpoint of the first
        var room = try HuntClass()
        let info = try room.startRound()
        let ada = room.students[0]
        var other = room
        room.send(.catchCreature(info.creatures[3].id), as: .student(ada))
        other.send(.catchCreature(info.creatures[8].id), as: .student(ada))
        room.lesson.markEveryoneOffline()
        other.lesson.markEveryoneOffline()
        let checkpoint = room.lesson.checkpoint()

        // When the checkpoint's state is swapped for the other lesson's (same entry, same generation)
        var swapped = checkpoint
        swapped.state = other.lesson.encodeState()

        // Then it is refused, and the true one restores to the round with Ada's catch
        #expect(throws: ProtocolError.self) {
            try Lesson<CamouflageModel>(
                restoring: swapped, teacherToken: room.teacherToken, configuration: room.configuration, source: ())
        }
        let restored = try Lesson<CamouflageModel>(
            restoring: checkpoint, teacherToken: room.teacherToken, configuration: room.configuration, source: ())
        #expect(restored.huntInfo?.eaten == [info.creatures[3].id])
        #expect(restored.stateHash == room.lesson.stateHash)
    }

    @Test func aMidRoundCheckpointOfFormat8WhichHashedTheSimulationAloneStillRestores() throws {
        // Given a checkpoint mid-round as format 8 wrote it: the same bytes but for the hunt records (format 10's
        // last byte before the checksum: none), the version byte 8, and beside them the simulation's hash alone
        var room = try HuntClass()
        let info = try room.startRound()
        room.send(.catchCreature(info.creatures[3].id), as: .student(room.students[0]))
        room.lesson.markEveryoneOffline()
        var old = room.lesson.checkpoint()
        var bytes = Array(old.state.dropLast(8))
        #expect(bytes.last == 0)
        bytes.removeLast()
        bytes[4] = 8
        let sum = StateChecksum.of(bytes[...])
        old.state = bytes + (0..<8).map { UInt8(truncatingIfNeeded: sum >> (8 * UInt64($0))) }
        old.stateHash = room.lesson.run.model.stateHash

        // When it is restored, Then it is the same lesson, round and catch included
        let restored = try Lesson<CamouflageModel>(
            restoring: old, teacherToken: room.teacherToken, configuration: room.configuration, source: ())
        #expect(restored == room.lesson)
        #expect(restored.stateHash == room.lesson.stateHash)
    }

    @Test func aLessonFileOrCloneAfterHuntsReproducesThePopulation() throws {
        var room = try playedClass()
        room.clock.advance(seconds: 10)
        room.send(.huntEnd(round: 4), as: .server)
        let file = try room.lesson.definition()
        #expect(file.actions.contains { $0.action.isHunt })
        // Through the wire form of a lesson file
        let decoded = try JSONDecoder().decode(LessonDefinition.self, from: JSONEncoder().encode(file))
        let copy = try Lesson<CamouflageModel>(
            definition: decoded, teacherToken: room.teacherToken, configuration: LessonConfiguration(), source: ())
        #expect(copy.stateHash == room.lesson.stateHash)
    }
}
