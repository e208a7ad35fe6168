import Foundation
import PetriProtocol
import PetriSimulation
import PetriWords
import Testing

@testable import PetriTerminal

/// The terminal's make-up student (PROTOCOL.md 5.9): how it gets in, what it does with the make-up's messages, its
/// keys and typed lines, and how it is refused.
@Suite struct MakeupClientTests {
    let code = Fixtures.code
    let token = Fixtures.token

    func at(_ seconds: Double) -> Moment {
        Moment(
            monotonic: .milliseconds(Int(seconds * 1000)),
            wall: Fixtures.now.adding(milliseconds: Int64(seconds * 1000)))
    }

    /// A make-up student's welcome: the lesson as it began, no questions, an empty leaderboard.
    static func welcome(token: AccessToken?, model: CamouflageModel) -> ServerMessage {
        .welcome(
            Welcome(
                role: .student,
                you: StudentProfile(student: StudentID(1_000_001), name: "Ada", token: token, score: 0, streak: 0),
                model: .camouflage, metrics: CamouflageModel.metrics,
                parameters: (try? JSONValue(encoding: model.parameters)) ?? .null,
                position: TimelinePosition(timeline: 0, generation: 0), running: nil, runOver: nil, ended: false,
                options: LessonOptions(), questions: [], answers: [],
                leaderboard: Leaderboard(top: [], you: nil, students: 0), historyFrom: 0, missed: false, roster: nil,
                checkpoint: nil, presentation: Presentations.camouflage))
    }

    static func position(_ moment: Int, of moments: Int, generation: Int, ended: Bool = true) -> ServerMessage {
        .makeupPosition(
            MakeupPosition(
                moment: moment, moments: moments, timeline: 0, generation: generation, pace: .own, seconds: nil,
                classEnded: ended))
    }

    static func snapshot(_ model: CamouflageModel) -> ServerMessage {
        Fixtures.make {
            guard let sent = Presentations.snapshotMessage(of: model) else { return .pong }
            return try ProtocolDecoder().decodeServerMessage(try ProtocolEncoder().encode(sent))
        }
    }

    /// A session that joined a make-up and was welcomed.
    func joinedMakeup() -> ClientSession {
        var session = ClientSession(
            entry: .makeup(code: code, name: "Ada", token: nil), random: FixedRandom(value: 0))
        _ = session.start(at: at(0))
        _ = session.connected(at: at(0.1))
        _ = session.received(Self.welcome(token: token, model: Self.model()), at: at(0.2))
        return session
    }

    static func model() -> CamouflageModel {
        var parameters = CamouflageParameters()
        parameters[int: "population"] = 30
        parameters[int: "environmentColour"] = 25
        return Fixtures.make { try CamouflageModel(parameters: parameters, seed: 11) }
    }

    static func screen(_ lesson: LessonState, ui: StudentUI = StudentUI(), at now: Timestamp) -> String {
        let state = ScreenState(lesson: lesson, connection: .online, ui: ui, now: now, colorMode: .none)
        return Screen.student(state, width: 100, height: 32).lines().joined(separator: "\n")
    }

    // MARK: - Getting in

    @Test func aMakeupJoinsWithItsCodeKeepsItsOwnTokenAndResumesWithItAfterADrop() {
        // Given a student with a make-up's code and no saved place
        var session = ClientSession(
            entry: .makeup(code: code, name: "Ada", token: nil), random: FixedRandom(value: 0))
        #expect(session.lesson.isMakeup)
        // When it connects, it joins the make-up
        #expect(session.start(at: at(0)) == [.connect])
        #expect(session.connected(at: at(0.1)) == [.send(.joinMakeup(code: code, name: "Ada"))])
        // Then the welcome's token is kept as the make-up's (not the lesson's)
        #expect(
            session.received(Self.welcome(token: token, model: Self.model()), at: at(0.2))
                == [.storeToken(token, code: code, role: .makeup)])
        // And after a dropped connection it resumes the make-up with that token
        _ = session.closed(code: 1006, reason: "", at: at(5))
        guard case .waiting(_, _, _, let ticket) = session.phase else {
            Issue.record("not waiting to reconnect: \(session.phase)")
            return
        }
        #expect(session.retryDue(ticket: ticket, at: at(10)) == [.connect])
        #expect(session.connected(at: at(10.1)) == [.send(.resumeMakeup(code: code, token: token))])
    }

    @Test func aCodeNoLessonHasIsTriedAsAMakeupsAndOneNeitherHasIsRefusedWithASentence() {
        // Given a student who typed a code with no saved place
        var session = ClientSession(entry: .student(code: code, name: "Ada", token: nil), random: FixedRandom(value: 0))
        _ = session.start(at: at(0))
        #expect(session.connected(at: at(0.1)) == [.send(.join(code: code, name: "Ada"))])
        // When no lesson has it, the same code is tried as a make-up's, on the same connection
        let noLesson = ServerMessage.error(ProtocolError(.unknownLesson, "No lesson has this code."))
        #expect(session.received(noLesson, at: at(0.2)) == [.send(.joinMakeup(code: code, name: "Ada"))])
        #expect(session.lesson.isMakeup)
        // And when no make-up has it either, the client stops and says both were tried
        let noMakeup = ServerMessage.error(ProtocolError(.unknownMakeup, "No make-up has this code."))
        let actions = session.received(noMakeup, at: at(0.3))
        guard case .finish(let end) = actions.last else {
            Issue.record("did not stop: \(actions)")
            return
        }
        #expect(end.exitStatus == 1)
        #expect(
            end.message
                == "No lesson or make-up has the code K7QX2M; check the code on the board, or the one your teacher gave "
                + "for the make-up.")
    }

    @Test func aCodeThatIsALessonsIsNeverTriedAsAMakeupOnceWelcomed() {
        // Given a student who was in the lesson
        var session = ClientSession(entry: .student(code: code, name: "Ada", token: nil), random: FixedRandom(value: 0))
        _ = session.start(at: at(0))
        _ = session.connected(at: at(0.1))
        _ = session.received(Self.welcome(token: token, model: Self.model()), at: at(0.2))
        _ = session.closed(code: 1006, reason: "", at: at(1))
        guard case .waiting(_, _, _, let ticket) = session.phase else { return }
        _ = session.retryDue(ticket: ticket, at: at(5))
        _ = session.connected(at: at(5.1))
        // When the lesson is gone on the way back
        let actions = session.received(
            .error(ProtocolError(.unknownLesson, "No lesson has this code.")), at: at(5.2))
        // Then it says so and stops, rather than turning into a make-up
        #expect(!session.lesson.isMakeup)
        guard case .finish(let end) = actions.last else {
            Issue.record("did not stop: \(actions)")
            return
        }
        #expect(end.message == "No lesson has the code K7QX2M; check the code on the board.")
    }

    @Test func aSavedMakeupPlaceTheMakeupDoesNotKnowIsForgottenAndTheStudentJoinsAfresh() {
        var session = ClientSession(
            entry: .makeup(code: code, name: "Ada", token: token), random: FixedRandom(value: 0))
        _ = session.start(at: at(0))
        #expect(session.connected(at: at(0.1)) == [.send(.resumeMakeup(code: code, token: token))])
        let actions = session.received(
            .error(ProtocolError(.unknownMakeup, "No make-up has this code.")), at: at(0.2))
        #expect(actions == [.forgetToken(code: code, role: .makeup), .send(.joinMakeup(code: code, name: "Ada"))])
        // And a code no make-up has, from a link, is refused with the make-up's own sentence
        let refused = session.received(
            .error(ProtocolError(.unknownMakeup, "No make-up has this code.")), at: at(0.3))
        guard case .finish(let end) = refused.last else {
            Issue.record("did not stop: \(refused)")
            return
        }
        #expect(end.message == "No make-up has the code K7QX2M; check the code or link your teacher gave.")
    }

    @Test func aClosedOrExpiredMakeupRefusesWithTheServersSentenceAndSaysThePlaceIsKept() {
        var session = ClientSession(
            entry: .makeup(code: code, name: "Ada", token: token), random: FixedRandom(value: 0))
        _ = session.start(at: at(0))
        _ = session.connected(at: at(0.1))
        let actions = session.received(
            .error(ProtocolError(.makeupClosed, "This make-up's date has passed.")), at: at(0.2))
        guard case .finish(let end) = actions.last else {
            Issue.record("did not stop: \(actions)")
            return
        }
        #expect(end.exitStatus == 1)
        #expect(
            end.message
                == "This make-up's date has passed. Your answers are kept: when your teacher opens the make-up again, "
                + "petri join K7QX2M carries on where you were.")
        // And the saved place is kept for then
        #expect(!actions.contains(.forgetToken(code: code, role: .makeup)))
    }

    @Test func aMakeupClosedWhilePlayingEndsWithItsSentenceAndNoReconnection() {
        var session = joinedMakeup()
        _ = session.received(.makeupClosed(message: "The teacher closed this make-up."), at: at(1))
        let actions = session.closed(code: LessonCloseCode.makeupClosed.rawValue, reason: "", at: at(1.1))
        guard case .finish(let end) = actions.last else {
            Issue.record("it would reconnect: \(actions)")
            return
        }
        #expect(end.kind == .closed)
        #expect(end.message.hasPrefix("The teacher closed this make-up. Your answers are kept"))
        #expect(!actions.contains(.connect))
    }

    @Test func aWrongMakeupLinkAndAPathAloneAreRead() throws {
        let full = try MakeupLink("http://10.0.0.5:8080/makeup/r4tw9c")
        #expect(full.code.text == "R4TW9C")
        #expect(full.server == "ws://10.0.0.5:8080/")
        #expect(full.token == nil)
        let secure = try MakeupLink("https://petri.school.example/makeup/R4TW9C/#resume=\(token.secret)")
        #expect(secure.server == "wss://petri.school.example/")
        #expect(secure.token == token)
        let path = try MakeupLink("/makeup/R4TW9C")
        #expect(path.server == nil && path.code.text == "R4TW9C")
        #expect(MakeupLink.isLink("http://10.0.0.5:8080/makeup/R4TW9C"))
        #expect(!MakeupLink.isLink("R4TW9C"))
        #expect(MakeupLink.isLink("http://10.0.0.5:8080/join/R4TW9C"))
        // A link that is not a make-up's says what one looks like, in the language asked for
        #expect(throws: ProtocolError.self) { try MakeupLink("http://10.0.0.5:8080/join/R4TW9C") }
        do throws(ProtocolError) {
            _ = try MakeupLink("http://10.0.0.5:8080/makeup/R4TW9C#token=x")
            Issue.record("a fragment that is not a resume token was taken")
        } catch {
            #expect(error.message.contains("is not a make-up's link; one looks like http://SERVER:8080/makeup/CODE"))
        }
        let welsh = try #require(Language("cy"))
        do throws(ProtocolError) {
            _ = try MakeupLink("http://h/makeups/R4TW9C", language: welsh)
            Issue.record("a link to another page was taken")
        } catch {
            #expect(error.message.hasPrefix("Nid dolen gwers adfer yw"))
        }
        // And the carry-on link is the page's address with the token in its fragment, which this reads back
        let carried = MakeupLink.text(server: "ws://10.0.0.5:8080/", code: full.code, token: token)
        #expect(carried == "http://10.0.0.5:8080/makeup/R4TW9C#resume=\(token.secret)")
        #expect(try MakeupLink(carried) == MakeupLink(code: full.code, server: "ws://10.0.0.5:8080/", token: token))
    }

    @Test func aSavedMakeupPlaceOrAMakeupLinkPlaysTheMakeupAndAnyOtherCodeJoinsTheLessonFirst() throws {
        let folder = NSTemporaryDirectory() + "petri-makeup-tokens-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = ResumeTokenStore(directory: URL(fileURLWithPath: folder))
        let server = "ws://127.0.0.1:8080/"
        let entry = { (makeup: Bool, token: AccessToken?) in
            PetriClient.studentEntry(
                code: code, name: "Ada", token: token, makeup: makeup, tokens: store, server: server)
        }
        #expect(entry(false, nil) == .student(code: code, name: "Ada", token: nil))
        #expect(entry(true, nil) == .makeup(code: code, name: "Ada", token: nil))
        try store.save(token, server: server, code: code, role: .makeup)
        #expect(store.file(server: server, code: code, role: .makeup).lastPathComponent.hasPrefix("makeup-K7QX2M-"))
        #expect(entry(false, nil) == .makeup(code: code, name: "Ada", token: token))
        // A lesson's own saved place comes first
        let lessonToken = try AccessToken("lessontokenlessontoken")
        try store.save(lessonToken, server: server, code: code, role: .student)
        #expect(entry(false, nil) == .student(code: code, name: "Ada", token: lessonToken))
        #expect(entry(true, nil) == .makeup(code: code, name: "Ada", token: token))
    }

    // MARK: - Playing

    @Test func aShortMakeupPlayedMomentByMomentShowsEachThingWhenTheClassHadItAndEndsWithTheScore() throws {
        var session = joinedMakeup()
        var model = Self.model()
        var ui = StudentUI()
        var now = at(1)
        func receive(_ messages: [ServerMessage]) {
            for message in messages {
                now = Moment(monotonic: now.monotonic + .milliseconds(10), wall: now.wall.adding(milliseconds: 10))
                _ = session.received(message, at: now)
            }
        }
        // Moment 1: the lesson's start
        receive([
            .history(HistoryPage(timeline: 0, from: 0, to: 0, stats: [model.stats()])), Self.snapshot(model),
            Self.position(1, of: 4, generation: 0),
        ])
        var text = Self.screen(session.lesson, at: now.wall)
        #expect(text.contains("make-up 1/4 · own pace"))
        #expect(text.contains("n next  c pace"))
        #expect(!text.contains("Question 1"))
        // n asks for the next moment
        #expect(ui.handle(.character("n"), lesson: session.lesson, now: now.wall) == [.send(.makeupNext)])

        // Moment 2: the question, open for the student from now, with the class's time limit
        let opened = now.wall
        let question = QuestionInfo(
            id: QuestionID(1), metric: "population", metricDescription: "How many creatures are alive.",
            unit: "creatures", kind: .number(tolerance: 10), askedAt: 0, target: 2, askedValue: 30, openedAt: opened,
            closesAt: opened.adding(seconds: 90), hasHint: false, allowChange: true,
            prompt: "How many moths at generation 2?", state: .open, actual: nil)
        receive([.question(question), Self.position(2, of: 4, generation: 0)])
        text = Self.screen(session.lesson, at: now.wall)
        #expect(text.contains("How many moths at generation 2?"))
        #expect(text.contains("make-up 2/4"))
        // The student answers; n still moves on (it does not wait)
        for key in ["4", "0"] { _ = ui.handle(.character(Character(key)), lesson: session.lesson, now: now.wall) }
        #expect(
            ui.handle(.enter, lesson: session.lesson, now: now.wall)
                == [.send(.answer(question: QuestionID(1), prediction: .number(40)))])
        receive([.answerAccepted(question: QuestionID(1), prediction: .number(40), answeredAt: now.wall)])

        // Moment 3: two generations, the lock where the class's locked, then the resolution and the result
        var stats: [ServerMessage] = []
        for _ in 0..<2 {
            model.step()
            stats.append(.stats(timeline: 0, stats: model.stats()))
        }
        let actual = Double(model.snapshot().population)
        let standing = LeaderboardEntry(rank: 1, student: StudentID(1_000_001), name: "Ada", score: 700)
        let bins = (0..<10).map {
            SpreadBin(lower: Double($0) * 10, upper: Double($0) * 10 + 10, count: $0 == 3 ? 2 : 0)
        }
        let resolution = Resolution(
            question: QuestionID(1), generation: 2, actual: actual, correctOption: nil, eventHappened: nil,
            spread: Spread(answers: 2, bins: bins, mean: 35), leaderboard: Leaderboard(top: [], you: nil, students: 2))
        let points = ScoreBreakdown(base: 700, hintTaken: false, speed: 0, streak: 0, total: 700)
        let result = PersonalResult(
            question: QuestionID(1), prediction: .number(40), points: points, score: 700, streak: 1, standing: standing)
        receive(
            stats
                + [ServerMessage]([
                    .questionLocked(question: QuestionID(1), reason: .advanced), .resolved(resolution),
                    .result(result), Self.snapshot(model), Self.position(3, of: 4, generation: 2),
                ]))
        text = Self.screen(session.lesson, at: now.wall)
        #expect(text.contains("You said 40 → +700"))
        #expect(text.contains("make-up 3/4"))
        #expect(session.lesson.position.generation == 2)

        // Moment 4, the last: the end is said once, and the keys say how to leave
        receive([Self.position(4, of: 4, generation: 2)])
        #expect(session.lesson.makeupOver)
        #expect(session.lesson.notices.last?.text == "You have reached the end of the lesson: your score is kept.")
        text = Self.screen(session.lesson, at: now.wall.adding(seconds: 30))
        #expect(text.contains("You have played the whole lesson; press q to leave"))
        let said = session.lesson.noticesPosted
        receive([Self.position(4, of: 4, generation: 2)])
        #expect(session.lesson.noticesPosted == said)
    }

    @Test func aStudentWhoCaughtUpWithARunningClassIsToldSoAndThenTheEndWhenItComes() {
        var session = joinedMakeup()
        _ = session.received(Self.position(3, of: 3, generation: 10, ended: false), at: at(1))
        #expect(
            session.lesson.notices.last?.text
                == "You have caught up with the class: the next moments come as the class has them.")
        #expect(!session.lesson.makeupOver)
        _ = session.received(Self.position(4, of: 4, generation: 12, ended: true), at: at(2))
        #expect(session.lesson.notices.last?.text == "You have reached the end of the lesson: your score is kept.")
    }

    @Test func aPositionPastItsOwnCountIsIgnoredAsImplausible() {
        var session = joinedMakeup()
        _ = session.received(Self.position(5, of: 4, generation: 2), at: at(1))
        #expect(session.lesson.makeup == nil)
    }

    // MARK: - Keys and typed lines

    @Test func cGoesThroughThePacesAndAMakeupNeitherSpotsNorAsksForWhatItMayNotHave() {
        var session = joinedMakeup()
        var ui = StudentUI()
        let now = Fixtures.now
        #expect(
            ui.handle(.character("c"), lesson: session.lesson, now: now) == [.send(.makeupPace(.class, seconds: nil))])
        _ = session.received(
            .makeupPosition(
                MakeupPosition(
                    moment: 1, moments: 3, timeline: 0, generation: 0, pace: .class, seconds: nil, classEnded: true)),
            at: at(1))
        #expect(ui.handle(.character("c"), lesson: session.lesson, now: now) == [.send(.makeupPace(.auto, seconds: 3))])
        _ = session.received(
            .makeupPosition(
                MakeupPosition(
                    moment: 1, moments: 3, timeline: 0, generation: 0, pace: .auto, seconds: 3, classEnded: true)),
            at: at(2))
        #expect(Self.screen(session.lesson, at: now).contains("make-up 1/3 · auto, every 3 s"))
        #expect(
            ui.handle(.character("c"), lesson: session.lesson, now: now) == [.send(.makeupPace(.own, seconds: nil))])
        // p (the spotter) sends nothing; i asks for the guide alone (a make-up student may not describe models)
        #expect(ui.handle(.character("p"), lesson: session.lesson, now: now) == [])
        #expect(ui.handle(.character("i"), lesson: session.lesson, now: now) == [.send(.guide)])
        ui.overlay = .none
        #expect(ui.handle(.character("o"), lesson: session.lesson, now: now) == [.carryOn])
        // And a lesson's student has none of these keys
        var live = LessonState()
        live.role = .student
        #expect(ui.handle(.character("n"), lesson: live, now: now) == [])
    }

    @Test func theHelpAndTheCarryOnScreenSayTheMakeupsKeysAndLink() {
        var lesson = joinedMakeup().lesson
        lesson.makeup = MakeupPosition(
            moment: 1, moments: 3, timeline: 0, generation: 0, pace: .own, seconds: nil, classEnded: true)
        var ui = StudentUI()
        ui.overlay = .help
        let help = Self.screen(lesson, ui: ui, at: Fixtures.now)
        #expect(help.contains("the class's next moment (at any pace)"))
        #expect(!help.contains("spotter"))
        let link = MakeupLink.text(server: "ws://10.0.0.5:8080/", code: code, token: token)
        ui.overlay = .carryOn(link: link)
        let carry = Self.screen(lesson, ui: ui, at: Fixtures.now)
        #expect(carry.contains(link))
        #expect(carry.contains("Keep it to yourself: it is your place in the make-up."))
    }

    @Test func typedLinesMoveOnAndSetThePaceAndABadPaceGetsASentence() {
        let lesson = joinedMakeup().lesson
        #expect(StudentLine.parse("next", lesson: lesson) == .success(.send(.makeupNext)))
        #expect(StudentLine.parse("pace class", lesson: lesson) == .success(.send(.makeupPace(.class, seconds: nil))))
        #expect(StudentLine.parse("pace auto 5", lesson: lesson) == .success(.send(.makeupPace(.auto, seconds: 5))))
        for bad in ["pace fast", "pace auto 90", "pace own 5", "pace"] {
            guard case .failure(let problem) = StudentLine.parse(bad, lesson: lesson) else {
                Issue.record("\(bad) was taken")
                continue
            }
            #expect(problem.message.hasPrefix("Type pace own, pace class or pace auto"))
        }
    }

    @Test func theMakeupsWordsAreInEveryLanguage() throws {
        var lesson = joinedMakeup().lesson
        lesson.makeup = MakeupPosition(
            moment: 2, moments: 5, timeline: 0, generation: 4, pace: .own, seconds: nil, classEnded: true)
        for (tag, part) in [("cy", "adfer 2/5"), ("es", "recuperación 2/5"), ("ar", "تعويضية 2/5")] {
            lesson.language = try #require(Language(tag))
            #expect(Self.screen(lesson, at: Fixtures.now).contains(part), "\(tag)")
        }
    }
}
