import PetriProtocol
import PetriSimulation

/// The distinct model states of a lesson's saved state, each written once.
///
/// A run keeps its current model and up to ``LessonConfiguration/maxCheckpoints`` earlier ones
/// for rewinds, and the teacher's checkpoint holds a second run that shares most of them, so
/// runs refer to models by their place in the pool. Models are compared by their saved bytes,
/// which ``SimulationModel/encodeState()`` makes exact (found by checksum, then compared).
struct ModelPool<Model: SteppingModel> {
    /// Each distinct model's ``SimulationModel/encodeState()``, in first-use order.
    private(set) var states: [[UInt8]] = []
    private var places: [UInt64: [Int]] = [:]

    /// The model's place, adding it if it is new.
    mutating func place(of model: Model) -> Int {
        let state = model.encodeState()
        let checksum = StateChecksum.of(state[...])
        if let place = places[checksum]?.first(where: { StateChecksum.same(states[$0], state) }) { return place }
        places[checksum, default: []].append(states.count)
        states.append(state)
        return states.count - 1
    }
}

/// Writes and reads ``GenerationStats`` with their metric names said once.
///
/// Each generation's values have the same names (a model reports the same metrics every
/// generation), so a set of names is written the first time it occurs and referred to by its
/// number afterwards; group labels (islands' species) likewise, one by one. A reference equal
/// to the number of sets (or labels) so far means "a new one follows".
struct StatsCoding {
    private var nameSets: [[String]] = []
    private var nameSetPlaces: [[String]: Int] = [:]
    private var labels: [String] = []
    private var labelPlaces: [String: Int] = [:]

    /// Generation; values (name set, then one double each, in the set's sorted order); optional
    /// histogram (count, then each bin); optional groups (count, then label and size each).
    mutating func write(_ stats: GenerationStats, to writer: inout StateWriter) {
        writer.appendCompact(stats.generation)
        let names = stats.values.keys.sorted()
        if let place = nameSetPlaces[names] {
            writer.appendCompact(place)
        } else {
            writer.appendCompact(nameSets.count)
            nameSetPlaces[names] = nameSets.count
            nameSets.append(names)
            writer.appendCompact(names.count)
            for name in names { writer.appendText(name) }
        }
        for name in names { writer.append(stats.values[name] ?? 0) }
        writer.appendOptional(stats.histogram) { w, bins in
            w.appendCompact(bins.count)
            for bin in bins { w.appendCompact(bin) }
        }
        writer.appendOptional(stats.groups) { w, groups in
            w.appendCompact(groups.count)
            for (label, size) in groups.sorted(by: { $0.key < $1.key }) {
                if let place = labelPlaces[label] {
                    w.appendCompact(place)
                } else {
                    w.appendCompact(labels.count)
                    labelPlaces[label] = labels.count
                    labels.append(label)
                    w.appendText(label)
                }
                w.appendCompact(size)
            }
        }
    }

    mutating func read(from reader: inout StateReader) throws(SimulationError) -> GenerationStats {
        let generation = try reader.readCompact(in: 0...Int.max, "stats of generation")
        let place = try reader.readCompact(in: 0...nameSets.count, "a reference to metric names")
        if place == nameSets.count {
            let count = try reader.readCompactCount(limit: reader.remaining)
            var names: [String] = []
            for _ in 0..<count { names.append(try reader.readText()) }
            guard Set(names).count == names.count else { throw StateReader.corrupt("names a metric twice") }
            nameSets.append(names)
        }
        var values: [String: Double] = [:]
        for name in nameSets[place] { values[name] = try reader.readDouble() }
        let histogram = try reader.readOptional { r throws(SimulationError) -> [Int] in
            let count = try r.readCompactCount(limit: r.remaining)
            var bins: [Int] = []
            for _ in 0..<count { bins.append(try r.readCompact()) }
            return bins
        }
        let groups = try reader.readOptional { r throws(SimulationError) -> [String: Int] in
            let count = try r.readCompactCount(limit: r.remaining)
            var groups: [String: Int] = [:]
            for _ in 0..<count {
                let place = try r.readCompact(in: 0...labels.count, "a reference to a group label")
                if place == labels.count { labels.append(try r.readText()) }
                groups[labels[place]] = try r.readCompact()
            }
            return groups
        }
        return GenerationStats(generation: generation, values: values, histogram: histogram, groups: groups)
    }
}

/// The current model's place in the pool; the rewind checkpoints' places (count, then each);
/// interval; most checkpoints; the history (count, then each generation's stats); the actions.
extension SimulationRun {
    func write(to writer: inout StateWriter, pool: inout ModelPool<Model>, stats: inout StatsCoding) {
        writer.appendCompact(pool.place(of: model))
        writer.appendCompact(checkpoints.count)
        for checkpoint in checkpoints { writer.appendCompact(pool.place(of: checkpoint)) }
        writer.appendCompact(interval)
        writer.appendCompact(maxCheckpoints)
        writer.appendCompact(history.count)
        for generation in history { stats.write(generation, to: &writer) }
        writer.appendArray(actions)
    }

    /// Reads a run, checking what the rest of the lesson relies on: a checkpoint at generation
    /// 0, checkpoints and actions in generation order and none past the current generation,
    /// and one history entry per generation.
    init(from reader: inout StateReader, pool: [Model], stats: inout StatsCoding) throws(SimulationError) {
        func model(_ reader: inout StateReader) throws(SimulationError) -> Model {
            pool[try reader.readCompact(in: 0...pool.count - 1, "a reference to model state")]
        }
        guard !pool.isEmpty else { throw StateReader.corrupt("has no model state") }
        let current = try model(&reader)
        let checkpointCount = try reader.readCompactCount(limit: reader.remaining)
        var checkpoints: [Model] = []
        for _ in 0..<checkpointCount { checkpoints.append(try model(&reader)) }
        let interval = try reader.readCompact(in: 1...Int.max, "a checkpoint interval")
        let maxCheckpoints = try reader.readCompact(in: 2...Int.max, "a checkpoint limit")
        let historyCount = try reader.readCompactCount(limit: reader.remaining)
        var history: [GenerationStats] = []
        history.reserveCapacity(historyCount)
        for _ in 0..<historyCount { history.append(try stats.read(from: &reader)) }
        let actions: [TimedAction] = try reader.readArray()

        let generations = checkpoints.map(\.generation)
        guard generations.first == 0, zip(generations, generations.dropFirst()).allSatisfy({ $0 < $1 }),
            let last = generations.last, last <= current.generation
        else { throw StateReader.corrupt("has rewind checkpoints out of order") }
        guard history.count - 1 == current.generation else {
            throw StateReader.corrupt("has \(history.count) generations of history at generation \(current.generation)")
        }
        guard zip(actions, actions.dropFirst()).allSatisfy({ $0.generation <= $1.generation }),
            (actions.last?.generation ?? 0) <= current.generation
        else { throw StateReader.corrupt("has actions out of order") }
        self.init(
            model: current, history: history, actions: actions, checkpoints: checkpoints, interval: interval,
            maxCheckpoints: maxCheckpoints)
    }
}
