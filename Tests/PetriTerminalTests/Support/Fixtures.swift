import Foundation
import PetriProtocol
import PetriSimulation

@testable import PetriTerminal

/// Lessons built the way a client builds them: by folding real server messages, made from real models.
enum Fixtures {
    /// Builds a fixture that cannot fail unless the fixture itself is wrong.
    static func make<T>(_ body: () throws -> T) -> T {
        do {
            return try body()
        } catch {
            fatalError("A test fixture could not be built: \(error)")
        }
    }

    /// The wall clock every fixture uses: 2025-03-04 09:20:00 UTC.
    static let now = Timestamp(millisecondsSince1970: 1_741_080_000_000)
    static let code = Fixtures.make { try JoinCode("K7QX2M") }
    static let token = Fixtures.make { try AccessToken("abcdefghijklmnopqrstuv") }

    /// A student's lesson: welcome, every generation's stats, then the newest snapshot.
    static func lesson<M: SimulationModel>(
        _ model: M, steps: Int, actions: [Int: [ModelAction]] = [:], role: Welcome.Role = .student,
        you: String = "Ada"
    ) -> (LessonState, M) {
        var model = model
        var state = LessonState()
        state.code = code
        let board = leaderboard(you: role == .student ? you : nil)
        let welcome = Welcome(
            role: role,
            you: role == .student
                ? StudentProfile(student: StudentID(4), name: you, token: token, score: 1010, streak: 1) : nil,
            model: M.kind, metrics: M.metrics, parameters: (try? JSONValue(encoding: model.parameters)) ?? .null,
            position: TimelinePosition(timeline: 0, generation: 0), running: nil, runOver: nil, ended: false,
            options: LessonOptions(), questions: [], answers: [], leaderboard: board, historyFrom: 0, missed: false,
            roster: role == .teacher ? roster : nil, checkpoint: nil, presentation: Presentations.of(M.kind))
        state.apply(.welcome(welcome), at: now)
        state.apply(.stats(timeline: 0, stats: model.stats()), at: now)
        for generation in 0..<steps {
            for action in actions[generation] ?? [] {
                try? model.apply(action)
                state.apply(
                    .actionApplied(TimedAction(generation: generation, action: action)), at: now.adding(seconds: -60))
            }
            model.step()
            state.apply(.stats(timeline: 0, stats: model.stats()), at: now)
        }
        apply(snapshotOf: model, to: &state)
        return (state, model)
    }

    static func apply<M: SimulationModel>(snapshotOf model: M, to state: inout LessonState) {
        // Through the wire, as a client receives it.
        guard let sent = Presentations.snapshotMessage(of: model), let bytes = try? ProtocolEncoder().encode(sent),
            let message = try? ProtocolDecoder().decodeServerMessage(bytes)
        else { return }
        state.apply(message, at: now)
    }

    static let roster: [RosterEntry] = [
        RosterEntry(student: StudentID(1), name: "Ben", online: true, kicked: false, score: 1500, streak: 2),
        RosterEntry(student: StudentID(2), name: "Cy", online: false, kicked: false, score: 1200, streak: 0),
        RosterEntry(student: StudentID(3), name: "Dee", online: true, kicked: false, score: 900, streak: 1),
        RosterEntry(student: StudentID(4), name: "Ada", online: true, kicked: false, score: 2070, streak: 3),
    ]

    static func leaderboard(you: String?) -> Leaderboard {
        let top = [
            LeaderboardEntry(rank: 1, student: StudentID(4), name: "Ada", score: 2070),
            LeaderboardEntry(rank: 2, student: StudentID(1), name: "Ben", score: 1500),
            LeaderboardEntry(rank: 3, student: StudentID(2), name: "Cy", score: 1200),
            LeaderboardEntry(rank: 4, student: StudentID(3), name: "Dee", score: 900),
        ]
        return Leaderboard(top: top, you: you == nil ? nil : top[0], students: 4)
    }

    /// A question as the server announces it, asked at `askedAt` with a minute to answer.
    static func question(
        _ id: Int, metric: String, description: String, unit: String, kind: QuestionKind, askedAt: Int, horizon: Int,
        askedValue: Double, prompt: String?, hasHint: Bool = true, state: QuestionState = .open
    ) -> QuestionInfo {
        QuestionInfo(
            id: QuestionID(id), metric: metric, metricDescription: description, unit: unit, kind: kind,
            askedAt: askedAt,
            target: askedAt + horizon, askedValue: askedValue, openedAt: now.adding(seconds: -18),
            closesAt: now.adding(seconds: 42), hasHint: hasHint, allowChange: true, prompt: prompt, state: state,
            actual: nil)
    }

    static var growShrink: QuestionKind {
        .choice(options: [
            ChoiceOption("extinct", when: .runOver), ChoiceOption("grow", when: .grows),
            ChoiceOption("shrink", when: .shrinks), ChoiceOption("same", when: .otherwise),
        ])
    }

    // MARK: - The three scenes of the golden tests

    /// Camouflage on a dark background after 12 generations; a number question is open, "130" typed.
    static func camouflageOpenQuestion() -> ScreenState {
        var parameters = CamouflageParameters()
        parameters[int: "population"] = 60
        parameters[int: "environmentColour"] = 30
        parameters[number: "crowding"] = 0.05
        let (lesson0, model) = lesson(Fixtures.make { try CamouflageModel(parameters: parameters, seed: 7) }, steps: 12)
        var lesson = lesson0
        let population = Double(model.snapshot().population)
        let q = question(
            3, metric: "population", description: "How many creatures are alive.", unit: "creatures",
            kind: .number(tolerance: 24), askedAt: 12, horizon: 10, askedValue: population,
            prompt: "How many moths will be alive at generation 22?")
        lesson.apply(.question(q), at: now.adding(seconds: -18))
        var ui = StudentUI()
        ui.answer.reset(for: q.id)
        ui.answer.text = "130"
        ui.markBest = true
        return ScreenState(lesson: lesson, connection: .online, ui: ui, now: now, colorMode: .truecolor)
    }

    /// Islands after the teacher split the starting island and raised new land; a choice question is locked.
    static func islandsLocked() -> ScreenState {
        var parameters = IslandsParameters()
        parameters.width = 20
        parameters.height = 10
        let model = Fixtures.make { try IslandsModel(parameters: parameters, seed: 1) }
        // The starting island is x 8...10, y 3...5. Flood its middle column, then grow each half.
        let actions: [Int: [ModelAction]] = [
            0: [
                .toggle(x: 9, y: 3), .toggle(x: 9, y: 4), .toggle(x: 9, y: 5), .toggle(x: 7, y: 4), .toggle(x: 6, y: 4),
            ],
            1: [.toggle(x: 11, y: 4), .toggle(x: 12, y: 4), .toggle(x: 12, y: 5), .toggle(x: 13, y: 5)],
            2: [
                .toggle(x: 6, y: 5), .toggle(x: 6, y: 6), .toggle(x: 13, y: 6), .toggle(x: 13, y: 7),
                .toggle(x: 8, y: 6),
            ],
            3: [.toggle(x: 6, y: 5), .toggle(x: 2, y: 2), .toggle(x: 3, y: 2), .toggle(x: 17, y: 8)],
        ]
        var (lesson, _) = lesson(model, steps: 5, actions: actions)
        var q = question(
            2, metric: "livingSpecies", description: "How many species are alive.", unit: "species", kind: growShrink,
            askedAt: 4, horizon: 3, askedValue: 3, prompt: "What happens to the number of species after the flood?",
            hasHint: false)
        q.closesAt = nil
        lesson.apply(.question(q), at: now.adding(seconds: -30))
        lesson.apply(
            .answerAccepted(question: q.id, prediction: .choice(2), answeredAt: now.adding(seconds: -20)), at: now)
        lesson.apply(.questionLocked(question: q.id, reason: .advanced), at: now)
        return ScreenState(lesson: lesson, connection: .online, ui: StudentUI(), now: now, colorMode: .truecolor)
    }

    /// Life from an R-pentomino after 40 generations; a probability question resolved, with the spread.
    static func lifeResolved() -> ScreenState {
        let parameters = LifeModel.Parameters(width: 64, height: 48, pattern: "r-pentomino")
        let (lesson0, model) = lesson(Fixtures.make { try LifeModel(parameters: parameters, seed: 3) }, steps: 40)
        var lesson = lesson0
        let q = question(
            5, metric: "liveCells", description: "How many cells are alive.", unit: "cells",
            kind: .probability(event: Condition(.gt, 50)), askedAt: 30, horizon: 10, askedValue: 40, prompt: nil)
        lesson.apply(.question(q), at: now.adding(seconds: -100))
        lesson.apply(
            .answerAccepted(question: q.id, prediction: .probability(0.7), answeredAt: now.adding(seconds: -90)),
            at: now)
        lesson.apply(.questionLocked(question: q.id, reason: .timeLimit), at: now)
        let actual = Double(model.liveCells)
        var bins = (0..<10).map {
            SpreadBin(lower: Double($0) / 10, upper: Double($0 + 1) / 10, count: [0, 1, 0, 2, 1, 3, 4, 6, 2, 1][$0])
        }
        bins[9].count = 1
        let board = Leaderboard(
            top: [
                LeaderboardEntry(rank: 1, student: StudentID(4), name: "Ada", score: 2980),
                LeaderboardEntry(rank: 2, student: StudentID(1), name: "Ben", score: 2310),
                LeaderboardEntry(rank: 3, student: StudentID(2), name: "Cy", score: 1200),
            ], you: nil, students: 21)
        lesson.apply(
            .resolved(
                Resolution(
                    question: q.id, generation: 40, actual: actual, correctOption: nil, eventHappened: actual > 50,
                    spread: Spread(answers: 21, bins: bins, mean: 0.62), leaderboard: board)), at: now)
        lesson.apply(
            .result(
                PersonalResult(
                    question: q.id, prediction: .probability(0.7),
                    points: ScoreBreakdown(base: 910, hintTaken: false, speed: 6, streak: 50, total: 966), score: 2980,
                    streak: 2, standing: board.top[0])), at: now)
        return ScreenState(lesson: lesson, connection: .online, ui: StudentUI(), now: now, colorMode: .truecolor)
    }
}
