extension BeaksModel {
    /// The model's real-world story, for the teacher, the class and the about screens.
    public static let story =
        "On Daphne Major, a tiny island of the Galapagos, Peter and Rosemary Grant caught, measured and ringed "
        + "nearly every medium ground finch, year after year, from 1973. A finch's beak depth decides which seeds "
        + "it can crack, and chicks inherit their parents' beaks. When the 1977 drought left only large hard seeds, "
        + "most finches starved; the survivors had deeper beaks, and so did their chicks: evolution by natural "
        + "selection, measured within a few years. Each finch here carries a beak depth from 6.0 to 14.0 mm; the "
        + "teacher sets how hard the seeds are. Survival is a matter of chance weighted by the beak: a well-suited "
        + "finch can still die and a poorly suited one can live."

    /// What a teacher can set, with ranges and defaults from ``BeaksParameters``.
    public static let modelDescription: ModelDescription = {
        typealias P = BeaksParameters
        let d = P()
        func range(_ r: ClosedRange<Int>) -> ClosedRange<Double> { Double(r.lowerBound)...Double(r.upperBound) }
        return ModelDescription(
            model: kind.rawValue, title: "Finch beaks (Darwin's finches)", story: story,
            parameters: [
                ParameterDescriptor(
                    name: "population", label: "Finches at the start", description: "Finches at the start.",
                    kind: .integer, unit: "finches",
                    range: range(P.populationRange), defaultValue: .number(Double(d.population)), changeable: false),
                ParameterDescriptor(
                    name: "seedHardness", label: "Seed hardness (0 soft to 100 hard)",
                    description: "How hard the seeds are: 0 soft (best beak 8.0 mm) to 100 hard (11.0 mm).",
                    kind: .integer, range: range(P.seedHardnessRange), defaultValue: .number(Double(d.seedHardness)),
                    changeable: true),
                ParameterDescriptor(
                    name: "food", label: "Food", description: "How many finches the island feeds comfortably.",
                    kind: .integer,
                    unit: "finches", range: range(P.foodRange), defaultValue: .number(Double(d.food)),
                    changeable: true),
                ParameterDescriptor(
                    name: "reproductiveChance", label: "Chance of raising a chick",
                    description: "The chance that a surviving finch raises one chick.",
                    kind: .number, range: P.reproductiveChanceRange, defaultValue: .number(d.reproductiveChance),
                    changeable: true),
                ParameterDescriptor(
                    name: "selectionPressure", label: "Selection pressure",
                    description: "How steeply the chance of dying rises as a beak moves away from the best depth.",
                    kind: .number, range: P.selectionPressureRange, defaultValue: .number(d.selectionPressure),
                    changeable: true),
                ParameterDescriptor(
                    name: "mutation", label: "Beak change from parent to chick",
                    description: "A chick's beak differs from its parent's by at most this many tenths of a mm.",
                    kind: .integer, unit: "0.1 mm", range: range(P.mutationRange),
                    defaultValue: .number(Double(d.mutation)), changeable: true),
                ParameterDescriptor(
                    name: "maxPopulation", label: "Most finches allowed",
                    description: "No more chicks are raised once there are this many finches.",
                    kind: .integer, unit: "finches", range: range(P.maxPopulationRange),
                    defaultValue: .number(Double(d.maxPopulation)), changeable: true),
            ],
            scenarios: BeaksScenario.allCases.map {
                ScenarioDescriptor(name: $0.rawValue, title: $0.title, explanation: $0.explanation)
            },
            metrics: metrics)
    }()
}
