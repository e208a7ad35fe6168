import ArgumentParser
import PetriSimulation

/// Times ``CamouflageModel/step()`` on a population held steady at about `population` creatures.
///
/// The crowding coefficient is derived so that the population settles where it started. With every
/// survivor having one child (reproductiveChance 1) the population is steady when the average survival
/// chance is one half, i.e. when a typical creature's adaptation `a` equals the even-odds point
/// `80 + crowding * N`. Selection keeps creatures near the background, but each child differs from its
/// parent by an offset in -10...10 whose mean size is 110/21 ≈ 5.24, so `a ≈ 100 - 110/21` and
/// `crowding = (a - 80) / population`. Higher-order effects (the spread of survivors around the background,
/// the curvature of the logistic) move the level by a few percent; the result reports the population
/// actually held. The first `warmUpGenerations` steps, which settle the population, are not timed.
///
/// ```swift
/// let result = CamouflageBenchmark(population: 10_000, generations: 2_000, seed: 1).run()
/// print(result.jsonLine)
/// ```
struct CamouflageBenchmark {
    var population: Int
    var generations: Int
    var seed: UInt64
    var warmUpGenerations = 100

    /// A typical creature's adaptation once selection has settled (see the type's comment).
    private static let typicalAdaptation = 100 - 110.0 / 21

    /// The crowding coefficient that holds about `population` creatures (see the type's comment).
    static func crowding(holding population: Int) -> Double {
        (typicalAdaptation - 80) / Double(max(1, population))
    }

    /// The populations a benchmark's camouflage lesson can hold: from the smallest whose crowding
    /// coefficient stays within the model's 0...1 (15), to 100,000.
    static let populations = Int((typicalAdaptation - 80).rounded(.up))...100_000

    /// Checks a benchmark's `--population` against ``populations``.
    ///
    /// - Throws: `ValidationError` naming the range, when it is outside.
    static func check(population: Int) throws {
        guard populations.contains(population) else {
            throw ValidationError(
                "--population must be between \(populations.lowerBound) and \(populations.upperBound), but was \(population)."
            )
        }
    }

    /// The benchmark's parameters: background 50, every survivor breeding, default selection pressure,
    /// starting traits near the background (40...60) so the population does not crash at generation 1.
    func parameters() -> CamouflageParameters {
        var p = CamouflageParameters()
        p[int: "population"] = min(max(1, population), CamouflageParameters.intRange("population").upperBound)
        p[int: "environmentColour"] = 50
        p[number: "reproductiveChance"] = 1
        p[number: "crowding"] = Self.crowding(holding: population)
        p[int: "maxPopulation"] = CamouflageParameters.intRange("maxPopulation").upperBound
        p[int: "initialTraitMin"] = 40
        p[int: "initialTraitMax"] = 60
        return p
    }

    /// Runs the warm-up, then times `generations` steps with `ContinuousClock`.
    func run() -> CamouflageBenchmarkResult {
        let p = parameters()
        let model: CamouflageModel
        do {
            model = try CamouflageModel(parameters: p, seed: seed)
        } catch {
            return CamouflageBenchmarkResult(
                population: population, generations: 0, seed: seed, crowding: p[number: "crowding"], seconds: 0,
                creatureUpdates: 0, finalHash: 0, error: error.message)
        }
        var warm = model
        for _ in 0..<warmUpGenerations { warm.step() }
        var timed = warm
        var updates = 0
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<generations {
            updates += timed.traits.count
            timed.step()
        }
        let elapsed = start.duration(to: clock.now)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        return CamouflageBenchmarkResult(
            population: population, generations: generations, seed: seed, crowding: p[number: "crowding"],
            seconds: seconds, creatureUpdates: updates, finalHash: timed.stateHash,
            error: timed.isExtinct ? "The population died out during the run." : nil)
    }
}

/// What one ``CamouflageBenchmark`` run measured.
struct CamouflageBenchmarkResult {
    var population: Int
    var generations: Int
    var seed: UInt64
    var crowding: Double
    var seconds: Double
    /// Creatures stepped in total (the population at the start of each timed generation, summed).
    var creatureUpdates: Int
    /// The state hash after the run: equal across machines for equal inputs.
    var finalHash: UInt64
    /// Why the figures are not meaningful, if they are not.
    var error: String?

    var generationsPerSecond: Double { seconds > 0 ? Double(generations) / seconds : 0 }
    var creatureUpdatesPerSecond: Double { seconds > 0 ? Double(creatureUpdates) / seconds : 0 }
    /// The mean population over the timed generations.
    var meanPopulation: Double { generations > 0 ? Double(creatureUpdates) / Double(generations) : 0 }

    /// Lines for a person reading the terminal.
    var humanLines: [String] {
        var lines = [
            "camouflage benchmark: target \(population) creatures, seed \(seed), crowding \(Self.fixed(crowding, 6))",
            "  \(generations) generations in \(Self.fixed(seconds, 3)) s",
            "  \(Self.fixed(generationsPerSecond, 1)) generations/s",
            "  \(Self.fixed(creatureUpdatesPerSecond / 1e6, 2)) million creature-updates/s",
            "  mean population held: \(Self.fixed(meanPopulation, 1))",
        ]
        if let error { lines.append("  warning: \(error)") }
        return lines
    }

    /// One JSON object on one line, for scripts.
    var jsonLine: String {
        var fields = [
            "\"benchmark\":\"camouflage\"",
            "\"population\":\(population)",
            "\"generations\":\(generations)",
            "\"seed\":\(seed)",
            "\"crowding\":\(Self.fixed(crowding, 8))",
            "\"seconds\":\(Self.fixed(seconds, 6))",
            "\"generationsPerSecond\":\(Self.fixed(generationsPerSecond, 1))",
            "\"creatureUpdatesPerSecond\":\(Self.fixed(creatureUpdatesPerSecond, 0))",
            "\"meanPopulation\":\(Self.fixed(meanPopulation, 1))",
            "\"finalHash\":\"\(String(finalHash, radix: 16))\"",
        ]
        if let error { fields.append("\"error\":\"\(error)\"") }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// `x` with exactly `digits` decimals, without Foundation (valid JSON for finite values).
    static func fixed(_ x: Double, _ digits: Int) -> String {
        guard x.isFinite else { return "0" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(x) * scale).rounded()
        guard scaled < 9e15 else { return String(x) }
        let whole = Int(scaled)
        let unit = Int(scale)
        let integer = String(whole / unit)
        let sign = x < 0 && whole != 0 ? "-" : ""
        guard digits > 0 else { return sign + integer }
        let fraction = String(whole % unit)
        return sign + integer + "." + String(repeating: "0", count: digits - fraction.count) + fraction
    }
}
