import Foundation
import PetriHubTesting
import PetriLesson
import PetriPeer
import PetriProtocol
import PetriSimulation
import PetriStorage
import Testing

@testable import PetriHub

/// Make-up lessons through the hub: a student plays the class's history back alone, never ahead of their own
/// moment, scored as the class was; resumes on another device; is refused with a sentence once it is closed.
/// Holds a peer a helper hands out (set once, before it is read).
final class PeerBox: @unchecked Sendable {
    // Set by the helper before it returns and read after: never at once.
    var peer: ProtocolPeer?
}

@Suite struct MakeupHubTests {
    static let moths: JSONValue = .object(["population": .number(60), "reproductiveChance": .number(0.6)])

    /// What one connection was shown at each question: the question, with the generation and picture before it.
    struct Sight: Equatable {
        var question: QuestionID
        var timeline: Int
        var generation: Int
        var picture: JSONValue?
    }

    /// Follows what a peer is sent: the latest snapshot, each question as it arrives, each result.
    struct Watcher {
        var picture: (SnapshotHeader, JSONValue)?
        var sights: [Sight] = []
        var results: [QuestionID: PersonalResult] = [:]

        mutating func see(_ message: ServerMessage) {
            switch message {
            case .snapshot(let header, let json): picture = (header, json)
            case .question(let info):
                sights.append(
                    Sight(
                        question: info.id, timeline: picture?.0.timeline ?? -1,
                        generation: picture?.0.generation ?? -1, picture: picture?.1))
            case .result(let result): results[result.question] = result
            default: break
            }
        }
    }

    /// The generation a frame shows, if any (what must never run ahead of the student's moment).
    static func generation(of message: ServerMessage) -> Int? {
        switch message {
        case .snapshot(let header, _): header.generation
        case .stats(_, let stats): stats.generation
        case .history(let page): page.to
        case .resolved(let resolution): resolution.generation
        case .rewound(let position), .restored(let position): position.generation
        case .question(let info): info.askedAt
        default: nil
        }
    }

    /// A class of one student, Ada, whose lesson changes a parameter, rewinds, restores its checkpoint and is
    /// cloned, with three questions Ada answers. Returns the teacher, Ada's watcher and her answers.
    private func runClass(
        _ server: InProcessHub, makeupRanking: LessonOptions.MakeupRanking = .apart,
        adaPeer: ((ProtocolPeer) -> Void)? = nil
    ) async throws -> (
        teacher: ProtocolPeer, ada: Watcher, answers: [QuestionID: Prediction]
    ) {
        let teacher = server.connect()
        var options = LessonOptions()
        options.speedBonus = false
        options.makeupRanking = makeupRanking
        try teacher.send(
            .create(
                teacherKey: InProcessHub.teacherKey, model: .camouflage, parameters: Self.moths, seed: 11,
                options: options))
        let (code, token) = try await teacher.expect("created") {
            if case .created(let c, let t) = $0 { (c, t) } else { nil }
        }
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        let peer = server.connect()
        _ = try await peer.attach(.join(code: code, name: "Ada"))
        adaPeer?(peer)
        var ada = Watcher()
        var answers: [QuestionID: Prediction] = [:]

        /// The teacher's command, answered to the teacher.
        func teach(_ message: ClientMessage) async throws { _ = try await teacher.answers(to: message) }
        /// Ada reads up to the question just asked, and answers it.
        func answer(_ prediction: Prediction) async throws {
            let question = try await peer.expect("question") { message -> QuestionID? in
                ada.see(message)
                if case .question(let q) = message { return q.id }
                return nil
            }
            answers[question] = prediction
            for reply in try await peer.answers(to: .answer(question: question, prediction: prediction)) {
                ada.see(reply)
            }
        }
        try await teach(.step(count: 2))
        try await teach(.setParameter(name: "environmentColour", value: .number(20)))
        try await teach(.ask(QuestionSpec(metric: "meanTrait", kind: .number(tolerance: 20), horizon: 2)))
        try await answer(.number(50))
        try await teach(.step(count: 2))
        try await teach(.checkpoint)
        try await teach(.step(count: 3))
        try await teach(.rewind(count: 2))
        try await teach(.ask(QuestionSpec(metric: "population", kind: .number(tolerance: 15), horizon: 1)))
        try await answer(.number(58))
        try await teach(.step(count: 1))
        try await teach(.restore)
        try await teach(.ask(QuestionSpec(metric: "meanTrait", kind: .number(tolerance: 10), horizon: 2)))
        try await answer(.number(35))
        try await teach(.step(count: 2))
        try await teach(.clone(changes: []))
        try await teach(.step(count: 1))
        // Ada reads on until her third result
        _ = try await peer.expect("results") { message -> Bool? in
            ada.see(message)
            return ada.results.count == 3 ? true : nil
        }
        return (teacher, ada, answers)
    }

    private func openMakeup(_ teacher: ProtocolPeer, until: Timestamp? = nil) async throws -> MakeupInfo {
        try teacher.send(.openMakeup(until: until))
        return try await teacher.expectReply("makeup") { if case .makeup(let info) = $0 { info } else { nil } }
    }

    /// A class that only stepped `steps` generations, one at a time, and its make-up, opened.
    private func makeupOfClassThatStepped(_ steps: Int, on server: InProcessHub) async throws -> MakeupInfo {
        let teacher = server.connect()
        let (code, token) = try await teacher.createLesson(.camouflage, Self.moths)
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        for _ in 0..<steps { _ = try await teacher.answers(to: .step(count: 1)) }
        return try await openMakeup(teacher)
    }

    /// Moves the make-up student on once; returns what came and the position that followed it.
    private func next(_ student: ProtocolPeer) async throws -> ([ServerMessage], MakeupPosition) {
        let replies = try await student.answers(to: .makeupNext)
        let position = try #require(
            replies.compactMap { if case .makeupPosition(let p) = $0 { p } else { nil } }.last,
            "makeupNext is answered with makeupPosition")
        return (replies, position)
    }

    @Test(.timeLimit(.minutes(1)))
    func aMakeupReachesEveryQuestionWhereTheClassDidAndScoresTheClassesAnswersAsTheClassWasScored() async throws {
        let server = InProcessHub()
        let (teacher, ada, answers) = try await runClass(server)
        #expect(ada.sights.count == 3)
        let info = try await openMakeup(teacher)
        #expect(info.open && info.link == "/makeup/\(info.code)")

        // Given a make-up student who joins with the make-up's code
        let student = server.connect()
        let welcome = try await student.attach(.joinMakeup(code: info.code, name: "Ben"))
        let id = try #require(welcome.you?.student)
        #expect(id.rawValue > 1_000_000 && welcome.you?.token != nil)
        var watcher = Watcher()
        var first: [ServerMessage] = []
        let position = try await student.expect("makeupPosition") { message -> MakeupPosition? in
            first.append(message)
            if case .makeupPosition(let p) = message { return p }
            return nil
        }
        #expect(position.moment == 1 && position.generation == 0)
        for message in first { watcher.see(message) }

        // When they move through every moment, answering each question as Ada did
        var at = position
        var frames = 0
        while at.moment < at.moments {
            let (replies, reached) = try await next(student)
            for message in replies {
                watcher.see(message)
                frames += 1
                // Then no frame ever shows a generation past the student's moment
                if let generation = Self.generation(of: message) {
                    #expect(generation <= reached.generation, "\(message.type) ran ahead of moment \(reached.moment)")
                }
                if case .question(let question) = message, let prediction = answers[question.id] {
                    let accepted = try await student.answers(to: .answer(question: question.id, prediction: prediction))
                    #expect(accepted.contains { if case .answerAccepted = $0 { true } else { false } })
                }
            }
            #expect(reached.moment == at.moment + 1)
            at = reached
        }
        #expect(frames > 0)

        // Then each question reached them at the class's timeline and generation, over the class's picture
        #expect(watcher.sights == ada.sights)
        // And Ada's answers score for them exactly what they scored for Ada
        #expect(watcher.results.count == 3)
        for (question, result) in ada.results {
            #expect(watcher.results[question]?.points == result.points, "question \(question)")
        }
        #expect(
            watcher.results.values.map(\.points.total).reduce(0, +)
                == ada.results.values.map(\.points.total).reduce(0, +))
        // And the teacher's roster lists them as a make-up student
        let line = try await teacher.expect("student") {
            if case .student(let entry) = $0, entry.student == id, entry.makeup != nil { entry } else { nil }
        }
        #expect(line.name == "Ben")
        await server.stop()
    }

    /// Joins a make-up as `name` and moves through every moment, answering as `answers` say; returns their id.
    private func playThrough(
        _ server: InProcessHub, code: JoinCode, name: String, answers: [QuestionID: Prediction]
    ) async throws -> StudentID {
        let student = server.connect()
        let welcome = try await student.attach(.joinMakeup(code: code, name: name))
        var at = try await student.expect("makeupPosition") { if case .makeupPosition(let p) = $0 { p } else { nil } }
        while at.moment < at.moments {
            let (replies, reached) = try await next(student)
            for case .question(let question) in replies {
                if let prediction = answers[question.id] {
                    _ = try await student.answers(to: .answer(question: question.id, prediction: prediction))
                }
            }
            at = reached
        }
        return try #require(welcome.you?.student)
    }

    @Test(.timeLimit(.minutes(1)))
    func theTeachersReportAndResultsListMakeupStudentsMarkedWithTheDayAndRankedApartByDefault() async throws {
        let server = InProcessHub()
        let (teacher, _, answers) = try await runClass(server)
        let info = try await openMakeup(teacher)

        // Given a make-up student who answered as Ada did
        let id = try await playThrough(server, code: info.code, name: "Ben", answers: answers)

        // When the teacher downloads the report and exports the results
        try teacher.send(.report)
        let report = try await teacher.expectReply("report") {
            if case .report(let csv, _, let data) = $0 { (csv, data) } else { nil }
        }
        try teacher.send(.exportResults)
        let results = try await teacher.expectReply("results") {
            if case .results(let csv) = $0 { csv } else { nil }
        }

        // Then the report lists Ben after Ada, marked with when he joined, first among the make-up students as Ada is
        // first in the class
        #expect(report.1.students.map(\.name) == ["Ada", "Ben"])
        let ben = try #require(report.1.students.last)
        #expect(ben.student == id && ben.makeup != nil && ben.rank == 1)
        #expect(report.1.students.first?.makeup == nil && report.1.students.first?.rank == 1)
        #expect(ben.score == report.1.students.first?.score)
        #expect(report.0.contains("Ben,"))
        // And the results have his three answers, each with the day he joined
        let joined = try #require(ben.makeup).description
        #expect(results.split(separator: "\r\n").filter { $0.hasPrefix("Ben,") && $0.hasSuffix(joined) }.count == 3)
        await server.stop()
    }

    @Test(.timeLimit(.minutes(1)))
    func withTheClassAMakeupStudentsResultsChangeTheClasssLeaderboard() async throws {
        let server = InProcessHub()
        let adaPeer = PeerBox()
        let (teacher, _, answers) = try await runClass(server, makeupRanking: .withClass) { adaPeer.peer = $0 }
        let info = try await openMakeup(teacher)
        let ada = try #require(adaPeer.peer)

        // When a make-up student plays the lesson, answering as Ada did
        let id = try await playThrough(server, code: info.code, name: "Ben", answers: answers)

        // Then the class is sent a leaderboard counting him, and once he has scored what Ada did, sharing her rank
        let board = try await ada.expect("leaderboard with Ben level with Ada") {
            if case .leaderboard(let board) = $0, board.top.contains(where: { $0.student == id }),
                Set(board.top.map(\.score)).count == 1
            {
                board
            } else {
                nil
            }
        }
        #expect(board.students == 2)
        #expect(board.top.map(\.rank) == [1, 1])
        // And the report ranks them together
        try teacher.send(.report)
        let data = try await teacher.expectReply("report") {
            if case .report(_, _, let data) = $0 { data } else { nil }
        }
        #expect(data.students.map(\.rank) == [1, 1])
        await server.stop()
    }

    @Test(.timeLimit(.minutes(1)))
    func aMakeupStudentResumesOnAnotherDeviceAtTheSameMomentWithTheSameScore() async throws {
        let server = InProcessHub()
        let (teacher, _, answers) = try await runClass(server)
        let info = try await openMakeup(teacher)
        let laptop = server.connect()
        let welcome = try await laptop.attach(.joinMakeup(code: info.code, name: "Ben"))
        let token = try #require(welcome.you?.token)
        // Given a student who reached the first question's resolution, answering it
        var reached: MakeupPosition?
        var score = 0
        while score == 0 {
            let (replies, position) = try await next(laptop)
            reached = position
            for message in replies {
                if case .question(let question) = message, let prediction = answers[question.id] {
                    _ = try await laptop.answers(to: .answer(question: question.id, prediction: prediction))
                }
                if case .result(let result) = message { score = max(1, result.score) }
            }
            if position.moment == position.moments { break }
        }
        let before = try #require(reached)

        // When they resume from a phone
        let phone = server.connect()
        let again = try await phone.attach(.resumeMakeup(code: info.code, token: token))
        var caughtUp: [ServerMessage] = []
        let position = try await phone.expect("makeupPosition") { message -> MakeupPosition? in
            caughtUp.append(message)
            if case .makeupPosition(let p) = message { return p }
            return nil
        }

        // Then they are the same student at the same moment, the laptop is closed as replaced, and the catch-up
        // shows nothing past their moment
        #expect(again.you?.student == welcome.you?.student && again.you?.token == nil)
        #expect(position.moment == before.moment && position.generation == before.generation)
        #expect(caughtUp.contains { if case .result = $0 { true } else { false } })
        for message in caughtUp {
            if let generation = Self.generation(of: message) { #expect(generation <= position.generation) }
        }
        _ = try? await laptop.expect("close") { _ in nil as Int? }
        #expect(laptop.closed?.code.rawValue == LessonCloseCode.replaced.rawValue)
        // And after a restart the make-up is there with them, at the same moment
        await server.stop()
        let restarted = try await server.restarted()
        let later = restarted.connect()
        _ = try await later.attach(.resumeMakeup(code: info.code, token: token))
        let after = try await later.expect("makeupPosition") { if case .makeupPosition(let p) = $0 { p } else { nil } }
        #expect(after.moment == before.moment && after.generation == before.generation)
        await restarted.stop()
    }

    @Test(.timeLimit(.minutes(1)))
    func anUnknownClosedOrExpiredMakeupIsRefusedWithASentenceAndClosingEndsItsSessions() async throws {
        let server = InProcessHub()
        let (teacher, _, _) = try await runClass(server)
        // An unknown code
        let stranger = server.connect()
        let unknown = try await stranger.answers(to: .joinMakeup(code: try JoinCode("ZZZZZZ"), name: "Cy"))
        #expect(unknown.contains { if case .error(let e) = $0 { e.code == .unknownMakeup } else { false } })

        // Given an open make-up with a student in it
        let info = try await openMakeup(teacher)
        let student = server.connect()
        let welcome = try await student.attach(.joinMakeup(code: info.code, name: "Ben"))
        let token = try #require(welcome.you?.token)

        // When the teacher closes it, Then the student is told in a sentence and closed with 4003
        try teacher.send(.closeMakeup)
        let closed = try await teacher.expectReply("makeup") {
            if case .makeup(let i) = $0, !i.open { i } else { nil }
        }
        #expect(closed.code == info.code)
        let why = try await student.expect("makeupClosed") { if case .makeupClosed(let m) = $0 { m } else { nil } }
        #expect(why.contains("closed"))
        _ = try? await student.expect("close") { _ in nil as Int? }
        #expect(student.closed?.code.rawValue == LessonCloseCode.makeupClosed.rawValue)
        // And joining or resuming is refused with a sentence
        let late = server.connect()
        let refused = try await late.answers(to: .resumeMakeup(code: info.code, token: token))
        let error = try #require(refused.compactMap { if case .error(let e) = $0 { e } else { nil } }.first)
        #expect(error.code == .makeupClosed && error.message.hasSuffix("."))

        // When it is reopened until a date, and the date passes
        let until = server.clock.now().adding(seconds: 60)
        let reopened = try await openMakeup(teacher, until: until)
        #expect(reopened.code == info.code && reopened.until == until)
        let back = server.connect()
        _ = try await back.attach(.resumeMakeup(code: info.code, token: token))
        await server.clock.waitForSleepers(1)
        server.clock.advance(by: 61)
        // Then the student is told it ended, and a join is refused
        _ = try await back.expect("makeupClosed") { if case .makeupClosed(let m) = $0 { m } else { nil } }
        let after = try await server.connect().answers(to: .joinMakeup(code: info.code, name: "Di"))
        #expect(after.contains { if case .error(let e) = $0 { e.code == .makeupClosed } else { false } })
        // And a past date is refused
        let past = try await teacher.answers(to: .openMakeup(until: server.clock.now()))
        #expect(past.contains { if case .error(let e) = $0 { e.code == .outOfRange } else { false } })
        await server.stop()
    }

    @Test(.timeLimit(.minutes(1)))
    func aMakeupAnswerIsAcknowledgedOnlyOnceStoredAndAFailedWriteLosesNothing() async throws {
        let server = InProcessHub()
        let (teacher, _, _) = try await runClass(server)
        let info = try await openMakeup(teacher)
        let student = server.connect()
        _ = try await student.attach(.joinMakeup(code: info.code, name: "Ben"))
        var question: QuestionInfo?
        while question == nil {
            let (replies, _) = try await next(student)
            question = replies.compactMap { if case .question(let q) = $0 { q } else { nil } }.first
        }
        let asked = try #require(question)

        // When the answer's write fails, Then it is refused with a sentence and not acknowledged
        await server.storage.failWrites(with: StoreFailure())
        let failed = try await student.answers(to: .answer(question: asked.id, prediction: .number(50)))
        #expect(failed.contains { if case .error(let e) = $0 { e.code == .tryLater } else { false } })
        #expect(!failed.contains { if case .answerAccepted = $0 { true } else { false } })
        await server.storage.failWrites(with: nil)

        // When the write is held, Then the store holds no answer until it is released, and the answer is
        // acknowledged after
        await server.storage.holdMakeupWrites()
        try student.send(.answer(question: asked.id, prediction: .number(52)))
        var waits = server.storage.makeupWriteWaiting.makeAsyncIterator()
        _ = await waits.next()
        let lessonId = try #require(await server.storage.inner.makeup(code: info.code)?.lessonId)
        let stored = await server.storage.inner.makeupStudents(ofLesson: lessonId)
        #expect(stored.allSatisfy { !$0.play.contains("52") })
        await server.storage.releaseMakeupWrites()
        let accepted = try await student.expectReply("answerAccepted") {
            if case .answerAccepted(_, let p, _) = $0 { p } else { nil }
        }
        #expect(accepted == .number(52))
        let after = await server.storage.inner.makeupStudents(ofLesson: lessonId)
        #expect(after.contains { $0.play.contains("52") })
        await server.stop()
    }

    @Test(.timeLimit(.minutes(1)))
    func twoStudentsJoiningTheMakeupAtOnceAreBothWelcomedUnderTheirOwnIdsAndRecords() async throws {
        let server = InProcessHub()
        let (teacher, _, _) = try await runClass(server)
        let info = try await openMakeup(teacher)

        // Given Ben's join waiting for its record to be stored when Cy's arrives
        await server.storage.holdMakeupWrites()
        var waits = server.storage.makeupWriteWaiting.makeAsyncIterator()
        let ben = server.connect()
        try ben.send(.joinMakeup(code: info.code, name: "Ben"))
        _ = await waits.next()
        let cy = server.connect()
        try cy.send(.joinMakeup(code: info.code, name: "Cy"))
        _ = await waits.next()
        await server.storage.releaseMakeupWrites()

        // Then each is welcomed as themselves, and the store keeps both under different ids
        func welcomed(_ peer: ProtocolPeer) async throws -> String {
            try await peer.expect("welcome or refusal") { message -> String? in
                switch message {
                case .welcome(let welcome): welcome.you?.name
                case .error(let error): "refused: \(error.message)"
                default: nil
                }
            }
        }
        #expect(try await welcomed(ben) == "Ben")
        #expect(try await welcomed(cy) == "Cy")
        let lessonId = try #require(await server.storage.inner.makeup(code: info.code)?.lessonId)
        let stored = await server.storage.inner.makeupStudents(ofLesson: lessonId)
        #expect(stored.map(\.name).sorted() == ["Ben", "Cy"])
        #expect(Set(stored.map(\.student)).count == 2)
        await server.stop()
    }

    @Test(.timeLimit(.minutes(1)))
    func atTheClassesPaceMomentsComeAfterTheClassesOwnTimesAndAutomaticallyEverySoManySeconds() async throws {
        let server = InProcessHub()
        let teacher = server.connect()
        let (code, token) = try await teacher.createLesson(.camouflage, Self.moths)
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        // Given a class that stepped 10 s, then 30 s, then 30 s after the lesson began
        for seconds in [10.0, 30, 30] {
            server.clock.advance(by: seconds)
            _ = try await teacher.answers(to: .step(count: 1))
        }
        let info = try await openMakeup(teacher)
        let student = server.connect()
        _ = try await student.attach(.joinMakeup(code: info.code, name: "Ben"))
        _ = try await student.expect("makeupPosition") { if case .makeupPosition(let p) = $0 { p } else { nil } }

        // When they choose the class's pace, Then the next moment comes after the class's 10 s, not before
        let chosen = try await student.answers(to: .makeupPace(.class, seconds: nil))
        #expect(chosen.contains { if case .makeupPosition(let p) = $0 { p.pace == .class } else { false } })
        await server.clock.waitForSleepers(1)
        server.clock.advance(by: 9)
        let early = try await student.answers(to: .ping)
        #expect(!early.contains { if case .makeupPosition = $0 { true } else { false } })
        server.clock.advance(by: 1)
        let second = try await student.expect("moment 2") {
            if case .makeupPosition(let p) = $0 { p } else { nil }
        }
        #expect(second.moment == 2 && second.generation == 1)

        // When they choose auto-advance every 5 s, Then the next moment comes 5 s later
        _ = try await student.answers(to: .makeupPace(.auto, seconds: 5))
        await server.clock.waitForSleepers(1)
        server.clock.advance(by: 5)
        let third = try await student.expect("moment 3") {
            if case .makeupPosition(let p) = $0 { p } else { nil }
        }
        #expect(third.moment == 3 && third.generation == 2 && third.pace == .auto && third.seconds == 5)
        // And the guide is theirs to read, as the class's,
        let guide = try await student.answers(to: .guide)
        #expect(guide.contains { if case .guide = $0 { true } else { false } })
        // while anything a make-up does not take is refused with a sentence, not left unanswered
        let step = try await student.answers(to: .step(count: 1))
        #expect(step.contains { if case .error(let e) = $0 { e.code == .notAuthorised } else { false } })
        // And a pace's seconds outside 1...60 are refused
        let refused = try await student.answers(to: .makeupPace(.auto, seconds: 0))
        #expect(refused.contains { if case .error(let e) = $0 { e.code == .outOfRange } else { false } })
        await server.stop()
    }

    @Test(.timeLimit(.minutes(1)))
    func aMoveThatOnlyShowsTheClassesNextMomentIsSentAtOnceAndStoredWithTheOtherStudentsMovesAMomentLater()
        async throws
    {
        let server = InProcessHub()
        let info = try await makeupOfClassThatStepped(3, on: server)
        // Given two make-up students at the lesson's first moment, stored there
        var students: [ProtocolPeer] = []
        for name in ["Ben", "Cy"] {
            let student = server.connect()
            _ = try await student.attach(.joinMakeup(code: info.code, name: name))
            _ = try await student.expect("makeupPosition") { if case .makeupPosition(let p) = $0 { p } else { nil } }
            students.append(student)
        }
        let lessonId = try #require(await server.storage.inner.makeup(code: info.code)?.lessonId)
        func storedStops() async throws -> [Int] {
            try await server.storage.inner.makeupStudents(ofLesson: lessonId).map {
                try JSONDecoder().decode(MakeupPlay.self, from: Data($0.play.utf8)).stop
            }
        }
        #expect(try await storedStops() == [0, 0])

        // When both move on to a moment that only shows a generation, with every make-up write held
        await server.storage.holdMakeupWrites()
        var waits = server.storage.makeupWriteWaiting.makeAsyncIterator()
        let writesBefore = await server.storage.makeupBatches.count
        for student in students {
            // Then each is sent the moment at once, before it is stored
            let (replies, position) = try await next(student)
            #expect(position.moment == 2 && position.generation == 1)
            #expect(replies.contains { if case .snapshot(let h, _) = $0 { h.generation == 1 } else { false } })
        }
        #expect(try await storedStops() == [0, 0])
        #expect(await server.storage.makeupBatches.count == writesBefore)

        // And a moment later both moves are stored in one write
        await server.clock.waitForSleepers(1)
        server.clock.advance(by: 1)
        _ = await waits.next()
        await server.storage.releaseMakeupWrites()
        await server.stop()
        #expect(
            await server.storage.makeupBatches.dropFirst(writesBefore).map { $0.sorted() } == [[1_000_001, 1_000_002]])
        #expect(try await storedStops() == [1, 1])
    }

    @Test(.timeLimit(.minutes(1)))
    func aMakeupStudentsPositionNotYetStoredIsStoredWhenTheServerStops() async throws {
        let server = InProcessHub()
        let info = try await makeupOfClassThatStepped(2, on: server)
        let student = server.connect()
        let welcome = try await student.attach(.joinMakeup(code: info.code, name: "Ben"))
        let studentToken = try #require(welcome.you?.token)
        _ = try await student.expect("makeupPosition") { if case .makeupPosition(let p) = $0 { p } else { nil } }

        // Given a move shown but not yet stored, When the server stops
        _ = try await next(student)
        _ = try await next(student)
        await server.stop()

        // Then the student resumes on the restarted server where they were
        let restarted = try await server.restarted()
        let again = restarted.connect()
        _ = try await again.attach(.resumeMakeup(code: info.code, token: studentToken))
        let position = try await again.expect("makeupPosition") {
            if case .makeupPosition(let p) = $0 { p } else { nil }
        }
        #expect(position.moment == 3 && position.generation == 2)
        await restarted.stop()
    }

    struct StoreFailure: Error {}
}
