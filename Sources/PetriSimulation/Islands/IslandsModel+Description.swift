/// The islands model as a teacher's form shows it, with the ranges and defaults of ``IslandsParameters``.
extension IslandsModel {
    /// Built once, the first time it is asked for: a welcome carries its presentation once per join.
    package static let modelDescription: ModelDescription = {
        typealias P = IslandsParameters
        let defaults = P()
        let size = Double(P.sizeRange.lowerBound)...Double(P.sizeRange.upperBound)
        return ModelDescription(
            model: IslandsModel.kind.rawValue, title: "Islands (speciation)",
            story:
                "A map of sea and land with species living on it. The teacher raises land and floods it, joining "
                + "and splitting islands: a range that is cut apart gives new species, islands that join let the "
                + "largest species take over, and a species that loses all its land is extinct for good. There "
                + "is no chance in it: the same map always has the same future.",
            parameters: [
                ParameterDescriptor(
                    name: "width", label: "Map width", description: "Tiles across the map; fixed for the lesson.",
                    kind: .integer,
                    unit: "tiles", range: size, defaultValue: .number(Double(defaults.width)), changeable: false),
                ParameterDescriptor(
                    name: "height", label: "Map height", description: "Tiles down the map; fixed for the lesson.",
                    kind: .integer,
                    unit: "tiles", range: size, defaultValue: .number(Double(defaults.height)), changeable: false),
                ParameterDescriptor(
                    name: "diagonal", label: "Corners join islands",
                    description: "Whether land tiles that touch only at a corner belong to the same island.",
                    kind: .flag, defaultValue: .flag(defaults.diagonal), changeable: true),
            ],
            scenarios: [], metrics: metrics, presentation: presentation)
    }()

    /// A map of sea, empty land and one hue per species; the species still alive lead.
    static var presentation: ModelPresentation {
        ModelPresentation(
            picture: .islandMap, nouns: ModelPresentation.Nouns(one: "species", many: "species"),
            headlineMetric: "livingSpecies", headlineLabel: "Species",
            readings: [ModelPresentation.Reading(metric: "landTiles", words: "land tiles")],
            legend: [
                ModelPresentation.LegendEntry(colour: "#2f6fa7", words: "Sea"),
                ModelPresentation.LegendEntry(colour: "#d9c58f", words: "Empty land"),
            ],
            extinct: "Every species has died out",
            chart: ModelPresentation.Chart(histogramTitle: "Tiles per species"))
    }
}
