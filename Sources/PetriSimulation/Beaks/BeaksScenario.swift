/// Ready-made finch-beak lessons, each with a sentence saying what it shows a class.
///
/// Seed changes are scheduled in the parameters (``BeaksParameters/schedule``), so a scenario replays exactly
/// from its seed. A lesson file may name one as `"scenario": "drought-1977"`; its other keys override the preset.
public enum BeaksScenario: String, Sendable, Hashable, CaseIterable {
    /// Daphne Major's 1977 drought: the seeds turn hard for two generations, then soften again.
    case drought1977 = "drought-1977"
    /// The same island with no drought: seeds that suit the flock's beaks, year after year.
    case stableIsland = "stable-island"

    /// The first generation of the drought (the flock has five generations to settle first).
    public static let droughtStart = 6
    /// Generations the drought lasts.
    public static let droughtLength = 2
    /// The seeds' hardness before and after the drought (MODELS.md's): the best beak is 8.9 mm.
    public static let usualHardness = 30
    /// The seeds' hardness during the drought: the best beak depth rises from 8.9 to 10.25 mm.
    public static let droughtHardness = 75

    /// A short title for menus.
    public var title: String {
        switch self {
        case .drought1977: "The 1977 drought"
        case .stableIsland: "A stable island"
        }
    }

    /// What the scenario shows, for the teacher's screen and the students' introduction.
    public var explanation: String {
        switch self {
        case .drought1977:
            "In 1977 almost no rain fell on Daphne Major. The small soft seeds ran out first, leaving the large "
                + "hard seeds of caltrop that only a deep beak can crack. About 85% of the medium ground finches "
                + "died, and when Peter and Rosemary Grant measured the survivors, their beaks were on average "
                + "about 0.5 mm deeper than the flock's before the drought (Boag and Grant, 1981), and their chicks "
                + "inherited the deeper beaks. Here 400 finches with beaks around 9.2 mm live on mostly soft seeds "
                + "(hardness 30, best beak 8.9 mm); at generation 6 the drought makes the seeds hard (75) for two "
                + "generations, "
                + "then the rain returns. Watch the flock crash and its mean beak depth jump by about half a "
                + "millimetre, then drift back once soft seeds return. Which finches survive is partly luck: some "
                + "deep-beaked finches die and some shallow-beaked ones make it."
        case .stableIsland:
            "The same 400 finches on an island whose seeds never change (hardness 40, best beak 9.2 mm). The "
                + "flock settles at the size the food supports and its mean beak depth barely moves: selection is "
                + "still at work, removing the extremes each generation, but it holds the beaks where they are. "
                + "Compare it with the drought to see that evolution needs a change to follow."
        }
    }

    /// The preset's parameters (with ``BeaksParameters/scenario`` set to this case).
    public var parameters: BeaksParameters {
        var p = BeaksParameters()
        p.scenario = self
        switch self {
        case .drought1977:
            let end = Self.droughtStart + Self.droughtLength
            p.seedHardness = Self.usualHardness
            p.schedule = [
                ScheduledChange(
                    generation: Self.droughtStart, name: "seedHardness", value: .number(Double(Self.droughtHardness))),
                ScheduledChange(generation: end, name: "seedHardness", value: .number(Double(p.seedHardness))),
            ]
        case .stableIsland:
            break
        }
        return p
    }
}

extension BeaksScenario: Codable {
    public init(from decoder: any Decoder) throws { self = try ScenarioCoding.decode(decoder) }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
