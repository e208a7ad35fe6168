extension BeaksModel {
    /// Depths per histogram bin: half a millimetre (6.0-6.4, 6.5-6.9, ..., 13.5-14.0 mm).
    static let binWidth = 5
    /// A finch is food-matched when its depth is within this many tenths of a millimetre of the best depth.
    static let matchedDistance = 5.0
    /// A beak-depth question's default tolerance, in mm. A drought moves the mean 0.3-0.8 mm (MODELS.md,
    /// the tuning tests), so a tenth of the 0-14 mm range (1.4 mm) would score "no change" nearly in
    /// full; 0.3 mm gives "no change" nothing after a typical drought and a good estimate most points.
    static let beakTolerance = 0.3

    /// The numbers a student can be asked to predict. "Last generation" metrics describe the step that produced
    /// the current generation (all 0 at generation 0).
    public static let metrics: [MetricDescriptor] = [
        MetricDescriptor(
            name: "population", label: "Number of finches", description: "How many finches are alive.", unit: "finches",
            range: nil),
        MetricDescriptor(
            name: "meanBeakDepth", label: "Average beak depth",
            description: "The average beak depth of the finches (0 once they have died out).",
            unit: "mm", range: 0...14, tolerance: beakTolerance),
        MetricDescriptor(
            name: "medianBeakDepth", label: "Middle beak depth",
            description: "The middle beak depth when the finches are lined up from smallest beak to deepest.",
            unit: "mm", range: 0...14, tolerance: beakTolerance),
        MetricDescriptor(
            name: "foodMatchedFraction", label: "Share of finches suited to the seeds",
            description: "The fraction of finches whose beak is within 0.5 mm of the best depth for the seeds.",
            unit: "fraction", range: 0...1),
        MetricDescriptor(
            name: "extinct", label: "All finches died", description: "Whether every finch has died.", unit: "",
            range: 0...1, isYesNo: true),
        MetricDescriptor(
            name: "seedHardness", label: "Seed hardness (0 soft to 100 hard)",
            description: "How hard the seeds are, 0 (soft) to 100 (hard).", unit: "",
            range: 0...100),
        MetricDescriptor(
            name: "bestBeakDepth", label: "Best beak depth for the seeds",
            description: "The beak depth best suited to the seeds.", unit: "mm", range: 8...11),
        MetricDescriptor(
            name: "births", label: "Chicks raised last generation",
            description: "How many chicks were raised in the last generation.", unit: "finches",
            range: nil),
        MetricDescriptor(
            name: "deaths", label: "Finches that died last generation",
            description: "How many finches died in the last generation.", unit: "finches", range: nil),
        MetricDescriptor(
            name: "luckySurvivors", label: "Lucky survivors",
            description: "Finches more likely to die than not that survived the last generation.", unit: "finches",
            range: nil),
        MetricDescriptor(
            name: "unluckyDeaths", label: "Unlucky deaths",
            description: "Finches more likely to live than not that died in the last generation.", unit: "finches",
            range: nil),
    ]

    /// The current value of a metric.
    ///
    /// - Throws: ``SimulationError/Code/unknownMetric`` for another name or for arguments.
    public func value(of metric: MetricID) throws(SimulationError) -> Double {
        try metricValue(metric, in: BeaksSummary(self).values)
    }

    /// Every metric's value plus the histogram in half-millimetre bins.
    public func stats() -> GenerationStats {
        let summary = BeaksSummary(self)
        return GenerationStats(
            generation: generation, values: summary.values, histogram: summary.tally.histogram(binWidth: Self.binWidth))
    }

    /// The beak-depth histogram, the seeds and the best depth.
    public func snapshot() -> TraitSnapshot {
        let summary = BeaksSummary(self)
        let optimum = Self.optimum(seedHardness: parameters.seedHardness)
        return TraitSnapshot(
            generation: generation, trait: "beakDepth", unit: "mm", scale: 0.1, traitMin: Self.traitRange.lowerBound,
            binWidth: Self.binWidth, environment: "seedHardness", environmentValue: parameters.seedHardness,
            target: Int(optimum.rounded()), population: summary.tally.population, suited: summary.matched,
            extinct: isExtinct, traitCounts: summary.tally.rangeCounts,
            histogram: summary.tally.histogram(binWidth: Self.binWidth))
    }
}

/// One pass over the finches, shared by metrics, stats and the snapshot.
struct BeaksSummary {
    var tally: TraitTally
    /// Finches within ``BeaksModel/matchedDistance`` of the best depth.
    var matched: Int
    var values: [String: Double]

    init(_ model: BeaksModel) {
        let tally = TraitTally(model.traits, range: BeaksModel.traitRange)
        self.tally = tally
        let optimum = BeaksModel.optimum(seedHardness: model.parameters.seedHardness)
        var matched = 0
        for depth in BeaksModel.traitRange where abs(Double(depth) - optimum) <= BeaksModel.matchedDistance {
            matched += tally.counts[depth]
        }
        self.matched = matched
        let n = tally.population
        let counts = model.lastCounts
        values = [
            "population": Double(n),
            "meanBeakDepth": tally.mean / 10,
            "medianBeakDepth": tally.median / 10,
            "foodMatchedFraction": n == 0 ? 0 : Double(matched) / Double(n),
            "extinct": n == 0 ? 1 : 0,
            "seedHardness": Double(model.parameters.seedHardness),
            "bestBeakDepth": optimum / 10,
            "births": Double(counts.births),
            "deaths": Double(counts.deaths),
            "luckySurvivors": Double(counts.luckySurvivors),
            "unluckyDeaths": Double(counts.unluckyDeaths),
        ]
    }
}
