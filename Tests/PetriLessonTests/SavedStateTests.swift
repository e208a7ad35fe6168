import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriLesson

@Suite("Saved lessons: a whole lesson as bytes, and rebuilding from a checkpoint plus the log after it")
struct SavedStateTests {
    @Test(arguments: ModelKind.allCases) func aRichLessonRestoresExactly(model: ModelKind) throws {
        switch model {
        case .camouflage: try restoresExactly(.camouflage)
        case .islands: try restoresExactly(.islands)
        case .life: try restoresExactly(.life)
        case .resistance: try restoresExactly(.resistance)
        case .beaks: try restoresExactly(.beaks)
        case .mice: try restoresExactly(.mice)
        default: Issue.record("\(model) is not a shipped model")
        }
    }

    @Test(arguments: ModelKind.allCases)
    func aCheckpointAtAnyEntryPlusTheEntriesAfterItRebuildsWhatTheWholeLogDoes(model: ModelKind) throws {
        switch model {
        case .camouflage: try checkpointPlusTailEqualsFullReplay(.camouflage)
        case .islands: try checkpointPlusTailEqualsFullReplay(.islands)
        case .life: try checkpointPlusTailEqualsFullReplay(.life)
        case .resistance: try checkpointPlusTailEqualsFullReplay(.resistance)
        case .beaks: try checkpointPlusTailEqualsFullReplay(.beaks)
        case .mice: try checkpointPlusTailEqualsFullReplay(.mice)
        default: Issue.record("\(model) is not a shipped model")
        }
    }

    @Test func aStateOfAnotherFormatVersionIsRefusedSayingSo() throws {
        // Given a saved lesson whose format version byte says 11
        let scripted = try ScriptedLesson(.camouflage)
        var bytes = scripted.lesson.encodeState()
        bytes[4] = 11

        // When it is restored, Then it is refused, naming both versions
        #expect(
            throws: ProtocolError(
                .invalidDefinition, "The saved lesson has format version 11; this build reads version 10.")
        ) {
            try Lesson<CamouflageModel>(
                decodingState: bytes, teacherToken: scripted.teacherToken, configuration: scripted.configuration,
                source: ())
        }
    }

    @Test func damagedTruncatedOrForeignBytesAreRefused() throws {
        // Given a saved lesson, and copies with a flipped bit, a missing tail and trailing garbage
        let scripted = try ScriptedLesson(.camouflage)
        let bytes = scripted.lesson.encodeState()
        var flipped = bytes
        flipped[bytes.count / 2] ^= 0x10
        let corrupt: [[UInt8]] = [
            flipped, Array(bytes.dropLast(3)), bytes + [0], [], Array("PLSN".utf8), Array(bytes.prefix(20)),
        ]

        // Then none of them restores
        for damaged in corrupt {
            #expect(throws: ProtocolError.self) {
                try Lesson<CamouflageModel>(
                    decodingState: damaged, teacherToken: scripted.teacherToken, configuration: scripted.configuration,
                    source: ())
            }
        }
        // And a camouflage lesson does not restore as a Life lesson
        #expect(throws: ProtocolError.self) {
            try Lesson<LifeModel>(
                decodingState: bytes, teacherToken: scripted.teacherToken, configuration: scripted.configuration,
                source: ())
        }
    }

    @Test func aCheckpointThatRestoresToAnotherStateThanItRecordsIsRefused() throws {
        // Given a checkpoint whose recorded hash, generation or entry does not match its state
        let scripted = try ScriptedLesson(.islands)
        let checkpoint = scripted.lesson.checkpoint()
        var wrongHash = checkpoint
        wrongHash.stateHash ^= 1
        var wrongGeneration = checkpoint
        wrongGeneration.generation += 1
        var wrongEntry = checkpoint
        wrongEntry.sequence -= 1

        // Then restoring any of them is refused, and the true one restores
        for wrong in [wrongHash, wrongGeneration, wrongEntry] {
            #expect(throws: ProtocolError.self) {
                try Lesson<IslandsModel>.rebuild(
                    checkpoint: wrong, teacherToken: scripted.teacherToken, configuration: scripted.configuration,
                    log: [], source: ())
            }
        }
        let restored = try Lesson<IslandsModel>(
            restoring: checkpoint, teacherToken: scripted.teacherToken, configuration: scripted.configuration,
            source: ())
        #expect(restored == scripted.lesson)
    }

    @Test func aMillionCellLifeBoardIsSavedAsBitsNotText() throws {
        // Given a 1024×1024 Life lesson stepped past several in-memory rewind checkpoints
        let configuration = LessonConfiguration(checkpointInterval: 4, maxCheckpoints: 4)
        var lesson = try Lesson<LifeModel>(
            parameters: .init(width: 1024, height: 1024, density: 0.3), seed: 3,
            teacherToken: try Classroom.token("teacher"), configuration: configuration)
        let now = ManualClock().now
        _ = lesson.handle(.step(count: 10), from: .teacher, at: now)

        // When it is saved
        let bytes = lesson.encodeState()

        // Then each distinct board costs its 128 KiB of bits and little more: the current board
        // and the rewind checkpoints at generations 0, 4 and 8
        let board = 1024 * 1024 / 8
        #expect(bytes.count > 4 * board)
        #expect(bytes.count < 4 * board + 4096)
        let restored = try Lesson<LifeModel>(
            decodingState: bytes, teacherToken: try Classroom.token("teacher"), configuration: configuration, source: ()
        )
        #expect(restored == lesson)
    }

    private func restoresExactly<Model>(_ script: LessonScript<Model>) throws {
        // Given a lesson that went through everything a lesson can hold
        let scripted = try ScriptedLesson(script)
        let original = scripted.lesson
        #expect(original.autoRunRate != nil)
        #expect(original.questionInfos.map(\.state) == [.resolved, .resolved, .resolved, .open])
        #expect(original.rosterEntries.map(\.kicked) == [false, true, false])
        #expect(original.rosterEntries.map(\.online) == [true, false, false])
        #expect(original.position.timeline == 2)

        // When it is saved and restored
        let bytes = original.encodeState()
        let restored = try Lesson<Model>(
            decodingState: bytes, teacherToken: scripted.teacherToken, configuration: scripted.configuration, source: ()
        )

        // Then it is the same lesson, down to its random generators, and saves to the same bytes
        #expect(restored == original)
        #expect(restored.stateHash == original.stateHash)
        #expect(restored.encodeState() == bytes)

        // And both go on identically
        var (a, b) = (original, restored)
        let now = scripted.clock.now.adding(seconds: 1)
        for command in [LessonCommand.tick, .tick, .rewind(count: 2), .restore, .step(count: 3)] {
            let actor: Participant = command == .tick ? .server : .teacher
            #expect(a.handle(command, from: actor, at: now) == b.handle(command, from: actor, at: now))
        }
        #expect(a == b)
    }

    private func checkpointPlusTailEqualsFullReplay<Model>(_ script: LessonScript<Model>) throws {
        // Given the scripted lesson's persisted log, and the whole log replayed from its definition
        let scripted = try ScriptedLesson(script)
        let full = try Lesson<Model>.rebuild(
            definition: scripted.definition, teacherToken: scripted.teacherToken,
            configuration: scripted.configuration, log: scripted.entries, source: ())
        #expect(full.stateHash == scripted.lesson.stateHash)
        #expect(full.generation == scripted.lesson.generation)

        // When it is rebuilt from a checkpoint taken after each entry, replaying only the entries after it
        for (sequence, state) in scripted.states.enumerated() {
            let checkpoint = state.checkpoint()
            #expect(checkpoint.sequence == sequence)
            let rebuilt = try Lesson<Model>.rebuild(
                checkpoint: checkpoint, teacherToken: scripted.teacherToken, configuration: scripted.configuration,
                log: Array(scripted.entries.dropFirst(sequence)), source: ())

            // Then it is the same lesson as the full replay
            #expect(rebuilt == full, "rebuilt from the checkpoint after entry \(sequence)")
        }
    }
}
