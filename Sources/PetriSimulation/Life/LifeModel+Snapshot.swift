extension LifeModel {
    /// The whole board for clients (see ``LifeSnapshot`` for the format).
    ///
    /// A 4096×4096 board is 2 MiB of cells; send large boards as viewports with
    /// ``snapshot(region:)`` instead.
    package func snapshot() -> LifeSnapshot {
        makeSnapshot(LifeRegion(x: 0, y: 0, width: grid.width, height: grid.height))
    }

    /// A viewport of the board for clients: the part of `region` that lies on the board.
    ///
    /// - Parameter region: the rectangle to show; it is clipped to the board, and the snapshot's
    ///   `x`, `y`, `width` and `height` say what was kept.
    /// - Throws: ``SimulationError/Code/parameterOutOfRange`` when no cell of `region` is on the board.
    func snapshot(region: LifeRegion) throws(SimulationError) -> LifeSnapshot {
        let kept = region.clipped(width: grid.width, height: grid.height)
        guard !kept.isEmpty else {
            throw SimulationError(
                .parameterOutOfRange,
                "The viewport at (\(region.x), \(region.y)) of \(region.width)×\(region.height) cells shows no cell"
                    + " of the \(grid.width)×\(grid.height) board."
            )
        }
        return makeSnapshot(kept)
    }

    private func makeSnapshot(_ region: LifeRegion) -> LifeSnapshot {
        LifeSnapshot(
            generation: generation, rule: rule.description, boundary: boundary, boardWidth: grid.width,
            boardHeight: grid.height, region: region, liveCells: liveCells,
            cells: LifeBase64.encode(grid.packedRows(region))
        )
    }
}
