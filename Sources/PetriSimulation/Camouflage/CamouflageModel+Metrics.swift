extension CamouflageModel {
    /// The numbers a student can be asked to predict. "Last generation" metrics describe the step that
    /// produced the current generation (all 0 at generation 0).
    public static let metrics: [MetricDescriptor] = [
        MetricDescriptor(
            name: "population", label: "Number of moths", description: "How many creatures are alive.",
            unit: "creatures",
            range: nil),
        MetricDescriptor(
            name: "meanTrait", label: "Average moth colour (1 black to 100 white)",
            description: "The average colour of the creatures (0 once extinct).", unit: "",
            range: 0...100),
        MetricDescriptor(
            name: "medianTrait", label: "Middle moth colour (1 black to 100 white)",
            description: "The middle colour when the creatures are lined up from dark to light (0 once extinct).",
            unit: "", range: 0...100),
        MetricDescriptor(
            name: "bestCamouflaged", label: "Best camouflaged moths",
            description: "How many creatures are within 1 of the background colour.",
            unit: "creatures", range: nil),
        MetricDescriptor(
            name: "extinct", label: "All moths died", description: "Whether every creature has died.", unit: "",
            range: 0...1, isYesNo: true),
        MetricDescriptor(
            name: "environmentColour", label: "Background colour (1 black to 100 white)",
            description: "The background colour, 1 (black) to 100 (white).",
            unit: "", range: 1...100),
        MetricDescriptor(
            name: "darkFraction", label: "Share of dark moths",
            description: "The fraction of creatures with a dark colour (trait 50 or less).",
            unit: "fraction", range: 0...1),
        MetricDescriptor(
            name: "lightFraction", label: "Share of light moths",
            description: "The fraction of creatures with a light colour (trait 51 or more).",
            unit: "fraction", range: 0...1),
        MetricDescriptor(
            name: "births", label: "Moths born last generation",
            description: "How many children were born in the last generation.", unit: "creatures",
            range: nil),
        MetricDescriptor(
            name: "deaths", label: "Moths that died last generation",
            description: "How many creatures died in the last generation.", unit: "creatures",
            range: nil),
        MetricDescriptor(
            name: "luckySurvivors", label: "Lucky survivors",
            description:
                "Poorly camouflaged creatures (more likely to die than not) that survived the last generation.",
            unit: "creatures", range: nil),
        MetricDescriptor(
            name: "unluckyDeaths", label: "Unlucky deaths",
            description: "Well camouflaged creatures (more likely to live than not) that died in the last generation.",
            unit: "creatures", range: nil),
    ]

    /// The current value of a metric.
    ///
    /// - Parameters:
    ///   - metric: One of ``metrics`` by name; none takes arguments.
    /// - Throws: ``SimulationError/Code/unknownMetric`` for another name or for arguments.
    public func value(of metric: MetricID) throws(SimulationError) -> Double {
        try metricValue(metric, in: CamouflageSummary(self).values)
    }

    /// Every metric's value plus the ten-bin histogram.
    public func stats() -> GenerationStats {
        let summary = CamouflageSummary(self)
        return GenerationStats(generation: generation, values: summary.values, histogram: summary.histogram)
    }
}

/// One pass over the creatures, shared by metrics, stats and the snapshot.
struct CamouflageSummary {
    var tally: TraitTally
    var histogram: [Int]
    var bestCamouflaged: Int
    var values: [String: Double]

    init(_ model: CamouflageModel) {
        let tally = TraitTally(model.traits, range: CamouflageModel.traitRange)
        self.tally = tally
        histogram = tally.histogram(binWidth: 10)
        let environment = model.parameters.environmentColour
        bestCamouflaged = tally.count(in: (environment - 1)...(environment + 1))
        let n = tally.population
        let dark = tally.count(in: 1...50)
        let counts = model.lastCounts
        values = [
            "population": Double(n),
            "meanTrait": tally.mean,
            "medianTrait": tally.median,
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
}
