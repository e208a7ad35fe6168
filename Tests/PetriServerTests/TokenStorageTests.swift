import Foundation
import PetriHub
import PetriHubTesting
import PetriLesson
import PetriPeer
import PetriProtocol
import PetriSimulation
import PetriStore
import Testing

@testable import PetriServer

/// The data directory holds lessons' tokens only as digests: a copy of it opens no lesson,
/// while the tokens themselves keep working across restarts. Lessons stored by earlier
/// versions, with raw tokens, still let their teachers and students in.
@Suite struct TokenStorageTests {
    static let moths: JSONValue = .object(["population": .number(60), "reproductiveChance": .number(0.6)])

    @Test(.timeLimit(.minutes(1)), arguments: HubSetup.both)
    func aNewLessonStoresNoRawTokenYetEveryTokenWorksAfterARestart(in setup: HubSetup) async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let data = directory + "/data"
        let checkpointOften: (inout HubConfiguration) -> Void = {
            // Every 2 entries whatever the checkpoint's size (the size rule would wait longer).
            $0.checkpoints = CheckpointPolicy(everyEntries: 2, bytesPerEntry: .max)
        }

        // Given a lesson on SQLite (checkpointing every two entries) that three students join
        let first = try await setup.start(
            storage: try SQLiteLessonStorage(directory: data), configure: checkpointOften)
        let teacher = try await first.connect()
        let (code, teacherToken) = try await teacher.createLesson(.camouflage, Self.moths)
        _ = try await teacher.attach(.teach(code: code, token: teacherToken, lastSeen: nil))
        var students: [(client: ProtocolPeer, welcome: Welcome)] = []
        for name in ["Ada", "Ben", "Cy"] {
            let student = try await first.connect()
            students.append((student, try await student.attach(.join(code: code, name: name))))
        }
        let resumeTokens = try students.map { try #require($0.welcome.you?.token) }
        let ada = students[0].client
        let adaID = try #require(students[0].welcome.you?.student)

        // And Ada answers a question that is then scored
        try teacher.send(.ask(QuestionSpec(metric: "meanTrait", kind: .number(tolerance: 40), horizon: 1)))
        let question = try await ada.expect { if case .question(let q) = $0 { q } else { nil } }
        try ada.send(.answer(question: question.id, prediction: .number(50)))
        _ = try await ada.expect { if case .answerAccepted = $0 { true } else { nil } }
        try teacher.send(.step(count: 1))
        let result = try await ada.expect { if case .result(let r) = $0 { r } else { nil } }
        await first.stop()

        // When every file of the data directory is read as bytes
        let storage = try #require(first.storage as? SQLiteLessonStorage)
        let files = try FileManager.default.contentsOfDirectory(atPath: data).filter { $0.hasPrefix("petri.sqlite") }
        #expect(files.contains("petri.sqlite-wal"))
        let contents = try files.map { try Data(contentsOf: URL(fileURLWithPath: data + "/" + $0)) }
        let stored = try storage.store.unfinishedLessons()
        let lessonId = try #require(stored.first?.id)
        let checkpoint = try #require(try storage.store.recovery(lessonId: lessonId).checkpoint)

        // Then neither the teacher token nor any resume token is in them, only their digests
        for token in [teacherToken] + resumeTokens {
            #expect(!contents.contains { $0.range(of: Data(token.secret.utf8)) != nil })
        }
        #expect(contents.contains { $0.range(of: Data(Self.hex(TokenHash(of: teacherToken.secret)).utf8)) != nil })
        #expect(checkpoint.seq >= 4, "the roster was checkpointed too")
        #expect(stored.first?.teacherTokenHash.matches(teacherToken.secret) == true)

        // And after a restart on the same directory, the tokens themselves still work
        try storage.store.close()
        let second = try await setup.start(
            storage: try SQLiteLessonStorage(directory: data), configure: checkpointOften)
        let returning = try await second.connect()
        let taught = try await returning.attach(.teach(code: code, token: teacherToken, lastSeen: nil))
        #expect(taught.role == .teacher)
        #expect(taught.roster?.map(\.name).sorted() == ["Ada", "Ben", "Cy"])
        let adaAgain = try await second.connect()
        let resumed = try await adaAgain.attach(.resume(code: code, token: resumeTokens[0], lastSeen: nil))
        #expect(resumed.you?.student == adaID)
        #expect(resumed.you?.name == "Ada")
        #expect(resumed.you?.score == result.score)
        #expect(resumed.answers.map(\.question) == [question.id])

        // But the digest a copy of the directory holds is no token for the lesson
        let thief = try await second.connect()
        let digest = try AccessToken(Self.hex(TokenHash(of: teacherToken.secret)))
        try thief.send(.teach(code: code, token: digest, lastSeen: nil))
        #expect(try await thief.expectError().code == .unknownToken)

        await second.stop()
    }

    @Test(.timeLimit(.minutes(1)), arguments: HubSetup.both)
    func aLessonStoredWithRawTokensStillTakesThemAfterAnUpgrade(in setup: HubSetup) async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let data = directory + "/data"

        // Given a lesson as an earlier version stored it: a record without `tokens`, raw tokens
        // in its record and its log's joins (Ada's and Ben's), then eight steps
        let driven = try CheckpointRecoveryTests.Driven()
        let stepped = 11
        let entries = driven.entries.prefix(stepped).map { stored in
            var stored = stored
            if case .join(let name, let token) = stored.entry.command {
                let student = StudentID(stored.entry.sequence)
                stored.facts = [.joined(student, name: name ?? "", token: token)]
                stored.tokens = .raw
            }
            return stored
        }
        let old = try SQLiteLessonStorage(directory: data)
        var settings = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(driven.record)) as? [String: Any])
        #expect(settings.removeValue(forKey: "tokens") != nil)
        _ = try old.store.createLesson(
            id: driven.record.id, joinCode: driven.record.code.text,
            teacherTokenHash: TokenHash(of: driven.record.teacherToken.secret), model: "camouflage",
            definition: String(decoding: try JSONEncoder().encode(driven.record.definition), as: UTF8.self),
            settings: String(decoding: try JSONSerialization.data(withJSONObject: settings), as: UTF8.self),
            createdAt: 1_741_080_000)
        try await old.append(Array(entries), toLesson: driven.record.id)
        try old.store.close()

        // When this version starts on the directory
        let server = try await setup.start(storage: try SQLiteLessonStorage(directory: data))
        #expect(try await server.storage.unfinishedLessons().map(\.tokens) == [.raw])

        // Then the teacher attaches and Ada resumes with the raw tokens they were given
        let teacher = try await server.connect()
        let taught = try await teacher.attach(
            .teach(code: driven.record.code, token: driven.record.teacherToken, lastSeen: nil))
        #expect(taught.position.generation == 8)
        #expect(taught.position.generation == driven.states[stepped].generation)
        let ada = try await server.connect()
        let resumed = try await ada.attach(
            .resume(code: driven.record.code, token: try AccessToken("token-of-Ada-0123456789abc"), lastSeen: nil))
        #expect(resumed.you?.name == "Ada")
        #expect(resumed.you?.student == StudentID(1))

        // And a student who joins it now gets a token that resumes them
        let cy = try await server.connect()
        let joined = try await cy.attach(.join(code: driven.record.code, name: "Cy"))
        let cyToken = try #require(joined.you?.token)
        cy.close()
        let cyAgain = try await server.connect()
        let back = try await cyAgain.attach(.resume(code: driven.record.code, token: cyToken, lastSeen: nil))
        #expect(back.you?.student == joined.you?.student)

        await server.stop()
    }

    /// A digest as a digesting lesson holds it: lowercase hex.
    static func hex(_ hash: TokenHash) -> String {
        hash.bytes.map { byte in
            let digits = String(byte, radix: 16)
            return byte < 16 ? "0" + digits : digits
        }.joined()
    }
}
