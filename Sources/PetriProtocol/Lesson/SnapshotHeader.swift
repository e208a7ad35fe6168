import PetriSimulation

/// Which picture a snapshot frame is: the model, the timeline and the generation.
package struct SnapshotHeader: Sendable, Hashable, Codable {
    package var model: ModelKind
    package var timeline: Int
    package var generation: Int

    package init(model: ModelKind, timeline: Int, generation: Int) {
        self.model = model
        self.timeline = timeline
        self.generation = generation
    }
}
