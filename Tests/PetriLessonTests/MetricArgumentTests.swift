import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriLesson

/// A lesson of a real model with a manual clock, keeping every persisted entry.
private struct ModelRoom<Model: SimulationModel> {
    var lesson: Lesson<Model>
    let clock = ManualClock()
    let teacherToken: AccessToken
    /// The lesson at generation 0, as its record's definition says.
    let definition: LessonDefinition
    private(set) var entries: [LessonLogEntry] = []

    init(_ parameters: Model.Parameters) throws {
        teacherToken = try Classroom.token("teacher")
        lesson = try Lesson(
            parameters: parameters, seed: 7, teacherToken: teacherToken,
            configuration: LessonConfiguration(nameSeed: 7))
        definition = try lesson.definition()
    }

    @discardableResult
    mutating func send(_ command: LessonCommand, as actor: Participant = .teacher) -> LessonOutcome<Model> {
        let outcome = lesson.handle(command, from: actor, at: clock.now)
        for case .persist(let entry, _) in outcome.effects { entries.append(entry) }
        return outcome
    }

    /// Sends `command`, failing the test if it is refused.
    @discardableResult
    mutating func accept(
        _ command: LessonCommand, as actor: Participant = .teacher, sourceLocation: SourceLocation = #_sourceLocation
    ) -> LessonOutcome<Model> {
        let outcome = send(command, as: actor)
        #expect(
            outcome.rejection == nil, "\(command) was refused: \(String(describing: outcome.rejection))",
            sourceLocation: sourceLocation)
        return outcome
    }

    mutating func join(_ name: String) throws -> StudentID {
        let outcome = send(.join(name: name, token: try Classroom.token(name)), as: .guest)
        return try #require(outcome.attachedStudent)
    }

    /// Asks `metric` as a question of `kind`, `horizon` generations ahead, and returns what everyone saw.
    mutating func ask(
        _ metric: String, _ kind: QuestionKind, in horizon: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> QuestionInfo {
        let outcome = accept(.ask(QuestionSpec(metric: metric, kind: kind, horizon: horizon)))
        return try #require(
            outcome.broadcasts.compactMap { if case .question(let info) = $0 { info } else { nil } }.first,
            sourceLocation: sourceLocation)
    }

    /// The refusal of a question about `metric`.
    mutating func refusal(of metric: String) -> ProtocolError? {
        send(.ask(QuestionSpec(metric: metric, kind: .number(tolerance: nil), horizon: 1))).rejection
    }
}

extension LessonOutcome {
    /// The resolution broadcast, if a question resolved.
    fileprivate var resolution: Resolution? {
        broadcasts.compactMap { if case .resolved(let resolution) = $0 { resolution } else { nil } }.first
    }
}

@Suite("Questions about metrics with arguments: cell, region, tilesOfSpecies")
struct MetricArgumentTests {
    /// An empty 10×10 Life board with a horizontal blinker on row 4, columns 3...5: even
    /// generations lie along row 4, odd ones stand in column 4, rows 3...5.
    private static func blinker() throws -> ModelRoom<LifeModel> {
        var room = try ModelRoom<LifeModel>(.init(width: 10, height: 10, density: 0))
        room.accept(.act(.place(pattern: "blinker", x: 3, y: 4)))
        return room
    }

    @Test func aLifeQuestionAboutOneCellIsAskedNowAndResolvedAtThatCellLater() throws {
        // Given a blinker, and Ada
        var room = try Self.blinker()
        let ada = try room.join("Ada")

        // When the teacher asks "will cell(4,3) be alive in 5 generations?" (it is dead now)
        let info = try room.ask("cell(4, 3)", .probability(event: nil), in: 5)

        // Then everyone sees the metric as written in canonical form, described, and its value now
        #expect(info.metric == "cell(4,3)")
        #expect(info.metricDescription == "Whether the cell in column x, row y is alive (counting from 0).")
        #expect(info.askedValue == 0 && info.target == 5)
        #expect(info.kind == .probability(event: Condition(.eq, 1)))

        // When Ada says 90 % and the board reaches generation 5 (standing: the cell is alive)
        room.accept(.answer(info.id, .probability(0.9)), as: .student(ada))
        let outcome = room.accept(.step(count: 5))

        // Then the question resolves on that same cell: it happened
        let resolution = try #require(outcome.resolution)
        #expect(resolution.generation == 5 && resolution.actual == 1 && resolution.eventHappened == true)
        #expect(room.lesson.questionInfos.map(\.state) == [.resolved])

        // And a restart that replays the log asks and resolves it the same way
        let rebuilt = try Lesson<LifeModel>.rebuild(
            definition: room.definition, teacherToken: room.teacherToken, configuration: room.lesson.configuration,
            log: room.entries, source: ())
        #expect(rebuilt.stateHash == room.lesson.stateHash)
        #expect(rebuilt.questionInfos == room.lesson.questionInfos)
    }

    @Test func aLifeQuestionAboutARegionCountsItsCellsAtTheTarget() throws {
        // Given a blinker: the 4×10 strip of columns 0...3 holds one of its cells now
        var room = try Self.blinker()
        let ada = try room.join("Ada")

        // When the teacher asks how many cells that strip will hold in 5 generations
        let info = try room.ask("region(0,0,4,10)", .number(tolerance: 2), in: 5)
        #expect(info.metric == "region(0,0,4,10)" && info.askedValue == 1 && info.unit == "cells")
        room.accept(.answer(info.id, .number(1)), as: .student(ada))

        // Then at generation 5 (the blinker standing in column 4) it counts none, and Ada's 1 is half off
        let outcome = room.accept(.step(count: 5))
        let resolution = try #require(outcome.resolution)
        #expect(resolution.actual == 0)
        let result = try #require(
            outcome.sent(to: .student(ada)).compactMap { if case .result(let r) = $0 { r } else { nil } }.first)
        #expect(result.points.base == 500)
    }

    @Test func anIslandsQuestionAboutTheNextSpeciesResolvesToTheTilesItWasBornOn() throws {
        // Given the original map (species 1 on the 3×3 island at x 3...5, y 1...3) with its middle
        // column flooded: two 1×3 islands, the left keeping species 1 at the next evolve
        var room = try ModelRoom<IslandsModel>(IslandsParameters())
        for y in 1...3 { room.accept(.act(.toggle(x: 4, y: y))) }

        // When the teacher asks about species 2, which does not exist yet, and about species 1
        let second = try room.ask("tilesOfSpecies(2)", .number(tolerance: nil), in: 1)
        #expect(second.metric == "tilesOfSpecies(2)" && second.askedValue == 0 && second.unit == "tiles")
        #expect(second.metricDescription == "How many land tiles species id lives on (0 if it is extinct).")
        let outcome = room.accept(.step(count: 1))
        #expect(try #require(outcome.resolution).actual == 3)

        // And species 1, now on the left island only, keeps its 3 tiles through the next evolve
        let options = [ChoiceOption("three", when: Condition(.eq, 3)), ChoiceOption("other", when: .otherwise)]
        let first = try room.ask("tilesOfSpecies(1)", .choice(options: options), in: 1)
        #expect(first.askedValue == 3)
        #expect(try #require(room.accept(.step(count: 1)).resolution).correctOption == 0)
    }

    static let lifeRefusals: [(metric: String, message: String)] = [
        ("cell", "cell is written cell(x,y) with 2 whole numbers, but was given \"cell\"."),
        ("cell(3)", "cell is written cell(x,y) with 2 whole numbers, but was given \"cell(3)\"."),
        ("cell(3,four)", "cell is written cell(x,y) with 2 whole numbers, but was given \"cell(3,four)\"."),
        ("cell(3,4", "cell is written cell(x,y) with 2 whole numbers, but was given \"cell(3,4\"."),
        (
            "region(0,0,3)",
            "region is written region(x,y,w,h) with 4 whole numbers, but was given \"region(0,0,3)\"."
        ),
        ("liveCells(1)", "liveCells takes no arguments, but was given \"liveCells(1)\"."),
        ("cell(10,4)", "cell(10,4) names a cell off the board; x must be 0 to 9 and y 0 to 9."),
        ("cell(-1,4)", "cell(-1,4) names a cell off the board; x must be 0 to 9 and y 0 to 9."),
        (
            "region(8,8,3,3)",
            "region(8,8,3,3) is not a rectangle on the 10×10 board; give its top-left x, y and a width and"
                + " height of at least 1 that stay on the board."
        ),
        (
            "region(0,0,0,5)",
            "region(0,0,0,5) is not a rectangle on the 10×10 board; give its top-left x, y and a width and"
                + " height of at least 1 that stay on the board."
        ),
        (
            "cells(1,2)",
            "The life model has no metric \"cells(1,2)\"; it has liveCells, births, deaths, still, period,"
                + " cell(x,y), region(x,y,w,h)."
        ),
    ]

    @Test(arguments: lifeRefusals)
    func aLifeMetricWithUnusableArgumentsIsRefusedNamingItsForm(metric: String, message: String) throws {
        // Given a 10×10 board
        var room = try Self.blinker()
        let before = room.lesson

        // When the teacher asks about it, Then the refusal says how to write it, and nothing changes
        #expect(room.refusal(of: metric) == ProtocolError(.unknownMetric, message))
        #expect(room.lesson == before)
    }

    static let islandsRefusals: [(metric: String, message: String)] = [
        (
            "tilesOfSpecies",
            "tilesOfSpecies is written tilesOfSpecies(id) with one whole number, but was given \"tilesOfSpecies\"."
        ),
        (
            "tilesOfSpecies(1,2)",
            "tilesOfSpecies is written tilesOfSpecies(id) with one whole number, but was given"
                + " \"tilesOfSpecies(1,2)\"."
        ),
        ("tilesOfSpecies(0)", "Species ids start at 1, but tilesOfSpecies was given 0."),
        ("landTiles(2)", "landTiles takes no arguments, but was given \"landTiles(2)\"."),
    ]

    @Test(arguments: islandsRefusals)
    func anIslandsMetricWithUnusableArgumentsIsRefusedNamingItsForm(metric: String, message: String) throws {
        // Given the original map
        var room = try ModelRoom<IslandsModel>(IslandsParameters())
        let before = room.lesson

        // When the teacher asks about it, Then the refusal says how to write it, and nothing changes
        #expect(room.refusal(of: metric) == ProtocolError(.unknownMetric, message))
        #expect(room.lesson == before)
    }
}
