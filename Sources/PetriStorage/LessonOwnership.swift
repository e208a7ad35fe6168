import PetriProtocol

/// Which lessons this node may run, when several nodes share one store (a cluster on PostgreSQL).
///
/// A lesson is authoritative on one node at a time: the holder of its lease. The store fences
/// every write by the lease (a node that lost it cannot append), so the hub only has to ask
/// before it runs a lesson it does not have (``locate(code:endedSince:)``, ``claim(lesson:)``)
/// and to drop the lessons whose lease it loses (``lostLeases``). Nil on a single node.
package protocol LessonOwnership: Sendable {
    /// Where the lesson with this code is, for a node that does not run it.
    ///
    /// - Parameter endedSince: Ended lessons count only when they ended at or after this time (retention).
    func locate(code: JoinCode, endedSince: Timestamp) async throws -> LessonLocation
    /// Takes the lesson's lease for this node (raising its epoch) when it is free, expired or
    /// already this node's; false when another node holds it.
    func claim(lesson id: String) async throws -> Bool
    /// Gives a lesson nobody live holds to the live node running the fewest lessons (this node on a tie, and
    /// always when the lease was this node's), taking its lease for that node; placements across the cluster
    /// go one at a time, so a dead node's lessons spread over the nodes left instead of piling onto the one
    /// its clients reach first.
    func place(lesson id: String) async throws -> LessonPlacement
    /// Gives the lesson's lease up now, so another node may claim it at once (a lesson dropped, a shutdown).
    func release(lesson id: String) async
    /// Lessons whose lease this node lost (taken over, or not renewed in time): drop them.
    var lostLeases: AsyncStream<String> { get }
    /// The node running each lesson that a live node holds a live lease of, this node's included (lesson id → node
    /// id): the administrator's list of every lesson of the cluster says where each runs.
    func holders() async throws -> [String: String]
}

extension LessonOwnership {
    /// No lesson is known to be held (an ownership that cannot tell).
    package func holders() async throws -> [String: String] { [:] }

    /// Claims the lesson here (an ownership that knows no other node's load).
    package func place(lesson id: String) async throws -> LessonPlacement {
        try await claim(lesson: id) ? .here : .taken
    }
}

/// Where ``LessonOwnership/place(lesson:)`` put a lesson.
package enum LessonPlacement: Sendable, Equatable {
    /// This node holds its lease now: restore it and serve the client here.
    case here
    /// A node running fewer lessons holds its lease now: send the client there (it restores the lesson).
    case elsewhere(url: String)
    /// A live node held it already (it took it between the two reads): locate it again.
    case taken
}

/// Where a lesson lives, as a node that does not run it learns from the store.
package enum LessonLocation: Sendable {
    /// No such lesson (or it ended longer ago than the retention period).
    case unknown
    /// Another node holds its lease: clients go there. `lesson` is its id, for what the store itself keeps
    /// about it (its teachers: sharing and handing over work from any node).
    case elsewhere(url: String, lesson: String)
    /// Nobody holds a live lease (its node died or gave it up): this node may claim and restore it.
    case claimable(LessonRecord, endedAt: Timestamp?)
}
