import PetriLesson
import PetriSimulation

extension LessonActor {
    /// Starts replicates on their own threads (see ``ReplicateWorker``), stopping any still running.
    ///
    /// The actor only hands over the copy of the model the lesson made; the result comes back through
    /// the mailbox like a tick, so a generation never waits for replicates.
    func startReplicates(_ job: ReplicateJob<Model>) {
        replicateCancellation?.cancel()
        let cancellation = ReplicateCancellation()
        replicateCancellation = cancellation
        ReplicateWorker.start(
            job, threads: services.replicateThreads, cancellation: cancellation, progress: services.replicateProgress
        ) { traces in
            guard let traces else { return }
            Task { _ = await self.handle(.replicatesFinished(job.outcome(traces)), from: nil) }
        }
    }

    func cancelReplicates() {
        replicateCancellation?.cancel()
        replicateCancellation = nil
    }
}
