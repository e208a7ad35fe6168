extension ResistanceModel {
    /// Resistance values per histogram bin: 0-9, 10-19, ..., 90-100.
    static let binWidth = 10

    /// The numbers a student can be asked to predict. "Last generation" metrics describe the step that produced
    /// the current generation (all 0 at generation 0).
    public static let metrics: [MetricDescriptor] = [
        MetricDescriptor(
            name: "population", label: "Number of bacteria", description: "How many bacteria are alive.",
            unit: "bacteria", range: nil),
        MetricDescriptor(
            name: "meanResistance", label: "Average resistance (0 to 100)",
            description: "The average resistance of the bacteria, 0 (none) to 100 (complete); 0 once all are dead.",
            unit: "", range: 0...100),
        MetricDescriptor(
            name: "medianResistance", label: "Middle resistance (0 to 100)",
            description: "The middle resistance when the bacteria are lined up from weakest to most resistant.",
            unit: "", range: 0...100),
        MetricDescriptor(
            name: "resistantFraction", label: "Share of resistant bacteria",
            description: "The fraction of bacteria whose resistance is at least the dose (0 once all are dead).",
            unit: "fraction", range: 0...1),
        MetricDescriptor(
            name: "extinct", label: "All bacteria died",
            description: "Whether every bacterium has died: the infection is cured.", unit: "",
            range: 0...1, isYesNo: true),
        MetricDescriptor(
            name: "dose", label: "Antibiotic dose (0 none to 100)",
            description: "The antibiotic's dose, 0 (none) to 100.", unit: "", range: 0...100),
        MetricDescriptor(
            name: "births", label: "Bacteria born last generation",
            description: "How many bacteria were born in the last generation.", unit: "bacteria",
            range: nil),
        MetricDescriptor(
            name: "deaths", label: "Bacteria that died last generation",
            description: "How many bacteria died in the last generation.", unit: "bacteria",
            range: nil),
        MetricDescriptor(
            name: "luckySurvivors", label: "Lucky survivors",
            description: "Bacteria more likely to die than not that survived the last generation.",
            unit: "bacteria", range: nil),
        MetricDescriptor(
            name: "unluckyDeaths", label: "Unlucky deaths",
            description: "Bacteria more likely to live than not that died in the last generation.",
            unit: "bacteria", range: nil),
    ]

    /// The current value of a metric.
    ///
    /// - Throws: ``SimulationError/Code/unknownMetric`` for another name or for arguments.
    public func value(of metric: MetricID) throws(SimulationError) -> Double {
        try metricValue(metric, in: ResistanceSummary(self).values)
    }

    /// Every metric's value plus the ten-bin histogram.
    public func stats() -> GenerationStats {
        let summary = ResistanceSummary(self)
        return GenerationStats(
            generation: generation, values: summary.values, histogram: summary.tally.histogram(binWidth: Self.binWidth))
    }

    /// The resistance histogram, the dose and the resistant count.
    public func snapshot() -> TraitSnapshot {
        let summary = ResistanceSummary(self)
        return TraitSnapshot(
            generation: generation, trait: "resistance", unit: "", scale: 1, traitMin: Self.traitRange.lowerBound,
            binWidth: Self.binWidth, environment: "dose", environmentValue: parameters.dose, target: parameters.dose,
            population: summary.tally.population, suited: summary.resistant, extinct: isExtinct,
            traitCounts: summary.tally.rangeCounts, histogram: summary.tally.histogram(binWidth: Self.binWidth))
    }
}

/// One pass over the bacteria, shared by metrics, stats and the snapshot.
struct ResistanceSummary {
    var tally: TraitTally
    /// Bacteria whose resistance is at least the dose.
    var resistant: Int
    var values: [String: Double]

    init(_ model: ResistanceModel) {
        let tally = TraitTally(model.traits, range: ResistanceModel.traitRange)
        self.tally = tally
        let dose = model.parameters.dose
        resistant = tally.count(in: dose...ResistanceModel.traitRange.upperBound)
        let n = tally.population
        let counts = model.lastCounts
        values = [
            "population": Double(n),
            "meanResistance": tally.mean,
            "medianResistance": tally.median,
            "resistantFraction": n == 0 ? 0 : Double(resistant) / Double(n),
            "extinct": n == 0 ? 1 : 0,
            "dose": Double(dose),
            "births": Double(counts.births),
            "deaths": Double(counts.deaths),
            "luckySurvivors": Double(counts.luckySurvivors),
            "unluckyDeaths": Double(counts.unluckyDeaths),
        ]
    }
}
