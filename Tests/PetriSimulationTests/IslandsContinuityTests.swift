import Testing

@testable import PetriSimulation

/// Each species-continuity rule of ``IslandsContinuity``, case by case, on the original 10×6 map.
@Suite struct IslandsContinuityTests {
    @Test func theStartIsOneSpeciesOnAThreeByThreeIslandInTheMiddle() throws {
        let m = try IslandsModel.original()
        #expect(m.rows == ["..........", "...111....", "...111....", "...111....", "..........", ".........."])
        #expect(try m.metric("livingSpecies") == 1)
        #expect(try m.metric("speciesEver") == 1)
        #expect(try m.metric("landTiles") == 9)
        #expect(try m.metric("landmasses") == 1)
    }

    @Test func anUnchangedLandmassKeepsItsSpecies() throws {
        var m = try IslandsModel.original()
        let start = m.rows
        for _ in 0..<5 { m.step() }
        #expect(m.rows == start)
        #expect(m.generation == 5)
        #expect(try m.metric("speciesEver") == 1)
    }

    @Test func whenARangeIsSplitTheLargestPartKeepsTheSpecies() throws {
        // Given the middle column and the top-left tile flooded: 2 tiles on the left, 3 on the right
        var m = try IslandsModel.original()
        try m.toggle([(4, 1), (4, 2), (4, 3), (3, 1)])
        // When the island evolves
        m.step()
        // Then the larger right part keeps species 1 although the left part comes first in reading order
        #expect(m.rows == ["..........", ".....1....", "...2.1....", "...2.1....", "..........", ".........."])
        #expect(try m.metric("livingSpecies") == 2)
        #expect(try m.metric("speciesEver") == 2)
        #expect(try m.metric("tilesOfSpecies(1)") == 3)
        #expect(try m.metric("tilesOfSpecies(2)") == 2)
    }

    @Test func equalPartsOfASplitGoToTheFirstInReadingOrder() throws {
        // Given the middle column flooded: 3 tiles left, 3 right
        var m = try IslandsModel.original()
        try m.toggle([(4, 1), (4, 2), (4, 3)])
        m.step()
        // Then the left part (whose first tile comes first, row by row) keeps species 1
        #expect(m.rows == ["..........", "...1.2....", "...1.2....", "...1.2....", "..........", ".........."])
    }

    @Test func newLandRaisedAtTheSameTimeDoesNotCountTowardsTheLargestPart() throws {
        // Given equal 3-tile parts, the right one with two new tiles beside it
        var m = try IslandsModel.original()
        try m.toggle([(4, 1), (4, 2), (4, 3), (6, 1), (6, 2)])
        m.step()
        // Then the tie is still broken by reading order: the left keeps species 1, the right is colonised by 2
        #expect(m.rows == ["..........", "...1.22...", "...1.22...", "...1.2....", "..........", ".........."])
    }

    @Test func everyOtherPartOfASplitBecomesANewSpeciesInReadingOrder() throws {
        // Given three parts: (3,1) alone, (3,3) alone and the right column of three
        var m = try IslandsModel.original()
        try m.toggle([(4, 1), (4, 2), (4, 3), (3, 2)])
        m.step()
        #expect(m.rows == ["..........", "...2.1....", ".....1....", "...3.1....", "..........", ".........."])
        #expect(try m.metric("speciesEver") == 3)
        #expect(try m.metric("landmasses") == 3)
    }

    @Test func whenLandmassesMergeTheSpeciesWithMostTilesPrevails() throws {
        // Given species 1 (left, 3 tiles) and species 2 (right, grown to 5 tiles)
        var m = try IslandsModel.original()
        try m.toggle([(4, 1), (4, 2), (4, 3)])
        m.step()
        try m.toggle([(6, 1), (6, 2)])
        m.step()
        #expect(m.rows[1...3] == ["...1.22...", "...1.22...", "...1.2...."])
        // When a land bridge joins them
        try m.toggle([(4, 2)])
        m.step()
        // Then species 2 takes the whole landmass and species 1, with no other range, is extinct
        #expect(m.rows[1...3] == ["...2.22...", "...2222...", "...2.2...."])
        #expect(try m.metric("livingSpecies") == 1)
        #expect(try m.metric("extinctSpecies") == 1)
        #expect(try m.metric("tilesOfSpecies(1)") == 0)
        #expect(m.speciesList().map(\.alive) == [false, true])
    }

    @Test func aMergeOfEqualRangesGoesToTheOldestSpecies() throws {
        var m = try IslandsModel.original()
        try m.toggle([(4, 1), (4, 2), (4, 3)])
        m.step()
        try m.toggle([(4, 2)])
        m.step()
        #expect(m.rows[1...3] == ["...1.1....", "...111....", "...1.1...."])
        #expect(try m.metric("livingSpecies") == 1)
        #expect(m.speciesList().map(\.alive) == [true, false])
    }

    @Test func aSpeciesThatLosesAMergeSurvivesWhereItStillPrevails() throws {
        // Given species 1 split into left (3) and right (6, after growing), then the left column split again
        var m = try IslandsModel.original()
        try m.toggle([(4, 1), (4, 2), (4, 3), (6, 1), (6, 2), (6, 3)])
        m.step()
        #expect(m.rows[1...3] == ["...1.22...", "...1.22...", "...1.22..."])
        // When the right island (species 2, 6 tiles) is bridged to the top of the left column (species 1)
        // and the bottom of the left column is cut off
        try m.toggle([(4, 1), (3, 2)])
        m.step()
        // Then species 2 prevails on the merged landmass, and species 1 lives on in its cut-off tile,
        // which is now its only, so largest, part
        #expect(m.rows[1...3] == ["...2222...", ".....22...", "...1.22..."])
        #expect(try m.metric("livingSpecies") == 2)
        #expect(try m.metric("speciesEver") == 2)
    }

    @Test func newLandJoinedToAnInhabitedLandmassIsColonised() throws {
        var m = try IslandsModel.original()
        try m.toggle([(6, 2), (7, 2)])
        m.step()
        #expect(m.rows[2] == "...11111..")
        #expect(try m.metric("speciesEver") == 1)
        #expect(try m.metric("tilesOfSpecies(1)") == 11)
    }

    @Test func anIsolatedIsletStaysUninhabitedUntilItTouchesInhabitedLand() throws {
        // Given a new islet in the bottom-left corner
        var m = try IslandsModel.original()
        try m.toggle([(0, 5)])
        m.step()
        m.step()
        // Then it stays empty, evolve after evolve
        #expect(m.rows[5] == "#.........")
        #expect(try m.metric("landmasses") == 2)
        #expect(try m.metric("livingSpecies") == 1)
        // When land joins it to the island
        try m.toggle([(1, 5), (2, 5), (3, 5), (3, 4)])
        #expect(m.rows[4...5] == ["...#......", "####......"])
        m.step()
        // Then it is colonised by species 1, and no new species arose
        #expect(m.rows[4...5] == ["...1......", "1111......"])
        #expect(try m.metric("speciesEver") == 1)
    }

    @Test func floodingASpeciesLastTileMakesItExtinct() throws {
        // Given species 2 alone on (3,1)
        var m = try IslandsModel.original()
        try m.toggle([(4, 1), (4, 2), (4, 3), (3, 2)])
        m.step()
        #expect(m.species(x: 3, y: 1) == 2)
        // When its tile is flooded
        try m.toggle([(3, 1)])
        #expect(try m.metric("livingSpecies") == 3)  // species change only when the island evolves
        m.step()
        // Then it is extinct
        #expect(try m.metric("livingSpecies") == 2)
        #expect(try m.metric("extinctSpecies") == 1)
        #expect(m.speciesList().map(\.alive) == [true, false, true])
    }

    @Test func anExtinctSpeciesNeverReturns() throws {
        // Given species 2 flooded out of existence
        var m = try IslandsModel.original()
        try m.toggle([(4, 1), (4, 2), (4, 3)])
        m.step()
        try m.toggle([(5, 1), (5, 2), (5, 3)])
        m.step()
        #expect(m.speciesList().map(\.alive) == [true, false])
        // When its old tiles rise again, first alone, then joined to species 1
        try m.toggle([(5, 1), (5, 2), (5, 3)])
        m.step()
        #expect(m.rows[1...3] == ["...1.#....", "...1.#....", "...1.#...."])
        try m.toggle([(4, 2)])
        m.step()
        #expect(m.rows[1...3] == ["...1.1....", "...111....", "...1.1...."])
        // And a later split creates species 3, never 2 again
        try m.toggle([(4, 2)])
        m.step()
        #expect(m.rows[1...3] == ["...1.3....", "...1.3....", "...1.3...."])
        #expect(m.speciesList().map(\.alive) == [true, false, true])
    }

    @Test func floodingAndRaisingATileBeforeTheEvolveChangesNothing() throws {
        var m = try IslandsModel.original()
        let start = m
        try m.toggle([(3, 1), (3, 1)])
        #expect(m == start)
        m.step()
        #expect(m.rows == start.rows)
    }

    @Test func diagonalAdjacencyJoinsTilesThatTouchAtACorner() throws {
        // Given an X of five tiles that touch only at corners
        let cross = [(4, 1), (3, 2), (5, 2), (4, 3)]
        var edge = try IslandsModel.original()
        var corner = try IslandsModel.original(diagonal: true)
        try edge.toggle(cross)
        try corner.toggle(cross)
        edge.step()
        corner.step()
        // Then with edges only they are five islands (four new species); with corners, one
        #expect(edge.rows[1...3] == ["...1.2....", "....3.....", "...4.5...."])
        #expect(corner.rows[1...3] == ["...1.1....", "....1.....", "...1.1...."])
        #expect(try corner.metric("landmasses") == 1)
        // And switching diagonal off later splits the X at the next evolve
        try corner.apply(.set(name: "diagonal", value: .flag(false)))
        #expect(try corner.metric("landmasses") == 5)
        corner.step()
        #expect(corner.rows == edge.rows)
    }

    @Test func whenEverySpeciesIsExtinctTheRunIsOver() throws {
        // Given the whole island flooded
        var m = try IslandsModel.original()
        try m.toggle((1...3).flatMap { y in (3...5).map { x in (x, y) } })
        #expect(!m.isOver)  // the species dies at the evolve, not before
        m.step()
        // Then the run is over for good
        #expect(m.isOver)
        #expect(m.endMessage == IslandsModel.extinctionMessage)
        #expect(try m.metric("livingSpecies") == 0)
        let over = m
        m.step()
        #expect(m == over)
        #expect(
            throws: SimulationError(
                .invalidAction, "Every species is extinct, so the run is over; start a new lesson to try again.")
        ) {
            try m.apply(.toggle(x: 4, y: 2))
        }
    }
}
