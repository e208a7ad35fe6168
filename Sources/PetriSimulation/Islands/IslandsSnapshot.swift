/// What clients draw for one islands generation.
///
/// `tiles` lists the map in reading order (row 0 left to right, then row 1, ...) as space-separated runs
/// `token` or `token*count`, where the token is `.` for sea, `#` for uninhabited land or a species id.
/// The starting 10×6 map is `.*13 1*3 .*7 1*3 .*7 1*3 .*24`. Maps are mostly large regions of one kind,
/// so even a 256×256 map is usually a few hundred bytes; the worst case (a checkerboard of one-tile
/// islands) is about six bytes per tile. ``tileValues()`` expands it.
package struct IslandsSnapshot: Sendable, Hashable, Codable {
    var generation: Int
    var width: Int
    var height: Int
    var diagonal: Bool
    /// The run-length-encoded map (see the type's comment).
    var tiles: String
    /// Every species ever, in id order (colours come from ``IslandsSpecies/hue`` and ``IslandsSpecies/shade``).
    var species: [IslandsSpecies]

    package init(generation: Int, width: Int, height: Int, diagonal: Bool, tiles: String, species: [IslandsSpecies]) {
        self.generation = generation
        self.width = width
        self.height = height
        self.diagonal = diagonal
        self.tiles = tiles
        self.species = species
    }

    /// The value ``tileValues()`` gives a sea tile; uninhabited land is 0 and inhabited land its species id.
    static let sea = -1

    /// Encodes one value per tile (``sea``, 0 or a species id) as runs.
    static func encodeTiles(_ values: [Int]) -> String {
        var runs: [String] = []
        var index = 0
        while index < values.count {
            let value = values[index]
            var end = index + 1
            while end < values.count && values[end] == value { end += 1 }
            let token = value == sea ? "." : value == 0 ? "#" : String(value)
            runs.append(end - index == 1 ? token : "\(token)*\(end - index)")
            index = end
        }
        return runs.joined(separator: " ")
    }

    /// Expands ``tiles`` into one value per tile: ``sea`` (-1), 0 for uninhabited land, else the species id.
    ///
    /// - Throws: ``SimulationError/Code/malformedInput`` when the size is outside 3...256 or the text is
    ///   not `width * height` tiles of runs.
    func tileValues() throws(SimulationError) -> [Int] {
        let sizes = IslandsParameters.sizeRange
        guard sizes.contains(width), sizes.contains(height) else {
            throw SimulationError(
                .malformedInput, "The islands map is \(width)×\(height); both sides must be 3 to 256.")
        }
        let total = width * height
        var values: [Int] = []
        values.reserveCapacity(max(0, total))
        for run in tiles.split(separator: " ") {
            let parts = run.split(separator: "*", omittingEmptySubsequences: false)
            let count = parts.count == 2 ? Int(parts[1]) : parts.count == 1 ? 1 : nil
            let value: Int? =
                parts[0] == "." ? Self.sea : parts[0] == "#" ? 0 : Int(parts[0]).flatMap { $0 >= 1 ? $0 : nil }
            guard let count, let value, count >= 1, count <= total - values.count else {
                throw SimulationError(
                    .malformedInput,
                    "The islands map has a run \"\(run)\" that does not fit the \(width)×\(height) map.")
            }
            values.append(contentsOf: repeatElement(value, count: count))
        }
        guard values.count == total else {
            throw SimulationError(.malformedInput, "The islands map lists \(values.count) tiles, not \(total).")
        }
        return values
    }
}

extension IslandsModel {
    package func snapshot() -> IslandsSnapshot {
        let values = land.indices.map { land[$0] ? inhabitants[$0] : IslandsSnapshot.sea }
        return IslandsSnapshot(
            generation: generation, width: width, height: height, diagonal: parameters.diagonal,
            tiles: IslandsSnapshot.encodeTiles(values), species: speciesList())
    }
}
