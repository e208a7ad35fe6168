import Foundation
import Logging
import PetriAccounts
import PetriHubTesting
import PetriLesson
import PetriPeer
import PetriProtocol
import PetriStorage
import PetriStore
import Testing

@testable import PetriHub
@testable import PetriServer

/// The evidence the privacy promise rests on: after a teacher erases a student and the server restarts,
/// no file in the data directory (the SQLite database, its write-ahead log, the server's log) holds a
/// byte of the student's name or reasons, and the lesson's simulation is where it was.
@Suite struct ErasureEvidenceTests {
    static let moths: JSONValue = .object(["population": .number(60), "reproductiveChance": .number(0.6)])
    static let name = "Zebedee Quockerwodger"
    static let reason = "Zebedee's secret reasoning"

    /// Every file under `directory` whose bytes contain `text`.
    static func files(under directory: String, containing text: String) throws -> [String] {
        let needle = Data(text.utf8)
        let enumerator = FileManager.default.enumerator(atPath: directory)
        var found: [String] = []
        while let relative = enumerator?.nextObject() as? String {
            let path = directory + "/" + relative
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue
            else { continue }
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            if bytes.range(of: needle) != nil { found.append(relative) }
        }
        return found
    }

    /// A logger writing the server's JSON lines, every level, to `path` (as `petri serve 2> path` would).
    static func fileLogger(_ path: String) throws -> Logger {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        return Logger(label: "petri.hub") { label in
            JSONLogHandler(label: label, level: .trace) { handle.write(Data(($0 + "\n").utf8)) }
        }
    }

    /// A data directory in `directory` whose server log is a file in it too (so the evidence covers the log).
    static func dataDirectory(in directory: String) throws -> (data: String, logger: Logger) {
        let data = directory + "/data"
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        return (data, try fileLogger(data + "/petri.log"))
    }

    /// Checkpoints every few entries, so that older ones (holding the name) are stored and deleted before.
    static let frequentCheckpoints: @Sendable (inout HubConfiguration) -> Void = {
        $0.checkpoints = CheckpointPolicy(everyEntries: 2, everyGenerations: 1, keep: 2, bytesPerEntry: 1)
    }

    @Test(.timeLimit(.minutes(1)))
    func afterAnErasureAndARestartNoFileInTheDataDirectoryHoldsTheStudentsName() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (data, logger) = try Self.dataDirectory(in: directory)
        let checkpoints = Self.frequentCheckpoints

        // Given a lesson on SQLite where Zebedee and Ben joined, answered with reasons, and it stepped on
        let first = try await HubSetup.inProcess.start(
            storage: try SQLiteLessonStorage(directory: data), logger: logger, configure: checkpoints)
        let teacher = try await first.connect()
        let (code, token) = try await teacher.createLesson(.camouflage, Self.moths)
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        let zebedee = try await first.connect()
        let welcome = try await zebedee.attach(.join(code: code, name: Self.name))
        let zebedeeID = try #require(welcome.you?.student)
        let ben = try await first.connect()
        _ = try await ben.attach(.join(code: code, name: "Ben"))
        try teacher.send(.ask(QuestionSpec(metric: "meanTrait", kind: .number(tolerance: 40), horizon: 1)))
        for (student, guess, reason) in [(zebedee, 50.0, Self.reason), (ben, 20.0, "more food")] {
            let question = try await student.expect { if case .question(let q) = $0 { q } else { nil } }
            try student.send(.answer(question: question.id, prediction: .number(guess), reason: reason))
            _ = try await student.expect { if case .answerAccepted = $0 { true } else { nil } }
        }
        for generation in 1...4 {
            try teacher.send(.step(count: 1))
            try await teacher.waitForGeneration(generation)
        }
        #expect(try !Self.files(under: data, containing: Self.name).isEmpty, "the name was stored to begin with")

        // When the teacher erases Zebedee, exports the lesson (its state hash), and the server restarts
        try teacher.send(.eraseStudent(student: zebedeeID))
        _ = try await teacher.expect { if case .studentErased(zebedeeID) = $0 { true } else { nil } }
        // (already then, while the server runs, the database and its write-ahead log hold no byte of the name)
        #expect(try Self.files(under: data, containing: "Zebedee") == [])
        try teacher.send(.export)
        let before = try await teacher.expect { if case .definition(let d) = $0 { d } else { nil } }
        await first.stop()
        try #require(first.storage as? SQLiteLessonStorage).store.close()
        let second = try await HubSetup.inProcess.start(
            storage: try SQLiteLessonStorage(directory: data), logger: logger, configure: checkpoints)
        let again = try await second.connect()
        let rewelcome = try await again.attach(.teach(code: code, token: token, lastSeen: nil))
        try again.send(.export)
        let after = try await again.expect { if case .definition(let d) = $0 { d } else { nil } }
        try again.send(.report)
        let report = try await again.expect { if case .report(let csv, let html, _) = $0 { csv + html } else { nil } }
        await second.stop()
        try #require(second.storage as? SQLiteLessonStorage).store.close()

        // Then the restored lesson is the same simulation, without Zebedee
        #expect(before.stateHash != nil)
        #expect(after.stateHash == before.stateHash)
        #expect(after.generation == before.generation)
        #expect(rewelcome.roster?.map(\.name) == ["Ben"])
        #expect(!report.contains("Zebedee") && report.contains("Ben"))
        // And no file in the data directory holds a byte of the name or the reason: not the database,
        // not its write-ahead log, not the server's log
        let listed = try FileManager.default.contentsOfDirectory(atPath: data)
        #expect(listed.contains("petri.sqlite") && listed.contains("petri.log"))
        #expect(try Self.files(under: data, containing: "Zebedee") == [])
        #expect(try Self.files(under: data, containing: "secret reasoning") == [])
        #expect(try !Self.files(under: data, containing: "Ben").isEmpty)
    }

    @Test func aLessonErasedAtTheEndOfItsRetentionLeavesNoByteOfItsStudentsInTheDataDirectory() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let data = directory + "/data"

        // Given an ended lesson on SQLite that Zebedee joined and answered in, kept 60 s
        let clock = ManualClock()
        let first = try await HubSetup.inProcess.start(
            storage: try SQLiteLessonStorage(directory: data), clock: clock,
            configure: { $0.endedLessonRetentionSeconds = 60 })
        let teacher = try await first.connect()
        let (code, token) = try await teacher.createLesson(.camouflage, Self.moths)
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        let zebedee = try await first.connect()
        _ = try await zebedee.attach(.join(code: code, name: Self.name))
        try teacher.send(.ask(QuestionSpec(metric: "meanTrait", kind: .number(tolerance: 40), horizon: 1)))
        let question = try await zebedee.expect { if case .question(let q) = $0 { q } else { nil } }
        try zebedee.send(.answer(question: question.id, prediction: .number(50), reason: Self.reason))
        _ = try await zebedee.expect { if case .answerAccepted = $0 { true } else { nil } }
        try teacher.send(.end)
        _ = try await teacher.expect { if case .lessonEnded = $0 { true } else { nil } }
        #expect(try !Self.files(under: data, containing: "Zebedee").isEmpty)

        // When its retention runs out and the hub sweeps
        clock.advance(by: 61)
        let erased = await first.hub.eraseExpiredLessons()

        // Then the lesson is erased, and no file in the data directory holds the name or the reason
        #expect(erased.count == 1)
        #expect(try Self.files(under: data, containing: "Zebedee") == [])
        #expect(try Self.files(under: data, containing: "secret reasoning") == [])
        await first.stop()
        try #require(first.storage as? SQLiteLessonStorage).store.close()
    }

    @Test(.timeLimit(.minutes(1)))
    func aLessonTheAdministratorErasesLeavesNoByteOfItsStudentsInTheDataDirectoryAfterARestart() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (data, logger) = try Self.dataDirectory(in: directory)
        let checkpoints = Self.frequentCheckpoints
        func start() async throws -> any HubTestServer {
            let storage = try SQLiteLessonStorage(directory: data)
            let accounts = TeacherAccounts(
                storage: storage, now: { Timestamp(millisecondsSince1970: 1_767_000_000_000) },
                audit: AccountAudit(now: { Timestamp(millisecondsSince1970: 1_767_000_000_000) }, write: { _ in }),
                hashing: PasswordHash.Parameters(logN: 4, r: 8, p: 1))
            return try await HubSetup.inProcess.start(
                storage: storage, logger: logger, accounts: accounts, configure: checkpoints)
        }

        // Given a running lesson on SQLite that Zebedee joined and answered in with a reason, and another with Ben
        let first = try await start()
        let teacher = try await first.connect()
        let (code, token) = try await teacher.createLesson(.camouflage, Self.moths)
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        let zebedee = try await first.connect()
        _ = try await zebedee.attach(.join(code: code, name: Self.name))
        try teacher.send(.ask(QuestionSpec(metric: "meanTrait", kind: .number(tolerance: 40), horizon: 1)))
        let question = try await zebedee.expect { if case .question(let q) = $0 { q } else { nil } }
        try zebedee.send(.answer(question: question.id, prediction: .number(50), reason: Self.reason))
        _ = try await zebedee.expect { if case .answerAccepted = $0 { true } else { nil } }
        for generation in 1...3 {
            try teacher.send(.step(count: 1))
            try await teacher.waitForGeneration(generation)
        }
        let other = try await first.connect()
        let (otherCode, otherToken) = try await other.createLesson(.camouflage, Self.moths)
        _ = try await other.attach(.teach(code: otherCode, token: otherToken, lastSeen: nil))
        let ben = try await first.connect()
        _ = try await ben.attach(.join(code: otherCode, name: "Ben"))
        #expect(try !Self.files(under: data, containing: Self.name).isEmpty, "the name was stored to begin with")

        // When the administrator erases the lesson from the protocol (the /admin page's request)
        let admin = try await first.connect()
        try admin.send(.account(session: InProcessHub.teacherKey, request: .eraseLesson(code: code)))
        let lessons = try await admin.expect { if case .myLessons(let l) = $0 { l } else { nil } }

        // Then its people are told why and closed (4002, so they do not come back), the list has only the other
        let told = try await zebedee.expect { if case .error(let e) = $0 { e } else { nil } }
        #expect(told.code == .lessonEnded && told.message.contains("erased"))
        while try await teacher.next() != nil {}
        #expect(teacher.closed?.code.rawValue == LessonCloseCode.lessonEnded.rawValue)
        #expect(lessons.map(\.code) == [otherCode])
        // And the code is unknown from now on
        let again = try await first.connect()
        try again.send(.join(code: code, name: "Late"))
        let refused = try await again.expect { if case .error(let e) = $0 { e } else { nil } }
        #expect(refused.code == .unknownLesson)
        await first.stop()
        try #require(first.storage as? SQLiteLessonStorage).store.close()

        // And after a restart nothing of it comes back, and no file holds a byte of the name or the reason
        let second = try await start()
        let late = try await second.connect()
        try late.send(.teach(code: code, token: token, lastSeen: nil))
        let gone = try await late.expect { if case .error(let e) = $0 { e } else { nil } }
        #expect(gone.code == .unknownLesson)
        await second.stop()
        try #require(second.storage as? SQLiteLessonStorage).store.close()
        #expect(try Self.files(under: data, containing: "Zebedee") == [])
        #expect(try Self.files(under: data, containing: "secret reasoning") == [])
        #expect(try !Self.files(under: data, containing: "Ben").isEmpty)
    }

    @Test func aCodeNoLessonHasIsRefusedWithASentenceAndATeachersSessionMayNotErase() async throws {
        // Given a hub with accounts, a running lesson, and Ada signed in
        let storage = InMemoryLessonStorage()
        let teachers = InMemoryTeacherAccounts()
        let accounts = TeacherAccounts(
            storage: teachers, now: { Timestamp(millisecondsSince1970: 1_767_000_000_000) },
            audit: AccountAudit(now: { Timestamp(millisecondsSince1970: 1_767_000_000_000) }, write: { _ in }),
            hashing: PasswordHash.Parameters(logN: 4, r: 8, p: 1))
        let (_, link) = try await accounts.add(name: "Ada", email: nil, by: "admin", from: "local")
        let ada = try await accounts.choosePassword(link: link, password: "violet kettle harbour", from: "local").get()
        let server = try await HubSetup.inProcess.start(storage: storage, accounts: accounts)
        let teacher = try await server.connect()
        let (code, _) = try await teacher.createLesson(.camouflage, Self.moths)
        let admin = try await server.connect()

        // When the administrator names a code no lesson has, and Ada (a teacher) names the running one
        try admin.send(.account(session: InProcessHub.teacherKey, request: .eraseLesson(code: try JoinCode("ZZZZ99"))))
        let unknown = try await admin.expect { if case .error(let e) = $0 { e } else { nil } }
        let asAda = try await server.connect()
        try asAda.send(.account(session: ada.token, request: .eraseLesson(code: code)))
        let refused = try await asAda.expect { if case .error(let e) = $0 { e } else { nil } }

        // Then each is refused with a sentence, and the lesson is still there
        #expect(unknown.code == .unknownLesson && unknown.message.contains("ZZZZ99"))
        #expect(refused.code == .notAuthorised)
        #expect(await storage.unfinishedLessons().map(\.code) == [code])
        await server.stop()
    }
}
