/// The species-continuity rules applied at each evolve: which species lives where afterwards.
///
/// Before an evolve every tile remembers the species it carried at the previous evolve (0 for none);
/// the teacher has since raised and flooded tiles. The evolve then:
///
/// 1. **Flooding.** Sea tiles carry no species. A species whose every tile was flooded is extinct.
/// 2. **Landmasses.** The land tiles form landmasses: connected groups, edge-adjacent (or also
///    corner-adjacent with `diagonal`), ordered by their first tile in reading order (top row first,
///    left to right).
/// 3. **Claims.** On each landmass, the species holding the most of its tiles prevails; on a tie, the
///    species with the lowest id (the oldest) prevails. A landmass with no inhabited tile (only newly
///    raised land) stays uninhabited: an isolated new islet waits until it touches inhabited land.
/// 4. **Splits.** A species that prevails on exactly one landmass keeps its id there. A species that
///    prevails on several (its range was split) keeps its id on the landmass where it held the most
///    tiles, ties going to the first landmass in reading order; every other such landmass becomes a
///    new species, numbered in the reading order of the landmasses.
/// 5. **Colonisation and merges.** Every tile of an inhabited landmass takes its species: newly raised
///    land joined to it is colonised, and a species that lost a merge loses those tiles.
/// 6. **Extinction.** A species left with no tile (flooded, or losing every landmass it was on) is
///    extinct. Ids are never reused and only the species already present or brand-new ones are ever
///    assigned, so an extinct species never returns.
///
/// Afterwards each living species holds exactly one whole landmass and each landmass holds at most
/// one species.
enum IslandsContinuity {
    /// Applies the rules above.
    ///
    /// - Parameters:
    ///   - land: The map now, one entry per tile in reading order.
    ///   - inhabitants: Each tile's species at the previous evolve (0 for none), same order.
    ///   - speciesEver: The highest species id so far; new species continue from it.
    /// - Returns: Each tile's species after the evolve (0 for sea and uninhabited land) and the new
    ///   highest species id.
    static func evolve(
        land: [Bool], inhabitants: [Int], width: Int, height: Int, diagonal: Bool, speciesEver: Int
    ) -> (inhabitants: [Int], speciesEver: Int) {
        let landmasses = IslandsLandmasses(land: land, width: width, height: height, diagonal: diagonal)
        // Rule 3: tiles per (landmass, species), then the prevailing species of each landmass.
        var tally: [Int: [Int: Int]] = [:]
        for tile in land.indices where land[tile] && inhabitants[tile] != 0 {
            tally[landmasses.landmassOfTile[tile], default: [:]][inhabitants[tile], default: 0] += 1
        }
        var prevailing = [Int](repeating: 0, count: landmasses.count)
        var prevailingTiles = [Int](repeating: 0, count: landmasses.count)
        for (landmass, counts) in tally {
            // Most tiles first, then the lowest id: a total order, so the dictionary's order cannot matter.
            if let best = counts.max(by: { ($0.value, -$0.key) < ($1.value, -$1.key) }) {
                prevailing[landmass] = best.key
                prevailingTiles[landmass] = best.value
            }
        }
        // Rule 4: the landmass where each species keeps its id (ascending order keeps the first on ties).
        var keeper: [Int: Int] = [:]
        for landmass in 0..<landmasses.count where prevailing[landmass] != 0 {
            let species = prevailing[landmass]
            if let kept = keeper[species], prevailingTiles[kept] >= prevailingTiles[landmass] { continue }
            keeper[species] = landmass
        }
        var speciesEver = speciesEver
        var final = prevailing
        for landmass in 0..<landmasses.count where prevailing[landmass] != 0 {
            if keeper[prevailing[landmass]] != landmass {
                speciesEver += 1
                final[landmass] = speciesEver
            }
        }
        // Rules 1, 5 and 6: sea carries nothing; every land tile takes its landmass's species.
        let result = land.indices.map { tile in land[tile] ? final[landmasses.landmassOfTile[tile]] : 0 }
        return (result, speciesEver)
    }
}
