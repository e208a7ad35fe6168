extension LifeModel {
    /// The saved-state format version; bump it (and keep reading the old one) on any change.
    static let stateVersion: UInt8 = 1

    /// The exact state as bytes, in format version 1 (little-endian, see ``StateWriter``):
    ///
    /// model tag and version; width and height; the rule's birth and survival masks; boundary
    /// (0 bounded, 1 toroidal); generation; births and deaths of the last generation; the
    /// `pattern` and `density` parameters (each a presence flag, then the value); the period
    /// detector's fingerprints (count, then oldest first); then the board's words as laid out in
    /// `LifeGrid.swift`. The model keeps no random generator (Life uses none after generation 0).
    package func encodeState() -> [UInt8] {
        var w = StateWriter(model: .life, version: Self.stateVersion)
        w.append(grid.width)
        w.append(grid.height)
        w.append(Int(rule.birthMask))
        w.append(Int(rule.survivalMask))
        w.append(boundary == .toroidal ? 1 as UInt8 : 0)
        w.append(generation)
        w.append(births)
        w.append(deaths)
        w.append(parameters.pattern != nil)
        if let pattern = parameters.pattern { w.append(pattern) }
        w.append(parameters.density != nil)
        if let density = parameters.density { w.append(density) }
        w.append(history.fingerprints.count)
        for f in history.fingerprints { w.append(f) }
        for word in grid.words { w.append(word) }
        return w.bytes
    }

    /// Restores exactly what ``encodeState()`` saved.
    ///
    /// - Throws: ``SimulationError/Code/corruptState`` for bytes from another model or version,
    ///   truncated or trailing bytes, or values no model could have (sizes, masks, counts,
    ///   padding bits).
    package init(decodingState bytes: [UInt8]) throws(SimulationError) {
        var r = try StateReader(bytes, model: .life, version: Self.stateVersion)
        func corrupt(_ what: String) -> SimulationError {
            SimulationError(.corruptState, "The saved life state is corrupt: \(what).")
        }
        let width = try r.readInt(), height = try r.readInt()
        guard (1...LifeGrid.maxSide).contains(width), (1...LifeGrid.maxSide).contains(height) else {
            throw corrupt("its board size \(width)×\(height) is impossible")
        }
        let birth = try r.readInt(), survival = try r.readInt()
        guard (0...0x1FF).contains(birth), (0...0x1FF).contains(survival) else { throw corrupt("its rule is invalid") }
        let rule = LifeRule(birthMask: UInt16(birth), survivalMask: UInt16(survival))
        let boundaryByte = try r.readByte()
        guard boundaryByte <= 1 else { throw corrupt("its boundary is invalid") }
        let boundary: LifeBoundary = boundaryByte == 1 ? .toroidal : .bounded
        let generation = try r.readInt(), births = try r.readInt(), deaths = try r.readInt()
        let cellCount = width * height
        guard generation >= 0, (0...cellCount).contains(births), (0...cellCount).contains(deaths) else {
            throw corrupt("its generation or counts are impossible")
        }
        let pattern = try r.readBool() ? try r.readString() : nil
        let density = try r.readBool() ? try r.readDouble() : nil
        if let density, !(0...1).contains(density) { throw corrupt("its density is out of range") }
        let count = try r.readCount(limit: LifePeriodDetector.capacity)
        var fingerprints: [UInt64] = []
        for _ in 0..<count { fingerprints.append(try r.readUInt64()) }
        guard let history = LifePeriodDetector(restoring: fingerprints) else { throw corrupt("its history is empty") }
        // Read word by word rather than allocating the whole board up front, so a forged size
        // on a short input fails before it costs memory.
        let wordsPerRow = (width + 63) >> 6
        let lastMask: UInt64 = width & 63 == 0 ? ~0 : (1 << UInt64(width & 63)) &- 1
        var words: [UInt64] = []
        for i in 0..<wordsPerRow * height {
            let word = try r.readUInt64()
            guard i % wordsPerRow != wordsPerRow - 1 || word & ~lastMask == 0 else {
                throw corrupt("a row has cells beyond the board's edge")
            }
            words.append(word)
        }
        try r.finish()
        let parameters = Parameters(
            width: width, height: height, rule: rule.description, boundary: boundary, pattern: pattern, density: density
        )
        self.init(
            parameters: parameters, grid: LifeGrid(validWidth: width, height: height, words: words), rule: rule,
            boundary: boundary, generation: generation, births: births, deaths: deaths, history: history
        )
    }
}
