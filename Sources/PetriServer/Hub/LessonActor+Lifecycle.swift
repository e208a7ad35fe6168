import Logging
import PetriLesson
import PetriProtocol
import PetriTransport

extension LessonActor {
    /// The configuration a clone starts with: the same options, its own name seed.
    var lessonConfiguration: LessonConfiguration { record.configuration }

    /// After the teacher ended the lesson: store that, close everyone with 4002, stop.
    func lessonEnded() async {
        endHandled = true
        do {
            try await services.storage.endLesson(id: record.id, at: services.clock.now())
        } catch {
            logger.error("Could not store that the lesson ended; it will be restored on restart", metadata: ["error": "\(error)"])
        }
        closeEveryone(code: CloseCode(rawValue: LessonCloseCode.lessonEnded.rawValue), reason: "The teacher ended this lesson.")
        logger.info("Lesson ended")
        stop()
        await services.forget(record.id, false)
    }

    /// A batch could not be stored: nobody was told about it, so drop this copy of the lesson,
    /// send everyone away with "try again later", and let the hub rebuild it from storage
    /// (which holds exactly what was acknowledged).
    func failStorage(_ error: any Error, batch: [Job]) async {
        logger.error("Could not store lesson actions; reloading the lesson from storage", metadata: ["error": "\(error)"])
        let refusal = ProtocolError(.internalError, "The server could not save that. Reconnect in a moment and try again.")
        for job in batch { job.done.resume(returning: HostResult(rejection: refusal, attached: false)) }
        closeEveryone(code: .tryAgainLater, reason: "The server could not save the lesson; reconnect in a moment.")
        stop()
        await services.forget(record.id, true)
    }

    func logUnencodable(_ error: any Error) {
        logger.error("Could not encode a message", metadata: ["error": "\(error)"])
    }
}
