/// What clients draw of a Life board: the whole board or a viewport of it, cells bit-packed.
///
/// `cells` is standard base64 of the region's rows, top row first. Each row takes
/// `(width + 7) / 8` bytes; in byte `j` of a row, bit `i` (1 << i, least significant first) is
/// the cell in column `x + 8j + i` of the board; bits beyond the region's right edge are zero.
/// A 64×48 board is 384 bytes (512 base64 characters) a generation; a 4096×4096 board would be
/// 2 MiB, so large boards should be sent as viewports (``LifeModel/snapshot(region:)``).
///
/// As JSON: `{"generation":12,"rule":"B3/S23","boundary":"bounded","boardWidth":64,
/// "boardHeight":48,"x":0,"y":0,"width":64,"height":48,"liveCells":311,"cells":"AAAA..."}`.
package struct LifeSnapshot: Sendable, Hashable, Codable {
    /// The generation shown.
    var generation: Int
    /// The rule in canonical notation, e.g. `B3/S23`.
    var rule: String
    /// Whether the board wraps around.
    var boundary: LifeBoundary
    /// The whole board's size.
    var boardWidth: Int
    var boardHeight: Int
    /// The region shown: its top-left cell on the board and its size.
    var x: Int
    var y: Int
    var width: Int
    var height: Int
    /// Live cells on the whole board (not just the region).
    var liveCells: Int
    /// The region's cells, packed as described above, in base64.
    var cells: String

    /// Assembles a snapshot; `cells` must already be packed and encoded as described above.
    package init(
        generation: Int, rule: String, boundary: LifeBoundary, boardWidth: Int, boardHeight: Int,
        region: LifeRegion, liveCells: Int, cells: String
    ) {
        self.generation = generation
        self.rule = rule
        self.boundary = boundary
        self.boardWidth = boardWidth
        self.boardHeight = boardHeight
        x = region.x
        y = region.y
        width = region.width
        height = region.height
        self.liveCells = liveCells
        self.cells = cells
    }

    /// The region's cells, row-major (`index = row * width + column`, relative to the region),
    /// `true` for alive.
    ///
    /// - Throws: ``SimulationError/Code/malformedInput`` when `cells` is not valid base64 of the
    ///   right length for the region.
    func decodeCells() throws(SimulationError) -> [Bool] {
        let rowBytes = (width + 7) / 8
        guard width >= 0, height >= 0, let bytes = LifeBase64.decode(cells), bytes.count == rowBytes * height else {
            throw SimulationError(
                .malformedInput,
                "The snapshot's cells are not base64 of \(height) rows of \(max(width, 0)) packed cells."
            )
        }
        var alive = [Bool](repeating: false, count: width * height)
        for row in 0..<height {
            for column in 0..<width {
                alive[row * width + column] = bytes[row * rowBytes + column >> 3] >> UInt8(column & 7) & 1 != 0
            }
        }
        return alive
    }
}

extension LifeGrid {
    /// The cells of `region` (on the board, not empty) packed as ``LifeSnapshot`` describes.
    func packedRows(_ region: LifeRegion) -> [UInt8] {
        let rowBytes = (region.width + 7) / 8
        var bytes: [UInt8] = []
        bytes.reserveCapacity(rowBytes * region.height)
        for y in region.y..<region.y + region.height {
            var column = 0
            while column < region.width {
                let n = min(64, region.width - column)
                let word = bits(row: y, from: region.x + column, count: n)
                for k in 0..<(n + 7) / 8 { bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(8 * k))) }
                column += n
            }
        }
        return bytes
    }
}
