import PetriProtocol
import PetriSimulation

/// One generation's picture, decoded from a `snapshot` message and ready to draw.
///
/// Which picture a snapshot is comes from the lesson's presentation (``ModelPresentation/picture``), never from
/// the model's id: a server that adds a model drawn as one of these needs no change here.
enum ModelPicture: Sendable, Hashable {
    /// Creatures on a background, coloured by their trait (a trait snapshot).
    case traitField(TraitSnapshot)
    /// A histogram of the trait with the favoured value marked (a trait snapshot).
    case traitHistogram(TraitSnapshot)
    /// A tile map with its tiles expanded: ``TileMapSnapshot/sea``, 0 for empty land, else a group's id.
    case tileMap(TileMapSnapshot, tiles: [Int])
    /// A board region with its cells expanded (and their extent measured once).
    case cellBoard(CellBoardSnapshot, cells: LiveCells)

    /// Decodes a snapshot as the picture the presentation names.
    ///
    /// - Parameters:
    ///   - kind: The lesson's picture, from its presentation.
    ///   - json: The `snapshot` field.
    /// - Throws: ``TerminalError`` when the picture does not decode or does not fit its own size.
    init(_ kind: ModelPresentation.Picture, json: JSONValue) throws(TerminalError) {
        do {
            switch kind {
            case .traitField:
                self = .traitField(try Self.traitSnapshot(json))
            case .traitHistogram:
                self = .traitHistogram(try Self.traitSnapshot(json))
            case .islandMap:
                let snapshot = try json.decode(as: TileMapSnapshot.self)
                self = .tileMap(snapshot, tiles: try snapshot.tileValues())
            case .cellBoard:
                var snapshot = try json.decode(as: CellBoardSnapshot.self)
                snapshot.rule = TerminalText.sanitise(snapshot.rule, maxCharacters: 40)
                snapshot.boundary = TerminalText.sanitise(snapshot.boundary, maxCharacters: 20)
                let side = 1...Self.maxBoardSide
                guard side.contains(snapshot.boardWidth), side.contains(snapshot.boardHeight), snapshot.x >= 0,
                    snapshot.y >= 0, snapshot.width >= 0, snapshot.height >= 0,
                    snapshot.x <= snapshot.boardWidth - snapshot.width,
                    snapshot.y <= snapshot.boardHeight - snapshot.height,
                    snapshot.width * snapshot.height <= Self.maxBoardCells
                else {
                    throw TerminalError(
                        .unreadablePicture,
                        "The board picture is \(snapshot.width)×\(snapshot.height) of a \(snapshot.boardWidth)×\(snapshot.boardHeight) board; this client draws regions of up to \(Self.maxBoardCells) cells."
                    )
                }
                self = .cellBoard(snapshot, cells: LiveCells(try snapshot.decodeCells(), snapshot: snapshot))
            }
        } catch let error as TerminalError {
            throw error
        } catch {
            throw TerminalError(
                .unreadablePicture, "The server sent a \(kind.rawValue) picture that could not be read: \(error).")
        }
    }

    /// A trait snapshot whose sizes are sensible, its environment within the trait's range.
    private static func traitSnapshot(_ json: JSONValue) throws -> TraitSnapshot {
        var snapshot = try json.decode(as: TraitSnapshot.self)
        let counts = 0...Self.maxCount
        guard (1...1_000).contains(snapshot.traitCounts.count), (1...100).contains(snapshot.histogram.count),
            snapshot.binWidth >= 1, snapshot.scale.isFinite, abs(snapshot.traitMin) <= 1_000_000,
            abs(snapshot.target) <= 1_000_000, abs(snapshot.environmentValue) <= 1_000_000,
            snapshot.traitCounts.allSatisfy(counts.contains), snapshot.histogram.allSatisfy(counts.contains),
            counts.contains(snapshot.population), counts.contains(snapshot.suited)
        else {
            throw TerminalError(.unreadablePicture, "A trait picture needs trait counts and bins of sensible size.")
        }
        snapshot.trait = TerminalText.sanitise(snapshot.trait, maxCharacters: 40)
        snapshot.unit = TerminalText.sanitise(snapshot.unit, maxCharacters: 20)
        snapshot.environment = TerminalText.sanitise(snapshot.environment, maxCharacters: 40)
        return snapshot
    }

    /// The most creatures per trait (or bin) a picture may claim.
    static let maxCount = 1_000_000_000
    /// The largest board side.
    static let maxBoardSide = 16_384
    /// The most board cells one picture may carry (4096×4096); larger boards come as viewports.
    static let maxBoardCells = 4096 * 4096

    /// The generation shown.
    var generation: Int {
        switch self {
        case .traitField(let s), .traitHistogram(let s): s.generation
        case .tileMap(let s, _): s.generation
        case .cellBoard(let s, _): s.generation
        }
    }
}
