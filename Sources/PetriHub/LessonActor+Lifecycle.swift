import Logging
import PetriLesson
import PetriProtocol
import PetriTransport

extension LessonActor {
    /// The configuration a clone starts with: the same options, its own name seed.
    var lessonConfiguration: LessonConfiguration { record.configuration }

    /// After the teacher ended the lesson: store that, close everyone with 4002, stop the timers.
    ///
    /// The actor keeps serving, read-only (the lesson refuses every command that would change
    /// it), so the teacher can come back to look and export and students to see their result,
    /// until the hub's retention period for ended lessons runs out. It stays registered under
    /// its code throughout, so a request sent right after the end always reaches it.
    func lessonEnded() async {
        endHandled = true
        let now = services.clock.now()
        do {
            try await services.storage.endLesson(id: record.id, at: now)
        } catch {
            logger.error(
                "Could not store that the lesson ended; it will be restored on restart", metadata: ["error": "\(error)"]
            )
        }
        await services.ended(record.id, now)
        closeEveryone(
            code: CloseCode(rawValue: LessonCloseCode.lessonEnded.rawValue), reason: "The teacher ended this lesson.")
        ticker?.cancel()
        ticker = nil
        for task in deadlines.values { task.cancel() }
        deadlines = [:]
        logger.info("Lesson ended")
    }

    /// A batch could not be stored: nobody was told about it, so drop this copy of the lesson,
    /// answer each request of the batch with an error, send everyone away with 4014 "storage
    /// unavailable, retry", and let the hub rebuild it from storage (which holds exactly what was
    /// acknowledged). Until it is rebuilt, the lesson's code answers `lesson-reloading`.
    func failStorage(_ error: any Error, batch: [Job]) async {
        logger.error(
            "Could not store lesson actions; reloading the lesson from storage", metadata: ["error": "\(error)"])
        services.storageWrote(false)
        let refusal = ProtocolError(
            .lessonReloading,
            "The server could not save that, so nothing changed; reconnect in a moment and send it again.")
        // Queued before the closes, so each sender reads its answer before the close frame.
        for job in batch { if let connection = job.connection { send(.error(refusal), to: connection) } }
        stoppedBecause = ProtocolError(.lessonReloading, "This lesson is being reloaded; try again in a moment.")
        closeEveryone(code: .storageUnavailable, reason: "The server could not save the lesson; reconnect in a moment.")
        for job in batch { job.done.resume(returning: HostResult(rejection: refusal, attached: false)) }
        stop()
        await services.forget(record.id, true)
    }

    func logUnencodable(_ error: any Error) {
        logger.error("Could not encode a message", metadata: ["error": "\(error)"])
    }
}
