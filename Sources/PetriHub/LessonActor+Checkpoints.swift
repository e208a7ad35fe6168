import Logging
import PetriLesson
import PetriProtocol
import PetriStorage

extension LessonActor {
    /// Saves a durable checkpoint if enough has been stored since the last one.
    ///
    /// Call it after `entries` are stored, and before the lesson changes again: the checkpoint
    /// is the lesson exactly as of its last stored entry. Copying the lesson is cheap (its
    /// arrays and models share storage until changed); the encoding, which for a large board
    /// takes milliseconds, and the write happen in a task of their own, so the class is not
    /// kept waiting. It starts only once its entries' write has returned, so it never lands
    /// ahead of them (and storage refuses one that would).
    /// A failed write is logged and tried again after another interval: the log still has
    /// everything.
    func checkpointIfDue(after entries: [LogEntryToStore]) {
        checkpoints.stored(entries)
        let last = lesson.lastLogSequence
        guard !stopped, checkpoints.isDue(at: last) else { return }
        checkpoints.started(at: last)
        let saved = lesson
        let (storage, clock, metrics, logger) = (services.storage, services.clock, services.metrics, logger)
        let (id, keep) = (record.id, checkpoints.policy.keep)
        checkpoints.saving = Task.detached(priority: .utility) {
            let started = ContinuousClock.now
            let checkpoint = saved.checkpoint()
            let encoded = started.duration(to: .now)
            do {
                try await storage.saveCheckpoint(checkpoint, ofLesson: id, at: clock.now(), keeping: keep)
                metrics.checkpointStored(bytes: checkpoint.state.count, encodeSeconds: encoded)
                logger.debug(
                    "Checkpoint stored",
                    metadata: [
                        "entry": "\(checkpoint.sequence)", "generation": "\(checkpoint.generation)",
                        "bytes": "\(checkpoint.state.count)", "encodeMs": "\(encoded.milliseconds)",
                    ])
            } catch {
                logger.warning(
                    "Could not store a checkpoint; a restart replays more of the log",
                    metadata: ["entry": "\(checkpoint.sequence)", "error": "\(error)"])
            }
            await self.checkpointFinished(bytes: checkpoint.state.count)
        }
    }

    private func checkpointFinished(bytes: Int) {
        checkpoints.finished(bytes: bytes)
    }

    /// Rewrites the stored history after the teacher erased `student` (``LessonEffect/eraseStored(_:)``): a
    /// checkpoint of the lesson as it is now (its entries are all stored: effects come after the write)
    /// replaces its log and older checkpoints, so a restart or another node's takeover restores the
    /// lesson without them.
    ///
    /// A checkpoint still being stored holds the student: it lands first, and the erasure deletes it. The
    /// mailbox waits meanwhile (this runs inside a turn), so no entry is stored between the checkpoint
    /// and the rewrite. If the store refuses, the teachers are told, and erasing again tries again.
    func eraseStored(_ student: StudentID) async {
        await checkpoints.saving?.value
        let checkpoint = lesson.checkpoint()
        checkpoints.started(at: checkpoint.sequence)
        checkpoints.finished(bytes: checkpoint.state.count)
        do {
            try await services.storage.eraseStudent(
                student, keeping: checkpoint, ofLesson: record.id, at: services.clock.now())
            logger.notice(
                "A student was erased; the lesson's stored history now starts at a checkpoint without them",
                metadata: ["student": "\(student)", "entry": "\(checkpoint.sequence)"])
        } catch {
            logger.error(
                "Could not rewrite the lesson's stored history after an erasure",
                metadata: ["student": "\(student)", "error": "\(error)"])
            send(
                .error(ProtocolError(.internalError, HubWords.word("hub.erase.notStored"))), toAll: Array(teacherList))
        }
    }

    func shutDown() async {
        stop()
        await storeMakeupPositions()
        await checkpoints.saving?.value
    }
}

extension Duration {
    /// Whole and fractional milliseconds, for logs.
    var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
