/// An island-map picture as the server sends it (`islandMap`): the map's size, its tiles as runs, and every group
/// that ever held land with its hue.
///
/// `tiles` lists the map in reading order as space-separated runs `token` or `token*count`, where the token is
/// `.` for sea, `#` for empty land or a group's id (PROTOCOL.md, the snapshot of an island map).
struct TileMapSnapshot: Sendable, Hashable, Decodable {
    /// One group of the map: its id, its colour and the land it holds.
    struct Group: Sendable, Hashable, Decodable {
        var id: Int
        /// Degrees on the colour wheel.
        var hue: Int
        /// Rounds of the colour wheel completed before this group (clients darken each round).
        var shade: Int
        /// Land tiles it holds now.
        var tiles: Int
        /// False once it has died out.
        var alive: Bool
    }

    var generation: Int
    var width: Int
    var height: Int
    /// Whether tiles touching at a corner count as joined.
    var diagonal: Bool
    /// The run-length-encoded map (see the type's comment).
    var tiles: String
    /// Every group ever, in id order.
    var species: [Group]

    /// The value ``tileValues()`` gives a sea tile; empty land is 0 and held land its group's id.
    static let sea = -1
    /// The sides a map may have.
    static let sides = 1...1024

    /// Expands ``tiles`` into one value per tile: ``sea`` (-1), 0 for empty land, else the group's id.
    ///
    /// - Throws: ``TerminalError`` when the size is out of range or the text is not `width * height` tiles of runs.
    func tileValues() throws(TerminalError) -> [Int] {
        guard Self.sides.contains(width), Self.sides.contains(height) else {
            throw TerminalError(
                .unreadablePicture, "The map is \(width)×\(height); this client draws sides of 1 to 1024 tiles.")
        }
        let total = width * height
        var values: [Int] = []
        values.reserveCapacity(total)
        for run in tiles.split(separator: " ") {
            let parts = run.split(separator: "*", omittingEmptySubsequences: false)
            let count = parts.count == 2 ? Int(parts[1]) : parts.count == 1 ? 1 : nil
            let value: Int? =
                parts[0] == "." ? Self.sea : parts[0] == "#" ? 0 : Int(parts[0]).flatMap { $0 >= 1 ? $0 : nil }
            guard let count, let value, count >= 1, count <= total - values.count else {
                throw TerminalError(
                    .unreadablePicture,
                    "The map has a run \"\(TerminalText.sanitise(String(run), maxCharacters: 20))\" that does not fit the \(width)×\(height) map."
                )
            }
            values.append(contentsOf: repeatElement(value, count: count))
        }
        guard values.count == total else {
            throw TerminalError(.unreadablePicture, "The map lists \(values.count) tiles, not \(total).")
        }
        return values
    }
}
