import Testing

@testable import PetriSimulation

@Suite("Life rules")
struct LifeRuleTests {
    // MARK: The tutorial's rule tests, as it wrote them (3×3 boards, Conway, cells beyond the edge dead)

    @Test func liveCellWithTwoNeighboursSurvives() throws {
        // Given a row of three live cells through the centre
        var board = try lifeBoard("D D D / L L L / D D D")
        // When one generation passes
        board.step(rule: .conway, boundary: .bounded)
        // Then the centre, with two neighbours, is still alive
        #expect(board[1, 1])
    }

    @Test func liveCellWithThreeNeighboursSurvives() throws {
        var board = try lifeBoard("D L D / D L L / D L D")
        board.step(rule: .conway, boundary: .bounded)
        #expect(board[1, 1])
    }

    @Test func deadCellWithThreeNeighboursIsBorn() throws {
        // Given cell (1,0) dead with live neighbours (0,0), (0,1) and (1,1)
        var board = try lifeBoard("L D D / L L D / D D D")
        #expect(!board[1, 0])
        board.step(rule: .conway, boundary: .bounded)
        #expect(board[1, 0])
    }

    @Test func lonelyCellDies() throws {
        var board = try lifeBoard("D D D / D L D / D D D")
        board.step(rule: .conway, boundary: .bounded)
        #expect(!board[1, 1])
    }

    @Test func overcrowdedCellDies() throws {
        var board = try lifeBoard("L L L / L L L / L L L")
        board.step(rule: .conway, boundary: .bounded)
        #expect(!board[1, 1])
    }

    // MARK: Notation

    @Test func parsesStandardNotationAndPrintsItCanonically() throws {
        #expect(try LifeRule(parsing: "B3/S23") == .conway)
        #expect(try LifeRule(parsing: "b36/s23") == .highLife)
        #expect(try LifeRule(parsing: "B2/S") == .seeds)
        #expect(try LifeRule(parsing: "B3678/S34678") == .dayAndNight)
        #expect(try LifeRule(parsing: " B3S23 ") == .conway)
        #expect(try LifeRule(parsing: "S23/B3") == .conway)
        #expect(try LifeRule(parsing: "B63/S32").description == "B36/S23")
        #expect(LifeRule.seeds.description == "B2/S")
        #expect(LifeRule.dayAndNight.description == "B3678/S34678")
    }

    @Test func parsesTheOldSurvivalSlashBirthForm() throws {
        #expect(try LifeRule(parsing: "23/3") == .conway)
        #expect(try LifeRule(parsing: "23/36") == .highLife)
        #expect(try LifeRule(parsing: "/2") == .seeds)
    }

    @Test func parsesRuleNames() throws {
        #expect(try LifeRule(parsing: "HighLife") == .highLife)
        #expect(try LifeRule(parsing: "conway") == .conway)
        #expect(try LifeRule(parsing: "Day & Night") == .dayAndNight)
    }

    @Test func malformedRulesSaySoInOneSentence() {
        for text in ["", "B9/S23", "B3/S23/", "X3/S23", "B3/B3", "3/23/1", "B3/S2a", "life!"] {
            let error = lifeError { () throws(SimulationError) in try LifeRule(parsing: text) }
            #expect(error?.code == .malformedInput, "\(text)")
            #expect(
                error?.message
                    == "The rule \"\(text)\" is not a Life-like rule: write B, the neighbour counts (0 to 8) that give"
                    + " birth, a slash, S and the counts that let a cell survive, as in B3/S23."
            )
        }
    }

    @Test func buildsRulesFromNeighbourCounts() throws {
        #expect(try LifeRule(birth: [3, 6], survival: [2, 3]) == .highLife)
        let error = lifeError { () throws(SimulationError) in try LifeRule(birth: [9], survival: []) }
        #expect(error?.message == "birth neighbour count must be between 0 and 8, but was 9.")
    }

    @Test func tellsEachCellsFate() {
        #expect(LifeRule.conway.next(alive: false, neighbours: 3))
        #expect(!LifeRule.conway.next(alive: false, neighbours: 6))
        #expect(LifeRule.highLife.next(alive: false, neighbours: 6))
        #expect(LifeRule.conway.next(alive: true, neighbours: 2))
        #expect(!LifeRule.seeds.next(alive: true, neighbours: 2))
    }

    @Test func birthOnZeroNeighboursFillsAnEmptyBoundedBoard() throws {
        // Given an empty board under B0/S (every lonely dead cell is born, nothing survives)
        var board = try LifeGrid(width: 70, height: 3)
        let rule = try LifeRule(parsing: "B0/S")
        // When one generation passes, then every cell is born
        #expect(board.step(rule: rule, boundary: .bounded) == (births: 210, deaths: 0))
        #expect(board.population == 210)
        // And then every cell dies again (a flashing board)
        #expect(board.step(rule: rule, boundary: .bounded) == (births: 0, deaths: 210))
    }
}
