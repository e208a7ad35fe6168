import PetriSimulation

/// A tiny deterministic model for lesson tests: a population that drifts by a fixed amount
/// each generation plus a seeded random step, and dies out at 0.
///
/// With `spread` 0 its future is plain arithmetic (population = start + drift × generation),
/// which lets tests pin scores; with `spread` > 0 it is a random walk whose state hash tests
/// exactness of rewinds and replays.
struct WalkModel: SimulationModel {
    struct Parameters: Sendable, Hashable, Codable {
        var start = 100
        var drift = 0
        var spread = 0

        init(start: Int = 100, drift: Int = 0, spread: Int = 0) {
            self.start = start
            self.drift = drift
            self.spread = spread
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            start = try c.decodeIfPresent(Int.self, forKey: .start) ?? 100
            drift = try c.decodeIfPresent(Int.self, forKey: .drift) ?? 0
            spread = try c.decodeIfPresent(Int.self, forKey: .spread) ?? 0
        }
    }

    struct Snapshot: Sendable, Hashable, Codable {
        var generation: Int
        var population: Int
    }

    static let kind = ModelKind.camouflage
    static let metrics = [
        MetricDescriptor(name: "population", description: "Creatures alive", unit: "creatures", range: nil),
        MetricDescriptor(name: "level", description: "The population, capped to 0...100", unit: "", range: 0...100),
        MetricDescriptor(name: "extinct", description: "Whether it died out", unit: "", range: 0...1, isYesNo: true),
    ]
    static var modelDescription: ModelDescription {
        ModelDescription(
            model: "walk", title: "Walk", story: "A drifting population for lesson tests.", parameters: [],
            scenarios: [], metrics: metrics)
    }

    private(set) var parameters: Parameters
    private(set) var generation = 0
    private(set) var population: Int
    private var random: PetriRandom

    init(parameters: Parameters, seed: UInt64) throws(SimulationError) {
        try SimulationError.check("start", parameters.start, in: 0...1_000_000)
        try SimulationError.check("spread", parameters.spread, in: 0...100)
        self.parameters = parameters
        population = parameters.start
        random = PetriRandom(seed: seed)
    }

    init(decodingState bytes: [UInt8]) throws(SimulationError) {
        var reader = try StateReader(bytes, model: .camouflage, version: 200)
        parameters = Parameters(start: try reader.readInt(), drift: try reader.readInt(), spread: try reader.readInt())
        generation = try reader.readInt()
        population = try reader.readInt()
        random = try reader.readRandom()
        try reader.finish()
    }

    var isOver: Bool { population == 0 }

    var endMessage: String? { isOver ? "This species didn't adapt fast enough - it is now extinct" : nil }

    mutating func reseed(_ seed: UInt64) { random = PetriRandom(seed: seed) }

    mutating func step() {
        guard !isOver else { return }
        let jitter = parameters.spread > 0 ? random.nextInt(in: -parameters.spread...parameters.spread) : 0
        population = max(0, population + parameters.drift + jitter)
        generation += 1
    }

    mutating func apply(_ action: ModelAction) throws(SimulationError) {
        guard case .set(let name, let value) = action else {
            throw SimulationError(.invalidAction, "The walk model has no grid to change.")
        }
        guard case .number(let x) = value, x == x.rounded() else {
            throw SimulationError(.wrongValueKind, "\(name) must be a whole number, but was \(value).")
        }
        switch name {
        case "drift":
            try SimulationError.check("drift", x, in: -1000...1000)
            parameters.drift = Int(x)
        case "spread":
            try SimulationError.check("spread", x, in: 0...100)
            parameters.spread = Int(x)
        case "population":
            try SimulationError.check("population", x, in: 0...1_000_000)
            population = Int(x)
        default:
            throw SimulationError(.unknownParameter, "The walk model has no parameter \(name).")
        }
    }

    func value(of metric: MetricID) throws(SimulationError) -> Double {
        guard metric.arguments.isEmpty else {
            throw SimulationError(.unknownMetric, "\(metric.name) takes no arguments.")
        }
        switch metric.name {
        case "population": return Double(population)
        case "level": return Double(min(100, population))
        case "extinct": return isOver ? 1 : 0
        default: throw SimulationError(.unknownMetric, "The walk model has no metric \(metric.name).")
        }
    }

    func stats() -> GenerationStats {
        GenerationStats(
            generation: generation,
            values: [
                "population": Double(population), "level": Double(min(100, population)), "extinct": isOver ? 1 : 0,
            ])
    }

    func snapshot() -> Snapshot { Snapshot(generation: generation, population: population) }

    func encodeState() -> [UInt8] {
        var writer = StateWriter(model: .camouflage, version: 200)
        writer.append(parameters.start)
        writer.append(parameters.drift)
        writer.append(parameters.spread)
        writer.append(generation)
        writer.append(population)
        writer.append(random)
        return writer.bytes
    }
}
