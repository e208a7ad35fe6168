extension ResistanceModel {
    /// The model's real-world story, for the teacher, the class and the about screens.
    public static let story =
        "Bacteria multiply fast, and a few in any infection happen to be harder to kill than the rest. An "
        + "antibiotic kills the easy ones first; if the course stops before the last bacterium is dead, the "
        + "survivors are the toughest, they multiply, and the infection that comes back is harder to treat. "
        + "Repeat that across millions of patients and farms and you get the resistant infections (such as MRSA) "
        + "that doctors now fear. Each bacterium here carries a resistance from 0 to 100; the teacher sets the "
        + "dose. Who dies is a matter of chance: a resistant bacterium can be killed and a weak one can slip "
        + "through, but on average the resistant ones survive more often, and that is enough."

    /// What a teacher can set, with ranges and defaults from ``ResistanceParameters``.
    public static let modelDescription: ModelDescription = {
        typealias P = ResistanceParameters
        let d = P()
        func range(_ r: ClosedRange<Int>) -> ClosedRange<Double> { Double(r.lowerBound)...Double(r.upperBound) }
        return ModelDescription(
            model: kind.rawValue, title: "Antibiotic resistance (bacteria)", story: story,
            parameters: [
                ParameterDescriptor(
                    name: "population", label: "Bacteria at the start", description: "Bacteria at the start.",
                    kind: .integer, unit: "bacteria",
                    range: range(P.populationRange), defaultValue: .number(Double(d.population)), changeable: false),
                ParameterDescriptor(
                    name: "dose", label: "Antibiotic dose (0 none to 100)",
                    description: "The antibiotic's dose: 0 is none; higher kills more.", kind: .integer,
                    range: range(P.doseRange), defaultValue: .number(Double(d.dose)), changeable: true),
                ParameterDescriptor(
                    name: "reproductiveChance", label: "Chance of dividing",
                    description: "The chance that a surviving bacterium with no resistance divides.", kind: .number,
                    range: P.reproductiveChanceRange, defaultValue: .number(d.reproductiveChance), changeable: true),
                ParameterDescriptor(
                    name: "costOfResistance", label: "Cost of resistance",
                    description: "How much full resistance lowers the chance of dividing (0.3: by 30%).",
                    kind: .number, range: P.costOfResistanceRange, defaultValue: .number(d.costOfResistance),
                    changeable: true),
                ParameterDescriptor(
                    name: "crowding", label: "Crowding",
                    description: "Each bacterium raises every bacterium's chance of dying of crowding by this much.",
                    kind: .number, range: P.crowdingRange, defaultValue: .number(d.crowding), changeable: true),
                ParameterDescriptor(
                    name: "mutation", label: "Resistance change from parent to child",
                    description: "A child's resistance differs from its parent's by at most this.",
                    kind: .integer, range: range(P.mutationRange), defaultValue: .number(Double(d.mutation)),
                    changeable: true),
                ParameterDescriptor(
                    name: "maxPopulation", label: "Most bacteria allowed",
                    description: "No more bacteria are born once there are this many.",
                    kind: .integer, unit: "bacteria", range: range(P.maxPopulationRange),
                    defaultValue: .number(Double(d.maxPopulation)), changeable: true),
                ParameterDescriptor(
                    name: "initialResistanceMin", label: "Lowest resistance at the start",
                    description: "The lowest resistance at the start.",
                    kind: .integer, range: range(P.traitRange), defaultValue: .number(Double(d.initialResistanceMin)),
                    changeable: false),
                ParameterDescriptor(
                    name: "initialResistanceMax", label: "Highest resistance at the start",
                    description: "The highest resistance at the start.",
                    kind: .integer, range: range(P.traitRange), defaultValue: .number(Double(d.initialResistanceMax)),
                    changeable: false),
            ],
            scenarios: ResistanceScenario.allCases.map {
                ScenarioDescriptor(name: $0.rawValue, title: $0.title, explanation: $0.explanation)
            },
            metrics: metrics)
    }()
}
