import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriLesson

/// What the test saw of one round: the population and background it was hunted on, and each catch.
private struct PlayedRound {
    var traits: [Int]
    var background: Double
    var catches: [(student: StudentID, creature: Int, trait: Int)]
}

/// A class of three hunting two rounds: in each, the first student catches two moths and the second one (the
/// moths picked by place in the round's id order, so the two rounds catch different ones).
private func twoRounds(selection: SelectionMode = .class) throws -> (HuntClass, [PlayedRound]) {
    var room = try HuntClass(selection: selection)
    var played: [PlayedRound] = []
    for round in 1...2 {
        let traits = try #require(room.lesson.model.huntableTraits).map(Int.init)
        let background = try #require(room.lesson.model.huntBackground)
        let info = try room.startRound()
        var catches: [(StudentID, Int, Int)] = []
        for (student, place) in [(room.students[0], 4 * round), (room.students[0], 11 + round), (room.students[1], 30)]
        {
            let creature = info.creatures[place]
            room.clock.advance(seconds: 0.5)
            #expect(room.send(.catchCreature(creature.id), as: .student(student)).rejection == nil)
            catches.append((student, creature.id, creature.trait))
        }
        room.clock.advance(seconds: 10)
        room.send(.huntEnd(round: info.round), as: .server)
        played.append(PlayedRound(traits: traits, background: background, catches: catches))
    }
    return (room, played)
}

private func mean(_ values: [Double]) -> Double? {
    values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
}

@Suite("What the class did: the hunt's record in the report")
struct HuntRecordTests {
    @Test func eachRoundRecordsTheColoursCaughtAgainstThoseAliveWhoCaughtThemAndHowConspicuousTheyWere() throws {
        // Given a class that hunted two rounds
        let (room, played) = try twoRounds()

        // Then the lesson keeps a record of each, in order
        let records = room.lesson.huntRecords
        #expect(records.map(\.number) == [1, 2])
        #expect(records.map(\.generation) == [0, 1])
        for (record, round) in zip(records, played) {
            // the catches in the order accepted, with who made them and the colour of what they caught
            #expect(record.catches.map(\.student) == round.catches.map(\.student))
            #expect(record.catches.map(\.creature) == round.catches.map(\.creature))
            #expect(record.catches.map(\.trait) == round.catches.map(\.trait))
            // the colours caught against the colours alive, and the background
            #expect(record.background == round.background)
            #expect(record.summary.caughtBins.reduce(0, +) == 3)
            #expect(record.summary.aliveBins.reduce(0, +) == round.traits.count - 3)
            var alive = round.traits
            for c in round.catches { alive.remove(at: try #require(alive.firstIndex(of: c.trait))) }
            let before = Double(round.traits.reduce(0, +)) / Double(round.traits.count)
            let aliveMean = Double(alive.reduce(0, +)) / Double(alive.count)
            #expect(abs(record.meanBefore - before) < 1e-9)
            #expect(abs(try #require(record.differential) - (aliveMean - before)) < 1e-9)
            // and how conspicuous the caught and the alive were: their mean distance from the background
            let caughtDistance = try #require(mean(round.catches.map { abs(Double($0.trait) - round.background) }))
            let aliveDistance = try #require(mean(alive.map { abs(Double($0) - round.background) }))
            #expect(abs(try #require(record.caughtConspicuousness) - caughtDistance) < 1e-9)
            #expect(abs(try #require(record.aliveConspicuousness) - aliveDistance) < 1e-9)
        }

        // And the report gives each student's catches over both rounds and how conspicuous they were
        let report = room.lesson.report()
        for student in room.students {
            let mine = played.flatMap { round in
                round.catches.filter { $0.student == student }.map { abs(Double($0.trait) - round.background) }
            }
            let line = try #require(report.students.first { $0.id == student })
            #expect(line.catches == mine.count)
            #expect(line.conspicuousness.map { abs($0 - (mean(mine) ?? -1)) < 1e-9 } ?? mine.isEmpty)
        }
        #expect(report.students.map(\.catches) == [4, 2, 0])
        // and each round's, per student, in the report's data and in the CSV's last column
        let hunts = try #require(report.data.hunts)
        #expect(hunts.map { $0.students.map(\.catches) } == [[2, 1], [2, 1]])
        #expect(hunts.map { $0.students.map(\.student) } == [Array(room.students[0...1]), Array(room.students[0...1])])
        let rows = report.csv.split(separator: "\r\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false)
        }
        #expect(rows.first?.last == "catches")
        #expect(rows.dropFirst().map { $0.last } == ["4", "2", "0"])
    }

    @Test func aLessonWithoutHuntsHasNoHuntSectionAndNoCatchesColumn() throws {
        let room = try HuntClass(selection: .class)
        let report = room.lesson.report()
        #expect(report.data.hunts == nil)
        #expect(report.data.students.allSatisfy { $0.catches == nil })
        #expect(!report.csv.contains("catches"))
    }

    @Test func theRecordSurvivesARestartFromTheSavedStateAndAReplayOfTheLog() throws {
        // Given a class that hunted two rounds
        var (room, _) = try twoRounds()
        room.lesson.markEveryoneOffline()

        // When the lesson is restored from its durable checkpoint, or rebuilt from its log
        let restored = try Lesson<CamouflageModel>(
            restoring: room.lesson.checkpoint(), teacherToken: room.teacherToken, configuration: room.configuration,
            source: ())
        var rebuilt = try Lesson<CamouflageModel>.rebuild(
            definition: room.start, teacherToken: room.teacherToken, configuration: room.configuration,
            log: room.entries, source: ())
        rebuilt.markEveryoneOffline()

        // Then each has the same records, the same state hash and the same report
        #expect(restored.huntRecords == room.lesson.huntRecords && restored.huntRecords.count == 2)
        #expect(rebuilt.huntRecords == room.lesson.huntRecords)
        #expect(restored.stateHash == room.lesson.stateHash && rebuilt.stateHash == room.lesson.stateHash)
        #expect(restored == room.lesson && rebuilt == room.lesson)
        #expect(restored.report().data == room.lesson.report().data)
    }

    @Test func aFormat9StateMidRoundRestoresWithNoRecords() throws {
        // Given a lesson saved as format 9 wrote it, mid-round before any round had ended: the same bytes but for
        // the records (format 10's last byte before the checksum: none)
        var room = try HuntClass()
        let info = try room.startRound()
        room.send(.catchCreature(info.creatures[3].id), as: .student(room.students[0]))
        room.lesson.markEveryoneOffline()
        let bytes = room.lesson.encodeState()
        var old = Array(bytes.dropLast(8))
        #expect(old.last == 0)
        old.removeLast()
        old[4] = 9
        let sum = StateChecksum.of(old[...])
        old += (0..<8).map { UInt8(truncatingIfNeeded: sum >> (8 * UInt64($0))) }

        // When it is restored, Then it is the same lesson, and saves as format 10
        let restored = try Lesson<CamouflageModel>(
            decodingState: old, teacherToken: room.teacherToken, configuration: room.configuration, source: ())
        #expect(restored == room.lesson)
        #expect(restored.encodeState() == bytes)
    }

    @Test func aRewindToBeforeARoundsStepDropsItsRecordAndRestoringTheCheckpointBringsItBack() throws {
        // Given two rounds (hunted at generations 0 and 1) and the teacher's checkpoint at generation 2
        var (room, _) = try twoRounds()
        room.send(.checkpoint, as: .teacher)
        let both = room.lesson.huntRecords

        // When the teacher rewinds one generation (to generation 1, before the second round's step)
        #expect(room.send(.rewind(count: 1), as: .teacher).rejection == nil)
        // Then the second round's record goes with the step it made, and the first stays
        #expect(room.lesson.huntRecords == [both[0]])
        #expect(try #require(room.lesson.report().data.hunts).map(\.round) == [1])
        // And rewinding to the start drops the first, and the report has no hunt section
        room.send(.rewind(count: 1), as: .teacher)
        #expect(room.lesson.huntRecords.isEmpty)
        #expect(room.lesson.report().data.hunts == nil)
        // And a saved state of the rewound lesson, with the checkpoint's records, restores exactly
        room.lesson.markEveryoneOffline()
        let saved = try Lesson<CamouflageModel>(
            decodingState: room.lesson.encodeState(), teacherToken: room.teacherToken,
            configuration: room.configuration, source: ())
        #expect(saved == room.lesson)

        // When the teacher restores the checkpoint, Then the records come back with the population they shaped
        #expect(room.send(.restore, as: .teacher).rejection == nil)
        #expect(room.lesson.huntRecords == both)
    }

    @Test func theFormulasReplicateStartsFromTheRoundsPopulationAndIsDeterministic() throws {
        // Given a class that hunted two rounds
        let (room, played) = try twoRounds()
        let replicates = room.lesson.huntRecords.map { room.lesson.formulaReplicate(of: $0) }

        // Then the replicate of each round is the same every time it is asked for, and on a lesson rebuilt from
        // the log
        let rebuilt = try Lesson<CamouflageModel>.rebuild(
            definition: room.start, teacherToken: room.teacherToken, configuration: room.configuration,
            log: room.entries, source: ())
        #expect(room.lesson.huntRecords.map { room.lesson.formulaReplicate(of: $0) } == replicates)
        #expect(rebuilt.huntRecords.map { rebuilt.formulaReplicate(of: $0) } == replicates)

        // And the first round's is what a lesson with `selection: formula` from the same start does in its first
        // step: the same deaths, whose colours are the ones its step removed
        var formula = try Lesson<CamouflageModel>(
            parameters: room.lesson.run.start.parameters, seed: HuntClass.seed, teacherToken: room.teacherToken,
            configuration: LessonConfiguration(nameSeed: 5))
        #expect(formula.handle(.step(count: 1), from: .teacher, at: room.clock.now).rejection == nil)
        let after = try #require(formula.model.huntableTraits).map(Int.init)
        let deaths = try #require(formula.model.huntStepDeaths)
        let first = try #require(replicates[0])
        #expect(first.deaths == deaths)
        let before = played[0].traits
        let survivors = Array(after.prefix(before.count - deaths))
        let beforeMean = Double(before.reduce(0, +)) / Double(before.count)
        let survivorMean = Double(survivors.reduce(0, +)) / Double(survivors.count)
        #expect(abs(try #require(first.differential) - (survivorMean - beforeMean)) < 1e-9)
        let deadMean = Double(before.reduce(0, +) - survivors.reduce(0, +)) / Double(deaths)
        #expect(abs(try #require(first.deadMean) - deadMean) < 1e-9)

        // And it differs from the class's: the formula killed another number of moths than the class's three, with
        // another selection differential
        let classRecord = room.lesson.huntRecords[0]
        #expect(first.deaths != classRecord.catches.count)
        #expect(first.differential != classRecord.differential)
        // And the report carries it beside each round
        let hunts = try #require(room.lesson.report().data.hunts)
        #expect(hunts.map(\.formula?.deaths) == replicates.map(\.?.deaths))
    }

    @Test func underSelectionBothTheReportSaysWhatTheFormulaAlsoTookBesideTheClassesCatches() throws {
        // Given a lesson whose selection is `both`, and a round in which the class caught three moths
        var room = try HuntClass(selection: .both)
        let before = try #require(room.lesson.model.huntableTraits).map(Int.init)
        let info = try room.startRound()
        var caught: [Int] = []
        for (student, place) in [(room.students[0], 4), (room.students[0], 12), (room.students[1], 30)] {
            room.clock.advance(seconds: 0.5)
            #expect(room.send(.catchCreature(info.creatures[place].id), as: .student(student)).rejection == nil)
            caught.append(info.creatures[place].trait)
        }
        room.clock.advance(seconds: 10)
        room.send(.huntEnd(round: info.round), as: .server)
        // (the step removed the three and drew the formula's deaths among the others: the survivors come first)
        #expect(room.lesson.model.generation == 1)
        let stepDeaths = try #require(room.lesson.model.huntStepDeaths)
        let after = try #require(room.lesson.model.huntableTraits).map(Int.init)
        let deaths = stepDeaths - caught.count
        let aliveSum = before.reduce(0, +) - caught.reduce(0, +)
        let survivors = Array(after.prefix(before.count - caught.count - deaths))

        // When the teacher asks for the report
        let report = room.lesson.report()
        let round = try #require(report.data.hunts?.first)
        // Then beside the class's three, the round says what the formula also took in that step: its deaths among
        // the moths the class left, their mean colour, and the step's whole selection differential
        let also = try #require(round.formulaAlso)
        #expect(deaths > 0)
        #expect(also.deaths == deaths)
        let deadMean = Double(aliveSum - survivors.reduce(0, +)) / Double(deaths)
        #expect(abs(try #require(also.deadMean) - deadMean) < 1e-9)
        let survivorMean = Double(survivors.reduce(0, +)) / Double(survivors.count)
        let beforeMean = Double(before.reduce(0, +)) / Double(before.count)
        #expect(abs(try #require(also.differential) - (survivorMean - beforeMean)) < 1e-9)
        // And the replicate of `selection: formula` is still beside it, a different step (no catches first)
        #expect(round.formula != nil && round.formula != also)
        // And the printable page says it in words
        #expect(report.html().contains("the formula also took \(deaths) of those the class left"))
        // And a lesson rebuilt from the log says the same
        let rebuilt = try Lesson<CamouflageModel>.rebuild(
            definition: room.start, teacherToken: room.teacherToken, configuration: room.configuration,
            log: room.entries, source: ())
        #expect(rebuilt.report().data.hunts == report.data.hunts)
    }

    @Test func underSelectionClassNoRoundSaysTheFormulaAlsoTookAny() throws {
        let (room, _) = try twoRounds(selection: .class)
        let hunts = try #require(room.lesson.report().data.hunts)
        #expect(hunts.count == 2)
        #expect(hunts.allSatisfy { $0.formulaAlso == nil && $0.formula != nil })
        #expect(!room.lesson.report().html().contains("also took"))
    }
}
