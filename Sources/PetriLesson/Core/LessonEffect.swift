import PetriProtocol
import PetriSimulation

/// Something the server must do because the lesson accepted a command.
///
/// Perform effects in order. ``persist(_:)`` comes first whenever present, and must be
/// durably stored before any of the others is performed: then no client is ever told about
/// a change that a crash could lose.
package enum LessonEffect<Model: SteppingModel>: Sendable, Hashable {
    /// Append this entry to the lesson's log (see ``Lesson/rebuild(definition:teacherToken:configuration:log:source:)``),
    /// and record `facts`, what the command established, in the store's own tables in the same write.
    case persist(LessonLogEntry, facts: [LessonFact])
    /// The connection that sent the command now speaks as this participant; `session`
    /// identifies this attachment of a student (pass it back in ``LessonCommand/left(session:)``).
    case attach(Participant, session: Int)
    /// Send to the connection that sent the command.
    case reply(ServerMessage)
    /// Send the current picture to the connection that sent the command.
    case replySnapshot(SnapshotHeader, Model.Snapshot)
    /// Send to every connection in the lesson, teacher and students; never dropped.
    case broadcast(ServerMessage)
    /// Send a generation's picture to everyone: encode once; a slow client may get only the newest.
    case broadcastSnapshot(SnapshotHeader, Model.Snapshot)
    /// Send to everyone, latest wins: a slow client may get only the newest of these (each carries the whole
    /// state it reports, e.g. every creature eaten so far).
    case broadcastLatest(ServerMessage)
    /// Send to one recipient (dropped if they are not connected).
    case send(ServerMessage, to: Recipient)
    /// Close the student's current connection with this reason.
    case disconnect(StudentID, DisconnectReason)
    /// Send ``LessonCommand/tick`` every `interval`, replacing any earlier ticking.
    case startTicking(every: Duration)
    /// Stop sending ticks.
    case stopTicking
    /// Send ``LessonCommand/deadline(_:)`` for this question at `at` (or at once if already past).
    case scheduleDeadline(QuestionID, at: Timestamp)
    /// Forget the question's deadline timer.
    case cancelDeadline(QuestionID)
    /// Send ``LessonCommand/plan(_:)`` with ``PlanStep/timer`` at `at` (a plan's timed pause), replacing any earlier.
    case schedulePlanTimer(at: Timestamp)
    /// Forget the plan's timer.
    case cancelPlanTimer
    /// Send ``LessonCommand/huntEnd(round:)`` at `at` (at once if already past), replacing any earlier hunt timer.
    case scheduleHuntEnd(round: Int, at: Timestamp)
    /// Forget the hunt's timer.
    case cancelHuntEnd
    /// Run these replicates off the lesson's actor, replacing any still running, and hand the result back
    /// as ``LessonCommand/replicatesFinished(_:)`` (from the server).
    case runReplicates(ReplicateJob<Model>)
    /// Stop the replicates still running (the lesson rewound, restored or ended); nothing comes back.
    case cancelReplicates
    /// The student was erased: once the command's entry is stored, rewrite the lesson's stored history so
    /// that nothing names them (a checkpoint of the lesson as it is now replaces its log and older
    /// checkpoints; the store's rows of the student lose their name and reasons).
    case eraseStored(StudentID)
    /// Create a new lesson from this definition (a clone) and reply `created` to the sender.
    case spawn(LessonDefinition)
}

/// What the lesson made of a command: effects to perform, or a refusal that changed nothing.
package enum LessonOutcome<Model: SteppingModel>: Sendable, Hashable {
    /// The command was accepted; perform these effects in order.
    case accepted([LessonEffect<Model>])
    /// The command was refused and the lesson is unchanged; reply `.error(error)` to the sender.
    case rejected(ProtocolError)

    /// The effects (none when rejected).
    package var effects: [LessonEffect<Model>] {
        if case .accepted(let effects) = self { return effects }
        return []
    }

    /// The refusal, if the command was refused.
    package var rejection: ProtocolError? {
        if case .rejected(let error) = self { return error }
        return nil
    }
}

/// One accepted command as stored in the lesson's append-only log.
///
/// Replaying a lesson's entries in order, with their recorded times, rebuilds it exactly:
/// the lesson is deterministic given its commands, actors and times. Join entries hold
/// students' resume tokens as the server handed them to the lesson: digests for the lessons
/// it creates now, so their logs hold no secret; the tokens themselves in older lessons' logs.
///
/// The names of the log's types in every module are listed once, at the top of PetriStore's
/// `StoredLogEntry.swift`.
package struct LessonLogEntry: Sendable, Hashable, Codable {
    /// 1, 2, 3, ... within the lesson, with no gaps.
    package var sequence: Int
    package var time: Timestamp
    package var actor: Participant
    package var command: LessonCommand

    package init(sequence: Int, time: Timestamp, actor: Participant, command: LessonCommand) {
        self.sequence = sequence
        self.time = time
        self.actor = actor
        self.command = command
    }
}
