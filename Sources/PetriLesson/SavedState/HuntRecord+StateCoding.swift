import PetriProtocol
import PetriSimulation

/// The ended hunt rounds' records in the saved state (format 10): the lesson's, then, when there is a teacher's
/// checkpoint, the ones it was saved with.
///
/// Each record: its round number and generation (compact), the background and the generation's mean before the
/// catches (8 bytes each), the bins' lowest trait and width (compact), a compact count of bins then each bin's
/// caught and alive counts (compact), the caught and alive means and the alive creatures' mean distance from the
/// background (optional doubles), then a compact count of catches, each as creature id, student and trait (compact).
extension Lesson {
    func writeHuntRecords(to w: inout StateWriter) {
        Self.writeHuntRecords(huntRecords, to: &w)
        if let savedCheckpoint { Self.writeHuntRecords(savedCheckpoint.huntRecords, to: &w) }
    }

    mutating func readHuntRecords(from r: inout StateReader) throws(SimulationError) {
        huntRecords = try Self.readHuntRecords(from: &r, before: run.generation, rounds: huntRounds)
        if var saved = savedCheckpoint {
            saved.huntRecords = try Self.readHuntRecords(from: &r, before: saved.run.generation, rounds: huntRounds)
            savedCheckpoint = saved
        }
    }

    private static func writeHuntRecords(_ records: [HuntRecord], to w: inout StateWriter) {
        w.appendCompact(records.count)
        for record in records {
            let summary = record.summary
            w.appendCompact(summary.round)
            w.appendCompact(summary.generation)
            w.append(record.background)
            w.append(record.meanBefore)
            w.appendCompact(summary.traitMin)
            w.appendCompact(summary.binWidth)
            w.appendCompact(summary.caughtBins.count)
            for (caught, alive) in zip(summary.caughtBins, summary.aliveBins) {
                w.appendCompact(caught)
                w.appendCompact(alive)
            }
            w.appendOptional(summary.caughtMean) { $0.append($1) }
            w.appendOptional(summary.aliveMean) { $0.append($1) }
            w.appendOptional(record.aliveConspicuousness) { $0.append($1) }
            w.appendCompact(record.catches.count)
            for caught in record.catches {
                w.appendCompact(caught.creature)
                w.appendCompact(caught.student.rawValue)
                w.appendCompact(caught.trait)
            }
        }
    }

    /// Records of rounds hunted before generation `generation`, in increasing generations, numbered within `rounds`.
    private static func readHuntRecords(from r: inout StateReader, before generation: Int, rounds: Int)
        throws(SimulationError) -> [HuntRecord]
    {
        var records: [HuntRecord] = []
        for _ in 0..<(try r.readCompactCount(limit: r.remaining)) {
            let round = try r.readCompact(in: 1...max(1, rounds), "a hunt record's round")
            let hunted = try r.readCompact(in: 0...Int.max, "a hunt record's generation")
            let previous = records.last?.generation ?? -1
            guard hunted > previous, generation > hunted else {
                throw StateReader.corrupt("has a hunt record of generation \(hunted), out of its history's order")
            }
            let background = try r.readDouble()
            let meanBefore = try r.readDouble()
            let traitMin = try r.readCompact(in: 0...255, "a hunt record's lowest trait")
            let width = try r.readCompact(in: 1...256, "a hunt record's bin width")
            var caughtBins: [Int] = []
            var aliveBins: [Int] = []
            for _ in 0..<(try r.readCompactCount(limit: r.remaining)) {
                caughtBins.append(try r.readCompact(in: 0...Int.max, "a hunt record's caught count"))
                aliveBins.append(try r.readCompact(in: 0...Int.max, "a hunt record's alive count"))
            }
            let caughtMean = try r.readOptional { r throws(SimulationError) in try r.readDouble() }
            let aliveMean = try r.readOptional { r throws(SimulationError) in try r.readDouble() }
            let aliveConspicuousness = try r.readOptional { r throws(SimulationError) in try r.readDouble() }
            var catches: [HuntRecord.Catch] = []
            for _ in 0..<(try r.readCompactCount(limit: r.remaining)) {
                let creature = try r.readCompact(in: 1...Int.max, "a hunt record's caught creature")
                let student = StudentID(try r.readCompact(in: 1...Int.max, "a hunt record's hunter"))
                let trait = try r.readCompact(in: 0...255, "a hunt record's caught trait")
                catches.append(HuntRecord.Catch(student: student, creature: creature, trait: trait))
            }
            guard catches.count == caughtBins.reduce(0, +), background.isFinite, meanBefore.isFinite else {
                throw StateReader.corrupt("has a hunt record whose catches do not match its counts")
            }
            records.append(
                HuntRecord(
                    summary: HuntSummary(
                        round: round, generation: hunted, traitMin: traitMin, binWidth: width,
                        caughtBins: caughtBins, aliveBins: aliveBins, caughtMean: caughtMean, aliveMean: aliveMean),
                    background: background, meanBefore: meanBefore, aliveConspicuousness: aliveConspicuousness,
                    catches: catches))
        }
        return records
    }
}
