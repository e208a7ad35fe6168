import PetriSimulation
import PetriWords

/// A lesson file: enough to recreate a lesson's simulation exactly, on any machine.
///
/// Models are deterministic, so the model kind, its starting parameters, the seed and the
/// teacher's actions (each with the generation it was applied at) replay to the same state;
/// `stateHash` lets the importer check that they did. The seed makes the whole future
/// computable, so a definition goes to the teacher only, never to a student.
///
/// ```json
/// {"format":"petri.lesson.v1","model":"camouflage","seed":"8106155337342357853",
///  "parameters":{"population":50},"generation":40,"stateHash":"a3f09c11d2e4b756",
///  "actions":[{"generation":12,"action":"set","name":"environmentColour","value":20}]}
/// ```
package struct LessonDefinition: Sendable, Hashable, Codable {
    /// The value of the `format` field; files with another value are refused.
    package static let format = "petri.lesson.v1"

    package var model: ModelKind
    /// The simulation's seed; a JSON string, because JSON numbers lose bits past 2^53.
    package var seed: UInt64
    /// The model's starting parameters (its `Parameters`, as JSON).
    package var parameters: JSONValue
    /// The teacher's actions in order, each before its generation's step.
    package var actions: [TimedAction]
    /// The generation the file was saved at; importing replays up to here.
    package var generation: Int
    /// The model's ``SteppingModel/stateHash`` at `generation`, 16 hex digits, when known.
    package var stateHash: UInt64?
    /// For a model a server read from a file: that file as the lesson ran it (nil for a shipped model). The lesson
    /// restores and imports from this copy, so a file that later changed or was removed changes nothing.
    package var modelFile: ModelFileCopy?

    package init(
        model: ModelKind, seed: UInt64, parameters: JSONValue, actions: [TimedAction] = [], generation: Int = 0,
        stateHash: UInt64? = nil, modelFile: ModelFileCopy? = nil
    ) {
        self.model = model
        self.seed = seed
        self.parameters = parameters
        self.actions = actions
        self.generation = generation
        self.stateHash = stateHash
        self.modelFile = modelFile
    }

    private enum CodingKeys: String, CodingKey {
        case format, model, seed, parameters, actions, generation, stateHash, modelFile
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard try c.decodeText(.format, limit: 64) == Self.format else {
            throw ProtocolError(
                .invalidDefinition, ProtocolWords.word("protocol.lessonFile.format", ["format": .text(Self.format)]))
        }
        let modelName = try c.decodeText(.model, limit: 32)
        guard let model = ModelKind(rawValue: modelName) else {
            throw ProtocolError(.invalidField, ProtocolWords.word("protocol.model.malformed"))
        }
        self.model = model
        guard let seed = UInt64(try c.decodeText(.seed, limit: 20)) else {
            throw ProtocolError(.invalidField, ProtocolWords.word("protocol.seed.notText64"))
        }
        self.seed = seed
        parameters = try c.decodeIfPresent(JSONValue.self, forKey: .parameters) ?? .object([:])
        actions = try c.decodeIfPresent([TimedAction].self, forKey: .actions) ?? []
        generation = try c.decodeIfPresent(Int.self, forKey: .generation) ?? 0
        if let hex = try c.decodeTextIfPresent(.stateHash, limit: 16) {
            guard let hash = UInt64(hex, radix: 16) else {
                throw ProtocolError(.invalidField, ProtocolWords.word("protocol.lessonFile.stateHash"))
            }
            stateHash = hash
        } else {
            stateHash = nil
        }
        modelFile = try c.decodeIfPresent(ModelFileCopy.self, forKey: .modelFile)
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(Self.format, forKey: .format)
        try c.encode(model.rawValue, forKey: .model)
        try c.encode(String(seed), forKey: .seed)
        try c.encode(parameters, forKey: .parameters)
        try c.encode(actions, forKey: .actions)
        try c.encode(generation, forKey: .generation)
        if let stateHash {
            let hex = String(stateHash, radix: 16)
            try c.encode(String(repeating: "0", count: 16 - hex.count) + hex, forKey: .stateHash)
        }
        try c.encodeIfPresent(modelFile, forKey: .modelFile)
    }
}

/// A model file as a lesson ran it: its text and the text's content hash (``TraitModelSource/contentHash``).
///
/// ```json
/// {"hash":"9c0d5e2b7a41f086","text":"model: guppies\nname: Guppies\n..."}
/// ```
package struct ModelFileCopy: Sendable, Hashable, Codable {
    /// The most characters a model file may hold here.
    static let textLimit = 256 * 1024

    /// 16 hexadecimal digits.
    package var hash: String
    /// The file's text, exactly as read.
    package var text: String

    package init(hash: String, text: String) {
        self.hash = hash
        self.text = text
    }

    /// The copy of a model file a server loaded.
    package init(_ source: TraitModelSource) {
        self.init(hash: source.contentHash, text: source.text)
    }

    private enum CodingKeys: String, CodingKey { case hash, text }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        hash = try c.decodeText(.hash, limit: 16)
        text = try c.decodeText(.text, limit: Self.textLimit)
        guard TraitModelSource.hash(of: text) == hash else {
            throw ProtocolError(.invalidField, ProtocolWords.word("protocol.lessonFile.modelHash"))
        }
    }

    /// The file, read again.
    ///
    /// - Throws: `invalid-definition` with the file's first mistake when it no longer reads as a model.
    package func source() throws(ProtocolError) -> TraitModelSource {
        do {
            return try TraitModelSource(text: text)
        } catch {
            throw ProtocolError(
                .invalidDefinition,
                ProtocolWords.word(
                    "protocol.lessonFile.modelDoesNotRead",
                    ["problem": error.word.map(WordArgument.word) ?? .text(error.message)]))
        }
    }
}
