import Testing

@testable import PetriSimulation

@Suite("Life RLE")
struct LifeRLETests {
    @Test func readsHeaderCommentsAndBody() throws {
        // Given a file with comment lines, a header with a rule, and a body over several lines
        let text = """
            #N Glider
            #O Richard K. Guy
            #C The smallest spaceship.
            #P 0 0
            x = 3, y = 3, rule = B3/S23
            bo$2b
            o$3o!
            """
        // When it is read
        let glider = try LifePattern(rle: text)
        // Then everything is there
        #expect(glider.name == "Glider")
        #expect(glider.comments == ["Richard K. Guy", "The smallest spaceship."])
        #expect(glider.rule == .conway)
        #expect(glider.cells.width == 3 && glider.cells.height == 3)
        #expect(liveCells(glider.cells) == [[1, 0], [2, 1], [0, 2], [1, 2], [2, 2]])
    }

    @Test func readsRunCountsForCellsAndRows() throws {
        let pattern = try LifePattern(rle: "x = 12, y = 5\n3o2b2o$\n\n2$ 10b2o ! anything after the end")
        #expect(liveCells(pattern.cells) == [[0, 0], [1, 0], [2, 0], [5, 0], [6, 0], [10, 3], [11, 3]])
        #expect(pattern.rule == nil)
    }

    @Test func acceptsOtherLettersAsLiveCellsAndLooseSpacing() throws {
        let pattern = try LifePattern(rle: "X=4,Y=2,RULE=b36/s23\r\n.A2x$ 4 o\r\n!")
        #expect(pattern.rule == .highLife)
        #expect(liveCells(pattern.cells) == [[1, 0], [2, 0], [3, 0], [0, 1], [1, 1], [2, 1], [3, 1]])
    }

    @Test func toleratesAMissingExclamationMark() throws {
        let pattern = try LifePattern(rle: "x = 3, y = 1\n3o")
        #expect(pattern.cells.population == 3)
    }

    @Test func sizesAHeaderlessPatternByItsBody() throws {
        let pattern = try LifePattern(rle: "bo$2bo$3o!")
        #expect(pattern.cells.width == 3 && pattern.cells.height == 3)
        #expect(pattern == (try LifePattern.named("glider")).withoutMetadata)
    }

    @Test func writesTheCommunityFormat() throws {
        let gun = try LifePattern.named("gosper glider gun")
        #expect(
            gun.rle == """
                #N Gosper glider gun
                x = 36, y = 9, rule = B3/S23
                24bo$22bobo$12b2o6b2o12b2o$11bo3bo4b2o12b2o$2o8bo5bo3b2o$2o8bo3bob2o4b
                obo$10bo5bo7bo$11bo3bo$12b2o!

                """
        )
        // Leading and inner empty rows become n$; trailing empty rows are left to the header.
        var grid = try LifeGrid(width: 5, height: 7)
        grid[4, 2] = true
        grid[0, 5] = true
        #expect(LifePattern(cells: grid).rle == "x = 5, y = 7\n2$4bo3$o!\n")
    }

    @Test func wrapsLongBodiesAtSeventyCharacters() throws {
        var random = PetriRandom(seed: 5)
        let soup = LifePattern(cells: try LifeGrid(width: 300, height: 40, density: 0.5, using: &random))
        let lines = soup.rle.split(separator: "\n")
        #expect(lines.count > 100)
        #expect(lines.allSatisfy { $0.count <= 70 })
        #expect(try LifePattern(rle: soup.rle) == soup)
    }

    @Test(arguments: LifePattern.catalogNames)
    func catalogPatternsSurviveARoundTrip(name: String) throws {
        let pattern = try LifePattern.named(name)
        let again = try LifePattern(rle: pattern.rle)
        #expect(again == pattern)
        #expect(try LifePattern(rle: again.rle) == again)
    }

    @Test func catalogKnowsItsClassics() throws {
        let expected: [String: (Int, Int, Int)] = [
            "block": (2, 2, 4), "blinker": (3, 1, 3), "toad": (4, 2, 6), "beacon": (4, 4, 8),
            "pulsar": (13, 13, 48), "glider": (3, 3, 5), "lwss": (5, 4, 9), "r-pentomino": (3, 3, 5),
            "diehard": (8, 3, 7), "acorn": (7, 3, 7), "gosper-glider-gun": (36, 9, 36), "replicator": (5, 5, 12),
        ]
        #expect(Set(LifePattern.catalogNames) == Set(expected.keys))
        for (name, (width, height, population)) in expected {
            let cells = try LifePattern.named(name).cells
            #expect((cells.width, cells.height, cells.population) == (width, height, population), "\(name)")
        }
        #expect(try LifePattern.named("Gosper Glider Gun") == LifePattern.named("gun"))
        #expect(try LifePattern.named("R-Pentomino") == LifePattern.named("rpentomino"))
        #expect(try LifePattern.named("replicator").rule == .highLife)
    }

    @Test func resolvesNamesAndRLEText() throws {
        #expect(try LifePattern(resolving: "glider") == LifePattern.named("glider"))
        #expect(try LifePattern(resolving: "3o!").cells.population == 3)
        let error = lifeError { () throws(SimulationError) in try LifePattern(resolving: "spaceship") }
        #expect(
            error?.message
                == "There is no pattern named \"spaceship\"; use one of block, blinker, toad, beacon, pulsar,"
                + " glider, lwss, r-pentomino, diehard, acorn, gosper-glider-gun, replicator, or give the pattern as"
                + " RLE text."
        )
        let tooBig = lifeError { () throws(SimulationError) in
            try LifePattern(resolving: "gun", maxWidth: 20, maxHeight: 20)
        }
        #expect(
            tooBig?.message
                == "The pattern Gosper glider gun is 36×9 cells, larger than the 20×20 cells that fit here."
        )
    }

    @Test(arguments: [
        ("x = 3\nbo$2bo$3o!", "The RLE header \"x = 3\" is not of the form x = width, y = height, rule = B3/S23."),
        (
            "x = 3, y = three\n3o!",
            "The RLE header \"x = 3, y = three\" is not of the form x = width, y = height, rule = B3/S23."
        ),
        (
            "x = 3, y = 1, colour = red\n3o!",
            "The RLE header \"x = 3, y = 1, colour = red\" is not of the form x = width, y = height, rule = B3/S23."
        ),
        (
            "x = -3, y = 1\n3o!",
            "The RLE header \"x = -3, y = 1\" is not of the form x = width, y = height, rule = B3/S23."
        ),
        ("x = 0, y = 1\n!", "The RLE header gives a size of 0×1 cells; width and height must be at least 1."),
        (
            "x = 99999999999999999999, y = 1\n!",
            "The RLE header \"x = 99999999999999999999, y = 1\" is not of the form x = width, y = height,"
                + " rule = B3/S23."
        ),
        ("x = 20000, y = 1\n!", "The RLE pattern is 20000×1 cells, larger than the 16384×16384 cells that fit here."),
        (
            "x = 3, y = 1, rule = B9\n3o!",
            "The rule \"B9\" is not a Life-like rule: write B, the neighbour counts (0 to 8) that give birth,"
                + " a slash, S and the counts that let a cell survive, as in B3/S23."
        ),
        ("x = 2, y = 2\n3o!", "Row 1 of the RLE pattern is longer than the width 2 given in its header."),
        ("x = 3, y = 2\n3o$3o$o!", "The RLE pattern has more rows than the height 2 given in its header."),
        (
            "x = 3, y = 3\nbo$2bo$3q*!",
            "The RLE body has an unexpected character \"*\" in row 3: use b for dead cells, o for live ones,"
                + " $ to end a row, ! to end the pattern, and run counts such as 3o."
        ),
        (
            "x = 3, y = 3\n99999999999999999999999o!",
            "The RLE body has a run count in row 1 larger than 16384, the largest allowed."
        ),
        ("16385o!", "The RLE body has a run count in row 1 larger than 16384, the largest allowed."),
        ("16384o16384o!", "The RLE pattern is wider than the 16384 columns that fit here."),
        ("16384$o!", "The RLE pattern is taller than the 16384 rows that fit here."),
        (
            "#C nothing here\n\n",
            "The RLE text holds no pattern: give a header such as x = 3, y = 3 and a body such as bo$2bo$3o!."
        ),
        ("3$!", "The RLE text holds no pattern: give a header such as x = 3, y = 3 and a body such as bo$2bo$3o!."),
    ])
    func malformedRLESaysWhatIsWrong(text: String, message: String) {
        let error = lifeError { () throws(SimulationError) in try LifePattern(rle: text) }
        #expect(error?.code == .malformedInput)
        #expect(error?.message == message)
    }

    @Test func limitsPatternsToTheRoomGiven() {
        let error = lifeError { () throws(SimulationError) in
            try LifePattern(rle: "x = 10, y = 10\n!", maxWidth: 8, maxHeight: 50)
        }
        #expect(error?.message == "The RLE pattern is 10×10 cells, larger than the 8×50 cells that fit here.")
        let body = lifeError { () throws(SimulationError) in try LifePattern(rle: "9o!", maxWidth: 8, maxHeight: 8) }
        #expect(body?.message == "The RLE pattern is wider than the 8 columns that fit here.")
    }
}

extension LifePattern {
    /// The same cells without name, comments or rule.
    fileprivate var withoutMetadata: LifePattern { LifePattern(cells: cells) }
}
