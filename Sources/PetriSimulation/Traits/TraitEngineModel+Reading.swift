extension TraitModelFile {
    /// The numbers a student can be asked to predict, as the file's `metrics` list them.
    var metricDescriptors: [MetricDescriptor] {
        metrics.map {
            MetricDescriptor(
                name: $0.name, label: $0.label ?? "", description: $0.description, unit: $0.unit,
                range: $0.range.map { $0[0]...$0[1] }, isYesNo: $0.yesNo ?? false, tolerance: $0.tolerance)
        }
    }

    /// What a teacher can set, with the ranges and defaults the model enforces (both read from the file).
    var modelDescription: ModelDescription {
        ModelDescription(
            model: model, title: title, story: story,
            parameters: parameters.map {
                ParameterDescriptor(
                    name: $0.name, label: $0.label ?? $0.name, description: $0.description, kind: $0.kind,
                    unit: $0.unit ?? "", range: $0.range[0]...$0.range[1], defaultValue: .number($0.default),
                    changeable: $0.changeable ?? true)
            },
            scenarios: scenarios.map {
                ScenarioDescriptor(name: $0.name, title: $0.title, explanation: $0.explanation)
            },
            metrics: metricDescriptors, guide: guide, presentation: modelPresentation)
    }
}

/// A shipped file model's type says what it is.
extension TraitEngineModel: SimulationModel where Name: ShippedTraitModelName {
    package static var kind: ModelKind { Name.kind }

    /// The numbers a student can be asked to predict, as the file's `metrics` list them.
    package static var metrics: [MetricDescriptor] { Name.source.modelDescription.metrics }

    /// What a teacher can set, with the ranges and defaults the model enforces (both read from the file).
    package static var modelDescription: ModelDescription { Name.source.modelDescription }

    /// The model's real-world story, for the teacher, the class and the about screens.
    static var story: String { Name.file.story }

    /// Restores exactly what ``encodeState()`` saved.
    ///
    /// - Throws: ``SimulationError/Code/corruptState`` for bytes of another model or version, truncated or
    ///   trailing bytes, counts out of bounds, invalid parameters or traits outside the trait range.
    package init(decodingState bytes: [UInt8]) throws(SimulationError) {
        try self.init(decodingState: bytes, source: ())
    }
}

/// What a file model shows: its metrics, stats, picture and description, all read off its file.
extension TraitEngineModel {
    /// The numbers a student can be asked to predict, as the file's `metrics` list them.
    package var metrics: [MetricDescriptor] { source.modelDescription.metrics }

    /// What a teacher can set, with the ranges and defaults the model enforces (both read from the file).
    package var modelDescription: ModelDescription { source.modelDescription }

    /// Read off the description its file's source built once.
    package var presentation: ModelPresentation? { source.modelDescription.presentation }

    package static func kind(of source: Name.Source) -> ModelKind { Name.source(source).kind }

    package var loadedFile: TraitModelSource? { Name.self is any ShippedTraitModelName.Type ? nil : source }

    package static func parameterDecodingInfo(_ source: Name.Source) -> [CodingUserInfoKey: any Sendable] {
        [.traitModelSource: Name.source(source)]
    }

    /// The current value of a metric.
    ///
    /// - Throws: ``SimulationError/Code/unknownMetric`` for another name or for arguments.
    package func value(of metric: MetricID) throws(SimulationError) -> Double {
        try metricValue(metric, in: TraitSummary(self).values)
    }

    /// Every metric's value plus the histogram in the file's bins.
    package func stats() -> GenerationStats {
        let summary = TraitSummary(self)
        return GenerationStats(
            generation: generation, values: summary.values,
            histogram: summary.tally.histogram(binWidth: file.histogramBinWidth))
    }

    /// The trait histogram, the environment and the trait it favours.
    package func snapshot() -> Name.Snapshot {
        let file = self.file
        let summary = TraitSummary(self)
        return Name.snapshot(
            TraitSnapshot(
                generation: generation, trait: file.trait.name, unit: file.trait.unit, scale: file.trait.scale,
                traitMin: traitRange.lowerBound, binWidth: file.histogramBinWidth,
                environment: file.environment, environmentValue: parameters.int(file.environment),
                target: Int(optimum(of: parameters).rounded()), population: summary.tally.population,
                suited: summary.suited, extinct: isExtinct, traitCounts: summary.tally.rangeCounts,
                histogram: summary.tally.histogram(binWidth: file.histogramBinWidth)))
    }
}

/// One pass over the creatures, shared by metrics, stats and the snapshot.
struct TraitSummary {
    var tally: TraitTally
    /// Creatures suited to the environment, as the file's `suited` says.
    var suited: Int
    var values: [String: Double]

    init<Name>(_ model: TraitEngineModel<Name>) {
        let file = model.file
        let range = file.traitRange
        let tally = TraitTally(model.traits, range: range)
        self.tally = tally
        let p = model.parameters
        let optimum = model.optimum(of: p)
        var suited = 0
        if let name = file.suited.atLeast {
            let low = p.int(name)
            suited = low <= range.upperBound ? tally.count(in: low...range.upperBound) : 0
        } else {
            let within = file.suited.within ?? 0
            for t in range where abs(Double(t) - optimum) <= within { suited += tally.counts[t] }
        }
        self.suited = suited
        let n = tally.population
        let counts = model.lastCounts
        var values: [String: Double] = [:]
        for metric in file.metrics {
            var value: Double
            switch metric.value {
            case "population": value = Double(n)
            case "extinct": value = n == 0 ? 1 : 0
            case "births": value = Double(counts.births)
            case "deaths": value = Double(counts.deaths)
            case "luckySurvivors": value = Double(counts.luckySurvivors)
            case "unluckyDeaths": value = Double(counts.unluckyDeaths)
            case "mean": value = tally.mean
            case "median": value = tally.median
            case "parameter": value = p.value(metric.parameter ?? "")
            case "suited": value = Double(suited)
            case "suitedFraction": value = n == 0 ? 0 : Double(suited) / Double(n)
            case "optimum": value = optimum
            case "fraction":
                let between = metric.between ?? [0, 0]
                value = n == 0 ? 0 : Double(tally.count(in: between[0]...between[1])) / Double(n)
            default: value = 0
            }
            if let divisor = metric.divideBy { value /= divisor }
            values[metric.name] = value
        }
        self.values = values
    }
}

/// Saved-state layout (format version 1, little-endian, see ``StateWriter``): model tag, version; the parameters
/// in file order (integer parameters as whole numbers, the others as doubles); the scenario name or ""; the
/// schedule (count, then generation, name, value kind byte 0 number / 1 text / 2 flag and the value); then the
/// creatures as ``TraitPopulation/encode(into:)`` writes them. Version 2 is version 1 followed by the class's catches
/// waiting for the next step (a count, each index, then the formula flag); a model with none waiting writes version
/// 1, so every state hash pinned before hunts existed stays the same.
extension TraitEngineModel {
    static var stateVersion: UInt8 { 1 }
    /// The version written while a hunt waits for the next step.
    static var huntStateVersion: UInt8 { 2 }

    /// No run can hold more creatures: the largest cap, or the largest starting population above it.
    var creatureLimit: Int { Self.creatureLimit(of: file) }

    static func creatureLimit(of file: TraitModelFile) -> Int {
        max(file.intRange(file.reproduction.cap).upperBound, file.intRange(file.trait.founding.count).upperBound)
    }

    package func encodeState() -> [UInt8] {
        var w = StateWriter(model: kind, version: creatures.hunt == nil ? Self.stateVersion : Self.huntStateVersion)
        for (parameter, value) in zip(file.parameters, parameters.values) {
            if parameter.kind == .integer { w.append(Int(value)) } else { w.append(value) }
        }
        w.append(parameters.scenarioName ?? "")
        w.append(parameters.schedule)
        creatures.encode(into: &w)
        if let hunt = creatures.hunt {
            w.append(hunt.caught.count)
            for index in hunt.caught { w.append(index) }
            w.append(hunt.formula)
        }
        return w.bytes
    }

    /// Restores exactly what ``encodeState()`` saved, running the file `source` gives.
    ///
    /// - Throws: ``SimulationError/Code/corruptState`` for bytes of another model or version, truncated or
    ///   trailing bytes, counts out of bounds, invalid parameters or traits outside the trait range.
    package init(decodingState bytes: [UInt8], source: Name.Source) throws(SimulationError) {
        let source = Name.source(source)
        let file = source.file
        let corrupt = { (problem: String) in Self.corruptState(problem, model: file.model) }
        let version = bytes.count > 1 && bytes[1] == Self.huntStateVersion ? Self.huntStateVersion : Self.stateVersion
        var r = try StateReader(bytes, model: source.kind, version: version)
        var p = TraitValues<Name>(source: source)
        for (i, parameter) in file.parameters.enumerated() {
            p.values[i] = parameter.kind == .integer ? Double(try r.readInt()) : try r.readDouble()
        }
        let scenarioName = try r.readString()
        if !scenarioName.isEmpty {
            guard file.scenarios.contains(where: { $0.name == scenarioName }) else {
                throw corrupt("names an unknown scenario")
            }
            p.scenarioName = scenarioName
        }
        p.schedule = try r.readSchedule(limit: TraitValues<Name>.scheduleLimit, corrupt: corrupt)
        do {
            try p.validate()
        } catch {
            throw corrupt("holds invalid parameters (\(error.message))")
        }
        var creatures = try TraitPopulation(
            reading: &r, traitRange: file.traitRange, creatureLimit: Self.creatureLimit(of: file), corrupt: corrupt)
        if version == Self.huntStateVersion {
            let count = try r.readCount(limit: creatures.traits.count)
            var caught: [Int] = []
            for _ in 0..<count {
                let index = try r.readInt()
                guard index > (caught.last ?? -1), index < creatures.traits.count else {
                    throw corrupt("holds a hunt naming a creature that is not there")
                }
                caught.append(index)
            }
            creatures.hunt = PendingHunt(caught: caught, formula: try r.readBool())
        }
        try r.finish()
        self.init(parameters: p, creatures: creatures)
    }

    static func corruptState(_ problem: String, model: String) -> SimulationError {
        SimulationError(.corruptState, "The saved \(model) state \(problem); it cannot be restored.")
    }
}
