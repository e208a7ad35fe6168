import PetriSimulation

/// Text as a Life pattern in RLE, as a teacher's `place` or an imported lesson carries it.
///
/// Invariants: no trap; a pattern that reads fits the limits, and its own RLE reads back to the
/// same cells.
enum RLETarget {
    static func run(_ input: [UInt8]) -> String? {
        let text = String(decoding: input, as: UTF8.self)
        guard let pattern = try? LifePattern(rle: text, maxWidth: 64, maxHeight: 64) else { return nil }
        guard pattern.cells.width <= 64, pattern.cells.height <= 64 else {
            return "a \(pattern.cells.width)×\(pattern.cells.height) pattern passed a 64×64 limit"
        }
        do {
            let again = try LifePattern(rle: pattern.rle, maxWidth: 64, maxHeight: 64)
            return again.cells == pattern.cells ? nil : "the pattern's own RLE read back to other cells: \(pattern.rle)"
        } catch {
            return "the pattern's own RLE did not read: \(error)\n\(pattern.rle)"
        }
    }

    static let seeds: [[UInt8]] = [
        "#N Glider\nx = 3, y = 3, rule = B3/S23\nbo$2bo$3o!",
        "x = 5, y = 4\n2o2bo$o3bo$3b2o$bobo!\n",
        "#C a comment\n#N name\nx=10,y=2,rule=B36/S23\n10o$10b!",
        "bo$2bo$3o",
        "x = 0, y = 0\n!",
        "x = 3, y = 3, rule = b3/s23:T20,20\n3o$3o$3o!",
        "x = 2, y = 70\n70$2o!",
    ].map { Array($0.utf8) }
}
