import Foundation
import GRDB
import PetriProtocol
import Testing

@testable import PetriStore

@Suite struct SchemaTests {
    @Test func openingANewDirectoryCreatesItPrivatelyWithTheWholeSchema() throws {
        // Given a data directory that does not exist yet
        let scratch = try TemporaryDirectory()
        let directory = scratch.dataDirectory + "/nested"

        // When the store opens it and is closed again
        let store = try PetriStore.open(directory: directory)
        try store.close()

        // Then the directory and database exist, readable by their owner only, with every table and
        // migration, in WAL mode
        #expect(permissions(of: directory) == 0o700)
        #expect(permissions(of: directory + "/petri.sqlite") == 0o600)
        let database = try DatabaseQueue(path: directory + "/petri.sqlite")
        let tables = try database.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        }
        #expect(
            tables == [
                "action", "answer", "checkpoint", "grdb_migrations", "lesson", "lessonTeacher", "ltiDeepLink",
                "ltiGrade", "ltiLaunchState", "ltiLesson", "ltiNonce", "ltiPlatform", "ltiStudent", "ltiTeacher",
                "ltiToolKey", "makeup", "makeupStudent", "plan", "planShare", "server", "signInLink", "student",
                "teacher", "teacherSession",
            ])
        let migrations = try database.read { db in
            try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
        }
        #expect(migrations == ["v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10"])
        let journalMode = try database.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(journalMode == "wal")
    }

    @Test func theWalFilesAreAsPrivateAsTheDatabase() throws {
        // Given an open store that has written something
        let scratch = try TemporaryDirectory()
        let store = try PetriStore.open(directory: scratch.dataDirectory)
        try Fixture.lesson(store)

        // Then SQLite's side files copy the database's 0600
        #expect(permissions(of: scratch.dataDirectory + "/petri.sqlite-wal") == 0o600)
        #expect(permissions(of: scratch.dataDirectory + "/petri.sqlite-shm") == 0o600)
        try store.close()
    }

    @Test func commitsAreFsyncedByDefault() throws {
        // Given stores opened with each durability
        let scratch = try TemporaryDirectory()
        let full = try PetriStore.open(directory: scratch.path + "/full")
        let normal = try PetriStore.open(directory: scratch.path + "/normal", durability: .processCrash)

        // Then the writer connection runs with synchronous FULL (2) or NORMAL (1)
        #expect(try full.writer.write { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") } == 2)
        #expect(try normal.writer.write { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") } == 1)
        try full.close()
        try normal.close()
    }

    @Test func reopeningADirectoryKeepsEverything() throws {
        // Given a store with a lesson, a student and actions, closed
        let scratch = try TemporaryDirectory()
        var store = try PetriStore.open(directory: scratch.dataDirectory)
        let lesson = try Fixture.lesson(store)
        try Fixture.student(store, .ada)
        try Fixture.logEntries(store, 3)
        try store.close()

        // When it is opened again
        store = try PetriStore.open(directory: scratch.dataDirectory)

        // Then all of it is there and the log continues where it stopped
        #expect(try store.lesson(id: Fixture.lessonId) == lesson)
        #expect(try store.students(lessonId: Fixture.lessonId).map(\.studentId) == [.ada])
        #expect(
            try store.appendLogEntry(lessonId: Fixture.lessonId, generation: 3, kind: "step", payload: "{}", at: 9)
                == 4)
        try store.close()
    }

    @Test func aSecondStoreOnTheSameDirectoryIsRefusedUntilTheFirstCloses() throws {
        // Given an open store
        let scratch = try TemporaryDirectory()
        let first = try PetriStore.open(directory: scratch.dataDirectory)

        // When another opens the same directory, then it is refused with a reason
        let error = #expect(throws: StoreError.self) {
            try PetriStore.open(directory: scratch.dataDirectory, durability: .full, lockWait: .milliseconds(50))
        }
        #expect(error?.code == .directoryInUse)

        // And once the first is closed, it opens
        try first.close()
        try PetriStore.open(directory: scratch.dataDirectory).close()
    }

    @Test func aDatabaseFromANewerSchemaIsRefused() throws {
        // Given a database that records a migration this build does not know
        let scratch = try TemporaryDirectory()
        try PetriStore.open(directory: scratch.dataDirectory).close()
        let database = try DatabaseQueue(path: scratch.dataDirectory + "/petri.sqlite")
        try database.write { db in try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99')") }
        try database.close()

        // When the store opens it, then it refuses rather than run on an unknown schema
        let error = #expect(throws: StoreError.self) { try PetriStore.open(directory: scratch.dataDirectory) }
        #expect(error?.code == .schemaTooNew)
    }

    @Test func aFileThatIsNotADatabaseIsRefusedWithAReason() throws {
        // Given a data directory whose petri.sqlite is not SQLite
        let scratch = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: scratch.dataDirectory, withIntermediateDirectories: true)
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: scratch.dataDirectory + "/petri.sqlite"))

        // When the store opens it, then it says so, naming the file
        let error = #expect(throws: StoreError.self) { try PetriStore.open(directory: scratch.dataDirectory) }
        #expect(error?.code == .cannotOpen)
        #expect(error?.message.contains("petri.sqlite") == true)
    }

    @Test func aPathThatIsAFileIsNotADataDirectory() throws {
        // Given a regular file where the data directory should be
        let scratch = try TemporaryDirectory()
        try #require(FileManager.default.createFile(atPath: scratch.dataDirectory, contents: Data("x".utf8)))

        // When the store opens it, then it says what to do
        let error = #expect(throws: StoreError.self) { try PetriStore.open(directory: scratch.dataDirectory) }
        #expect(error?.code == .directoryUnusable)
        #expect(error?.message.contains("data.directory") == true)
    }

    @Test func aClosedStoreRefusesWork() throws {
        // Given a closed store
        let store = try PetriStore.openInMemory()
        try store.close()

        // When it is used, then it says it is closed; closing again is harmless
        let error = #expect(throws: StoreError.self) { try store.unfinishedLessons() }
        #expect(error?.code == .closed)
        try store.close()
    }
}

@Suite struct SchemaV2Tests {
    /// A log entry as the server writes it: student `student` takes question `question`'s hint.
    static func hintEntry(question: Int, student: Int) -> String {
        #"{"actor":{"student":{"_0":\#(student)}},"command":{"takeHint":{"_0":\#(question)}},"sequence":1,"time":0}"#
    }

    @Test func upgradingMarksTheAnswersOfStudentsWhoseLogShowsTheyTookTheHint() throws {
        // Given a database at v1 where students 1 and 2 answered question 1, 1 and 3 answered
        // question 2, and the log says 1 took question 1's hint and 3 took question 2's
        let scratch = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: scratch.dataDirectory, withIntermediateDirectories: true)
        let database = try DatabaseQueue(path: scratch.dataDirectory + "/petri.sqlite")
        var v1 = DatabaseMigrator()
        v1.registerMigration(SchemaV1.identifier, migrate: SchemaV1.migrate)
        try v1.migrate(database)
        try database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO lesson VALUES ('l', 'K7QF', zeroblob(32), 'camouflage', '{}', '{}', 0, NULL);
                    INSERT INTO student (lessonId, studentId, displayName, resumeTokenHash, joinedAt)
                    VALUES ('l', '1', 'Ada', randomblob(32), 0), ('l', '2', 'Bo', randomblob(32), 0),
                        ('l', '3', 'Cy', randomblob(32), 0);
                    INSERT INTO answer (lessonId, questionId, studentId, prediction, answeredAt, usedHint)
                    VALUES ('l', '1', '1', '{}', 1, 0), ('l', '1', '2', '{}', 1, 0),
                        ('l', '2', '1', '{}', 2, 0), ('l', '2', '3', '{}', 2, 0);
                    """)
            let hints = [(1, Self.hintEntry(question: 1, student: 1)), (2, Self.hintEntry(question: 2, student: 3))]
            for (seq, entry) in hints {
                try db.execute(
                    sql: "INSERT INTO action VALUES ('l', ?, 0, 'takeHint', ?, 0)", arguments: [seq, entry])
            }
        }
        try database.close()

        // When this build opens it
        let store = try PetriStore.open(directory: scratch.dataDirectory)

        // Then exactly those two answers say the hint was used
        let hinted = try [1, 2].flatMap { question in
            try store.answers(lessonId: "l", questionId: QuestionID(question)).filter(\.usedHint).map {
                "\(question)/\($0.studentId.rawValue)"
            }
        }
        #expect(hinted == ["1/1", "2/3"])
        try store.close()
    }
}
