import PetriSimulation

/// Times the bit-packed Life engine against the plain cell-by-cell reference on a random board.
///
/// Both engines start from the same `size`×`size` soup under Conway's rule on a bounded board.
/// The reference is far slower, so it runs fewer generations (``referenceGenerations``); rates
/// are per generation, so they compare directly. The engines take turns, a tenth of their
/// generations each, so a change in the machine's load hits them alike; when the kernel under
/// test is AVX2 the portable kernel takes turns too and the result has their same-run ratio. The run also checks that both engines reach
/// the same board after the reference's generations. Measures one thread; no clock or
/// randomness leaks into `PetriSimulation` (the clock is here).
///
/// ```swift
/// let result = LifeBenchmark(size: 1024, generations: 5_000, density: 0.35, seed: 1).run()
/// print(result.report)
/// ```
package struct LifeBenchmark: Sendable {
    /// Width and height of the board, 1...16384.
    package var size: Int
    /// Generations the bit-packed engine runs, at least 1.
    package var generations: Int
    /// Chance that a starting cell is alive, 0...1.
    package var density: Double
    /// Seed of the starting soup.
    package var seed: UInt64
    /// Generations the reference runs; nil scales them to about 2^25 cell updates (about a
    /// second), at least 1 and at most ``generations``.
    package var referenceGenerations: Int?
    /// The vector unit the bit-packed engine steps with (one this CPU lacks runs the portable kernel).
    package var unit: LifeVectorUnit

    package init(
        size: Int = 1024, generations: Int = 5_000, density: Double = 0.35, seed: UInt64 = 1,
        referenceGenerations: Int? = nil, unit: LifeVectorUnit = .best
    ) {
        self.unit = unit.isAvailable ? unit : .portable
        self.size = size
        self.generations = generations
        self.density = density
        self.seed = seed
        self.referenceGenerations = referenceGenerations
    }

    /// Checks the settings, for a command line's validation step.
    ///
    /// - Throws: ``SimulationError/Code/parameterOutOfRange`` naming the first bad setting.
    package func validate() throws(SimulationError) {
        try SimulationError.check("size", size, in: 1...LifeGrid.maxSide)
        try SimulationError.check("generations", generations, in: 1...Int.max)
        try SimulationError.check("density", density, in: 0...1)
        if let referenceGenerations {
            try SimulationError.check("reference generations", referenceGenerations, in: 1...Int.max)
        }
    }

    /// Runs both engines and measures them.
    ///
    /// - Precondition: the settings are valid (see ``validate()``).
    package func run() -> LifeBenchmarkResult {
        let start: LifeGrid
        do {
            try validate()
            var random = PetriRandom(seed: seed)
            start = try LifeGrid(width: size, height: size, density: density, using: &random)
        } catch {
            preconditionFailure(error.message)
        }
        let cells = Double(size) * Double(size)
        let referenceRuns = referenceGenerations ?? max(1, min(generations, (1 << 25) / (size * size)))
        let clock = ContinuousClock()

        // The engines take turns, a tenth of their generations at a time, so that a machine whose
        // load changes during the run slows all of them alike and the ratios stay honest. When
        // the kernel under test is not the portable one, the portable kernel takes turns too.
        let slices = 10
        var fast = start
        var portable = unit == .portable ? nil : Optional(start)
        var reference = LifeReferenceGrid(start)
        var changes = 0
        var fastTime = Duration.zero
        var portableTime = Duration.zero
        var referenceTime = Duration.zero
        for slice in 0..<slices {
            let fastCount = Self.share(of: generations, slice: slice, of: slices)
            fastTime += clock.measure {
                for _ in 0..<fastCount {
                    let counts = fast.step(rule: .conway, boundary: .bounded, using: unit)
                    changes &+= counts.births &+ counts.deaths
                }
            }
            if var grid = portable {
                portable = nil  // one owner of the buffer while stepping, so no copy on write
                portableTime += clock.measure {
                    for _ in 0..<fastCount {
                        let counts = grid.step(rule: .conway, boundary: .bounded, using: .portable)
                        changes &+= counts.births &+ counts.deaths
                    }
                }
                portable = grid
            }
            let referenceCount = Self.share(of: referenceRuns, slice: slice, of: slices)
            referenceTime += clock.measure {
                for _ in 0..<referenceCount {
                    let counts = reference.step(rule: .conway, boundary: .bounded)
                    changes &+= counts.births &+ counts.deaths
                }
            }
        }

        var check = start
        for _ in 0..<referenceRuns { check.step(rule: .conway, boundary: .bounded, using: unit) }
        let agree = LifeReferenceGrid(check) == reference && (portable.map { $0 == fast } ?? true)

        let seconds = Self.seconds(fastTime)
        let referenceSeconds = Self.seconds(referenceTime)
        let portableSeconds = portable == nil ? nil : Optional(Self.seconds(portableTime))
        return LifeBenchmarkResult(
            unit: unit, size: size, density: density, seed: seed, generations: generations, seconds: seconds,
            gensPerSecond: Double(generations) / seconds, cellUpdatesPerSecond: Double(generations) * cells / seconds,
            referenceGenerations: referenceRuns, referenceSeconds: referenceSeconds,
            referenceGensPerSecond: Double(referenceRuns) / referenceSeconds,
            referenceCellUpdatesPerSecond: Double(referenceRuns) * cells / referenceSeconds,
            portableGensPerSecond: portableSeconds.map { Double(generations) / $0 },
            agree: agree, finalPopulation: fast.population, changes: changes
        )
    }

    /// How many of `total` generations slice `slice` of `slices` runs (they add up to `total`).
    package static func share(of total: Int, slice: Int, of slices: Int) -> Int {
        total * (slice + 1) / slices - total * slice / slices
    }

    private static func seconds(_ d: Duration) -> Double {
        let (s, atto) = d.components
        return max(Double(s) + Double(atto) * 1e-18, 1e-9)
    }
}

/// What ``LifeBenchmark/run()`` measured.
package struct LifeBenchmarkResult: Sendable {
    /// The vector unit the bit-packed engine ran on.
    package var unit: LifeVectorUnit
    package var size: Int
    package var density: Double
    package var seed: UInt64
    package var generations: Int
    package var seconds: Double
    package var gensPerSecond: Double
    package var cellUpdatesPerSecond: Double
    package var referenceGenerations: Int
    package var referenceSeconds: Double
    package var referenceGensPerSecond: Double
    package var referenceCellUpdatesPerSecond: Double
    /// The portable kernel's rate in the same run (nil when the portable kernel is the one measured).
    package var portableGensPerSecond: Double?
    /// Whether both engines reached the same board after ``referenceGenerations``.
    package var agree: Bool
    /// Live cells after the bit-packed run.
    package var finalPopulation: Int
    /// Births plus deaths over both runs (consumed so the work cannot be optimised away).
    package var changes: Int

    /// How many times faster the bit-packed engine is, per generation.
    package var speedup: Double { gensPerSecond / referenceGensPerSecond }

    /// How many times faster the kernel measured is than the portable one in the same run.
    package var kernelSpeedup: Double? { portableGensPerSecond.map { gensPerSecond / $0 } }

    /// Human-readable lines, then one JSON line (see ``json``).
    package var report: String {
        """
        Life benchmark: \(size)×\(size) board, density \(density), seed \(seed), rule B3/S23, bounded, one thread
        bit-packed (\(unit.rawValue) kernel): \(generations) generations in \(Self.fixed(seconds, 3)) s = \(Self.fixed(gensPerSecond, 1)) \
        generations/s, \(Self.fixed(cellUpdatesPerSecond / 1e9, 2)) G cell-updates/s
        reference:  \(referenceGenerations) generations in \(Self.fixed(referenceSeconds, 3)) s = \
        \(Self.fixed(referenceGensPerSecond, 2)) generations/s, \(Self.fixed(referenceCellUpdatesPerSecond / 1e6, 1)) \
        M cell-updates/s
        speedup: \(Self.fixed(speedup, 1))× (engines agree after \(referenceGenerations) generations: \
        \(agree ? "yes" : "NO"))\(kernelLine)
        engines took turns, a tenth of their generations at a time
        \(MachineInfo.current.annotating(json))
        """
    }

    /// The portable kernel's figure and the ratio to it, when it ran next to another kernel.
    private var kernelLine: String {
        guard let portable = portableGensPerSecond, let ratio = kernelSpeedup else { return "" }
        return "\nportable kernel, same run: \(Self.fixed(portable, 1)) generations/s; \(unit.rawValue) ÷ portable: "
            + "\(Self.fixed(ratio, 2))×"
    }

    /// One line of JSON with every figure, for scripts.
    package var json: String {
        var fields: [(String, String)] = [
            ("benchmark", "\"life\""), ("kernel", "\"\(unit.rawValue)\""), ("size", "\(size)"),
            ("density", "\(density)"), ("seed", "\(seed)"),
            ("generations", "\(generations)"), ("seconds", Self.fixed(seconds, 6)),
            ("gensPerSecond", Self.fixed(gensPerSecond, 1)),
            ("cellUpdatesPerSecond", Self.fixed(cellUpdatesPerSecond, 0)),
            ("referenceGenerations", "\(referenceGenerations)"), ("referenceSeconds", Self.fixed(referenceSeconds, 6)),
            ("referenceGensPerSecond", Self.fixed(referenceGensPerSecond, 3)),
            ("referenceCellUpdatesPerSecond", Self.fixed(referenceCellUpdatesPerSecond, 0)),
            ("speedup", Self.fixed(speedup, 1)), ("agree", "\(agree)"),
        ]
        if let portable = portableGensPerSecond, let ratio = kernelSpeedup {
            fields += [("portableGensPerSecond", Self.fixed(portable, 1)), ("kernelSpeedup", Self.fixed(ratio, 3))]
        }
        return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    /// `x` with exactly `digits` decimals and no exponent (valid JSON for finite values).
    package static func fixed(_ x: Double, _ digits: Int) -> String {
        guard x.isFinite else { return "0" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(x) * scale).rounded()
        guard scaled < 9e18 else { return String(Int64(x)) }
        let n = UInt64(scaled)
        let whole = n / UInt64(scale), fraction = n % UInt64(scale)
        var text = (x < 0 && n != 0 ? "-" : "") + String(whole)
        if digits > 0 {
            let f = String(fraction)
            text += "." + String(repeating: "0", count: digits - f.count) + f
        }
        return text
    }
}
