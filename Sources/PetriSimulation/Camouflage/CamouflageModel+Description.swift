/// The camouflage model as a teacher's form shows it: every range and default comes from
/// ``CamouflageParameters`` itself, the scenarios from ``CamouflageScenario`` and whether a parameter can
/// change mid-lesson from ``CamouflageSetting``, so the description cannot drift from what the model accepts.
extension CamouflageModel {
    public static var modelDescription: ModelDescription {
        typealias P = CamouflageParameters
        let defaults = P()
        return ModelDescription(
            model: kind.rawValue, title: "Peppered moths (camouflage)",
            story:
                "Moths live on a background of one colour, from 1 (black) to 100 (white). Predators spot the "
                + "ones that stand out, so well-camouflaged moths survive and breed more often, and their young "
                + "inherit their colour with small random changes. Survival is a chance, not a certainty: the "
                + "population's colour follows the background through natural selection.",
            parameters: [
                whole(
                    "population", "Moths at the start", "How many creatures there are at generation 0.", "creatures",
                    P.populationRange,
                    defaults.population),
                whole(
                    "environmentColour", "Background colour (1 black to 100 white)",
                    "The background colour: 1 is black, 100 is white.", "",
                    P.environmentColourRange, defaults.environmentColour),
                real(
                    "reproductiveChance", "Chance of having a child",
                    "The chance that a survivor has one child each generation.", "",
                    P.reproductiveChanceRange, defaults.reproductiveChance),
                real(
                    "selectionPressure", "Selection pressure",
                    "How steeply the chance of dying rises as a creature's colour moves away from the background.",
                    "", P.selectionPressureRange, defaults.selectionPressure),
                real(
                    "crowding", "Crowding",
                    "How much each creature makes survival harder for the others; lower it to hold larger "
                        + "populations.", "", P.crowdingRange, defaults.crowding),
                whole(
                    "maxPopulation", "Most moths allowed",
                    "A safety cap: no more children are born once the population reaches it.",
                    "creatures", P.maxPopulationRange, defaults.maxPopulation),
                whole(
                    "initialTraitMin", "Darkest moth at the start (1 to 100)",
                    "The darkest colour among the creatures at generation 0.", "",
                    P.traitRange, defaults.initialTraitMin),
                whole(
                    "initialTraitMax", "Lightest moth at the start (1 to 100)",
                    "The lightest colour among the creatures at generation 0.", "",
                    P.traitRange, defaults.initialTraitMax),
            ],
            scenarios: CamouflageScenario.allCases.map {
                ScenarioDescriptor(name: $0.rawValue, title: $0.title, explanation: $0.explanation)
            },
            metrics: metrics)
    }

    private static func whole(
        _ name: String, _ label: String, _ description: String, _ unit: String, _ range: ClosedRange<Int>,
        _ value: Int
    ) -> ParameterDescriptor {
        ParameterDescriptor(
            name: name, label: label, description: description, kind: .integer, unit: unit,
            range: Double(range.lowerBound)...Double(range.upperBound), defaultValue: .number(Double(value)),
            changeable: isChangeable(name, .number(Double(value))))
    }

    private static func real(
        _ name: String, _ label: String, _ description: String, _ unit: String, _ range: ClosedRange<Double>,
        _ value: Double
    ) -> ParameterDescriptor {
        ParameterDescriptor(
            name: name, label: label, description: description, kind: .number, unit: unit, range: range,
            defaultValue: .number(value), changeable: isChangeable(name, .number(value)))
    }

    /// Whether `set` accepts the parameter after generation 0, as ``CamouflageSetting`` decides.
    private static func isChangeable(_ name: String, _ value: ParameterValue) -> Bool {
        (try? CamouflageSetting(name: name, value: value)).map { !$0.isCreationOnly } ?? false
    }
}
