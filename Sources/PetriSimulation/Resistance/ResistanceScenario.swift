/// Ready-made antibiotic-resistance lessons, each with a sentence saying what it shows a class.
///
/// The courses start from the default mostly susceptible strain (500 bacteria, resistance 0 to 30); the doses
/// are scheduled in the parameters (``ResistanceParameters/schedule``), so a scenario replays exactly from its
/// seed. A lesson file may name one as `"scenario": "stopped-early"`; its other keys override the preset.
public enum ResistanceScenario: String, Sendable, Hashable, CaseIterable {
    /// Ten generations at dose 40, then none.
    case fullCourse = "full-course"
    /// Two generations at dose 40, then none: the patient felt better and stopped.
    case stoppedEarly = "stopped-early"
    /// Stopped early as above, then a full ten-generation course at the same dose.
    case secondCourse = "second-course"
    /// A strain that has become resistant (40 to 70), with no antibiotic at all.
    case noAntibiotic = "no-antibiotic"

    /// The dose of every course in these scenarios.
    ///
    /// MODELS.md §4 started from 45 with a six-generation pause; then the second course failed in only about
    /// 20 of 100 runs of a Python port, barely more than the first course's 0. At 40 with an eight-generation
    /// pause the port gave: full course wipes the strain out in 99 of 100, stopping early leaves a regrown strain
    /// more than 5 points more resistant in 95, the second course fails in 81 (this build's counts over 20 seeds
    /// are pinned in ResistanceScenarioTests).
    public static let courseDose = 40
    /// The generation at which every course starts (its first generation selected under the dose).
    public static let courseStart = 1
    /// Generations in a full course.
    public static let fullCourseLength = 10
    /// Generations in a course stopped early.
    public static let shortCourseLength = 2
    /// Generations without antibiotic between a course stopped early and the second course.
    public static let pauseLength = 8
    /// The resistant strain of ``noAntibiotic``: without a cost to pay for, its resistance drifts down about
    /// 8 points in 40 generations; the default strain (0 to 30) would hardly move.
    public static let resistantStrain = 40...70

    /// A short title for menus.
    public var title: String {
        switch self {
        case .fullCourse: "A full course"
        case .stoppedEarly: "A course stopped early"
        case .secondCourse: "A second course after stopping early"
        case .noAntibiotic: "No antibiotic"
        }
    }

    /// What the scenario shows, for the teacher's screen and the students' introduction.
    public var explanation: String {
        switch self {
        case .fullCourse:
            "An infection of 500 bacteria, almost all of them easy to kill (resistance 0 to 30), meets an "
                + "antibiotic at dose 40 for ten generations, then the course ends. Each generation kills most "
                + "bacteria, the most resistant ones least often; the few survivors divide, but the next dose "
                + "kills most of them too. Ten doses are enough to kill the last one: the strain is gone before "
                + "resistance has time to build up. That is why a doctor asks you to finish the course."
        case .stoppedEarly:
            "The same infection, but the course stops after two generations, when the patient feels better. "
                + "The antibiotic has killed most bacteria, and mostly the susceptible ones: the survivors are "
                + "the more resistant ones, and their children inherit that. With no antibiotic left the strain "
                + "grows back, but its average resistance is now higher than before the treatment: the infection "
                + "has become harder to treat. Chance decides which bacteria happen to survive, so run it again "
                + "and the numbers differ, but the direction is almost always the same."
        case .secondCourse:
            "Stopped early as before, the infection grows back for eight generations; then a second, full "
                + "ten-generation course at the same dose starts. The bacteria it meets are more resistant than "
                + "the first time, so more of them survive each dose, and in some runs the strain outlasts the "
                + "whole course, which a full first course almost never allows. Resistant infections arise this "
                + "way: every incomplete treatment selects the bacteria that are hardest to kill."
        case .noAntibiotic:
            "A strain that earlier treatments have made resistant (40 to 70), now with no antibiotic at all. "
                + "Resistance is not free: a resistant bacterium divides less "
                + "often (costOfResistance), so with nothing to resist the less resistant bacteria leave more "
                + "children and the average resistance drifts down. Selection favours whatever works in the "
                + "environment of the moment; remove the antibiotic and resistance becomes a burden. Drift is "
                + "random too: some runs fall faster than others."
        }
    }

    /// The preset's parameters (with ``ResistanceParameters/scenario`` set to this case).
    public var parameters: ResistanceParameters {
        var p = ResistanceParameters()
        p.scenario = self
        let start = Self.courseStart
        switch self {
        case .fullCourse:
            p.schedule = Self.doses([(start, Self.courseDose), (start + Self.fullCourseLength, 0)])
        case .stoppedEarly:
            p.schedule = Self.doses([(start, Self.courseDose), (start + Self.shortCourseLength, 0)])
        case .secondCourse:
            let second = start + Self.shortCourseLength + Self.pauseLength
            p.schedule = Self.doses([
                (start, Self.courseDose), (start + Self.shortCourseLength, 0), (second, Self.courseDose),
                (second + Self.fullCourseLength, 0),
            ])
        case .noAntibiotic:
            p.initialResistanceMin = Self.resistantStrain.lowerBound
            p.initialResistanceMax = Self.resistantStrain.upperBound
        }
        return p
    }

    private static func doses(_ steps: [(generation: Int, dose: Int)]) -> [ScheduledChange] {
        steps.map { ScheduledChange(generation: $0.generation, name: "dose", value: .number(Double($0.dose))) }
    }
}

extension ResistanceScenario: Codable {
    public init(from decoder: any Decoder) throws { self = try ScenarioCoding.decode(decoder) }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
