/// Saved-state layout, format version 1 (little-endian, see ``StateWriter``):
///
/// model tag, version; width, height, diagonal; generation; speciesEver; the land map as bits, tile `i`
/// in bit `i % 8` of byte `i / 8` (unused high bits zero); the inhabitants as runs: a run count, then
/// (species id, length) pairs covering every tile in reading order.
extension IslandsModel {
    static let stateVersion: UInt8 = 1
    /// Far more species than any lesson creates, but small enough that counts stay sane.
    static let speciesLimit = Int(Int32.max)

    package func encodeState() -> [UInt8] {
        var w = StateWriter(model: Self.kind, version: Self.stateVersion)
        w.append(parameters.width)
        w.append(parameters.height)
        w.append(parameters.diagonal)
        w.append(generation)
        w.append(speciesEver)
        var byte: UInt8 = 0
        for tile in land.indices {
            if land[tile] { byte |= 1 << UInt8(tile % 8) }
            if tile % 8 == 7 || tile == land.count - 1 {
                w.append(byte)
                byte = 0
            }
        }
        var runs: [(species: Int, length: Int)] = []
        for species in inhabitants {
            if let last = runs.last, last.species == species {
                runs[runs.count - 1].length += 1
            } else {
                runs.append((species, 1))
            }
        }
        w.append(runs.count)
        for run in runs {
            w.append(run.species)
            w.append(run.length)
        }
        return w.bytes
    }

    /// Restores exactly what ``encodeState()`` saved.
    ///
    /// - Throws: ``SimulationError/Code/corruptState`` for bytes of another model or version, truncated or
    ///   trailing bytes, a bad map size, set padding bits, or runs that do not cover the map exactly or
    ///   name species that never existed.
    package init(decodingState bytes: [UInt8]) throws(SimulationError) {
        var r = try StateReader(bytes, model: Self.kind, version: Self.stateVersion)
        var parameters = IslandsParameters()
        parameters.width = try r.readInt()
        parameters.height = try r.readInt()
        parameters.diagonal = try r.readBool()
        do {
            try parameters.validate()
        } catch {
            throw Self.corrupt("holds an invalid map size (\(error.message))")
        }
        let generation = try r.readInt()
        guard generation >= 0 else { throw Self.corrupt("holds a negative generation") }
        let speciesEver = try r.readCount(limit: Self.speciesLimit)
        guard speciesEver >= 1 else { throw Self.corrupt("holds no species at all") }
        let total = parameters.width * parameters.height
        var land = [Bool](repeating: false, count: total)
        for start in stride(from: 0, to: total, by: 8) {
            let byte = try r.readByte()
            let used = min(8, total - start)
            guard used == 8 || byte >> UInt8(used) == 0 else { throw Self.corrupt("has stray bits in its map") }
            for bit in 0..<used { land[start + bit] = byte & (1 << UInt8(bit)) != 0 }
        }
        let runCount = try r.readCount(limit: total)
        var inhabitants: [Int] = []
        inhabitants.reserveCapacity(total)
        for _ in 0..<runCount {
            let species = try r.readCount(limit: speciesEver)
            let length = try r.readCount(limit: total - inhabitants.count)
            guard length >= 1 else { throw Self.corrupt("holds an empty run of tiles") }
            inhabitants.append(contentsOf: repeatElement(species, count: length))
        }
        guard inhabitants.count == total else { throw Self.corrupt("does not cover every tile of the map") }
        try r.finish()
        self.init(
            parameters: parameters, generation: generation, land: land, inhabitants: inhabitants,
            speciesEver: speciesEver)
    }

    private static func corrupt(_ problem: String) -> SimulationError {
        SimulationError(.corruptState, "The saved islands state \(problem); it cannot be restored.")
    }
}
