import Foundation
import PetriHub
import PetriHubTesting
import PetriLesson
import PetriPeer
import PetriPostgresTesting
import PetriProtocol
import PetriStorage
import PetriStore
import PetriStorePostgres
import PetriWebSocket
import Testing

@testable import PetriServer

/// `petri store copy`: lessons move from a SQLite data directory into PostgreSQL whole.
@Suite struct StoreCopyTests {
    @Test(.timeLimit(.minutes(2))) func aLessonCopiedFromSQLiteContinuesOnPostgreSQLWithItsStateAndResults()
        async throws
    {
        // Given a lesson on SQLite with two students who answered a resolved question
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let sqlite = try SQLiteLessonStorage(directory: directory)
        let server = try await TestServer.start(storage: sqlite)
        let client = try await WebSocketClient.start()
        let teacher = try await TestClient(client, url: server.url)
        let (code, token) = try await teacher.createLesson(.camouflage, LessonEndToEndTests.moths, seed: 9)
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        var students: [(TestClient, AccessToken)] = []
        for name in ["Ada", "Grace"] {
            let student = try await TestClient(client, url: server.url)
            let welcome = try await student.attach(.join(code: code, name: name))
            students.append((student, try #require(welcome.you?.token)))
        }
        try teacher.send(.ask(QuestionSpec(metric: "meanTrait", kind: .number(tolerance: 20), horizon: 2)))
        for (index, (student, _)) in students.enumerated() {
            let question = try await student.expect("question") { if case .question(let q) = $0 { q } else { nil } }
            try student.send(
                .answer(
                    question: question.id, prediction: .number(Double(40 + 10 * index)),
                    reason: index == 0 ? "soot darkens the bark" : nil))
            _ = try await student.expect("answerAccepted") { if case .answerAccepted = $0 { true } else { nil } }
        }
        try teacher.send(.step(count: 2))
        let result = try await students[0].0.expect("result") { if case .result(let r) = $0 { r } else { nil } }
        try teacher.send(.export)
        let before = try await teacher.expect("definition") { if case .definition(let d) = $0 { d } else { nil } }
        try teacher.send(.exportResults)
        let csv = try await teacher.expect("results") { if case .results(let csv) = $0 { csv } else { nil } }
        await server.stop()
        try sqlite.store.close()

        // When its data directory is copied into PostgreSQL (twice: the second copies nothing)
        let url = try await PrivatePostgres.shared().createDatabase()
        let copier = try await PostgresLessonStorage.connect(
            url: url, node: ClusterNode(id: "copier", advertisedURL: "ws://127.0.0.1:1/"))
        let source = try PetriStore.open(directory: directory)
        let lessons = try source.unfinishedLessons()
        #expect(lessons.count == 1)
        for lesson in lessons {
            let copy = try LessonCopy(of: lesson, from: source)
            #expect(copy.answers.map(\.reason).sorted { ($0 ?? "") < ($1 ?? "") } == [nil, "soot darkens the bark"])
            #expect(try await copier.importLesson(copy))
            #expect(try await copier.importLesson(try LessonCopy(of: lesson, from: source)) == false)
        }
        try source.close()
        copier.close()

        // Then a node on PostgreSQL serves it: same generation and state, same results, Ada's score kept
        let postgres = try await PostgresLessonStorage.connect(
            url: url, node: ClusterNode(id: "node-1", advertisedURL: "ws://127.0.0.1:1/"))
        let restarted = try await TestServer.start(storage: postgres, ownership: postgres)
        let teacherBack = try await TestClient(client, url: restarted.url)
        _ = try await teacherBack.attach(.teach(code: code, token: token, lastSeen: nil))
        try teacherBack.send(.export)
        let after = try await teacherBack.expect("definition") { if case .definition(let d) = $0 { d } else { nil } }
        #expect(after.generation == before.generation)
        #expect(after.stateHash == before.stateHash)
        try teacherBack.send(.exportResults)
        #expect(try await teacherBack.expect("results") { if case .results(let c) = $0 { c } else { nil } } == csv)
        let ada = try await TestClient(client, url: restarted.url)
        let adaBack = try await ada.attach(.resume(code: code, token: students[0].1, lastSeen: nil))
        #expect(adaBack.you?.score == result.score)

        await client.shutdown()
        await restarted.stop()
        postgres.close()
    }

    @Test func plansAndTheirLinksCopiedFromSQLiteAreThereOnPostgreSQLWithTheirOwnersOnce() async throws {
        // Given a SQLite data directory with a teacher, a plan of hers and one of the server's
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let sqlite = try SQLiteLessonStorage(directory: directory)
        let time = Timestamp(millisecondsSince1970: 1_800_000_000_000)
        try await sqlite.addTeacher(TeacherRecord(id: "t-ada", name: "Ada", email: nil, createdAt: time))
        let plans = [
            PlanRecord(name: "moths", ownerId: nil, text: "title: Server's\n", savedAt: time),
            PlanRecord(name: "moths", ownerId: "t-ada", text: "title: Ada's\n", savedAt: time),
        ]
        for plan in plans { #expect(try await sqlite.savePlan(plan, replace: false)) }
        let share = PlanShare(token: "Qx7v2LmN0pR4sT6uW8yZ1a", name: "moths", ownerId: "t-ada", sharedAt: time)
        #expect(try await sqlite.sharePlan(share) == share)
        try sqlite.store.close()

        // When `petri store copy` moves the accounts, then the plans, into PostgreSQL, twice
        let url = try await PrivatePostgres.shared().createDatabase()
        let postgres = try await PostgresLessonStorage.connect(
            url: url, node: ClusterNode(id: "copier", advertisedURL: "ws://127.0.0.1:1/"))
        defer { postgres.close() }
        let source = try PetriStore.open(directory: directory)
        defer { try? source.close() }
        _ = try await postgres.importAccounts(try source.accountsCopy())
        let first = try await postgres.importPlans(try source.plansCopy())
        let second = try await postgres.importPlans(try source.plansCopy())
        let firstShares = try await postgres.importPlanShares(try source.planSharesCopy())
        let secondShares = try await postgres.importPlanShares(try source.planSharesCopy())

        // Then both plans are there once, each with its owner and text
        #expect(first == 2)
        #expect(second == 0)
        #expect(try await postgres.plans(ownedBy: nil) == [plans[0]])
        #expect(try await postgres.plans(ownedBy: "t-ada") == [plans[1]])
        // And Ada's link opens her plan there, copied once
        #expect(firstShares == 1)
        #expect(secondShares == 0)
        #expect(try await postgres.sharedPlan(token: share.token)?.plan == plans[1])
        #expect(try await postgres.planShares(ownedBy: "t-ada") == [share])
    }

    @Test func theLTITablesCopiedFromSQLiteAreThereOnPostgreSQLOnceWithTheGradesQueue() async throws {
        // Given a SQLite data directory with a lesson an LMS activity opened, its learner and a grade pending
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let sqlite = try SQLiteLessonStorage(directory: directory)
        let time = Timestamp(millisecondsSince1970: 1_800_000_000_000)
        try await sqlite.createLesson(
            LessonRecord(
                id: "lesson-lti", code: try JoinCode("K7QX2M"),
                teacherToken: try AccessToken(TokenHash(of: "teacher-token-0123456789").hex), tokens: .digest,
                definition: LessonDefinition(model: .camouflage, seed: 42, parameters: .object([:])),
                configuration: LessonConfiguration(nameSeed: 5), createdAt: time))
        try await sqlite.addTeacher(TeacherRecord(id: "t-ada", name: "Ada", email: nil, createdAt: time))
        let platform = LTIPlatformRecord(
            id: "p1", issuer: "https://lms.example", clientId: "c1", authURL: "https://lms.example/auth",
            tokenURL: "https://lms.example/token", jwksURL: "https://lms.example/jwks", deploymentIds: ["d1"],
            createdAt: time)
        try await sqlite.addPlatform(platform)
        let key = try await sqlite.keepToolKey(
            LTIToolKeyRecord(kid: "k1", privateKeyPEM: "pem", secret: Array(repeating: 3, count: 32), createdAt: time))
        try await sqlite.linkTeacher(platformId: "p1", userId: "u-ada", teacherId: "t-ada")
        try await sqlite.linkLesson(
            LTILessonLink(
                platformId: "p1", deploymentId: "d1", resourceLinkId: "r1", lessonId: "lesson-lti", code: "K7QX2M",
                createdAt: time))
        try await sqlite.setGradeService(
            platformId: "p1", deploymentId: "d1", resourceLinkId: "r1", lineItemsURL: "https://lms.example/items",
            lineItemURL: "https://lms.example/items/2")
        let learner = LTIStudentLink(lessonId: "lesson-lti", platformId: "p1", userId: "u-bo", createdAt: time)
        try await sqlite.linkStudent(learner)
        let grade = LTIGradeRecord(
            lessonId: "lesson-lti", platformId: "p1", userId: "u-bo", scoreGiven: 640, scoreMaximum: 1000,
            comment: "Rank 1 of 1 in the lesson.", scoredAt: time)
        _ = try await sqlite.queueGrades([grade])
        try await sqlite.gradeFailed(grade, reason: "HTTP 503", next: time.adding(seconds: 10))
        try sqlite.store.close()

        // When `petri store copy` moves the lessons, the accounts and the LTI tables into PostgreSQL, twice
        let url = try await PrivatePostgres.shared().createDatabase()
        let postgres = try await PostgresLessonStorage.connect(
            url: url, node: ClusterNode(id: "copier", advertisedURL: "ws://127.0.0.1:1/"))
        defer { postgres.close() }
        let source = try PetriStore.open(directory: directory)
        defer { try? source.close() }
        for lesson in try source.unfinishedLessons() {
            _ = try await postgres.importLesson(try LessonCopy(of: lesson, from: source))
        }
        _ = try await postgres.importAccounts(try source.accountsCopy())
        let first = try await postgres.importLTI(try source.ltiCopy())
        let second = try await postgres.importLTI(try source.ltiCopy())

        // Then every LTI row is there once: the platform, the key, the links, the learner and the grade pending
        #expect(first == 1 && second == 0)
        #expect(try await postgres.platforms() == [platform])
        #expect(try await postgres.toolKey() == key)
        #expect(try await postgres.ltiTeacher(platformId: "p1", userId: "u-ada") == "t-ada")
        let link = try await postgres.ltiLesson(forLesson: "lesson-lti")
        #expect(link?.resourceLinkId == "r1" && link?.lineItemURL == "https://lms.example/items/2")
        #expect(try await postgres.ltiStudents(ofLesson: "lesson-lti") == [learner])
        let copied = try await postgres.grades(ofLesson: "lesson-lti")
        #expect(copied.count == 1)
        #expect(copied.first?.state == .pending && copied.first?.attempts == 1 && copied.first?.lastError == "HTTP 503")
        #expect(copied.first?.nextAttemptAt == time.adding(seconds: 10) && copied.first?.sameScore(as: grade) == true)
    }
}

extension StoreCopyTests {
    @Test func makeupsCopiedFromSQLiteAreThereOnPostgreSQLWithTheirStudentsOnce() async throws {
        // Given a SQLite data directory with a lesson, its make-up and a make-up student
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let sqlite = try SQLiteLessonStorage(directory: directory)
        let lesson = LessonRecord(
            id: "lesson-1", code: try JoinCode("K7QX2M"), teacherToken: try AccessToken("abcdefghijklmnopqrstuv"),
            definition: LessonDefinition(model: .camouflage, seed: 1, parameters: .object([:])),
            configuration: LessonConfiguration(), createdAt: Timestamp(millisecondsSince1970: 1_800_000_000_000))
        try await sqlite.createLesson(lesson)
        let makeup = MakeupRecord(
            lessonId: lesson.id, lessonCode: lesson.code, code: try JoinCode("R4TW9C"),
            openedAt: Timestamp(millisecondsSince1970: 1_800_000_000_000), until: nil, closed: false)
        try await sqlite.saveMakeup(makeup)
        let ben = MakeupStudentRecord(
            lessonId: lesson.id, student: 1_000_001, name: "Ben", tokenHash: TokenHash(of: "abcdefghijklmnopqrstuv"),
            joinedAt: makeup.openedAt, pace: "own", play: #"{"stop":2}"#)
        try await sqlite.saveMakeupStudent(ben)
        try sqlite.store.close()

        // When `petri store copy` moves the lessons, then the make-ups, into PostgreSQL, twice
        let url = try await PrivatePostgres.shared().createDatabase()
        let postgres = try await PostgresLessonStorage.connect(
            url: url, node: ClusterNode(id: "copier", advertisedURL: "ws://127.0.0.1:1/"))
        defer { postgres.close() }
        let source = try PetriStore.open(directory: directory)
        defer { try? source.close() }
        for record in try source.unfinishedLessons() {
            _ = try await postgres.importLesson(try LessonCopy(of: record, from: source))
        }
        let first = try await postgres.importMakeups(try source.makeupsCopy())
        let second = try await postgres.importMakeups(try source.makeupsCopy())

        // Then the make-up and its student are there once
        #expect(first == 1 && second == 0)
        #expect(try await postgres.makeup(code: makeup.code) == makeup)
        #expect(try await postgres.makeupStudents(ofLesson: lesson.id) == [ben])
    }
}
