import PetriProtocol
import PetriSimulation

@testable import PetriTerminal

/// What the server says about each shipped model's look (PRESENTATION.md's expected values), so the terminal's tests
/// draw from the same presentations a server sends, built here as values and carried through real messages.
enum Presentations {
    typealias P = ModelPresentation

    static let camouflage = P(
        picture: .traitField, nouns: P.Nouns(one: "moth", many: "moths"), headlineMetric: "population",
        headlineLabel: "Population",
        readings: [
            P.Reading(metric: "meanTrait", words: "mean colour"), P.Reading(metric: "bestCamouflaged", words: "best"),
        ],
        traitColours: P.TraitColours(
            low: "#000000", high: "#ffffff", names: ["black", "dark", "grey", "light", "white"]),
        suited: "best camouflaged", marker: "background colour", extinct: "Extinct: no moths are left",
        chart: P.Chart(histogramTitle: "Moths by colour", colouredBars: true))

    static let resistance = P(
        picture: .traitHistogram, nouns: P.Nouns(one: "bacterium", many: "bacteria"), headlineMetric: "population",
        headlineLabel: "Population",
        readings: [
            P.Reading(metric: "dose", words: "dose"), P.Reading(metric: "meanResistance", words: "mean resist."),
            P.Reading(metric: "resistantFraction", words: "resistant"),
            P.Reading(metric: "luckySurvivors", words: "lucky"), P.Reading(metric: "unluckyDeaths", words: "unlucky"),
        ],
        suited: "resistant (at or above the dose)", marker: "the dose", extinct: "Extinct: none are left",
        chart: P.Chart(histogramTitle: "Bacteria by resistance"))

    static let beaks = P(
        picture: .traitHistogram, nouns: P.Nouns(one: "finch", many: "finches"), headlineMetric: "population",
        headlineLabel: "Population",
        readings: [
            P.Reading(metric: "seedHardness", words: "seeds"), P.Reading(metric: "meanBeakDepth", words: "mean beak"),
            P.Reading(metric: "bestBeakDepth", words: "best beak"),
            P.Reading(metric: "foodMatchedFraction", words: "well fed"),
            P.Reading(metric: "luckySurvivors", words: "lucky"), P.Reading(metric: "unluckyDeaths", words: "unlucky"),
        ],
        suited: "well fed (beak within 0.5 mm of the best)", marker: "the best beak for the seeds",
        chart: P.Chart(histogramTitle: "Finches by beak depth"))

    static let islands = P(
        picture: .islandMap, nouns: P.Nouns(one: "species", many: "species"), headlineMetric: "livingSpecies",
        headlineLabel: "Species", readings: [P.Reading(metric: "landTiles", words: "land tiles")],
        extinct: "Extinct: no species are left", chart: P.Chart(histogramTitle: "Tiles per species"))

    static let life = P(
        picture: .cellBoard, nouns: P.Nouns(one: "live cell", many: "live cells"), headlineMetric: "liveCells",
        headlineLabel: "Live cells",
        readings: [
            P.Reading(metric: "births", words: "births"), P.Reading(metric: "deaths", words: "deaths"),
            P.Reading(metric: "period", words: "period"),
        ], chart: P.Chart(histogramTitle: ""))

    /// The presentation of a shipped model, by its id.
    static func of(id: String) -> ModelPresentation? {
        ["camouflage": camouflage, "resistance": resistance, "beaks": beaks, "islands": islands, "life": life][id]
    }

    /// The presentation of a shipped model.
    static func of(_ model: ModelKind) -> ModelPresentation? { of(id: model.rawValue) }

    /// A snapshot as the server sends it, with a trait model's keys added when the model's own snapshot predates
    /// them (the contract: camouflage's snapshot keeps its keys and gains the trait snapshot's, additively).
    static func withTraitKeys(_ json: JSONValue) -> JSONValue {
        guard case .object(var keys) = json, keys["traitMin"] == nil,
            case .number(let background)? =
                keys["environmentColour"], case .number(let best)? = keys["bestCamouflaged"]
        else { return json }
        keys["trait"] = .string("colour")
        keys["unit"] = .string("")
        keys["scale"] = .number(1)
        keys["traitMin"] = .number(1)
        keys["binWidth"] = .number(10)
        keys["environment"] = .string("environmentColour")
        keys["environmentValue"] = .number(background)
        keys["target"] = .number(background)
        keys["suited"] = .number(best)
        return .object(keys)
    }

    /// The bytes of a model's snapshot message, as the server sends them.
    static func snapshotMessage<M: SimulationModel>(of model: M, timeline: Int = 0) -> ServerMessage? {
        let header = SnapshotHeader(model: M.kind, timeline: timeline, generation: model.generation)
        guard let json = try? JSONValue(encoding: model.snapshot()) else { return nil }
        return .snapshot(header, withTraitKeys(json))
    }
}
