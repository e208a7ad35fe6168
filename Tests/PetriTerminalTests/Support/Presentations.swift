import PetriProtocol
import PetriSimulation

@testable import PetriTerminal

/// What the server says about each shipped model's look, read from the shipped descriptions, so the terminal's tests
/// draw from the same presentations a server sends, carried through real messages.
enum Presentations {
    typealias P = ModelPresentation

    /// A shipped model's presentation, as its description (and so the server) gives it.
    static func shipped(_ model: ModelKind) -> ModelPresentation {
        guard let presentation = model.modelDescription?.presentation else {
            preconditionFailure("the shipped model \(model.rawValue) has no presentation")
        }
        return presentation
    }

    static let camouflage = shipped(.camouflage)
    static let resistance = shipped(.resistance)
    static let beaks = shipped(.beaks)
    static let islands = shipped(.islands)
    static let life = shipped(.life)
    static let mice = shipped(.mice)

    /// The presentation of a shipped model, by its id.
    static func of(id: String) -> ModelPresentation? {
        ModelKind(rawValue: id)?.modelDescription?.presentation
    }

    /// The presentation of a shipped model.
    static func of(_ model: ModelKind) -> ModelPresentation? { of(id: model.rawValue) }

    /// A snapshot as the server sends it, with a trait model's keys added when the model's own snapshot predates
    /// them (the contract: camouflage's snapshot keeps its keys and gains the trait snapshot's, additively).
    static func withTraitKeys(_ json: JSONValue) -> JSONValue {
        guard case .object(var keys) = json, keys["traitMin"] == nil,
            case .number(let background)? =
                keys["environmentColour"], case .number(let best)? = keys["bestCamouflaged"]
        else { return json }
        keys["trait"] = .string("colour")
        keys["unit"] = .string("")
        keys["scale"] = .number(1)
        keys["traitMin"] = .number(1)
        keys["binWidth"] = .number(10)
        keys["environment"] = .string("environmentColour")
        keys["environmentValue"] = .number(background)
        keys["target"] = .number(background)
        keys["suited"] = .number(best)
        return .object(keys)
    }

    /// The bytes of a model's snapshot message, as the server sends them.
    static func snapshotMessage<M: SimulationModel>(of model: M, timeline: Int = 0) -> ServerMessage? {
        let header = SnapshotHeader(model: M.kind, timeline: timeline, generation: model.generation)
        guard let json = try? JSONValue(encoding: model.snapshot()) else { return nil }
        return .snapshot(header, withTraitKeys(json))
    }
}
