import Testing

@testable import PetriSimulation

@Suite("Life grid")
struct LifeGridTests {
    // MARK: Storage

    @Test func rejectsSizesOutsideOneTo16384() {
        let cases: [(Int, Int, String)] = [
            (0, 10, "width must be between 1 and 16384, but was 0."),
            (10, 0, "height must be between 1 and 16384, but was 0."),
            (16385, 10, "width must be between 1 and 16384, but was 16385."),
            (10, -3, "height must be between 1 and 16384, but was -3."),
        ]
        for (width, height, message) in cases {
            let error = lifeError { () throws(SimulationError) in try LifeGrid(width: width, height: height) }
            #expect(error?.code == .parameterOutOfRange)
            #expect(error?.message == message)
        }
    }

    @Test func setsAndReadsCellsAcrossWordBoundaries() throws {
        var grid = try LifeGrid(width: 130, height: 3)
        for x in [0, 63, 64, 127, 128, 129] { grid[x, 1] = true }
        #expect(grid.population == 6)
        #expect(grid[63, 1] && grid[64, 1] && grid[129, 1])
        #expect(!grid[62, 1] && !grid[129, 0])
        grid[64, 1] = false
        #expect(grid.population == 5)
    }

    @Test func countsLiveCellsInARegionClippedToTheBoard() throws {
        var random = PetriRandom(seed: 11)
        let grid = try LifeGrid(width: 150, height: 40, density: 0.4, using: &random)
        let reference = LifeReferenceGrid(grid)
        let regions = [
            LifeRegion(x: 0, y: 0, width: 150, height: 40), LifeRegion(x: 60, y: 3, width: 10, height: 7),
            LifeRegion(x: 63, y: 0, width: 2, height: 40), LifeRegion(x: 1, y: 1, width: 128, height: 1),
            LifeRegion(x: -5, y: -5, width: 20, height: 20), LifeRegion(x: 140, y: 30, width: 50, height: 50),
            LifeRegion(x: 10, y: 10, width: 0, height: 5), LifeRegion(x: 200, y: 0, width: 5, height: 5),
        ]
        for region in regions {
            #expect(grid.population(in: region) == reference.population(in: region), "\(region)")
        }
        #expect(grid.population(in: regions[0]) == grid.population)
    }

    @Test func equalBoardsAreEqualAndHashTheSame() throws {
        let a = try lifeBoard(10, 10, "glider", at: 2, 2)
        var b = try LifeGrid(width: 10, height: 10)
        for (x, y) in [(3, 2), (4, 3), (2, 4), (3, 4), (4, 4)] { b[x, y] = true }
        #expect(a == b)
        #expect(a.fingerprint == b.fingerprint)
        b[0, 0] = true
        #expect(a != b)
        #expect(a.fingerprint != b.fingerprint)
    }

    @Test func randomFillFollowsTheDensity() throws {
        var random = PetriRandom(seed: 3)
        let empty = try LifeGrid(width: 100, height: 100, density: 0, using: &random)
        let full = try LifeGrid(width: 100, height: 100, density: 1, using: &random)
        let third = try LifeGrid(width: 100, height: 100, density: 0.3, using: &random)
        #expect(empty.population == 0)
        #expect(full.population == 10_000)
        #expect((2_800...3_200).contains(third.population))
        let error = lifeError { () throws(SimulationError) in
            try LifeGrid(width: 5, height: 5, density: .nan, using: &random)
        }
        #expect(error?.message == "density must be between 0.0 and 1.0, but was nan.")
    }

    // MARK: Classic behaviour

    @Test func blinkerHasPeriodTwo() throws {
        let start = try lifeBoard(5, 5, "blinker", at: 1, 2)
        var grid = start
        grid.step(rule: .conway, boundary: .bounded)
        #expect(grid != start)
        #expect(liveCells(grid) == [[2, 1], [2, 2], [2, 3]])
        grid.step(rule: .conway, boundary: .bounded)
        #expect(grid == start)
    }

    @Test func gliderMovesOneCellDiagonallyEveryFourGenerations() throws {
        var grid = try lifeBoard(20, 20, "glider", at: 1, 1)
        for k in 1...3 {
            for _ in 0..<4 { grid.step(rule: .conway, boundary: .bounded) }
            #expect(grid == (try lifeBoard(20, 20, "glider", at: 1 + k, 1 + k)))
        }
    }

    @Test func gliderWrapsAroundATorusBackToItsStart() throws {
        for (width, height) in [(8, 8), (70, 70), (64, 64)] {
            let start = try lifeBoard(width, height, "glider", at: 2, 3)
            var grid = start
            for _ in 0..<4 * width { grid.step(rule: .conway, boundary: .toroidal) }
            #expect(grid == start, "\(width)×\(height)")
        }
    }

    @Test func gosperGunAddsOneGliderEveryThirtyGenerations() throws {
        // Given the gun near the top-left of a board large enough that no glider reaches the edge
        var grid = try lifeBoard(120, 120, "gosper glider gun", at: 1, 1)
        // Then after 30·k generations there are 36 + 5k live cells: the gun plus k gliders
        for k in 0...8 {
            #expect(grid.population == 36 + 5 * k, "k = \(k)")
            for _ in 0..<30 { grid.step(rule: .conway, boundary: .bounded) }
        }
    }

    @Test func replicatorCopiesItselfUnderHighLifeButNotUnderConway() throws {
        let start = try lifeBoard(40, 40, "replicator", at: 17, 17)
        var high = start
        var conway = start
        var highPopulations: [Int] = []
        var conwayPopulations: [Int] = []
        for generation in 0...48 {
            if generation % 12 == 0 {
                highPopulations.append(high.population)
                conwayPopulations.append(conway.population)
            }
            high.step(rule: .highLife, boundary: .bounded)
            conway.step(rule: .conway, boundary: .bounded)
        }
        #expect(highPopulations == [12, 24, 24, 48, 24])
        #expect(conwayPopulations == [12, 32, 24, 24, 24])
        // After 12 generations HighLife holds two replicators, two cells up-left and down-right.
        var twelve = start
        for _ in 0..<12 { twelve.step(rule: .highLife, boundary: .bounded) }
        var copies = try lifeBoard(40, 40, "replicator", at: 15, 15)
        copies.paste(try LifePattern.named("replicator").cells, atX: 19, y: 19, boundary: .bounded)
        #expect(twelve == copies)
    }

    @Test func stepReportsBirthsAndDeaths() throws {
        var grid = try lifeBoard(5, 5, "blinker", at: 1, 2)
        #expect(grid.step(rule: .conway, boundary: .bounded) == (births: 2, deaths: 2))
        var block = try lifeBoard(4, 4, "block", at: 1, 1)
        #expect(block.step(rule: .conway, boundary: .bounded) == (births: 0, deaths: 0))
    }

    @Test func pasteClipsOnABoundedBoardAndWrapsOnATorus() throws {
        let glider = try LifePattern.named("glider").cells
        var bounded = try LifeGrid(width: 6, height: 6)
        bounded.paste(glider, atX: 4, y: 4, boundary: .bounded)
        #expect(liveCells(bounded) == [[5, 4]])
        var torus = try LifeGrid(width: 6, height: 6)
        torus.paste(glider, atX: 4, y: 4, boundary: .toroidal)
        #expect(liveCells(torus) == [[0, 0], [4, 0], [5, 0], [5, 4], [0, 5]])
        // The pattern's dead cells clear what was under them.
        var full = try LifeGrid(width: 4, height: 4)
        for y in 0..<4 { for x in 0..<4 { full[x, y] = true } }
        full.paste(glider, atX: 0, y: 0, boundary: .bounded)
        #expect(full.population == 16 - 9 + 5)
    }

    // MARK: The bit-packed engine against the plain reference

    @Test func countsEveryBirthOnRowsLongerThanOneCountingRound() throws {
        // Given rows of 8200 cells (129 words: the byte counters are flushed mid-row) under B0/S,
        // where every cell of an empty board is born at once, eight births in every byte
        var grid = try LifeGrid(width: 8_200, height: 3)
        let rule = try LifeRule(parsing: "B0/S")
        #expect(grid.step(rule: rule, boundary: .toroidal) == (births: 24_600, deaths: 0))
        #expect(grid.population == 24_600)
        // And a random board of that width still agrees with the reference
        var random = PetriRandom(seed: 77)
        try grid.randomize(density: 0.5, using: &random)
        var reference = LifeReferenceGrid(grid)
        for _ in 0..<3 {
            #expect(grid.step(rule: .conway, boundary: .toroidal) == reference.step(rule: .conway, boundary: .toroidal))
        }
        #expect(sameCells(grid, reference))
    }

    @Test func stepsTheLargestBoardsTheLessonsUse() throws {
        // Given a glider on a 4096×4096 torus, straddling the corner
        var grid = try LifeGrid(width: 4_096, height: 4_096)
        let glider = try LifePattern.named("glider").cells
        grid.paste(glider, atX: 4_095, y: 4_095, boundary: .toroidal)
        // When it runs four generations, then it has moved one cell down and right
        for _ in 0..<4 { grid.step(rule: .conway, boundary: .toroidal) }
        var expected = try LifeGrid(width: 4_096, height: 4_096)
        expected.paste(glider, atX: 0, y: 0, boundary: .toroidal)
        #expect(grid == expected)
    }

    @Test(arguments: [
        (67, 45), (1, 130), (130, 1), (1, 1), (63, 64), (65, 3), (200, 200), (2, 2), (64, 1), (128, 5), (257, 9),
    ])
    func agreesWithTheReferenceOnRandomBoards(width: Int, height: Int) throws {
        let rules: [LifeRule] = [
            .conway, .highLife, .seeds, .dayAndNight, try LifeRule(parsing: "B0/S8"),
            try LifeRule(parsing: "B013/S012345678"),
        ]
        let generations = width * height > 10_000 ? 12 : 40
        var random = PetriRandom(seed: UInt64(width * 1_000 + height))
        for rule in rules {
            for boundary in LifeBoundary.allCases {
                var grid = try LifeGrid(width: width, height: height, density: 0.37, using: &random)
                var reference = LifeReferenceGrid(grid)
                for generation in 1...generations {
                    let fast = grid.step(rule: rule, boundary: boundary)
                    let plain = reference.step(rule: rule, boundary: boundary)
                    guard fast == plain, sameCells(grid, reference) else {
                        Issue.record("\(width)×\(height) \(rule) \(boundary): differs at generation \(generation)")
                        return
                    }
                }
            }
        }
    }
}
