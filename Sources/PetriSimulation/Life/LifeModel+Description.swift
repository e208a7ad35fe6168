/// The Game of Life as a teacher's form shows it: sizes from ``LifeGrid/maxSide``, the boundary's choices
/// from ``LifeBoundary``, the density's range and default from ``LifeModel/Parameters``, the rules and
/// patterns a form suggests from ``LifeRule`` and the pattern catalog.
extension LifeModel {
    /// Built once, the first time it is asked for: a welcome carries its presentation once per join.
    package static let modelDescription: ModelDescription = {
        let defaults = Parameters()
        let side = 1.0...Double(LifeGrid.maxSide)
        return ModelDescription(
            model: LifeModel.kind.rawValue, title: "Game of Life",
            story:
                "Conway's Game of Life: each square is a cell, alive or dead. Every generation each cell looks at "
                + "its eight neighbours and follows the rule (in B3/S23 a dead cell with three live neighbours "
                + "comes alive and a live one with two or three survives). There is no chance at all: the same "
                + "board always has the same future.",
            parameters: [
                ParameterDescriptor(
                    name: "width", label: "Board width", description: "Columns of the board; fixed for the lesson.",
                    kind: .integer,
                    unit: "cells", range: side, defaultValue: .number(Double(defaults.width)), changeable: false),
                ParameterDescriptor(
                    name: "height", label: "Board height", description: "Rows of the board; fixed for the lesson.",
                    kind: .integer,
                    unit: "cells", range: side, defaultValue: .number(Double(defaults.height)), changeable: false),
                ParameterDescriptor(
                    name: "rule", label: "Rule", description: "The birth and survival rule, such as B3/S23 (Conway's).",
                    kind: .text,
                    choices: [LifeRule.conway, .highLife, .seeds, .dayAndNight].map(\.description),
                    defaultValue: .text(defaults.rule), changeable: true),
                ParameterDescriptor(
                    name: "boundary", label: "Edges of the board",
                    description: "What lies beyond the edge: dead cells (bounded) or the other side (toroidal).",
                    kind: .choice, choices: LifeBoundary.allCases.map(\.rawValue),
                    defaultValue: .text(defaults.boundary.rawValue), changeable: true),
                ParameterDescriptor(
                    name: "pattern", label: "Starting pattern",
                    description: "A named pattern or RLE text placed in the centre of the board at generation 0.",
                    kind: .text, choices: LifePattern.catalogNames, defaultValue: nil, changeable: false),
                ParameterDescriptor(
                    name: "density", label: "Share of cells alive at the start",
                    description: "The share of cells alive in the random starting soup (none when a pattern is "
                        + "given and this is not).", kind: .number, range: Parameters.densityRange,
                    defaultValue: .number(Parameters.defaultDensity), changeable: false),
            ],
            scenarios: [], metrics: metrics, presentation: presentation)
    }()

    /// A board of live and dead cells; nothing dies out for good (an empty board is a board), so no extinction.
    static var presentation: ModelPresentation {
        ModelPresentation(
            picture: .cellBoard, nouns: ModelPresentation.Nouns(one: "live cell", many: "live cells"),
            headlineMetric: "liveCells", headlineLabel: "Live cells",
            readings: [
                ModelPresentation.Reading(metric: "births", words: "births"),
                ModelPresentation.Reading(metric: "deaths", words: "deaths"),
                ModelPresentation.Reading(metric: "period", words: "period"),
            ],
            chart: ModelPresentation.Chart(histogramTitle: ""))
    }
}
