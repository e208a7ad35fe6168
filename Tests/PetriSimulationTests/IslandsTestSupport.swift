@testable import PetriSimulation

extension IslandsModel {
    /// The map as rows: `.` sea, `#` uninhabited land, species 1...9 as digits, 10... as a, b, c...
    var rows: [String] {
        (0..<height).map { y in
            String(
                (0..<width).map { x -> Character in
                    guard isLand(x: x, y: y) else { return "." }
                    let s = species(x: x, y: y)
                    if s == 0 { return "#" }
                    if s < 10 { return Character(String(s)) }
                    return Character(UnicodeScalar(UInt8(87 + s)))  // 10 -> a
                })
        }
    }

    /// Flips each listed tile (x, y).
    mutating func toggle(_ tiles: [(Int, Int)]) throws {
        for (x, y) in tiles { try apply(.toggle(x: x, y: y)) }
    }

    /// The original 10×6 map: species 1 on the 3×3 island at x 3...5, y 1...3.
    static func original(diagonal: Bool = false) throws -> IslandsModel {
        try IslandsModel(parameters: IslandsParameters(width: 10, height: 6, diagonal: diagonal), seed: 0)
    }

    func metric(_ name: String) throws -> Double { try value(of: MetricID(parsing: name)) }
}
