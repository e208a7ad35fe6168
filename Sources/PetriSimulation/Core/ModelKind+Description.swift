/// From a model's name to its type and its description, for the code that serves every model alike.
extension ModelKind {
    /// The model's type, so generic code can be opened on it (`func f<M: SimulationModel>(_: M.Type)`).
    public var modelType: any SimulationModel.Type {
        switch self {
        case .camouflage: CamouflageModel.self
        case .islands: IslandsModel.self
        case .life: LifeModel.self
        case .resistance: ResistanceModel.self
        case .beaks: BeaksModel.self
        }
    }

    /// The model's ``ModelDescription``.
    public var modelDescription: ModelDescription { modelType.modelDescription }

    /// Every model's description, in ``ModelKind/allCases`` order: what `describeModels` answers.
    public static var allDescriptions: [ModelDescription] { allCases.map(\.modelDescription) }
}
