/// The connected groups of land tiles of a map.
///
/// Tiles are numbered in reading order, `index = y * width + x`. Landmasses are numbered 0, 1, 2, ...
/// in the reading order of their first tile, so "the first landmass in reading order" is the one with
/// the lowest number.
struct IslandsLandmasses {
    /// For each tile, its landmass number, or -1 for sea.
    let landmassOfTile: [Int]
    /// How many landmasses there are.
    let count: Int

    /// Labels the land tiles of a `width`×`height` map by flood fill.
    ///
    /// - Parameters:
    ///   - land: One entry per tile, in reading order.
    ///   - diagonal: Whether tiles touching only at a corner are connected (8 neighbours instead of 4).
    init(land: [Bool], width: Int, height: Int, diagonal: Bool) {
        var labels = [Int](repeating: -1, count: land.count)
        var count = 0
        var stack: [Int] = []
        let offsets =
            diagonal
            ? [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)]
            : [(0, -1), (-1, 0), (1, 0), (0, 1)]
        for start in land.indices where land[start] && labels[start] < 0 {
            labels[start] = count
            stack.append(start)
            while let tile = stack.popLast() {
                let x = tile % width
                let y = tile / width
                for (dx, dy) in offsets {
                    let nx = x + dx
                    let ny = y + dy
                    guard nx >= 0, nx < width, ny >= 0, ny < height else { continue }
                    let neighbour = ny * width + nx
                    if land[neighbour] && labels[neighbour] < 0 {
                        labels[neighbour] = count
                        stack.append(neighbour)
                    }
                }
            }
            count += 1
        }
        self.landmassOfTile = labels
        self.count = count
    }
}
