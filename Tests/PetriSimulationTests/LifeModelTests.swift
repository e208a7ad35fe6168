import Foundation
import Testing

@testable import PetriSimulation

@Suite("Life model")
struct LifeModelTests {
    /// The determinism scenario: a default soup, then a glider, a rule change, a boundary change
    /// and a toggle, 1,000 generations in all.
    static func scenario(seed: UInt64) throws -> LifeModel {
        var life = try LifeModel(parameters: .init(), seed: seed)
        for _ in 0..<300 { life.step() }
        try life.apply(.place(pattern: "glider", x: 5, y: 5))
        for _ in 0..<200 { life.step() }
        try life.apply(.set(name: "rule", value: .text("B36/S23")))
        for _ in 0..<200 { life.step() }
        try life.apply(.set(name: "boundary", value: .text("toroidal")))
        try life.apply(.toggle(x: 10, y: 10))
        for _ in 0..<300 { life.step() }
        return life
    }

    // MARK: Determinism and saved state

    @Test func sameSeedAndActionsGiveThePinnedHistory() throws {
        let life = try Self.scenario(seed: 42)
        #expect(life.generation == 1_000)
        #expect(life.stateHash == 0xB577_FD57_96D4_A49D)
        #expect(try Self.scenario(seed: 42) == life)
    }

    @Test func differentSeedGivesADifferentHistory() throws {
        #expect(try Self.scenario(seed: 43).stateHash != Self.scenario(seed: 42).stateHash)
    }

    @Test func restoredStateContinuesExactlyLikeTheOriginal() throws {
        // Given a run saved halfway, with an edit since the last step
        var original = try LifeModel(
            parameters: .init(width: 70, height: 33, boundary: .toroidal, density: 0.3), seed: 9)
        for _ in 0..<40 { original.step() }
        try original.apply(.place(pattern: "lwss", x: 60, y: 30))
        // When it is restored and both run on
        var restored = try LifeModel(decodingState: original.encodeState())
        #expect(restored == original)
        for _ in 0..<60 {
            original.step()
            restored.step()
        }
        // Then they are identical
        #expect(restored == original)
        #expect(restored.stateHash == original.stateHash)
    }

    @Test func restoresTheParametersRuleAndPeriodHistory() throws {
        var life = try LifeModel(
            parameters: .init(width: 9, height: 9, rule: "b36/s23", pattern: "blinker", density: 0), seed: 1
        )
        for _ in 0..<5 { life.step() }
        let restored = try LifeModel(decodingState: life.encodeState())
        #expect(restored.parameters == .init(width: 9, height: 9, rule: "B36/S23", pattern: "blinker", density: 0))
        #expect(restored.rule == .highLife)
        #expect(restored.period == 2)
        #expect(restored.births == 2 && restored.deaths == 2)
    }

    @Test func truncatedOrCorruptStateIsRejected() throws {
        var life = try LifeModel(parameters: .init(width: 70, height: 5), seed: 3)
        life.step()
        let bytes = life.encodeState()
        for length in [0, 1, 2, 10, 60, bytes.count - 1] {
            let error = lifeError { () throws(SimulationError) in
                try LifeModel(decodingState: Array(bytes.prefix(length)))
            }
            #expect(error?.code == .corruptState, "length \(length)")
        }
        let trailing = lifeError { () throws(SimulationError) in try LifeModel(decodingState: bytes + [0]) }
        #expect(trailing?.message == "The saved state has 1 unexpected bytes at its end.")
        var otherModel = bytes
        otherModel[0] = ModelKind.camouflage.tag
        let wrongTag = lifeError { () throws(SimulationError) in try LifeModel(decodingState: otherModel) }
        #expect(wrongTag?.message == "The saved state is not a life model's state.")
        // A live cell in the padding beyond the 70th column of row 0 (bit 6 of the row's second word).
        var padding = bytes
        padding[bytes.count - 10 * 8 + 8] |= 0x40
        let paddingError = lifeError { () throws(SimulationError) in try LifeModel(decodingState: padding) }
        #expect(paddingError?.message == "The saved life state is corrupt: a row has cells beyond the board's edge.")
        var hugeBoard = bytes
        hugeBoard.replaceSubrange(2..<10, with: [0xFF, 0xFF, 0, 0, 0, 0, 0, 0])
        let sizeError = lifeError { () throws(SimulationError) in try LifeModel(decodingState: hugeBoard) }
        #expect(sizeError?.message == "The saved life state is corrupt: its board size 65535×5 is impossible.")
    }

    // MARK: Parameters

    @Test func decodesMissingParametersAsDefaults() throws {
        let empty = try JSONDecoder().decode(LifeModel.Parameters.self, from: Data("{}".utf8))
        #expect(empty == LifeModel.Parameters())
        #expect(empty.width == 64 && empty.height == 48 && empty.rule == "B3/S23" && empty.boundary == .bounded)
        let some = try JSONDecoder().decode(
            LifeModel.Parameters.self, from: Data(#"{"width":100,"boundary":"toroidal","pattern":"acorn"}"#.utf8)
        )
        #expect(some == LifeModel.Parameters(width: 100, boundary: .toroidal, pattern: "acorn"))
        #expect(
            throws: SimulationError(.parameterOutOfRange, "boundary must be bounded or toroidal, but was \"wrapped\".")
        ) {
            try JSONDecoder().decode(LifeModel.Parameters.self, from: Data(#"{"boundary":"wrapped"}"#.utf8))
        }
    }

    @Test func startsFromASoupAPatternOrBoth() throws {
        let soup = try LifeModel(parameters: .init(width: 100, height: 100), seed: 1)
        #expect((3_200...3_800).contains(soup.liveCells))
        let glider = try LifeModel(parameters: .init(width: 11, height: 11, pattern: "glider"), seed: 1)
        #expect(liveCells(glider.grid) == [[5, 4], [6, 5], [4, 6], [5, 6], [6, 6]])
        let both = try LifeModel(parameters: .init(width: 100, height: 100, pattern: "pulsar", density: 0.2), seed: 1)
        #expect(both.grid.population(in: LifeRegion(x: 43, y: 43, width: 13, height: 13)) == 48)
        #expect(both.liveCells > 1_000)
    }

    @Test(arguments: [
        (LifeModel.Parameters(width: 0), "width must be between 1 and 16384, but was 0."),
        (LifeModel.Parameters(width: 20_000), "width must be between 1 and 16384, but was 20000."),
        (LifeModel.Parameters(height: -1), "height must be between 1 and 16384, but was -1."),
        (LifeModel.Parameters(density: .nan), "density must be between 0.0 and 1.0, but was nan."),
        (LifeModel.Parameters(density: 1.5), "density must be between 0.0 and 1.0, but was 1.5."),
        (
            LifeModel.Parameters(rule: "B3/S2x"),
            "The rule \"B3/S2x\" is not a Life-like rule: write B, the neighbour counts (0 to 8) that give birth,"
                + " a slash, S and the counts that let a cell survive, as in B3/S23."
        ),
        (
            LifeModel.Parameters(pattern: "unicorn"),
            "There is no pattern named \"unicorn\"; use one of block, blinker, toad, beacon, pulsar, glider, lwss,"
                + " r-pentomino, diehard, acorn, gosper-glider-gun, replicator, or give the pattern as RLE text."
        ),
        (
            LifeModel.Parameters(width: 20, height: 20, pattern: "gosper glider gun"),
            "The pattern Gosper glider gun is 36×9 cells, larger than the 20×20 cells that fit here."
        ),
        (
            LifeModel.Parameters(width: 20, height: 20, pattern: "x = 30, y = 2\n30o!"),
            "The RLE pattern is 30×2 cells, larger than the 20×20 cells that fit here."
        ),
    ])
    func badParametersSayWhichAndWhy(parameters: LifeModel.Parameters, message: String) {
        let error = lifeError { () throws(SimulationError) in try LifeModel(parameters: parameters, seed: 1) }
        #expect(error?.message == message)
    }

    // MARK: Metrics

    @Test func blinkerOscillatesWithPeriodTwo() throws {
        var life = try LifeModel(parameters: .init(width: 7, height: 7, pattern: "blinker"), seed: 1)
        #expect(try life.value(of: MetricID("period")) == 0)
        life.step()
        #expect(try life.value(of: MetricID("period")) == 0)
        #expect(try life.value(of: MetricID("births")) == 2)
        #expect(try life.value(of: MetricID("deaths")) == 2)
        life.step()
        #expect(try life.value(of: MetricID("period")) == 2)
        #expect(try life.value(of: MetricID("still")) == 0)
        #expect(try life.value(of: MetricID("liveCells")) == 3)
    }

    @Test func pulsarHasPeriodThreeAndBlockIsStill() throws {
        var pulsar = try LifeModel(parameters: .init(width: 17, height: 17, pattern: "pulsar"), seed: 1)
        for _ in 0..<3 { pulsar.step() }
        #expect(pulsar.period == 3)
        var block = try LifeModel(parameters: .init(width: 6, height: 6, pattern: "block"), seed: 1)
        #expect(block.stats().values["still"] == 0)
        block.step()
        #expect(block.stats().values == ["liveCells": 4, "births": 0, "deaths": 0, "still": 1, "period": 1])
    }

    @Test func gliderHasNoPeriod() throws {
        var life = try LifeModel(parameters: .init(width: 30, height: 30, pattern: "glider"), seed: 1)
        for _ in 0..<20 { life.step() }
        #expect(life.period == 0)
    }

    @Test func answersCellAndRegionQuestions() throws {
        let life = try LifeModel(parameters: .init(width: 11, height: 11, pattern: "glider"), seed: 1)
        #expect(try life.value(of: MetricID(parsing: "cell(5,4)")) == 1)
        #expect(try life.value(of: MetricID(parsing: "cell(4,4)")) == 0)
        #expect(try life.value(of: MetricID(parsing: "region(4,4,3,3)")) == 5)
        #expect(try life.value(of: MetricID(parsing: "region(0,0,5,11)")) == 1)
        #expect(try life.value(of: MetricID(parsing: "region(0,0,11,11)")) == 5)
    }

    @Test(arguments: [
        ("cell(11,0)", "cell(11,0) names a cell off the board; x must be 0 to 10 and y 0 to 10."),
        (
            "region(5,5,10,1)",
            "region(5,5,10,1) is not a rectangle on the 11×11 board; give its top-left x, y and a width and height"
                + " of at least 1 that stay on the board."
        ),
        (
            "region(0,0,0,3)",
            "region(0,0,0,3) is not a rectangle on the 11×11 board; give its top-left x, y and a width and height"
                + " of at least 1 that stay on the board."
        ),
        (
            "cell(1)",
            "Life has no metric cell(1); use liveCells, births, deaths, still, period, cell(x,y) or region(x,y,w,h)."
        ),
        (
            "population",
            "Life has no metric population; use liveCells, births, deaths, still, period, cell(x,y) or region(x,y,w,h)."
        ),
    ])
    func badMetricQuestionsSayWhy(metric: String, message: String) throws {
        let life = try LifeModel(parameters: .init(width: 11, height: 11, pattern: "glider"), seed: 1)
        let id = try MetricID(parsing: metric)
        let error = lifeError { () throws(SimulationError) in try life.value(of: id) }
        #expect(error?.code == .unknownMetric)
        #expect(error?.message == message)
    }

    @Test func describesEveryMetric() {
        #expect(
            LifeModel.metrics.map(\.name) == [
                "liveCells", "births", "deaths", "still", "period", "cell(x,y)", "region(x,y,w,h)",
            ])
        #expect(LifeModel.metrics.filter(\.isYesNo).map(\.name) == ["still", "cell(x,y)"])
    }

    @Test func neverEnds() throws {
        var life = try LifeModel(parameters: .init(width: 5, height: 5, pattern: "x = 1, y = 1\no!"), seed: 1)
        life.step()
        #expect(life.liveCells == 0)
        #expect(!life.isOver && life.endMessage == nil)
    }

    // MARK: Actions

    @Test func toggleFlipsOneCellAndRestartsPeriodDetection() throws {
        var life = try LifeModel(parameters: .init(width: 7, height: 7, pattern: "blinker"), seed: 1)
        life.step()
        life.step()
        #expect(life.period == 2)
        try life.apply(.toggle(x: 0, y: 0))
        #expect(life.grid[0, 0] && life.liveCells == 4 && life.period == 0)
        try life.apply(.toggle(x: 0, y: 0))
        #expect(!life.grid[0, 0] && life.liveCells == 3)
        let error = lifeError { () throws(SimulationError) in try life.apply(.toggle(x: 7, y: 0)) }
        #expect(error?.message == "x must be between 0 and 6, but was 7.")
    }

    @Test func placeStampsANamedPatternOrRLE() throws {
        var life = try LifeModel(parameters: .init(width: 20, height: 20, density: 0), seed: 1)
        try life.apply(.place(pattern: "Glider", x: 2, y: 3))
        try life.apply(.place(pattern: "#C a row\nx = 3, y = 1\n3o!", x: 10, y: 10))
        #expect(liveCells(life.grid) == [[3, 3], [4, 4], [2, 5], [3, 5], [4, 5], [10, 10], [11, 10], [12, 10]])
        #expect(life.liveCells == 8)
        let bad = lifeError { () throws(SimulationError) in try life.apply(.place(pattern: "3q*!", x: 0, y: 0)) }
        #expect(bad?.code == .malformedInput)
        #expect(life.liveCells == 8)
        let off = lifeError { () throws(SimulationError) in try life.apply(.place(pattern: "glider", x: 0, y: 20)) }
        #expect(off?.message == "y must be between 0 and 19, but was 20.")
    }

    @Test func teacherChangesRuleAndBoundaryBetweenGenerations() throws {
        var life = try LifeModel(parameters: .init(width: 8, height: 8, pattern: "glider"), seed: 1)
        try life.apply(.set(name: "rule", value: .text("highlife")))
        try life.apply(.set(name: "boundary", value: .text("Toroidal")))
        #expect(life.parameters.rule == "B36/S23" && life.rule == .highLife)
        #expect(life.parameters.boundary == .toroidal && life.boundary == .toroidal)
        #expect(life.snapshot().rule == "B36/S23")
    }

    @Test(arguments: [
        (
            ModelAction.set(name: "width", value: .number(10)), SimulationError.Code.invalidAction,
            "width only describes how the board starts and cannot change during a lesson; clone the lesson with a new"
                + " width instead."
        ),
        (
            ModelAction.set(name: "speed", value: .number(10)), .unknownParameter,
            "Life has no parameter named \"speed\"; it has width, height, rule, boundary, pattern and density."
        ),
        (
            ModelAction.set(name: "rule", value: .number(3)), .wrongValueKind,
            "rule must be text such as B3/S23, but was 3."
        ),
        (
            ModelAction.set(name: "boundary", value: .text("wrapped")), .parameterOutOfRange,
            "boundary must be bounded or toroidal, but was \"wrapped\"."
        ),
        (
            ModelAction.set(name: "rule", value: .text("B3/S99")), .malformedInput,
            "The rule \"B3/S99\" is not a Life-like rule: write B, the neighbour counts (0 to 8) that give birth,"
                + " a slash, S and the counts that let a cell survive, as in B3/S23."
        ),
    ])
    func rejectedActionsChangeNothing(action: ModelAction, code: SimulationError.Code, message: String) throws {
        var life = try LifeModel(parameters: .init(width: 8, height: 8), seed: 4)
        let before = life
        let error = lifeError { () throws(SimulationError) in try life.apply(action) }
        #expect(error?.code == code)
        #expect(error?.message == message)
        #expect(life == before)
    }

    // MARK: Snapshots

    @Test func snapshotPacksTheBoardInBase64() throws {
        // Given a 10×2 board with cells (0,0), (9,0) and (8,1)
        var life = try LifeModel(parameters: .init(width: 10, height: 2, density: 0), seed: 1)
        for (x, y) in [(0, 0), (9, 0), (8, 1)] { try life.apply(.toggle(x: x, y: y)) }
        // Then each row is two bytes, leftmost cell in the lowest bit: 01 02 / 00 01
        let snapshot = life.snapshot()
        #expect(snapshot.cells == "AQIAAQ==")
        #expect((snapshot.x, snapshot.y, snapshot.width, snapshot.height) == (0, 0, 10, 2))
        #expect((snapshot.boardWidth, snapshot.boardHeight, snapshot.liveCells) == (10, 2, 3))
        #expect((snapshot.generation, snapshot.rule, snapshot.boundary) == (0, "B3/S23", .bounded))
        #expect(try snapshot.decodeCells() == (0..<20).map { [0, 9, 18].contains($0) })
    }

    @Test func snapshotEncodesAsCompactJSON() throws {
        var life = try LifeModel(parameters: .init(width: 10, height: 2, boundary: .toroidal, density: 0), seed: 1)
        try life.apply(.toggle(x: 0, y: 0))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(life.snapshot()), as: UTF8.self)
        #expect(
            json == #"{"boardHeight":2,"boardWidth":10,"boundary":"toroidal","cells":"AQAAAA==","generation":0,"#
                + #""height":2,"liveCells":1,"rule":"B3\/S23","width":10,"x":0,"y":0}"#
        )
    }

    @Test func snapshotOfAViewportIsClippedToTheBoard() throws {
        var life = try LifeModel(parameters: .init(width: 150, height: 90, density: 0.5), seed: 8)
        for _ in 0..<3 { life.step() }
        let view = try life.snapshot(region: LifeRegion(x: 61, y: 80, width: 100, height: 20))
        #expect((view.x, view.y, view.width, view.height) == (61, 80, 89, 10))
        let cells = try view.decodeCells()
        for row in 0..<view.height {
            for column in 0..<view.width {
                #expect(cells[row * view.width + column] == life.grid[61 + column, 80 + row])
            }
        }
        let whole = try life.snapshot().decodeCells()
        #expect(whole.filter { $0 }.count == life.liveCells)
        let off = lifeError { () throws(SimulationError) in
            try life.snapshot(region: LifeRegion(x: 150, y: 0, width: 10, height: 10))
        }
        #expect(off?.message == "The viewport at (150, 0) of 10×10 cells shows no cell of the 150×90 board.")
    }
}
