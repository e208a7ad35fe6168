extension CamouflageModel {
    /// The numbers a student can be asked to predict. "Last generation" metrics describe the step that
    /// produced the current generation (all 0 at generation 0).
    public static let metrics: [MetricDescriptor] = [
        MetricDescriptor(
            name: "population", description: "How many creatures are alive.", unit: "creatures",
            range: nil),
        MetricDescriptor(
            name: "meanTrait", description: "The average colour of the creatures (0 once extinct).", unit: "trait",
            range: 0...100),
        MetricDescriptor(
            name: "medianTrait",
            description: "The middle colour when the creatures are lined up from dark to light (0 once extinct).",
            unit: "trait", range: 0...100),
        MetricDescriptor(
            name: "bestCamouflaged", description: "How many creatures are within 1 of the background colour.",
            unit: "creatures", range: nil),
        MetricDescriptor(
            name: "extinct", description: "Whether every creature has died.", unit: "", range: 0...1, isYesNo: true),
        MetricDescriptor(
            name: "environmentColour", description: "The background colour, 1 (black) to 100 (white).",
            unit: "colour", range: 1...100),
        MetricDescriptor(
            name: "darkFraction", description: "The fraction of creatures with a dark colour (trait 50 or less).",
            unit: "fraction", range: 0...1),
        MetricDescriptor(
            name: "lightFraction", description: "The fraction of creatures with a light colour (trait 51 or more).",
            unit: "fraction", range: 0...1),
        MetricDescriptor(
            name: "births", description: "How many children were born in the last generation.", unit: "creatures",
            range: nil),
        MetricDescriptor(
            name: "deaths", description: "How many creatures died in the last generation.", unit: "creatures",
            range: nil),
        MetricDescriptor(
            name: "luckySurvivors",
            description:
                "Poorly camouflaged creatures (more likely to die than not) that survived the last generation.",
            unit: "creatures", range: nil),
        MetricDescriptor(
            name: "unluckyDeaths",
            description: "Well camouflaged creatures (more likely to live than not) that died in the last generation.",
            unit: "creatures", range: nil),
    ]

    /// The current value of a metric.
    ///
    /// - Parameters:
    ///   - metric: One of ``metrics`` by name; none takes arguments.
    /// - Throws: ``SimulationError/Code/unknownMetric`` for another name or for arguments.
    public func value(of metric: MetricID) throws(SimulationError) -> Double {
        guard let value = CamouflageSummary(self).values[metric.name] else {
            let names = Self.metrics.map(\.name).joined(separator: ", ")
            throw SimulationError(
                .unknownMetric, "Camouflage has no metric named \"\(metric.name)\"; its metrics are \(names).")
        }
        guard metric.arguments.isEmpty else {
            throw SimulationError(.unknownMetric, "\(metric.name) takes no arguments, but was given \(metric).")
        }
        return value
    }

    /// Every metric's value plus the ten-bin histogram.
    public func stats() -> GenerationStats {
        let summary = CamouflageSummary(self)
        return GenerationStats(generation: generation, values: summary.values, histogram: summary.histogram)
    }
}

/// One pass over the creatures, shared by metrics, stats and the snapshot.
struct CamouflageSummary {
    /// 101 entries; index 0 unused, `traitCounts[t]` creatures have trait t.
    var traitCounts: [Int]
    var histogram: [Int]
    var bestCamouflaged: Int
    var values: [String: Double]

    init(_ model: CamouflageModel) {
        var traitCounts = [Int](repeating: 0, count: 101)
        for trait in model.traits { traitCounts[Int(trait)] += 1 }
        self.traitCounts = traitCounts
        histogram = (0..<10).map { bin in traitCounts[(bin * 10 + 1)...(bin * 10 + 10)].reduce(0, +) }
        let environment = model.parameters.environmentColour
        bestCamouflaged = (max(1, environment - 1)...min(100, environment + 1)).reduce(0) { $0 + traitCounts[$1] }
        let n = model.traits.count
        var sum = 0
        var dark = 0
        for trait in 1...100 {
            sum += trait * traitCounts[trait]
            if trait <= 50 { dark += traitCounts[trait] }
        }
        let counts = model.lastCounts
        values = [
            "population": Double(n),
            "meanTrait": n == 0 ? 0 : Double(sum) / Double(n),
            "medianTrait": Self.median(traitCounts, count: n),
            "bestCamouflaged": Double(bestCamouflaged),
            "extinct": n == 0 ? 1 : 0,
            "environmentColour": Double(environment),
            "darkFraction": n == 0 ? 0 : Double(dark) / Double(n),
            "lightFraction": n == 0 ? 0 : Double(n - dark) / Double(n),
            "births": Double(counts.births),
            "deaths": Double(counts.deaths),
            "luckySurvivors": Double(counts.luckySurvivors),
            "unluckyDeaths": Double(counts.unluckyDeaths),
        ]
    }

    /// The median trait (the mean of the two middle ones for an even count), 0 for no creatures.
    static func median(_ traitCounts: [Int], count n: Int) -> Double {
        guard n > 0 else { return 0 }
        // 0-based positions of the middle creature(s) in trait order.
        let low = (n - 1) / 2
        let high = n / 2
        var seen = 0
        var lowTrait = 0
        for trait in 1...100 {
            let next = seen + traitCounts[trait]
            if lowTrait == 0 && low < next { lowTrait = trait }
            if high < next { return Double(lowTrait + trait) / 2 }
            seen = next
        }
        return Double(lowTrait)  // unreachable: the counts add up to n
    }
}
