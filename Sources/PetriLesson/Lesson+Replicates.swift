import PetriProtocol
import PetriSimulation
import PetriWords

/// Replicates ("what else could have happened?"): the lesson checks a request and hands the server a copy
/// of the present to run off its actor; the result comes back as a server command and goes to everyone.
extension Lesson {
    /// Checks a teacher's request and asks the server to run it (superseding any request still running).
    mutating func requestReplicates(count: Int, horizon: Int, metric text: String) throws(ProtocolError) -> [Effect] {
        guard (1...Replicates.maxCount).contains(count) else {
            throw ProtocolError(
                .outOfRange,
                LessonWords.word("lesson.replicates.count", ["max": .int(Replicates.maxCount), "count": .int(count)]))
        }
        guard (1...Replicates.maxHorizon).contains(horizon) else {
            throw ProtocolError(
                .outOfRange,
                LessonWords.word(
                    "lesson.replicates.horizon", ["max": .int(Replicates.maxHorizon), "horizon": .int(horizon)]))
        }
        let metric: MetricID
        do {
            metric = try MetricID(parsing: text)
            _ = try run.model.value(of: metric)
        } catch {
            throw ProtocolError(simulation: error)
        }
        replicates.requested += 1
        replicates.running = ReplicateBook.RunningRequest(
            position: position, actionCount: run.actions.count, count: count, horizon: horizon, metric: metric)
        let job = ReplicateJob(
            request: replicates.requested, position: position, model: run.model, lessonSeed: seed, count: count,
            horizon: horizon, metric: metric)
        return [.runReplicates(job)]
    }

    /// The replicates a rebuilt lesson runs again: the request that was still running when the server
    /// stopped (its result never arrived, so the log does not hold it), from a copy of the present as
    /// it was when asked, so the result is the one it would have given. Finished results are restored,
    /// not run again.
    package var replicatesToResume: [Effect] {
        guard let request = replicates.running, request.position.timeline == timeline, !isEnded,
            let model = run.model(at: request.position.generation, actionCount: request.actionCount)
        else { return [] }
        let job = ReplicateJob(
            request: replicates.requested, position: request.position, model: model, lessonSeed: seed,
            count: request.count, horizon: request.horizon, metric: request.metric)
        return [.runReplicates(job)]
    }

    /// Takes finished replicates: everyone gets the bands (and whoever arrives later, after its
    /// snapshot, see ``welcomeEffects(for:token:lastSeen:)``), unless the request was superseded, the
    /// timeline changed (a rewind or restore) or the lesson ended, when they are dropped.
    mutating func replicatesFinished(_ outcome: ReplicateOutcome) -> [Effect] {
        guard !isEnded, outcome.request == replicates.requested, outcome.position.timeline == timeline else {
            return []
        }
        replicates.running = nil
        replicates.record(outcome)
        var effects: [Effect] = replicates.latestBands.map { [.broadcast(.replicates($0))] } ?? []
        lateExpectations(into: &effects)
        return effects
    }

    /// Gives expected points to the questions that resolved before the replicates of their moment finished
    /// (with `replicates: onLock`, one a generation ahead stepped at once): the report has them, a lesson
    /// ranked by expected points ranks by them from now on, and the pages show them: everyone gets
    /// `expectedPoints` with the class's mean, then each online student who answered their own.
    private mutating func lateExpectations(into effects: inout [Effect]) {
        var changed = false
        for index in questions.indices where questions[index].state == .resolved && questions[index].expectation == nil
        {
            guard let expectation = expectation(of: questions[index]) else { continue }
            questions[index].expectation = expectation
            let id = questions[index].id
            effects.append(
                .broadcast(
                    .expectedPoints(
                        question: id,
                        expected: Expected(replicates: expectation.replicates, classMean: expectation.classMean))))
            for (student, points) in expectation.points.sorted(by: { $0.key < $1.key })
            where roster[student]?.isOnline == true {
                let expected = Expected(
                    replicates: expectation.replicates, points: points, classMean: expectation.classMean)
                effects.append(.send(.expectedPoints(question: id, expected: expected), to: .student(student)))
            }
            for (student, answer) in questions[index].answers {
                let base = answer.points?.base ?? 0
                let expected = expectation.points[student] ?? base
                guard expected != base else { continue }
                roster.update(student) { $0.expectedScore += expected - base }
                changed = true
            }
        }
        guard changed, configuration.options.rankBy == .expected else { return }
        effects.append(.broadcast(.leaderboard(leaderboard())))
        if configuration.options.leaderboard != .names {
            // The broadcast hid names; the teacher's own board keeps them.
            let ranking = Ranking(roster.students)
            effects.append(.send(.leaderboard(ranking.board(top: ranking.entries.count)), to: .teacher))
        }
    }

    /// After a command that rewound, restored or ended the lesson: stop replicates of a past that is gone.
    mutating func cancelStaleReplicates(timelineBefore: Int, into effects: inout [Effect]) {
        guard timeline != timelineBefore || isEnded else { return }
        replicates.keepOnly(timeline: timeline)
        if replicates.isRunning {
            replicates.running = nil
            effects.append(.cancelReplicates)
        }
    }
}
