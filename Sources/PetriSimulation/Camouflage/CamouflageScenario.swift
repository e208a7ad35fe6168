/// Ready-made camouflage lessons, each with a sentence saying what it shows a class.
///
/// A lesson file may name one as `"scenario": "industrial-revolution"`; any other keys in the file
/// then override the preset's values. Environment changes are scheduled in the parameters
/// (``CamouflageParameters/schedule``), so a scenario replays exactly from its seed.
public enum CamouflageScenario: String, Sendable, Hashable, CaseIterable {
    /// The original app: mixed colours on an unchanging mid-grey background.
    case stableEnvironment = "stable-environment"
    /// Pale moths on pale trees that soot darkens between generations 10 and 30.
    case industrialRevolution = "industrial-revolution"
    /// Dark moths on sooty trees that clean air lightens between generations 10 and 30.
    case cleanAir = "clean-air"
    /// Pale moths whose background turns dark in a single generation.
    case suddenChange = "sudden-change"
    /// Maximum selection pressure on a mixed population.
    case harshSelection = "harsh-selection"

    /// A short title for menus.
    public var title: String {
        switch self {
        case .stableEnvironment: "Stable environment"
        case .industrialRevolution: "Industrial revolution"
        case .cleanAir: "Clean air"
        case .suddenChange: "Sudden change"
        case .harshSelection: "Harsh selection"
        }
    }

    /// What the scenario shows, for the teacher's screen and the students' introduction.
    public var explanation: String {
        switch self {
        case .stableEnvironment:
            "The original app's settings: 20 creatures of every shade on a mid-grey background (50) that never "
                + "changes. Within a few generations most creatures are close to grey, because the ones that stand "
                + "out are more likely to be eaten. Only more likely: survival is random, so some well-camouflaged "
                + "creatures die and some conspicuous ones live (see unluckyDeaths and luckySurvivors)."
        case .industrialRevolution:
            "Peppered moths in 19th-century England: a pale population (traits 70 to 100) rests on pale, "
                + "lichen-covered bark (background 85). From generation 10 soot darkens the bark step by step until "
                + "it is almost black (20) at generation 30. Pale moths now stand out and die more often, darker "
                + "children survive more often, and the average colour follows the trees down: selection acting on "
                + "variation that was already there. Chance still plays its part: some well-hidden moths die and "
                + "some conspicuous ones live."
        case .cleanAir:
            "The reverse, after the clean air laws of the 1950s: a dark population (traits 5 to 35) on sooty bark "
                + "(background 20) that gets cleaner from generation 10 until it is pale (85) at generation 30. The "
                + "population lightens again: selection has no fixed direction, it follows the environment."
        case .suddenChange:
            "The pale moths of the industrial revolution, but the background jumps from 85 to 20 in a single "
                + "generation (generation 10). No creature is anywhere near the new colour and a child differs from "
                + "its parent by at most 10, so the species almost always dies out: adaptation needs variation and "
                + "time, and a change faster than that ends in extinction."
        case .harshSelection:
            "Selection pressure at its maximum (0.5) on 50 creatures of every shade: those far from the background "
                + "(50) almost never survive and those close to it almost always do. The population matches the "
                + "background within a few generations and its histogram is much narrower than in "
                + "stable-environment: strong selection removes variation, leaving less to work with if the "
                + "environment changes. Even here survival is a chance, not a certainty."
        }
    }

    /// The preset's parameters (with ``CamouflageParameters/scenario`` set to this case).
    public var parameters: CamouflageParameters {
        var p = CamouflageParameters()
        p.scenario = self
        switch self {
        case .stableEnvironment:
            break
        case .industrialRevolution:
            p.paleMothsOnPaleBark()
            p.schedule = Self.environmentSteps([(10, 75), (14, 65), (18, 55), (22, 45), (26, 35), (30, 20)])
        case .cleanAir:
            p.population = 50
            p.environmentColour = 20
            p.reproductiveChance = 0.8
            p.initialTraitMin = 5
            p.initialTraitMax = 35
            p.schedule = Self.environmentSteps([(10, 30), (14, 40), (18, 50), (22, 60), (26, 70), (30, 85)])
        case .suddenChange:
            p.paleMothsOnPaleBark()
            p.schedule = Self.environmentSteps([(10, 20)])
        case .harshSelection:
            p.population = 50
            p.selectionPressure = 0.5
        }
        return p
    }

    private static func environmentSteps(_ steps: [(generation: Int, colour: Int)]) -> [CamouflageScheduledChange] {
        steps.map {
            CamouflageScheduledChange(
                generation: $0.generation, name: "environmentColour", value: .number(Double($0.colour)))
        }
    }
}

extension CamouflageParameters {
    /// 50 pale moths (traits 70...100) on pale bark (85), breeding readily (0.8) so that a gradual change
    /// can be followed: with the default 0.5 the population is too small to track the darkening.
    fileprivate mutating func paleMothsOnPaleBark() {
        population = 50
        environmentColour = 85
        reproductiveChance = 0.8
        initialTraitMin = 70
        initialTraitMax = 100
    }
}

extension CamouflageScenario: Codable {
    /// Decodes a scenario name, listing the valid names when it is not one.
    public init(from decoder: any Decoder) throws { self = try ScenarioCoding.decode(decoder) }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
