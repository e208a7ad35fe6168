import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriTerminal

@Suite struct LessonStateTests {
    let now = Fixtures.now

    func stats(_ generation: Int, population: Double) -> GenerationStats {
        GenerationStats(generation: generation, values: ["population": population])
    }

    @Test func historyPagesReplaceWhatIsHeldFromTheirStart() {
        // Given history 0...5 on timeline 0
        var state = LessonState()
        for g in 0...5 { state.apply(.stats(timeline: 0, stats: stats(g, population: 10)), at: now) }
        // When a page for 3...4 arrives
        state.apply(
            .history(
                HistoryPage(timeline: 0, from: 3, to: 4, stats: [stats(3, population: 30), stats(4, population: 40)])),
            at: now)
        // Then 0...2 are kept, 3...4 replaced and 5 dropped
        #expect(state.history.keys.sorted() == [0, 1, 2, 3, 4])
        #expect(state.history[4]?.values["population"] == 40)
    }

    @Test func aRewindDropsTheFutureAndStartsANewTimeline() {
        var state = LessonState()
        for g in 0...8 { state.apply(.stats(timeline: 0, stats: stats(g, population: Double(g))), at: now) }
        state.apply(.running(rate: 2), at: now)
        state.apply(.rewound(TimelinePosition(timeline: 1, generation: 5)), at: now)
        #expect(state.history.keys.sorted() == [0, 1, 2, 3, 4, 5])
        #expect(state.position == TimelinePosition(timeline: 1, generation: 5))
        #expect(state.running == nil)
        state.apply(.stats(timeline: 1, stats: stats(6, population: 60)), at: now)
        #expect(state.history[6]?.values["population"] == 60)
    }

    @Test func aHistoryPageFromAnotherTimelineReplacesEverything() {
        var state = LessonState()
        for g in 0...4 { state.apply(.stats(timeline: 0, stats: stats(g, population: 1)), at: now) }
        state.apply(
            .history(
                HistoryPage(timeline: 2, from: 0, to: 1, stats: [stats(0, population: 5), stats(1, population: 6)])),
            at: now)
        #expect(state.history.keys.sorted() == [0, 1])
        #expect(state.position.timeline == 2)
    }

    @Test func aQuestionGoesFromOpenToLockedToResolvedAndTheResultUpdatesTheScore() {
        var (state, _) = Fixtures.lesson(
            Fixtures.make { try CamouflageModel(parameters: CamouflageParameters(), seed: 1) }, steps: 2)
        let q = Fixtures.question(
            1, metric: "population", description: "d", unit: "creatures", kind: .number(tolerance: 10), askedAt: 2,
            horizon: 2, askedValue: 20, prompt: nil)
        state.apply(.question(q), at: now)
        #expect(state.openQuestion?.id == q.id)
        state.apply(.answerAccepted(question: q.id, prediction: .number(21), answeredAt: now), at: now)
        state.apply(.questionLocked(question: q.id, reason: .timeLimit), at: now)
        #expect(state.openQuestion == nil)
        #expect(state.focusQuestion?.state == .locked)
        #expect(state.lockReasons[q.id] == .timeLimit)
        let standing = LeaderboardEntry(rank: 1, student: StudentID(4), name: "Ada", score: 1910)
        state.apply(
            .resolved(
                Resolution(
                    question: q.id, generation: 4, actual: 22, correctOption: nil, eventHappened: nil,
                    spread: Spread(answers: 1), leaderboard: Leaderboard(top: [standing], you: nil, students: 1))),
            at: now)
        state.apply(
            .result(
                PersonalResult(
                    question: q.id, prediction: .number(21),
                    points: ScoreBreakdown(base: 900, hintTaken: false, speed: 0, streak: 0, total: 900), score: 1910,
                    streak: 2, standing: standing)), at: now)
        #expect(state.focusQuestion?.state == .resolved)
        #expect(state.focusQuestion?.actual == 22)
        #expect(state.you?.score == 1910)
        #expect(state.answers[q.id]?.points?.total == 900)
    }

    @Test func theTimeLeftUsesTheServersClock() {
        // Given a question opened "now" by a server whose clock is 5 s ahead of ours, with 60 s to answer
        var state = LessonState()
        let serverNow = now.adding(seconds: 5)
        var q = Fixtures.question(
            1, metric: "m", description: "", unit: "", kind: .number(tolerance: nil), askedAt: 0, horizon: 1,
            askedValue: 0, prompt: nil)
        q.openedAt = serverNow
        q.closesAt = serverNow.adding(seconds: 60)
        state.apply(.question(q), at: now)
        // Then 10 s later by our clock, 50 s are left
        #expect(state.millisecondsLeft(q, now: now.adding(seconds: 10)) == 50_000)
    }

    @Test func everyStringFromTheServerIsSanitisedOnArrival() {
        var state = LessonState()
        state.apply(
            .student(
                RosterEntry(
                    student: StudentID(1), name: "\u{1B}[31mEve\u{202E}", online: true, kicked: false, score: 0,
                    streak: 0)), at: now)
        state.apply(.error(ProtocolError(.invalidName, "bad\u{07}\u{1B}]0;x\u{07} name")), at: now)
        state.apply(.runOver(message: "all\u{9B}2J gone"), at: now)
        #expect(state.roster[StudentID(1)]?.name == "Eve")
        #expect(state.notices.map(\.text).contains("bad name"))
        #expect(state.runOver == "all gone")
    }
}

@Suite struct NoticeTests {
    @Test func newNoticesAreFoundEvenAfterOldOnesWereDropped() {
        var state = LessonState()
        for i in 0..<150 { state.post("n\(i)", at: Fixtures.now) }
        let seen = state.noticesPosted
        state.post("fresh", at: Fixtures.now)
        #expect(state.notices.count == LessonState.noticeLimit)
        #expect(state.notices(after: seen).map(\.text) == ["fresh"])
        #expect(state.notices(after: 0).count == LessonState.noticeLimit)
    }
}
