import PetriProtocol
import PetriSimulation
import PetriWords

/// One make-up student playing the class's lesson back alone, from a ``MakeupReel``.
///
/// The student moves from one of the class's moments to the next when they (or the server's pace
/// for them) ask (``advance(in:at:)``), and is sent exactly what the class was sent at that moment
/// and nothing after it: a generation reaches them only once they have reached it. Each question
/// opens for them where the class got it, with the class's time limit counted from when it opened
/// for them, and locks where the class's locked (or when their own time runs out). It is scored by
/// the lesson's rules against the class's outcome, with their own speed and streak; the class's
/// spread reaches them only after their own lock.
///
/// A value holding only the student's position and answers (the reel holds the lesson), so a server
/// can keep it, store it, and hand it to the same student on another device.
package struct MakeupPlay: Sendable, Hashable, Codable {
    /// A question as this student has it.
    struct Asked: Sendable, Hashable, Codable {
        /// When it opened for the student.
        var openedAt: Timestamp
        /// When the student's time for it runs out (the class's time limit, from `openedAt`).
        var deadline: Timestamp?
        var state: QuestionState = .open
        var lockedAt: Timestamp?
        var lockReason: LockReason?
        var prediction: Prediction?
        var answeredAt: Timestamp?
        var changes = 0
        var hintTaken = false
        var points: ScoreBreakdown?
    }

    /// The make-up student (an id the class never uses).
    package let student: StudentID
    /// Their display name.
    package let name: String
    /// The last of the reel's stops the student has been sent; -1 before the first.
    package private(set) var stop = -1
    package private(set) var score = 0
    package private(set) var streak = 0
    private(set) var questions: [QuestionID: Asked] = [:]
    /// Every personal result, in order (sent again on resuming).
    package private(set) var results: [PersonalResult] = []

    package init(student: StudentID, name: String) {
        self.student = student
        self.name = name
    }

    /// Where the student stands in the class's history (nil before the first stop).
    package func position<Model>(in reel: MakeupReel<Model>) -> TimelinePosition? {
        reel.stops.indices.contains(stop) ? reel.stops[stop].position : nil
    }

    /// Whether the student has been sent everything the class has had so far.
    package func isAtEnd<Model>(of reel: MakeupReel<Model>) -> Bool { stop >= reel.stops.count - 1 }

    /// The class's time from the student's stop to the next (what "the class's pace" waits), nil at the end.
    package func classPause<Model>(in reel: MakeupReel<Model>) -> Duration? {
        guard stop >= 0, stop + 1 < reel.stops.count else { return nil }
        return .milliseconds(max(0, reel.stops[stop + 1].time.milliseconds(since: reel.stops[stop].time)))
    }

    /// Whether the student only moved on since `earlier` (the same play at an earlier stop): questions may have opened
    /// for them, but none locked or was scored, and nothing was answered. A server may store such a move later, beside
    /// other students' (a crash then costs the position: the student is shown those moments again, and a question that
    /// opened meanwhile opens again, with its time from then); a lock, a result, an answer or a hint is stored before
    /// it is sent, so nothing the student did, and no moment after a question locked for them, is ever given back.
    package func onlyMoved(since earlier: MakeupPlay) -> Bool {
        guard student == earlier.student, score == earlier.score, streak == earlier.streak, results == earlier.results
        else { return false }
        for (id, asked) in questions {
            if let before = earlier.questions[id] {
                guard before == asked else { return false }
            } else if asked.state != .open || asked.prediction != nil || asked.hintTaken {
                return false
            }
        }
        return earlier.questions.keys.allSatisfy { questions[$0] != nil }
    }

    /// Whether the class's next moment resolves a question (a result for the student, ranked among the others).
    package func resolvesNext<Model>(in reel: MakeupReel<Model>) -> Bool {
        guard stop + 1 < reel.stops.count else { return false }
        return reel.stops[stop + 1].frames.contains { if case .message(.resolved) = $0 { true } else { false } }
    }

    /// The student's next deadline among open questions (for the server's timer).
    package var nextDeadline: (QuestionID, Timestamp)? {
        questions.filter { $0.value.state == .open }.compactMap { id, q in q.deadline.map { (id, $0) } }
            .min { $0.1 < $1.1 }
    }

    /// Moves the student to the class's next moment and returns what to send them, in order
    /// (nothing when they are at the end of the reel).
    ///
    /// - Parameter rivals: The other make-up students' scores now: a result's `standing` ranks the student among
    ///   them, and also among the class's scores at that moment when the lesson ranks make-ups `withClass`.
    package mutating func advance<Model>(in reel: MakeupReel<Model>, at now: Timestamp, rivals: [Int] = [])
        -> [MakeupReel<Model>.Frame]
    {
        var out = expireDeadlines(in: reel, at: now)
        guard stop + 1 < reel.stops.count else { return out }
        stop += 1
        for frame in reel.stops[stop].frames { deliver(frame, in: reel, at: now, rivals: rivals, into: &out) }
        return out
    }

    /// Locks the questions whose time ran out by `now`, and returns what to send.
    package mutating func expireDeadlines<Model>(in reel: MakeupReel<Model>, at now: Timestamp)
        -> [MakeupReel<Model>.Frame]
    {
        var out: [MakeupReel<Model>.Frame] = []
        for (id, asked) in questions.sorted(by: { $0.key < $1.key }) where asked.state == .open {
            if let deadline = asked.deadline, now >= deadline {
                lock(id, reason: .timeLimit, at: deadline, in: reel, into: &out)
            }
        }
        return out
    }

    /// The student answers (or changes their answer to) an open question.
    ///
    /// - Throws: `unknown-question` for a question they have not reached, `late-answer` once it locked for
    ///   them, or what the lesson says of the prediction.
    package mutating func answer<Model>(
        _ id: QuestionID, _ prediction: Prediction, in reel: MakeupReel<Model>, at now: Timestamp
    ) throws(ProtocolError) -> ServerMessage {
        let question = try openQuestion(id, in: reel, at: now, refusal: .lateAnswer)
        try question.kind.rules.check(prediction, for: question)
        if let asked = questions[id], asked.prediction != nil {
            if !question.allowChange {
                throw ProtocolError(
                    .alreadyAnswered, LessonWords.word("lesson.answer.noChanges", ["question": .int(id.rawValue)]))
            }
            if asked.changes >= QuestionRules.maxAnswerChanges {
                throw ProtocolError(
                    .tooManyChanges,
                    LessonWords.word("lesson.answer.tooManyChanges", ["count": .int(QuestionRules.maxAnswerChanges)]))
            }
            questions[id]?.changes += 1
        }
        questions[id]?.prediction = prediction
        questions[id]?.answeredAt = now
        return .answerAccepted(question: id, prediction: prediction, answeredAt: now)
    }

    /// The student takes an open question's hint.
    ///
    /// - Throws: `unknown-question`, `no-hint`, or `question-closed` once it locked for them.
    package mutating func takeHint<Model>(_ id: QuestionID, in reel: MakeupReel<Model>, at now: Timestamp)
        throws(ProtocolError) -> ServerMessage
    {
        let question = try openQuestion(id, in: reel, at: now, refusal: .questionClosed)
        guard let hint = question.hint else {
            throw ProtocolError(.noHint, LessonWords.word("lesson.hint.none", ["question": .int(id.rawValue)]))
        }
        questions[id]?.hintTaken = true
        return .hint(question: id, text: hint)
    }

    /// Everything the student has been sent so far, for a device that resumes the make-up: the class's
    /// moments up to the student's, each question as it opened and locked for them, and their results.
    /// Nothing past their position.
    package func catchUp<Model>(in reel: MakeupReel<Model>) -> [MakeupReel<Model>.Frame] {
        var out: [MakeupReel<Model>.Frame] = []
        guard stop >= 0 else { return out }
        var resultIndex = 0
        var lockSent: Set<QuestionID> = []
        for index in 0...min(stop, reel.stops.count - 1) {
            for frame in reel.stops[index].frames {
                switch frame {
                case .message(.question(let info)):
                    guard let asked = questions[info.id] else { continue }
                    out.append(.message(.question(personal(info, asked))))
                case .message(.questionLocked(let id, let reason, _)):
                    guard let asked = questions[id], asked.state != .open, !lockSent.contains(id) else { continue }
                    out.append(
                        .message(
                            .questionLocked(question: id, reason: asked.lockReason ?? reason, lockedAt: asked.lockedAt))
                    )
                    lockSent.insert(id)
                case .message(.resolved(let resolution)):
                    out.append(frame)
                    if resultIndex < results.count, results[resultIndex].question == resolution.question {
                        out.append(.message(.result(results[resultIndex])))
                        resultIndex += 1
                    }
                case .message(.expectedPoints(let id, let classExpected)):
                    // The student's own late expected points, as they were sent them.
                    if let mine = results.first(where: { $0.question == id })?.expected, let points = mine.points {
                        out.append(
                            .message(
                                .expectedPoints(
                                    question: id,
                                    expected: Expected(
                                        replicates: mine.replicates, points: points, classMean: classExpected.classMean)
                                )))
                    } else {
                        out.append(frame)
                    }
                default:
                    out.append(frame)
                }
            }
        }
        // Questions whose time ran out for the student before the class's lock came.
        for (id, asked) in questions.sorted(by: { $0.key < $1.key }) where asked.state == .locked {
            if !lockSent.contains(id), let reason = asked.lockReason {
                out.append(.message(.questionLocked(question: id, reason: reason, lockedAt: asked.lockedAt)))
            }
        }
        for (id, asked) in questions.sorted(by: { $0.key < $1.key }) {
            if let prediction = asked.prediction, let at = asked.answeredAt {
                out.append(.message(.answerAccepted(question: id, prediction: prediction, answeredAt: at)))
            }
        }
        return out
    }

    // MARK: - Delivering the class's moments

    private mutating func deliver<Model>(
        _ frame: MakeupReel<Model>.Frame, in reel: MakeupReel<Model>, at now: Timestamp, rivals: [Int],
        into out: inout [MakeupReel<Model>.Frame]
    ) {
        switch frame {
        case .message(.question(let info)):
            let limit = info.closesAt.map { $0.milliseconds(since: info.openedAt) }
            let asked = Asked(openedAt: now, deadline: limit.map { now.adding(milliseconds: $0) })
            questions[info.id] = asked
            out.append(.message(.question(personal(info, asked))))
        case .message(.questionLocked(let id, let reason, _)):
            // Already locked for the student when their own time ran out: they were told then.
            guard questions[id]?.state == .open else { return }
            lock(id, reason: reason, at: now, in: reel, into: &out)
        case .message(.questionCancelled(let id, _)):
            questions[id]?.state = .cancelled
            out.append(frame)
        case .message(.resolved(let resolution)):
            out.append(frame)
            if let result = resolve(resolution, in: reel, rivals: rivals) { out.append(.message(.result(result))) }
        case .message(.expectedPoints(let id, let classExpected)):
            out.append(frame)
            if let mine = lateExpected(id, classExpected, in: reel) {
                out.append(.message(.expectedPoints(question: id, expected: mine)))
            }
        default:
            out.append(frame)
        }
    }

    /// The question as it opened for the student: their own opening time and time limit.
    private func personal(_ info: QuestionInfo, _ asked: Asked) -> QuestionInfo {
        var info = info
        info.openedAt = asked.openedAt
        info.closesAt = asked.deadline
        info.state = .open
        info.actual = nil
        return info
    }

    private mutating func lock<Model>(
        _ id: QuestionID, reason: LockReason, at now: Timestamp, in reel: MakeupReel<Model>,
        into out: inout [MakeupReel<Model>.Frame]
    ) {
        guard let asked = questions[id], asked.state == .open else { return }
        let lockedAt = asked.deadline.map { min($0, now) } ?? now
        questions[id]?.state = .locked
        questions[id]?.lockedAt = lockedAt
        questions[id]?.lockReason = reason
        out.append(.message(.questionLocked(question: id, reason: reason, lockedAt: lockedAt)))
    }

    /// Scores the student's answer as the lesson scores a class's answer (``Lesson/score``): the kind's
    /// base points against the class's outcome, halved for a hint, the speed bonus over the student's own
    /// answer window, their own streak; ranked among the other make-up students (`rivals`), and among the class too
    /// when the lesson ranks make-ups `withClass`.
    private mutating func resolve<Model>(_ resolution: Resolution, in reel: MakeupReel<Model>, rivals: [Int])
        -> PersonalResult?
    {
        let id = resolution.question
        guard let asked = questions[id], let record = reel.asked[id] else { return nil }
        questions[id]?.state = .resolved
        let question = record.question
        let options = reel.configuration.options
        var points = ScoreBreakdown(base: 0, hintTaken: false, speed: 0, streak: 0, total: 0)
        var expected: Expected?
        if let prediction = asked.prediction, let answeredAt = asked.answeredAt {
            let rules = question.kind.rules
            let outcome = Outcome(correctOption: resolution.correctOption, eventHappened: resolution.eventHappened)
            let base = rules.base(of: prediction, actual: resolution.actual, outcome: outcome)
            let good = rules.isGood(base: base)
            streak = good ? streak + 1 : 0
            let lockedAt = asked.lockedAt ?? asked.openedAt
            let speed =
                options.speedBonus && base > 0
                ? Scoring.speedBonus(
                    elapsed: answeredAt.milliseconds(since: asked.openedAt),
                    window: lockedAt.milliseconds(since: asked.openedAt))
                : 0
            let streakBonus = options.streakBonus && good ? Scoring.streakBonus(streak: streak) : 0
            let total = (asked.hintTaken ? Scoring.halved(base) : base) + speed + streakBonus
            points = ScoreBreakdown(
                base: base, hintTaken: asked.hintTaken, speed: speed, streak: streakBonus, total: total)
            score += total
            if let outcomes = record.replicateOutcomes,
                let mine = ExpectedPoints.of(
                    prediction, kind: question.kind, asked: question.askedValue, outcomes: outcomes)
            {
                expected = Expected(replicates: outcomes.count, points: mine, classMean: resolution.expected?.classMean)
            }
        } else {
            // Every question reached them before it locked, so not answering one ends a streak.
            streak = 0
        }
        questions[id]?.points = points
        let withClass = reel.configuration.options.makeupRanking == .withClass
        let above =
            rivals.filter { $0 > score }.count + (withClass ? record.classScores.filter { $0 > score }.count : 0)
        let standing = LeaderboardEntry(rank: above + 1, student: student, name: name, score: score)
        let result = PersonalResult(
            question: id, prediction: asked.prediction, points: points, score: score, streak: streak,
            standing: standing, expected: expected)
        results.append(result)
        return result
    }

    /// The class's expected points for a question came after its resolution (its replicates finished late): the
    /// student's own answer gets its expected points at the same moment of their make-up, kept in their result.
    private mutating func lateExpected<Model>(_ id: QuestionID, _ classExpected: Expected, in reel: MakeupReel<Model>)
        -> Expected?
    {
        guard let record = reel.asked[id], let outcomes = record.lateOutcomes,
            let index = results.firstIndex(where: { $0.question == id }), results[index].expected == nil,
            let prediction = results[index].prediction,
            let points = ExpectedPoints.of(
                prediction, kind: record.question.kind, asked: record.question.askedValue, outcomes: outcomes)
        else { return nil }
        let expected = Expected(replicates: outcomes.count, points: points, classMean: classExpected.classMean)
        results[index].expected = expected
        return expected
    }

    private func openQuestion<Model>(
        _ id: QuestionID, in reel: MakeupReel<Model>, at now: Timestamp, refusal: ProtocolError.Code
    ) throws(ProtocolError) -> Question {
        guard let asked = questions[id], let record = reel.asked[id] else {
            throw ProtocolError(
                .unknownQuestion, LessonWords.word("lesson.question.unknown", ["question": .int(id.rawValue)]))
        }
        switch asked.state {
        case .open:
            if let deadline = asked.deadline, now >= deadline {
                throw ProtocolError(refusal, LessonWords.word("lesson.answer.timeUp", ["question": .int(id.rawValue)]))
            }
            return record.question
        case .cancelled:
            throw ProtocolError(
                refusal, LessonWords.word("lesson.question.cancelled", ["question": .int(id.rawValue)]))
        case .locked, .resolved:
            let why: Word
            switch asked.lockReason {
            case .advanced, nil:
                why = LessonWords.word("lesson.closed.advanced", ["generation": .int(record.question.askedAt)])
            case .timeLimit: why = LessonWords.word("lesson.closed.timeLimit")
            case .closedByTeacher: why = LessonWords.word("lesson.closed.byTeacher")
            }
            throw ProtocolError(
                refusal,
                LessonWords.word("lesson.answer.closedWhen", ["question": .int(id.rawValue), "why": .word(why)]))
        }
    }
}
