import PetriProtocol
import PetriSimulation

/// One generation's picture, decoded from a `snapshot` message and ready to draw.
public enum ModelPicture: Sendable, Hashable {
    case camouflage(CamouflageSnapshot)
    /// The map with its tiles expanded: ``IslandsSnapshot/sea``, 0 for empty land, else a species id.
    case islands(IslandsSnapshot, tiles: [Int])
    /// The board region with its cells expanded (and their extent measured once).
    case life(LifeSnapshot, cells: LiveCells)
    /// A trait's histogram (antibiotic resistance, finch beaks).
    case trait(TraitSnapshot)

    /// Decodes the model's own snapshot from the message's JSON.
    ///
    /// - Parameters:
    ///   - model: The lesson's model, from the snapshot's header.
    ///   - json: The `snapshot` field.
    /// - Throws: ``TerminalError`` when the picture does not decode or does not fit its own size.
    public init(model: ModelKind, json: JSONValue) throws(TerminalError) {
        do {
            switch model {
            case .camouflage:
                var snapshot = try json.decode(as: CamouflageSnapshot.self)
                let counts = 0...Self.maxCount
                guard snapshot.traitCounts.count == 100, snapshot.histogram.count == 10,
                    snapshot.traitCounts.allSatisfy(counts.contains), snapshot.histogram.allSatisfy(counts.contains),
                    counts.contains(snapshot.population), counts.contains(snapshot.bestCamouflaged)
                else {
                    throw TerminalError(
                        .unreadablePicture, "A camouflage picture needs 100 trait counts and 10 bins of sensible size.")
                }
                snapshot.environmentColour = min(100, max(1, snapshot.environmentColour))
                self = .camouflage(snapshot)
            case .islands:
                let snapshot = try json.decode(as: IslandsSnapshot.self)
                self = .islands(snapshot, tiles: try snapshot.tileValues())
            case .life:
                let snapshot = try json.decode(as: LifeSnapshot.self)
                let side = 1...Self.maxLifeSide
                guard side.contains(snapshot.boardWidth), side.contains(snapshot.boardHeight), snapshot.x >= 0,
                    snapshot.y >= 0, snapshot.width >= 0, snapshot.height >= 0,
                    snapshot.x <= snapshot.boardWidth - snapshot.width,
                    snapshot.y <= snapshot.boardHeight - snapshot.height,
                    snapshot.width * snapshot.height <= Self.maxLifeCells
                else {
                    throw TerminalError(
                        .unreadablePicture,
                        "The Life picture is \(snapshot.width)×\(snapshot.height) of a \(snapshot.boardWidth)×\(snapshot.boardHeight) board; this client draws regions of up to \(Self.maxLifeCells) cells."
                    )
                }
                self = .life(snapshot, cells: LiveCells(try snapshot.decodeCells(), snapshot: snapshot))
            default:
                let snapshot = try json.decode(as: TraitSnapshot.self)
                let counts = 0...Self.maxCount
                guard (1...1_000).contains(snapshot.traitCounts.count), (1...100).contains(snapshot.histogram.count),
                    snapshot.binWidth >= 1, snapshot.scale.isFinite, abs(snapshot.traitMin) <= 1_000_000,
                    abs(snapshot.target) <= 1_000_000,
                    snapshot.traitCounts.allSatisfy(counts.contains), snapshot.histogram.allSatisfy(counts.contains),
                    counts.contains(snapshot.population), counts.contains(snapshot.suited)
                else {
                    throw TerminalError(
                        .unreadablePicture, "A \(model.rawValue) picture needs trait counts and bins of sensible size.")
                }
                self = .trait(snapshot)
            }
        } catch let error as TerminalError {
            throw error
        } catch {
            throw TerminalError(
                .unreadablePicture, "The server sent a \(model.rawValue) picture that could not be read: \(error).")
        }
    }

    /// The most creatures per trait (or bin) a picture may claim.
    public static let maxCount = 1_000_000_000
    /// The largest Life board side (the model's limit).
    public static let maxLifeSide = 16_384
    /// The most Life cells one picture may carry (4096×4096); larger boards come as viewports.
    public static let maxLifeCells = 4096 * 4096

    /// The generation shown.
    public var generation: Int {
        switch self {
        case .camouflage(let s): s.generation
        case .islands(let s, _): s.generation
        case .life(let s, _): s.generation
        case .trait(let s): s.generation
        }
    }
}
