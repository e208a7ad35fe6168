/// The creatures' part of a trait model's saved state, after the model's parameters (little-endian, see
/// ``StateWriter``): seed; generation; the last step's births, deaths, luckySurvivors, unluckyDeaths; the
/// generator's four words; the creature count and one trait byte per creature.
extension TraitPopulation {
    func encode(into w: inout StateWriter) {
        w.append(seed)
        w.append(generation)
        w.append(lastCounts.births)
        w.append(lastCounts.deaths)
        w.append(lastCounts.luckySurvivors)
        w.append(lastCounts.unluckyDeaths)
        w.append(random)
        w.append(traits.count)
        for trait in traits { w.append(trait) }
    }

    /// Reads what ``encode(into:)`` wrote.
    ///
    /// - Parameters:
    ///   - r: The reader, just after the parameters.
    ///   - traitRange: Every trait must lie here.
    ///   - creatureLimit: No run can hold more creatures.
    ///   - corrupt: Makes the model's corrupt-state sentence from a problem ("holds ...").
    /// - Throws: ``SimulationError/Code/corruptState`` for truncated bytes, counts out of bounds, traits outside
    ///   the range or an empty population at generation 0.
    init(
        reading r: inout StateReader, traitRange: ClosedRange<Int>, creatureLimit: Int,
        corrupt: (String) -> SimulationError
    ) throws(SimulationError) {
        let seed = try r.readUInt64()
        let generation = try r.readInt()
        var counts = TraitGenerationCounts()
        counts.births = try r.readCount(limit: creatureLimit)
        counts.deaths = try r.readCount(limit: creatureLimit)
        counts.luckySurvivors = try r.readCount(limit: creatureLimit)
        counts.unluckyDeaths = try r.readCount(limit: creatureLimit)
        let random = try r.readRandom()
        let count = try r.readCount(limit: creatureLimit)
        var traits: [UInt8] = []
        traits.reserveCapacity(min(count, r.remaining))
        for _ in 0..<count {
            let trait = try r.readByte()
            guard traitRange.contains(Int(trait)) else { throw corrupt("holds a creature with trait \(trait)") }
            traits.append(trait)
        }
        guard generation >= 0, generation > 0 || !traits.isEmpty else {
            throw corrupt("holds an impossible generation \(generation) with \(count) creatures")
        }
        self.init(traits: traits, random: random, generation: generation, lastCounts: counts, seed: seed)
    }
}

extension StateWriter {
    /// Appends a schedule: its count, then each entry's generation, name, value kind byte (0 number, 1 text,
    /// 2 flag) and value.
    mutating func append(_ schedule: [ScheduledChange]) {
        append(schedule.count)
        for change in schedule {
            append(change.generation)
            append(change.name)
            switch change.value {
            case .number(let x):
                append(0 as UInt8)
                append(x)
            case .text(let s):
                append(1 as UInt8)
                append(s)
            case .flag(let b):
                append(2 as UInt8)
                append(b)
            }
        }
    }
}

extension StateReader {
    /// Reads what ``StateWriter/append(_:)-([ScheduledChange])`` wrote.
    ///
    /// - Throws: ``SimulationError/Code/corruptState`` for truncated bytes, too many entries or an unknown
    ///   value kind.
    mutating func readSchedule(limit: Int, corrupt: (String) -> SimulationError) throws(SimulationError)
        -> [ScheduledChange]
    {
        var schedule: [ScheduledChange] = []
        let changes = try readCount(limit: limit)
        for _ in 0..<changes {
            let generation = try readInt()
            let name = try readString()
            let value: ParameterValue
            switch try readByte() {
            case 0: value = .number(try readDouble())
            case 1: value = .text(try readString())
            case 2: value = .flag(try readBool())
            default: throw corrupt("holds a scheduled value of unknown kind")
            }
            schedule.append(ScheduledChange(generation: generation, name: name, value: value))
        }
        return schedule
    }
}
