import PetriLesson
import PetriProtocol

extension LessonActor {
    /// Sends `tick` every `interval` on the injected clock, replacing earlier ticking.
    ///
    /// Each tick waits for the previous one to be handled, so a slow step delays the next
    /// tick instead of piling them up; after a stall the schedule restarts from now.
    func startTicking(every interval: Duration) {
        ticker?.cancel()
        let step = max(
            1, Int64(interval.components.seconds) * 1000 + interval.components.attoseconds / 1_000_000_000_000_000)
        let clock = services.clock
        ticker = Task {
            var next = clock.now().adding(milliseconds: step)
            while !Task.isCancelled {
                do { try await clock.sleep(until: next) } catch { return }
                guard !Task.isCancelled else { return }
                _ = await self.tick(scheduled: next)
                next = max(next.adding(milliseconds: step), clock.now())
            }
        }
    }

    func stopTicking() {
        ticker?.cancel()
        ticker = nil
    }

    /// Sends `deadline(question)` at `time` (at once if it has passed).
    func scheduleDeadline(_ question: QuestionID, at time: Timestamp) {
        deadlines[question]?.cancel()
        let clock = services.clock
        deadlines[question] = Task {
            do { try await clock.sleep(until: time) } catch { return }
            guard !Task.isCancelled else { return }
            _ = await self.handle(.deadline(question), from: nil)
        }
    }

    /// Sends the plan's `timer` step at `time` (at once if it has passed), replacing an earlier plan timer.
    func schedulePlanTimer(at time: Timestamp) {
        planTimer?.cancel()
        let clock = services.clock
        planTimer = Task {
            do { try await clock.sleep(until: time) } catch { return }
            guard !Task.isCancelled else { return }
            _ = await self.handle(.plan(.timer), from: nil)
        }
    }

    /// Sends `huntEnd(round)` at `time` (at once if it has passed), replacing an earlier hunt timer.
    func scheduleHuntEnd(round: Int, at time: Timestamp) {
        huntTimer?.cancel()
        let clock = services.clock
        huntTimer = Task {
            do { try await clock.sleep(until: time) } catch { return }
            guard !Task.isCancelled else { return }
            _ = await self.handle(.huntEnd(round: round), from: nil)
        }
    }

    func cancelDeadline(_ question: QuestionID) {
        deadlines.removeValue(forKey: question)?.cancel()
    }
}
