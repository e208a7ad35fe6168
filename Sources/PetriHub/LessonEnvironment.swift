import Logging
import PetriLesson
import PetriProtocol
import PetriSimulation
import PetriStorage
import PetriTransport

/// What every lesson actor shares: the transport, storage, clock, encoder, metrics, logger,
/// and two calls back into the hub (start a cloned lesson; forget a stopped one).
struct LessonEnvironment: Sendable {
    var transport: any Transport
    var storage: any LessonStorage
    var clock: any HubClock
    var encoder = ProtocolEncoder()
    var metrics: ServerMetrics
    var logger: Logger
    var checkpoints: CheckpointPolicy
    /// The models new lessons can run.
    var models: ModelCatalog
    /// Joins and resumes a lesson takes in one turn at most (``HubConfiguration/arrivalsPerTurn``).
    var arrivalsPerTurn = 256
    /// Other commands a lesson takes in one turn at most (``HubConfiguration/commandsPerTurn``).
    var commandsPerTurn = 1024
    /// Creates a lesson from a definition (a clone of the lesson with the id given): its join code and teacher token.
    var spawn:
        @Sendable (LessonDefinition, LessonConfiguration, _ source: String) async -> Result<
            CreatedLesson, ProtocolError
        >
    /// The lesson with this id stopped; `reload` asks the hub to rebuild it from storage.
    var forget: @Sendable (_ id: String, _ reload: Bool) async -> Void
    /// The lesson with this id ended at this time (it stays readable for the retention period).
    var ended: @Sendable (_ id: String, _ time: Timestamp) async -> Void = { _, _ in }
    /// Told whether each write to storage succeeded (readiness turns 503 on a failure).
    var storageWrote: @Sendable (_ succeeded: Bool) -> Void = { _ in }
    /// Threads each request of replicates runs on.
    var replicateThreads = ReplicateWorker.defaultThreads
    /// Told how running replicates progress (tests watch it).
    var replicateProgress: (@Sendable (ReplicateProgress) -> Void)?
    /// Told of each timed step as it is taken (``HubConfiguration/stepObserver``).
    var stepObserver: (@Sendable (TimedStep) -> Void)?
}

/// An auto-running lesson's timed step, as the lesson took it.
package struct TimedStep: Sendable {
    /// The lesson's id and join code.
    package var lesson: String
    package var code: JoinCode
    /// The generation the step made.
    package var generation: Int
    /// When the lesson's timer was due to fire, on the hub's clock.
    package var scheduled: Timestamp
    /// When the lesson took the step, on the hub's clock (millisecond resolution; an observer that
    /// wants finer reads its own clock when told).
    package var taken: Timestamp
}

/// A new lesson's join code and teacher token.
struct CreatedLesson: Sendable {
    var code: JoinCode
    var token: AccessToken
}
