extension LifeModel {
    /// What a question can ask about a Life board; `cell` and `region` take integer arguments.
    package static let metrics: [MetricDescriptor] = [
        MetricDescriptor(
            name: "liveCells", label: "Live cells", description: "How many cells are alive.", unit: "cells", range: nil),
        MetricDescriptor(
            name: "births", label: "Cells born last generation",
            description: "How many dead cells came alive in the last generation.", unit: "cells",
            range: nil
        ),
        MetricDescriptor(
            name: "deaths", label: "Cells that died last generation",
            description: "How many live cells died in the last generation.", unit: "cells", range: nil
        ),
        MetricDescriptor(
            name: "still", label: "The board has stopped changing",
            description: "Whether the last generation left every cell as it was.", unit: "",
            range: 0...1, isYesNo: true
        ),
        MetricDescriptor(
            name: "period", label: "Repeats every so many generations",
            description: "How many generations the board takes to repeat itself (1 when still), or 0 if it has"
                + " not repeated within the last 15 generations.",
            unit: "generations", range: 0...Double(LifePeriodDetector.capacity - 1)
        ),
        MetricDescriptor(
            name: "cell(x,y)", label: "One cell is alive",
            description: "Whether the cell in column x, row y is alive (counting from 0).",
            unit: "", range: 0...1, isYesNo: true
        ),
        MetricDescriptor(
            name: "region(x,y,w,h)", label: "Live cells in a region",
            description: "How many cells are alive in the w by h rectangle whose top-left cell is column x, row y.",
            unit: "cells", range: nil
        ),
    ]

    /// The current value of a metric (see ``metrics``).
    ///
    /// - Parameter metric: `liveCells`, `births`, `deaths`, `still`, `period`, `cell(x,y)` or
    ///   `region(x,y,w,h)`; `cell` needs a cell on the board, `region` a rectangle of at least
    ///   one cell lying wholly on the board.
    /// - Throws: ``SimulationError/Code/unknownMetric`` for another name or bad arguments.
    package func value(of metric: MetricID) throws(SimulationError) -> Double {
        let a = metric.arguments
        switch (metric.name, a.count) {
        case ("liveCells", 0): return Double(liveCells)
        case ("births", 0): return Double(births)
        case ("deaths", 0): return Double(deaths)
        case ("still", 0): return isStill ? 1 : 0
        case ("period", 0): return Double(period)
        case ("cell", 2):
            guard grid.contains(x: a[0], y: a[1]) else {
                throw SimulationError(
                    .unknownMetric,
                    "\(metric) names a cell off the board; x must be 0 to \(grid.width - 1)"
                        + " and y 0 to \(grid.height - 1)."
                )
            }
            return grid[a[0], a[1]] ? 1 : 0
        case ("region", 4):
            let region = LifeRegion(x: a[0], y: a[1], width: a[2], height: a[3])
            guard !region.isEmpty, region.clipped(width: grid.width, height: grid.height) == region else {
                throw SimulationError(
                    .unknownMetric,
                    "\(metric) is not a rectangle on the \(grid.width)×\(grid.height) board; give its top-left x, y"
                        + " and a width and height of at least 1 that stay on the board."
                )
            }
            return Double(grid.population(in: region))
        default:
            throw SimulationError(
                .unknownMetric,
                "Life has no metric \(metric); use liveCells, births, deaths, still, period, cell(x,y)"
                    + " or region(x,y,w,h)."
            )
        }
    }

    /// This generation's argument-free metrics: liveCells, births, deaths, still and period.
    package func stats() -> GenerationStats {
        GenerationStats(
            generation: generation,
            values: [
                "liveCells": Double(liveCells), "births": Double(births), "deaths": Double(deaths),
                "still": isStill ? 1 : 0, "period": Double(period),
            ]
        )
    }
}
