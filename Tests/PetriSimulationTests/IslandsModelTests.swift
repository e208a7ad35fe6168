import Foundation
import Testing

@testable import PetriSimulation

/// Islands parameters, actions, metrics, snapshot and saved state.
@Suite struct IslandsModelTests {
    @Test func theIslandStartsInTheMiddleOfAnyMap() throws {
        let small = try IslandsModel(parameters: IslandsParameters(width: 3, height: 3), seed: 0)
        #expect(small.rows == ["111", "111", "111"])
        let odd = try IslandsModel(parameters: IslandsParameters(width: 7, height: 5), seed: 0)
        #expect(odd.rows == [".......", "..111..", "..111..", "..111..", "......."])
    }

    @Test func theLargestMapEvolvesAndSavesCompactly() throws {
        // Given a 256×256 map with a land bridge across the whole middle row
        var m = try IslandsModel(parameters: IslandsParameters(width: 256, height: 256), seed: 0)
        try m.toggle((0..<256).filter { !(126...128).contains($0) }.map { ($0, 127) })
        m.step()
        // Then the species colonises it, and the state stays small (bits for land, runs for species)
        #expect(try m.metric("tilesOfSpecies(1)") == 9 + 253)
        #expect(m.encodeState().count < 9_000)
        #expect(m.snapshot().tiles.count < 100)
    }

    @Test func theSeedIsIgnored() throws {
        let a = try IslandsModel(parameters: IslandsParameters(), seed: 1)
        let b = try IslandsModel(parameters: IslandsParameters(), seed: 99)
        #expect(a == b)
    }

    @Test func lessonFileKeysAreOptional() throws {
        let p = try JSONDecoder().decode(IslandsParameters.self, from: Data(#"{"diagonal": true}"#.utf8))
        #expect(p == IslandsParameters(width: 10, height: 6, diagonal: true))
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(IslandsParameters.self, from: Data(#"{"wide": 5}"#.utf8))
        }
    }

    @Test func mapSizesOutsideTheRangeAreRefused() {
        #expect(throws: SimulationError(.parameterOutOfRange, "width must be between 3 and 256, but was 2.")) {
            try IslandsModel(parameters: IslandsParameters(width: 2, height: 6), seed: 0)
        }
        #expect(throws: SimulationError(.parameterOutOfRange, "height must be between 3 and 256, but was 300.")) {
            try IslandsModel(parameters: IslandsParameters(width: 10, height: 300), seed: 0)
        }
    }

    @Test func badActionsSayWhatIsWrongAndChangeNothing() throws {
        var m = try IslandsModel.original()
        let start = m
        let cases: [(ModelAction, SimulationError)] = [
            (
                .toggle(x: 10, y: 0),
                SimulationError(
                    .invalidAction, "The tile (10, 0) is outside the 10×6 map; x runs from 0 to 9 and y from 0 to 5.")
            ),
            (
                .set(name: "width", value: .number(20)),
                SimulationError(
                    .invalidAction,
                    "width is fixed when the lesson is created (this map is 10×6); "
                        + "start a new lesson for a map of another size."
                )
            ),
            (
                .set(name: "diagonal", value: .number(1)),
                SimulationError(
                    .wrongValueKind, "diagonal takes true or false, but was given the number 1.")
            ),
            (
                .set(name: "diagonal", value: .text("yes")),
                SimulationError(
                    .wrongValueKind, "diagonal takes true or false, but was given the text \"yes\".")
            ),
            (
                .set(name: "sea", value: .flag(true)),
                SimulationError(
                    .unknownParameter,
                    "Islands has no parameter named \"sea\"; its parameters are width, height, diagonal.")
            ),
            (
                .place(pattern: "glider", x: 0, y: 0),
                SimulationError(
                    .invalidAction, "Islands has no patterns to place; toggle tiles between land and sea instead.")
            ),
        ]
        for (action, error) in cases {
            #expect(throws: error) { try m.apply(action) }
        }
        #expect(m == start)
    }

    @Test func metricsWithArgumentsAreChecked() throws {
        let m = try IslandsModel.original()
        #expect(try m.metric("tilesOfSpecies(1)") == 9)
        #expect(try m.metric("tilesOfSpecies(7)") == 0)  // a species that may yet arise
        #expect(throws: SimulationError(.unknownMetric, "Species ids start at 1, but tilesOfSpecies was given 0.")) {
            try m.metric("tilesOfSpecies(0)")
        }
        #expect(
            throws: SimulationError(
                .unknownMetric,
                "tilesOfSpecies needs one species id, as in tilesOfSpecies(2), but was given tilesOfSpecies.")
        ) {
            try m.metric("tilesOfSpecies")
        }
        #expect(throws: SimulationError(.unknownMetric, "landTiles takes no arguments, but was given landTiles(1).")) {
            try m.metric("landTiles(1)")
        }
        let names = IslandsModel.metrics.map(\.name).joined(separator: ", ")
        #expect(
            throws: SimulationError(.unknownMetric, "Islands has no metric named \"trees\"; its metrics are \(names).")
        ) {
            try m.metric("trees")
        }
    }

    @Test func statsHoldTheMetricsAndTilesPerLivingSpecies() throws {
        var m = try IslandsModel.original()
        try m.toggle([(4, 1), (4, 2), (4, 3), (3, 1)])
        m.step()
        let stats = m.stats()
        #expect(stats.generation == 1)
        #expect(stats.groups == ["1": 3, "2": 2])
        #expect(
            stats.values == [
                "livingSpecies": 2, "speciesEver": 2, "extinctSpecies": 0, "landTiles": 5, "landmasses": 2,
            ])
    }

    @Test func theSnapshotIsACompactRunLengthMap() throws {
        var m = try IslandsModel.original()
        #expect(m.snapshot().tiles == ".*13 1*3 .*7 1*3 .*7 1*3 .*24")
        try m.toggle([(4, 1), (4, 2), (4, 3), (0, 0)])
        m.step()
        let snapshot = m.snapshot()
        #expect(snapshot.tiles == "# .*12 1 . 2 .*7 1 . 2 .*7 1 . 2 .*24")
        #expect(snapshot.width == 10 && snapshot.height == 6 && snapshot.generation == 1)
        #expect(
            snapshot.species == [
                IslandsSpecies(id: 1, tiles: 3, alive: true), IslandsSpecies(id: 2, tiles: 3, alive: true),
            ])
        let values = try snapshot.tileValues()
        #expect(values.count == 60)
        #expect(values[0] == 0 && values[1] == IslandsSnapshot.sea && values[13] == 1 && values[15] == 2)
        #expect(IslandsSnapshot.encodeTiles(values) == snapshot.tiles)
        var broken = snapshot
        broken.tiles = ".*59"
        #expect(throws: SimulationError(.malformedInput, "The islands map lists 59 tiles, not 60.")) {
            try broken.tileValues()
        }
    }

    /// A fixed, eventful lesson on a 16×12 map: every generation flips three tiles around the middle
    /// (positions from a multiplicative hash of the generation), with diagonal adjacency on from
    /// generation 50 to 75. Over 100 generations 61 species arise and 4 are alive at the end.
    private func lesson(generations: Int = 100) throws -> IslandsModel {
        var m = try IslandsModel(parameters: IslandsParameters(width: 16, height: 12), seed: 0)
        for g in 0..<generations {
            for k in 0..<3 {
                let v = (g * 3 + k) * 2_654_435_761 % (1 << 32)
                try m.apply(.toggle(x: 4 + (v >> 8) % 8, y: 2 + (v >> 16) % 8))
            }
            if g == 50 { try m.apply(.set(name: "diagonal", value: .flag(true))) }
            if g == 75 { try m.apply(.set(name: "diagonal", value: .flag(false))) }
            m.step()
        }
        return m
    }

    /// The pinned hash was reproduced by an independent Python port of the documented continuity rules
    /// and state layout, not only read off this implementation.
    @Test func theSameActionsGiveThePinnedHash() throws {
        let m = try lesson()
        #expect(m.stateHash == 12_843_440_154_389_358_086)
        #expect(try lesson().stateHash == m.stateHash)
        #expect(try m.metric("speciesEver") == 61)
        #expect(try m.metric("livingSpecies") == 4)
    }

    @Test func savedStateRestoresExactly() throws {
        var m = try lesson(generations: 40)
        try m.toggle([(0, 0), (15, 11)])  // pending changes are part of the state too
        let restored = try IslandsModel(decodingState: m.encodeState())
        #expect(restored == m)
        var a = restored
        var b = m
        a.step()
        b.step()
        #expect(a == b)
    }

    @Test func corruptOrTruncatedStateIsRefused() throws {
        let bytes = try lesson(generations: 10).encodeState()
        var wrongModel = bytes
        wrongModel[0] = 1
        var tooWide = bytes
        tooWide[3] = 1  // width 16 + 256 = 272, beyond 256
        var unknownSpecies = bytes
        unknownSpecies[bytes.count - 16] = 0xFF  // the last run's species id: beyond speciesEver
        for corrupt in [
            Array(bytes.prefix(bytes.count - 1)), Array(bytes.prefix(5)), [], bytes + [7], wrongModel, tooWide,
            unknownSpecies,
        ] {
            do {
                _ = try IslandsModel(decodingState: corrupt)
                Issue.record("corrupt state was accepted")
            } catch {
                #expect(error.code == .corruptState)
            }
        }
    }
}
