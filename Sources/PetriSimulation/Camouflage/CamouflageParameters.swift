/// The settings of a camouflage run: the original app's sliders plus the crowding coefficient,
/// a population cap, the starting trait range and a schedule of changes.
///
/// Every key is optional when decoded from a lesson file: missing keys take the defaults below,
/// or the values of `scenario` when one is named (see ``CamouflageScenario``).
///
/// ```swift
/// var parameters = CamouflageParameters()
/// parameters.environmentColour = 85
/// let model = try CamouflageModel(parameters: parameters, seed: 42)
/// ```
public struct CamouflageParameters: Sendable, Hashable {
    /// Creatures at generation 0 (the original slider went to 20). Only changeable at generation 0.
    public var population = 20
    /// The background: 1 is black, 100 is white.
    public var environmentColour = 50
    /// The chance that a survivor has one child each generation.
    public var reproductiveChance = 0.5
    /// How steeply the death chance rises as a creature's colour moves away from the background.
    public var selectionPressure = 0.15
    /// The crowding coefficient (0.2 in the original): each creature raises the adaptation a
    /// creature needs for even odds of surviving by this much. Lower it to hold larger populations.
    public var crowding = 0.2
    /// A safety cap: once a generation's survivors plus newborns reach it, no more children are born
    /// that generation (and no draws are made for the remaining survivors). It never kills a creature.
    public var maxPopulation = 100_000
    /// The lowest trait of the generation-0 creatures (uniform between this and ``initialTraitMax``).
    public var initialTraitMin = 1
    /// The highest trait of the generation-0 creatures.
    public var initialTraitMax = 100
    /// Changes applied automatically at given generations (see ``CamouflageScheduledChange``).
    public var schedule: [ScheduledChange] = []
    /// The preset these parameters started from, if any; informational once the run has started.
    public var scenario: CamouflageScenario?

    /// The original app's defaults: 20 creatures on a mid-grey background.
    public init() {}

    /// Allowed starting populations (the original slider went to 20).
    public static let populationRange = 1...100_000
    /// Allowed backgrounds: 1 black ... 100 white.
    public static let environmentColourRange = 1...100
    /// Allowed reproductive chances.
    public static let reproductiveChanceRange = 0.0...1.0
    /// Allowed selection pressures (the original's range).
    public static let selectionPressureRange = 0.0...0.5
    /// Allowed crowding coefficients: 0.2 holds about 100 creatures, 0.002 about 10,000.
    public static let crowdingRange = 0.0...1.0
    /// Allowed population caps.
    public static let maxPopulationRange = 1...1_000_000
    /// Every trait lies here: 1 black ... 100 white.
    public static let traitRange = 1...100

    /// The names ``CamouflageModel/apply(_:)`` accepts in `.set`, in the order error messages list them.
    public static let settableNames = [
        "environmentColour", "reproductiveChance", "selectionPressure", "crowding", "maxPopulation",
        "population", "initialTraitMin", "initialTraitMax", "scenario",
    ]

    /// Checks every value and the schedule.
    ///
    /// - Throws: ``SimulationError/Code/parameterOutOfRange`` naming the first bad parameter, its value
    ///   and the allowed range; schedule entries are named by position and generation.
    public func validate() throws(SimulationError) {
        try SimulationError.check("population", population, in: Self.populationRange)
        try SimulationError.check("environmentColour", environmentColour, in: Self.environmentColourRange)
        try Self.checkNumber("reproductiveChance", reproductiveChance, in: Self.reproductiveChanceRange)
        try Self.checkNumber("selectionPressure", selectionPressure, in: Self.selectionPressureRange)
        try Self.checkNumber("crowding", crowding, in: Self.crowdingRange)
        try SimulationError.check("maxPopulation", maxPopulation, in: Self.maxPopulationRange)
        try SimulationError.check("initialTraitMin", initialTraitMin, in: Self.traitRange)
        try SimulationError.check("initialTraitMax", initialTraitMax, in: Self.traitRange)
        guard initialTraitMin <= initialTraitMax else {
            throw SimulationError(
                .parameterOutOfRange,
                "initialTraitMin (\(initialTraitMin)) must not be above initialTraitMax (\(initialTraitMax))."
            )
        }
        try validateSchedule()
    }

    static func checkNumber(_ name: String, _ value: Double, in range: ClosedRange<Double>) throws(SimulationError) {
        try ParameterCheck.number(name, value, in: range)
    }
}

extension CamouflageParameters: TraitParameters {
    typealias Setting = CamouflageSetting
}
