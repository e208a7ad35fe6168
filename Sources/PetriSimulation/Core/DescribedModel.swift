/// A model that says what it is (its ``ModelDescription``): its story reaches every client in the guide.
///
/// Separate from ``SimulationModel`` so a model can add its description on its own; the lesson asks
/// `Model.self as? any DescribedModel.Type`.
public protocol DescribedModel {
    static var modelDescription: ModelDescription { get }
}
