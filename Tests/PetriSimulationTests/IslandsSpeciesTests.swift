import Testing

@testable import PetriSimulation

/// Species colours: the hue advances 21° per new species and a colour is never used twice.
@Suite struct IslandsSpeciesTests {
    @Test func huesAdvanceByTwentyOneDegrees() {
        let hues = (1...19).map(IslandsSpecies.hue(ofSpecies:))
        #expect(hues == [0, 21, 42, 63, 84, 105, 126, 147, 168, 189, 210, 231, 252, 273, 294, 315, 336, 357, 18])
    }

    @Test func theFirstOneHundredAndTwentySpeciesAllHaveDifferentHues() {
        let hues = (1...120).map(IslandsSpecies.hue(ofSpecies:))
        #expect(Set(hues).count == 120)
        #expect(IslandsSpecies.hue(ofSpecies: 121) == 0)
    }

    @Test func hueAndShadeTogetherNeverRepeat() {
        let colours = (1...2_000).map { "\(IslandsSpecies.hue(ofSpecies: $0))/\(IslandsSpecies.shade(ofSpecies: $0))" }
        #expect(Set(colours).count == 2_000)
        #expect(IslandsSpecies.shade(ofSpecies: 120) == 0)
        #expect(IslandsSpecies.shade(ofSpecies: 121) == 1)
    }

    @Test func speciesBornOfSplitsTakeTheNextColours() throws {
        // Given the starting island (x 18...20) stretched into a row of 40 tiles of species 1...
        var m = try IslandsModel(parameters: IslandsParameters(width: 40, height: 3), seed: 0)
        try m.toggle((0..<40).filter { !(18...20).contains($0) }.map { ($0, 1) })
        try m.toggle((18...20).flatMap { [($0, 0), ($0, 2)] })
        m.step()
        #expect(m.rows[1] == String(repeating: "1", count: 40))
        // ...then cut into 20 one-tile islets
        try m.toggle((0..<40).filter { $0 % 2 == 1 }.map { ($0, 1) })
        m.step()
        // Then the 20 species have hues 0, 21, ..., 357, 18, 39 in reading order
        let species = m.speciesList()
        #expect(species.count == 20)
        #expect(species.map(\.hue) == (0..<20).map { $0 * 21 % 360 })
        #expect(species.allSatisfy { $0.alive && $0.tiles == 1 })
        #expect(m.snapshot().species.map(\.hue) == species.map(\.hue))
    }
}
