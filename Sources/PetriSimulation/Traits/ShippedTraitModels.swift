// The shipped trait models are their files (Models/*.yaml) read by the one engine (``TraitEngineModel``).
// What is left here are names: the type each file's model goes by, its scenarios as cases, and the formulas of its
// fitness function under the names its tests have always used. A parameter is read by the name its file declares
// (`parameters[int: "population"]`, `CamouflageParameters.intRange("population")`): nothing here repeats them.

extension TraitValues {
    /// An integer parameter, by the name its file declares: `parameters[int: "population"] = 20`.
    package subscript(int name: String) -> Int {
        get {
            assert(file.index(of: name) != nil, "\(file.model) has no parameter \(name)")
            return int(name)
        }
        set {
            assert(file.index(of: name) != nil, "\(file.model) has no parameter \(name)")
            setValue(name, Double(newValue))
        }
    }

    /// A real parameter, by the name its file declares: `parameters[number: "crowding"] = 0.01`.
    package subscript(number name: String) -> Double {
        get {
            assert(file.index(of: name) != nil, "\(file.model) has no parameter \(name)")
            return value(name)
        }
        set {
            assert(file.index(of: name) != nil, "\(file.model) has no parameter \(name)")
            setValue(name, newValue)
        }
    }
}

// MARK: Camouflage: peppered moths (MODELS.md section 1)

/// The camouflage model's file.
package enum CamouflageFile: ShippedTraitModelName {
    package static let kind = ModelKind.camouflage
    package static let source = TraitModelSource.shipped(PackageResources.camouflage_yaml)

    package static func snapshot(_ picture: TraitSnapshot) -> CamouflageSnapshot { CamouflageSnapshot(picture) }
}

/// Natural selection on colour, 1 (black) ... 100 (white): `Models/camouflage.yaml`.
package typealias CamouflageModel = TraitEngineModel<CamouflageFile>
/// The settings of a camouflage run (`Models/camouflage.yaml`'s parameters).
package typealias CamouflageParameters = TraitValues<CamouflageFile>

/// Ready-made camouflage lessons (`Models/camouflage.yaml`'s scenarios).
package enum CamouflageScenario: String, TraitScenario {
    package typealias Name = CamouflageFile
    case stableEnvironment = "stable-environment"
    case industrialRevolution = "industrial-revolution"
    case cleanAir = "clean-air"
    case suddenChange = "sudden-change"
    case harshSelection = "harsh-selection"
}

extension TraitEngineModel where Name == CamouflageFile {
    /// How well a creature matches the background: `100 - |trait - environmentColour|`.
    static func adaptation(trait: Int, environmentColour: Int) -> Int { 100 - abs(trait - environmentColour) }

    /// The original app's death chance, `1 - 1 / (1 + exp(-selectionPressure * (adaptation - (80 + crowding *
    /// N))))`: the file's logisticMatch with these parameters.
    static func chanceOfDeath(
        trait: Int, environmentColour: Int, selectionPressure: Double, crowding: Double, population: Int
    ) -> Double {
        TraitFitness.logisticDeath(
            adaptation: TraitFitness.adaptation(trait: trait, optimum: Double(environmentColour), mismatchCost: 1),
            pressure: selectionPressure, evenOdds: 80 + crowding * Double(population))
    }

    /// Folds a child's trait back into 1...100: above 100 becomes `200 - t`, below 1 becomes `2 - t`.
    static func reflect(_ t: Int) -> Int { TraitPopulation.reflect(t, into: traitRange) }
}

// MARK: Antibiotic resistance (MODELS.md section 4)

/// The antibiotic-resistance model's file.
package enum ResistanceFile: ShippedTraitModelName {
    package static let kind = ModelKind.resistance
    package static let source = TraitModelSource.shipped(PackageResources.resistance_yaml)
    package static func snapshot(_ picture: TraitSnapshot) -> TraitSnapshot { picture }
}

/// Antibiotic resistance in bacteria, 0...100 under a dose: `Models/resistance.yaml`.
package typealias ResistanceModel = TraitEngineModel<ResistanceFile>
/// The settings of an antibiotic-resistance run (`Models/resistance.yaml`'s parameters).
package typealias ResistanceParameters = TraitValues<ResistanceFile>

/// Ready-made antibiotic-resistance lessons (`Models/resistance.yaml`'s scenarios).
package enum ResistanceScenario: String, TraitScenario {
    package typealias Name = ResistanceFile
    case fullCourse = "full-course"
    case stoppedEarly = "stopped-early"
    case secondCourse = "second-course"
    case noAntibiotic = "no-antibiotic"
}

extension TraitEngineModel where Name == ResistanceFile {
    /// The antibiotic's chance of killing a bacterium: the file's doseKill with steepness 0.1.
    static func chanceOfKill(resistance: Int, dose: Int) -> Double {
        TraitFitness.doseKill(trait: resistance, dose: dose, steepness: file.fitness.steepness ?? 0)
    }

    /// The chance of dying of crowding: `min(1, crowding * N)`, N the population at the start of the generation.
    static func chanceOfCrowding(crowding: Double, population: Int) -> Double {
        min(1, crowding * Double(population))
    }

    /// The chance that a surviving bacterium divides: `reproductiveChance * (1 - cost * resistance / 100)`.
    static func divisionChance(resistance: Int, reproductiveChance: Double, cost: Double) -> Double {
        reproductiveChance * (1 - cost * Double(resistance) / 100)
    }
}

// MARK: Finch beaks (MODELS.md section 4)

/// The finch-beak model's file.
package enum BeaksFile: ShippedTraitModelName {
    package static let kind = ModelKind.beaks
    package static let source = TraitModelSource.shipped(PackageResources.beaks_yaml)
    package static func snapshot(_ picture: TraitSnapshot) -> TraitSnapshot { picture }
}

/// Darwin's finches' beak depth in tenths of a millimetre, 60...140: `Models/beaks.yaml`.
package typealias BeaksModel = TraitEngineModel<BeaksFile>
/// The settings of a finch-beak run (`Models/beaks.yaml`'s parameters).
typealias BeaksParameters = TraitValues<BeaksFile>

/// Ready-made finch-beak lessons (`Models/beaks.yaml`'s scenarios).
package enum BeaksScenario: String, TraitScenario {
    package typealias Name = BeaksFile
    case drought1977 = "drought-1977"
    case stableIsland = "stable-island"

    /// The first generation of the drought: its file's first scheduled change.
    static var droughtStart: Int { drought1977.parameters.schedule.first?.generation ?? 0 }
}

extension TraitEngineModel where Name == BeaksFile {
    /// A finch is food-matched when its depth is within this many tenths of a millimetre of the best depth.
    static var matchedDistance: Double { file.suited.within ?? 0 }

    /// The beak depth best suited to the seeds, in tenths of a millimetre: `80 + 0.3 * seedHardness`.
    static func optimum(seedHardness: Int) -> Double {
        let o = file.fitness.optimum ?? TraitModelFile.Optimum(base: 0, perUnit: 1)
        return o.base + o.perUnit * Double(seedHardness)
    }

    /// How well a beak suits the seeds: `100 - 2 * |depth - optimum|`.
    static func adaptation(depth: Int, seedHardness: Int) -> Double {
        TraitFitness.adaptation(
            trait: depth, optimum: optimum(seedHardness: seedHardness), mismatchCost: file.fitness.mismatchCost ?? 1)
    }

    /// The death chance: `1 - 1 / (1 + exp(-selectionPressure * (adaptation - (80 + 20 * N / food))))`.
    static func chanceOfDeath(
        depth: Int, seedHardness: Int, selectionPressure: Double, food: Int, population: Int
    ) -> Double {
        TraitFitness.logisticDeath(
            adaptation: adaptation(depth: depth, seedHardness: seedHardness), pressure: selectionPressure,
            evenOdds: 80 + 20 * Double(population) / Double(food))
    }
}

// MARK: Rock pocket mice (Nachman, Hoekstra and D'Agostino, PNAS 2003)

/// The rock-pocket-mice model's file.
package enum MiceFile: ShippedTraitModelName {
    package static let kind = ModelKind.mice
    package static let source = TraitModelSource.shipped(PackageResources.mice_yaml)
    package static func snapshot(_ picture: TraitSnapshot) -> TraitSnapshot { picture }
}

/// Rock pocket mice's fur on sandy rock and black lava, 0...100: `Models/mice.yaml`.
package typealias MiceModel = TraitEngineModel<MiceFile>
