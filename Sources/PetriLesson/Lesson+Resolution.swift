import PetriProtocol
import PetriSimulation
import PetriWords

/// Resolving questions: the outcome, everyone's points, the spread and the leaderboard.
extension Lesson {
    /// Resolves every locked question whose target has come, or all of them if the run ended
    /// (an extinct population stays extinct, so its value at extinction is its value at the target).
    mutating func resolveDueQuestions(into effects: inout [Effect]) {
        let over = run.model.isOver
        for index in questions.indices where questions[index].state == .locked {
            if over || questions[index].isDue(generation: run.generation, completedHunts: completedHunts) {
                // A question about hunt rounds resolves at the generation its rounds brought the run to.
                if questions[index].huntTarget != nil { questions[index].target = run.generation }
                resolve(index, into: &effects)
            }
        }
    }

    private mutating func resolve(_ index: Int, into effects: inout [Effect]) {
        let question = questions[index]
        guard let actual = try? run.model.value(of: question.metric), actual.isFinite else {
            cancelUnresolved(
                where: { $0.id == question.id },
                reason: LessonWords.word(
                    "lesson.cancelled.noValue",
                    ["metric": .text("\(question.metric)"), "generation": .int(run.generation)]),
                into: &effects)
            return
        }
        let over = run.model.isOver
        let outcome = question.kind.rules.outcome(actual: actual, asked: question.askedValue, runIsOver: over)
        let changed = score(index, actual: actual, outcome: outcome)
        questions[index].state = .resolved
        questions[index].actual = actual
        questions[index].correctOption = outcome.correctOption
        questions[index].eventHappened = outcome.eventHappened
        questions[index].expectation = expectation(of: questions[index])
        addExpectedScores(of: questions[index])
        let expectation = questions[index].expectation
        facts.append(
            .resolved(
                question.id, points: questions[index].answers.compactMapValues { $0.points?.total }, scores: standings))

        let ranking = Ranking(roster.students)
        let resolution = Resolution(
            question: question.id, generation: run.generation, actual: actual,
            correctOption: outcome.correctOption, eventHappened: outcome.eventHappened,
            spread: spread(of: questions[index], actual: actual),
            leaderboard: publicBoard(ranking.board(top: configuration.options.leaderboardSize)),
            replicates: replicates.standing(
                of: actual, metric: question.metric, target: question.target, timeline: timeline),
            expected: expectation.map { Expected(replicates: $0.replicates, classMean: $0.classMean) })
        effects.append(.broadcast(.resolved(resolution)))
        for student in roster.students where student.isOnline && !student.isKicked {
            guard let standing = ranking.entry(for: student.id) else { continue }
            let answer = questions[index].answers[student.id]
            let result = PersonalResult(
                question: question.id, prediction: answer?.prediction,
                points: answer?.points ?? ScoreBreakdown(base: 0, hintTaken: false, speed: 0, streak: 0, total: 0),
                score: student.score, streak: student.streak, standing: standing,
                expected: expectation.flatMap { e in
                    e.points[student.id].map { Expected(replicates: e.replicates, points: $0, classMean: e.classMean) }
                })
            effects.append(.send(.result(result), to: .student(student.id)))
        }
        // The teacher's roster shows scores and streaks: a line for each student whose changed.
        for id in changed { if let entry = roster[id]?.entry { effects.append(.send(.student(entry), to: .teacher)) } }
        effects.append(.send(.leaderboard(ranking.board(top: ranking.entries.count)), to: .teacher))
    }

    /// Adds each answer's expected points to its student's expected score (what a lesson with `rankBy:
    /// expected` ranks by); without replicates of the question's moment, its realised base points. Removed
    /// students' too (they are not ranked), so a restored lesson sums the same whoever was removed when.
    mutating func addExpectedScores(of question: Question) {
        for (student, answer) in question.answers {
            let points = question.expectation?.points[student] ?? answer.points?.base ?? 0
            roster.update(student) { $0.expectedScore += points }
        }
    }

    /// Each active student's expected points over the replicates of the moment `question` was asked, and
    /// the class's mean (nil when no such replicates exist).
    func expectation(of question: Question) -> Expectation? {
        guard let outcomes = ExpectedPoints.outcomes(for: question, in: replicates, timeline: timeline) else {
            return nil
        }
        var points: [StudentID: Int] = [:]
        for (student, answer) in question.answers where roster[student]?.countsInClass == true {
            points[student] = ExpectedPoints.of(
                answer.prediction, kind: question.kind, asked: question.askedValue, outcomes: outcomes)
        }
        let mean =
            points.isEmpty
            ? nil
            : Int((Double(points.values.reduce(0, +)) / Double(points.count)).rounded(.toNearestOrAwayFromZero))
        return Expectation(replicates: outcomes.count, points: points, classMean: mean)
    }

    /// Scores every active student's answer and updates scores and streaks.
    ///
    /// A student who could have answered (joined before the question locked) and did not
    /// loses their streak; one who joined later is unaffected.
    ///
    /// - Returns: The students whose score or streak changed, in student order.
    private mutating func score(_ index: Int, actual: Double, outcome: Outcome) -> [StudentID] {
        let question = questions[index]
        let rules = question.kind.rules
        let options = configuration.options
        let lockedAt = question.lockedAt ?? question.openedAt
        var changed: [StudentID] = []
        for student in roster.students where !student.isKicked {
            guard let answer = question.answers[student.id] else {
                if question.couldBeAnswered(by: student), student.streak != 0 {
                    roster.update(student.id) { $0.streak = 0 }
                    changed.append(student.id)
                }
                continue
            }
            let base = rules.base(of: answer.prediction, actual: actual, outcome: outcome)
            let hintTaken = question.hintsTaken.contains(student.id)
            let good = rules.isGood(base: base)
            let streak = good ? student.streak + 1 : 0
            let speed =
                options.speedBonus && base > 0
                ? Scoring.speedBonus(
                    elapsed: answer.answeredAt.milliseconds(since: question.openedAt),
                    // On the student's own window: extra time costs no points.
                    window: min(lockedAt, deadline(of: question, for: student.id) ?? lockedAt)
                        .milliseconds(since: question.openedAt))
                : 0
            let streakBonus = options.streakBonus && good ? Scoring.streakBonus(streak: streak) : 0
            let total = (hintTaken ? Scoring.halved(base) : base) + speed + streakBonus
            questions[index].answers[student.id]?.points = ScoreBreakdown(
                base: base, hintTaken: hintTaken, speed: speed, streak: streakBonus, total: total)
            roster.update(student.id) { student in
                student.score += total
                student.streak = streak
            }
            if total != 0 || streak != student.streak { changed.append(student.id) }
        }
        return changed
    }

    /// The class's anonymous spread; `actual` (or, before resolution, the asked value) is kept
    /// inside the axis of an unbounded number metric.
    func spread(of question: Question, actual: Double) -> Spread {
        // In student order, so the mean is summed in the same order every time.
        let predictions = question.answers.sorted { $0.key < $1.key }
            .filter { roster[$0.key]?.countsInClass == true }
            .map(\.value.prediction)
        return question.kind.rules.spread(of: predictions, actual: actual, descriptor: question.descriptor)
    }
}
