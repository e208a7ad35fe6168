/// A trait model's file as the engine runs it: the text, parsed once, with the model's name and the text's content
/// hash. A shipped model's source is compiled in; a loaded one's comes from a server's models directory or from the
/// copy a lesson keeps of the file it was created from.
///
/// Immutable, so sharing one instance between threads is safe; parameters and models hold a reference, so copying
/// them copies no file.
package final class TraitModelSource: Sendable, Hashable, CustomStringConvertible {
    /// The model's name (the file's `model`).
    package let kind: ModelKind
    /// The parsed file.
    let file: TraitModelFile
    /// What the file describes (its parameters, metrics and presentation), built once when the file is read.
    package let modelDescription: ModelDescription
    /// The file's text, exactly as read.
    package let text: String
    /// The text's content hash: ``StableHash/fnv1a(_:)`` of its UTF-8 bytes, as 16 hexadecimal digits.
    package let contentHash: String

    /// Reads a model file's text.
    ///
    /// - Throws: ``SimulationError/Code/malformedInput`` with a sentence when the text is not a model file the
    ///   engine can run, or names its model with something other than 1 to 32 lowercase letters, digits and hyphens.
    package init(text: String) throws(SimulationError) {
        let file = try TraitModelFile.parse(text)
        guard let kind = ModelKind(rawValue: file.model) else {
            throw SimulationError(
                .malformedInput,
                "model must be 1 to 32 lowercase letters, digits and hyphens starting with a letter, not \(file.model)."
            )
        }
        self.kind = kind
        self.file = file
        modelDescription = file.modelDescription
        self.text = text
        contentHash = Self.hash(of: text)
    }

    /// The content hash ``contentHash`` would have for `text`.
    package static func hash(of text: String) -> String {
        let hex = String(StableHash.fnv1a(Array(text.utf8)), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// A model file compiled into the program: a broken one is a build mistake, which every test run finds.
    static func shipped(_ bytes: [UInt8]) -> TraitModelSource {
        do {
            return try TraitModelSource(text: String(decoding: bytes, as: UTF8.self))
        } catch {
            fatalError("A shipped trait model file is broken: \(error.message)")
        }
    }

    package static func == (a: TraitModelSource, b: TraitModelSource) -> Bool {
        a === b || (a.kind == b.kind && a.contentHash == b.contentHash && a.text == b.text)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(contentHash)
    }

    package var description: String { "\(kind.rawValue) (\(contentHash))" }
}

extension CodingUserInfoKey {
    /// The ``TraitModelSource`` a loaded file model's parameters are decoded for.
    static let traitModelSource: CodingUserInfoKey = {
        // The initialiser is failable in its signature only: every string makes a key.
        guard let key = CodingUserInfoKey(rawValue: "petri.traitModelSource") else {
            preconditionFailure("CodingUserInfoKey refused a constant name")
        }
        return key
    }()
}
