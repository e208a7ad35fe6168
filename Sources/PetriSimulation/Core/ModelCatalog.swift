/// The models a server runs: the shipped ones, then the model files it loaded, each once by name.
///
/// A value with no I/O: the server reads its models directory and adds each file's text (``adding(fileNamed:text:)``).
/// For a name the catalog gives the model's description and its ``ModelMaker`` (how to read its parameters, create
/// it and restore it).
package struct ModelCatalog: Sendable {
    /// One model the catalog serves.
    package struct Entry: Sendable {
        package let kind: ModelKind
        package let modelDescription: ModelDescription
        /// The model file, for a model read from a file at run time (nil for a compiled model, its file included).
        package let file: TraitModelSource?
        /// How to make the model: open it with a generic function (`func f<M: ModelMaker>(_ maker: M)`).
        package let maker: any ModelMaker

        init<M: SimulationModel>(compiled: M.Type) {
            kind = M.kind
            modelDescription = M.modelDescription
            file = nil
            maker = CompiledModelMaker<M>()
        }

        /// An entry for a model file read at run time.
        package init(file: TraitModelSource) {
            kind = file.kind
            modelDescription = file.modelDescription
            self.file = file
            maker = FileModelMaker(source: file)
        }
    }

    /// In the order `describeModels` lists them.
    package private(set) var entries: [Entry]

    /// The shipped models only.
    package static let shipped = ModelCatalog(
        entries: [
            Entry(compiled: CamouflageModel.self), Entry(compiled: IslandsModel.self), Entry(compiled: LifeModel.self),
            Entry(compiled: ResistanceModel.self), Entry(compiled: BeaksModel.self), Entry(compiled: MiceModel.self),
        ])

    /// Every model's description, in catalog order.
    package var descriptions: [ModelDescription] { entries.map(\.modelDescription) }

    /// Every model's name, in catalog order.
    package var kinds: [ModelKind] { entries.map(\.kind) }

    /// The model named `kind`, or nil.
    package func entry(for kind: ModelKind) -> Entry? { entries.first { $0.kind == kind } }

    /// The catalog with the model file `text` added after the others.
    ///
    /// - Parameter name: The file's name, for sentences.
    /// - Throws: ``ModelFileRefusal`` with every mistake and its line when the file does not check (the same checks
    ///   as `petri model check`), or a sentence when its model's name is already taken.
    package func adding(fileNamed name: String, text: String) throws(ModelFileRefusal) -> ModelCatalog {
        let problems = TraitModelFile.check(text)
        guard problems.isEmpty else { throw ModelFileRefusal(file: name, problems: problems) }
        let source: TraitModelSource
        do {
            source = try TraitModelSource(text: text)
        } catch {
            throw ModelFileRefusal(file: name, problems: [.init(line: 1, sentence: error.message)])
        }
        if entry(for: source.kind) != nil {
            let whose = source.kind.isShipped ? "a shipped model's" : "an earlier file's"
            throw ModelFileRefusal(
                file: name,
                problems: [
                    .init(
                        line: TraitModelFile.line(ofKey: "model", in: text),
                        sentence: "model \(source.kind.rawValue) is already \(whose) name; give this model another "
                            + "name.")
                ])
        }
        var copy = self
        copy.entries.append(Entry(file: source))
        return copy
    }
}

/// A model file a server would not load, with every reason.
package struct ModelFileRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file's name as the server found it.
    package var file: String
    /// Each mistake with its line, in the order found.
    var problems: [TraitModelFile.Problem]

    package init(file: String, problems: [TraitModelFile.Problem]) {
        self.file = file
        self.problems = problems
    }

    /// `mice2.yaml line 4: ...; mice2.yaml line 9: ...`.
    package var description: String { problems.map { "\(file) \($0)" }.joined(separator: "; ") }
}

/// How to make one model: read a lesson file's parameters for it, create it, restore it. Generic code opens a maker
/// (`func f<M: ModelMaker>(_ maker: M)`) and gets the model's type and what its restoring needs.
package protocol ModelMaker: Sendable {
    associatedtype Model: SteppingModel
    /// What restoring the model and reading its parameters need (nothing for a compiled model).
    var source: Model.Source { get }
}

/// A compiled model's maker: its type is all it needs.
struct CompiledModelMaker<Model: SimulationModel>: ModelMaker {
    var source: Void { () }
    init() {}
}

/// A loaded file's maker: the one file model type, with the file.
package struct FileModelMaker: ModelMaker {
    package typealias Model = FileTraitModel
    package let source: TraitModelSource
    package init(source: TraitModelSource) { self.source = source }
}
