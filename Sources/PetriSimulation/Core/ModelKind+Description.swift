/// From a shipped model's name to its type and its description, for tests and tools that go over every shipped model
/// (a server goes through its ``ModelCatalog``, which also holds the files it loaded).
extension ModelKind {
    /// The shipped model's type, so generic code can be opened on it (`func f<M: SimulationModel>(_: M.Type)`); nil
    /// for a name no compiled model has.
    var shippedType: (any SimulationModel.Type)? {
        switch self {
        case .camouflage: CamouflageModel.self
        case .islands: IslandsModel.self
        case .life: LifeModel.self
        case .resistance: ResistanceModel.self
        case .beaks: BeaksModel.self
        case .mice: MiceModel.self
        default: nil
        }
    }

    /// The shipped model's ``ModelDescription`` (nil for a name no compiled model has).
    package var modelDescription: ModelDescription? { shippedType?.modelDescription }

    /// Every shipped model's description, in ``ModelKind/allCases`` order: what `describeModels` answers on a
    /// server that loaded no model files.
    package static var allDescriptions: [ModelDescription] { ModelCatalog.shipped.descriptions }
}
