import PetriProtocol
import PetriSimulation
import PetriWords

/// Asking, answering and locking questions.
///
/// A question is open from the moment it is asked until the first of: the simulation
/// advancing past the generation it was asked at, its time limit running out, or the teacher
/// closing it. Answers are timed by the server's clock only, and one checked against the
/// deadline is refused even if the deadline timer has not fired yet.
extension Lesson {
    /// The open question, if any (there is at most one, and it is the latest).
    var openQuestionIndex: Int? {
        guard let last = questions.indices.last, questions[last].state == .open else { return nil }
        return last
    }

    /// The teacher asks a question about a metric `horizon` generations ahead.
    mutating func ask(_ spec: QuestionSpec, at now: Timestamp) throws(ProtocolError) -> [Effect] {
        if let reason = runOverSentence {
            throw ProtocolError(.runOver, LessonWords.word("lesson.ask.runOver", ["reason": reason]))
        }
        if let open = openQuestionIndex {
            throw ProtocolError(
                .questionOpen, LessonWords.word("lesson.ask.questionOpen", ["question": .int(open + 1)]))
        }
        if let limit = configuration.options.questionLimit, questions.count >= limit {
            throw ProtocolError(
                .tooManyQuestions, LessonWords.word("lesson.ask.allAsked", ["count": .int(limit)]))
        }
        let settled = try QuestionRules.settle(spec, for: run.model)
        if spec.horizonIn == .hunts, selection == .formula {
            throw ProtocolError(.invalidAction, LessonWords.word("lesson.ask.huntsNeedClass"))
        }
        guard run.generation + spec.horizon <= configuration.maxGenerations else {
            throw ProtocolError(
                .outOfRange,
                LessonWords.word(
                    "lesson.ask.pastLimit",
                    ["generation": .int(run.generation + spec.horizon), "limit": .int(configuration.maxGenerations)])
            )
        }
        let question = Question(
            id: QuestionID(questions.count + 1), metric: settled.metric, descriptor: settled.descriptor,
            kind: settled.kind, askedAt: run.generation, target: run.generation + spec.horizon,
            askedValue: settled.askedValue, openedAt: now, deadline: spec.timeLimit.map { now.adding(seconds: $0) },
            hint: settled.hint, allowChange: spec.allowChange, prompt: settled.prompt,
            hunts: spec.horizonIn == .hunts ? spec.horizon : nil,
            huntTarget: spec.horizonIn == .hunts ? completedHunts + spec.horizon : nil)
        questions.append(question)
        var effects: [Effect] = [.broadcast(.question(question.info))]
        if let deadline = question.deadline {
            effects.append(.scheduleDeadline(question.id, at: deadline))
            effects += yourTimeEffects
        }
        effects.append(answerCount(of: question))
        return effects
    }

    /// A student answers, or changes their answer while that is allowed: until the lock, and at most
    /// ``QuestionRules/maxAnswerChanges`` times (each change is a log entry and a stored row).
    mutating func answer(
        _ id: QuestionID, with prediction: Prediction, reason typed: String? = nil, from student: StudentID,
        at now: Timestamp
    ) throws(ProtocolError) -> [Effect] {
        let index = try openIndex(of: id, at: now, refusal: .lateAnswer, for: student)
        // Read what is needed before the answer goes in: a copy of the question still alive at
        // that write would copy its whole answer table, once per answer (quadratic in a class).
        let (allowChange, usedHint, isChange): (Bool, Bool, Bool)
        let reason = try Self.cleanReason(typed)
        do {
            let question = questions[index]
            try check(prediction, against: question)
            isChange = question.answers[student] != nil
            if isChange, !question.allowChange {
                throw ProtocolError(
                    .alreadyAnswered, LessonWords.word("lesson.answer.noChanges", ["question": .int(id.rawValue)]))
            }
            let limit = QuestionRules.maxAnswerChanges
            if isChange, question.changes[student, default: 0] >= limit {
                throw ProtocolError(
                    .tooManyChanges, LessonWords.word("lesson.answer.tooManyChanges", ["count": .int(limit)]))
            }
            (allowChange, usedHint) = (question.allowChange, question.hintsTaken.contains(student))
        }
        questions[index].answers[student] = Question.Answer(prediction: prediction, answeredAt: now)
        if isChange { questions[index].changes[student, default: 0] += 1 }
        // A changed answer without a reason keeps the reason given before.
        if let reason { questions[index].reasons[student] = reason }
        facts.append(
            .answered(
                id, by: student, prediction: prediction, usedHint: usedHint, allowsChange: allowChange,
                reason: questions[index].reasons[student]))
        return [
            .reply(.answerAccepted(question: id, prediction: prediction, answeredAt: now)),
            answerCount(of: questions[index], answeredBy: student),
        ]
    }

    /// A student reveals the hint; from now on their points for this question are halved.
    mutating func takeHint(_ id: QuestionID, for student: StudentID, at now: Timestamp) throws(ProtocolError)
        -> [Effect]
    {
        guard let question = questions.first(where: { $0.id == id }) else { throw unknownQuestion(id) }
        guard let hint = question.hint else {
            throw ProtocolError(.noHint, LessonWords.word("lesson.hint.none", ["question": .int(id.rawValue)]))
        }
        let index = try openIndex(of: id, at: now, refusal: .questionClosed, for: student)
        questions[index].hintsTaken.insert(student)
        facts.append(.tookHint(id, by: student))
        return [.reply(.hint(question: id, text: hint))]
    }

    /// The teacher stops accepting answers to the open question.
    mutating func close(_ id: QuestionID, at now: Timestamp) throws(ProtocolError) -> [Effect] {
        let index = try openIndex(of: id, at: now, refusal: .questionClosed)
        var effects: [Effect] = []
        lock(index, reason: .closedByTeacher, at: now, into: &effects)
        return effects
    }

    /// A question's deadline timer fired; a timer that is early or stale changes nothing.
    ///
    /// At the class's deadline, while a student's extra time runs on, the students whose time is up and
    /// the observers are told it locked for them, and the timer is set for the last extended window.
    mutating func deadlinePassed(_ id: QuestionID, at now: Timestamp) -> [Effect] {
        guard let index = openQuestionIndex, questions[index].id == id,
            let deadline = questions[index].deadline, now >= deadline
        else { return [] }
        var effects: [Effect] = []
        if let last = lastDeadline(of: questions[index]), now < last {
            let locked = ServerMessage.questionLocked(question: id, reason: .timeLimit, lockedAt: deadline)
            for student in roster.students where student.isOnline && !student.isKicked {
                if let own = self.deadline(of: questions[index], for: student.id), own <= now {
                    effects.append(.send(locked, to: .student(student.id)))
                }
            }
            effects += [.send(locked, to: .observers), .scheduleDeadline(id, at: last)]
            return effects
        }
        lock(index, reason: .timeLimit, at: now, into: &effects)
        return effects
    }

    /// Locks the open question because the simulation is about to advance past it.
    mutating func lockOpenQuestion(at now: Timestamp, into effects: inout [Effect]) {
        guard let index = openQuestionIndex else { return }
        let timedOut = lastDeadline(of: questions[index]).map { now >= $0 } ?? false
        lock(index, reason: timedOut ? .timeLimit : .advanced, at: now, into: &effects)
    }

    private mutating func lock(_ index: Int, reason: LockReason, at now: Timestamp, into effects: inout [Effect]) {
        let question = questions[index]
        questions[index].state = .locked
        questions[index].lockReason = reason
        // The answer window ends at the (last extended) deadline even when the timer fires late.
        let lockedAt = lastDeadline(of: question).map { min($0, now) } ?? now
        questions[index].lockedAt = lockedAt
        questions[index].lockedInEntry = logSequence + 1
        if question.deadline != nil, reason != .timeLimit { effects.append(.cancelDeadline(question.id)) }
        effects.append(.broadcast(.questionLocked(question: question.id, reason: reason, lockedAt: lockedAt)))
        replicatesOnLock(of: questions[index], into: &effects)
    }

    /// With the option `replicates: onLock`, runs replicates of the moment a question locks (still the
    /// generation it was asked at) as far as its target, unless the newest ones of its metric already are
    /// of that moment. Deterministic like the teacher's: seeded from the lesson, and part of the command
    /// that locked it, so a replay runs the same ones.
    private mutating func replicatesOnLock(of question: Question, into effects: inout [Effect]) {
        guard configuration.options.replicates == .onLock, run.generation == question.askedAt,
            ExpectedPoints.outcomes(for: question, in: replicates, timeline: timeline) == nil
        else { return }
        let horizon = min(max(1, question.target - question.askedAt), Replicates.maxHorizon)
        let count = min(LessonOptions.autoReplicateCount, Replicates.maxCount)
        guard let asked = try? requestReplicates(count: count, horizon: horizon, metric: question.metric.description)
        else { return }
        effects += asked
    }

    /// The index of question `id` if it still accepts answers at `now`.
    ///
    /// - Throws: `unknown-question`, or `refusal` (`late-answer` / `question-closed`) with why it closed.
    private func openIndex(
        of id: QuestionID, at now: Timestamp, refusal: ProtocolError.Code, for student: StudentID? = nil
    ) throws(ProtocolError) -> Int {
        guard let index = questions.firstIndex(where: { $0.id == id }) else { throw unknownQuestion(id) }
        let question = questions[index]
        let number = id.rawValue
        switch question.state {
        case .open:
            // A student's own window; for the teacher (no student), the last of them.
            let closes = student.map { deadline(of: question, for: $0) } ?? lastDeadline(of: question)
            if let deadline = closes, now >= deadline {
                throw ProtocolError(refusal, LessonWords.word("lesson.answer.timeUp", ["question": .int(number)]))
            }
            return index
        case .locked, .resolved:
            let why: Word
            switch question.lockReason {
            case .advanced, nil:
                why = LessonWords.word("lesson.closed.advanced", ["generation": .int(question.askedAt)])
            case .timeLimit:
                why = LessonWords.word("lesson.closed.timeLimit")
            case .closedByTeacher:
                why = LessonWords.word("lesson.closed.byTeacher")
            }
            throw ProtocolError(
                refusal, LessonWords.word("lesson.answer.closedWhen", ["question": .int(number), "why": .word(why)]))
        case .cancelled:
            throw ProtocolError(refusal, LessonWords.word("lesson.question.cancelled", ["question": .int(number)]))
        }
    }

    private func check(_ prediction: Prediction, against question: Question) throws(ProtocolError) {
        try question.kind.rules.check(prediction, for: question)
    }

    private func unknownQuestion(_ id: QuestionID) -> ProtocolError {
        ProtocolError(.unknownQuestion, LessonWords.word("lesson.question.unknown", ["question": .int(id.rawValue)]))
    }

    /// Tells the teacher how many students have answered.
    private func answerCount(of question: Question, answeredBy student: StudentID? = nil) -> Effect {
        // Without kicked students every answer counts: no scan (this runs once per answer).
        let answered =
            roster.kickedCount == 0
            ? question.answers.count
            : question.answers.keys.reduce(0) { count, id in roster[id]?.isKicked == false ? count + 1 : count }
        return .send(
            .answerCount(
                question: question.id, answered: answered, students: roster.activeCount,
                answeredBy: student.map { [$0] } ?? []),
            to: .teacher)
    }
}
