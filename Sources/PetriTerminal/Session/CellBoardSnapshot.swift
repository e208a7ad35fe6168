import Foundation

/// A cell-board picture as the server sends it (`cellBoard`): the whole board or a region of it, cells bit-packed.
///
/// `cells` is standard base64 of the region's rows, top row first. Each row takes `(width + 7) / 8` bytes; in byte
/// `j` of a row, bit `i` (least significant first) is the cell in column `x + 8j + i` of the board.
struct CellBoardSnapshot: Sendable, Hashable, Decodable {
    /// The generation shown.
    var generation: Int
    /// The rule in its usual notation, e.g. `B3/S23`.
    var rule: String
    /// How the board's edges behave, e.g. `bounded` or `wrapping`.
    var boundary: String
    /// The whole board's size.
    var boardWidth: Int
    var boardHeight: Int
    /// The region shown: its top-left cell on the board and its size.
    var x: Int
    var y: Int
    var width: Int
    var height: Int
    /// The region's cells, packed as described above, in base64.
    var cells: String

    /// The region's cells, row-major (`index = row * width + column`, relative to the region), `true` for alive.
    ///
    /// - Throws: ``TerminalError`` when `cells` is not base64 of the right length for the region.
    func decodeCells() throws(TerminalError) -> [Bool] {
        let rowBytes = (width + 7) / 8
        guard width >= 0, height >= 0, let data = Data(base64Encoded: cells), data.count == rowBytes * height else {
            throw TerminalError(
                .unreadablePicture,
                "The board's cells are not base64 of \(max(height, 0)) rows of \(max(width, 0)) packed cells.")
        }
        let bytes = [UInt8](data)
        var alive = [Bool](repeating: false, count: width * height)
        for row in 0..<height {
            for column in 0..<width {
                alive[row * width + column] = bytes[row * rowBytes + column >> 3] >> UInt8(column & 7) & 1 != 0
            }
        }
        return alive
    }
}
