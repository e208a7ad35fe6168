import PetriSimulation

/// Which picture a snapshot frame is: the model, the timeline and the generation.
public struct SnapshotHeader: Sendable, Hashable, Codable {
    public var model: ModelKind
    public var timeline: Int
    public var generation: Int

    public init(model: ModelKind, timeline: Int, generation: Int) {
        self.model = model
        self.timeline = timeline
        self.generation = generation
    }
}
