/// The settings of an islands run: the map's size and which tiles count as touching.
///
/// Every key is optional when decoded from a lesson file (defaults: the original 10×6 map,
/// edge-adjacent tiles).
package struct IslandsParameters: Sendable, Hashable {
    /// Tiles across, 3...256. Fixed for the lesson.
    package var width = 10
    /// Tiles down, 3...256. Fixed for the lesson.
    package var height = 6
    /// When true, land tiles that touch only at a corner belong to the same landmass (8 neighbours
    /// instead of 4). Can change between generations; the next evolve uses the new rule.
    var diagonal = false

    /// The original app's 10×6 map with edge adjacency.
    package init() {}

    package init(width: Int, height: Int, diagonal: Bool = false) {
        self.width = width
        self.height = height
        self.diagonal = diagonal
    }

    static let sizeRange = 3...256

    /// The names ``IslandsModel/apply(_:)`` knows, in the order error messages list them.
    static let names = ["width", "height", "diagonal"]

    /// Checks the map size.
    ///
    /// - Throws: ``SimulationError/Code/parameterOutOfRange`` naming width or height, the value and the range.
    func validate() throws(SimulationError) {
        try SimulationError.check("width", width, in: Self.sizeRange)
        try SimulationError.check("height", height, in: Self.sizeRange)
    }
}

extension IslandsParameters: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case width, height, diagonal
    }

    /// Any key at all, to find the ones this model does not have.
    private struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Decodes a lesson file's parameters; missing keys take the defaults. Values are range-checked by
    /// ``IslandsModel/init(parameters:seed:)``.
    ///
    /// - Throws: `DecodingError` for a key the model does not have or a value of the wrong type.
    package init(from decoder: any Decoder) throws {
        let all = try decoder.container(keyedBy: AnyKey.self)
        for key in all.allKeys where CodingKeys(stringValue: key.stringValue) == nil {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: all,
                debugDescription: "Islands has no parameter named \"\(key.stringValue)\"; its parameters are "
                    + "\(Self.names.joined(separator: ", ")).")
        }
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        width = try c.decodeIfPresent(Int.self, forKey: .width) ?? width
        height = try c.decodeIfPresent(Int.self, forKey: .height) ?? height
        diagonal = try c.decodeIfPresent(Bool.self, forKey: .diagonal) ?? diagonal
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(width, forKey: .width)
        try c.encode(height, forKey: .height)
        try c.encode(diagonal, forKey: .diagonal)
    }
}
