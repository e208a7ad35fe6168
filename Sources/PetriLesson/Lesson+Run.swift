import PetriProtocol
import PetriSimulation
import PetriWords

extension Lesson {
    /// Steps a teacher may take at once.
    static var stepCounts: ClosedRange<Int> { 1...100 }
    /// Auto-run rates, generations per second.
    static var maxRate: Double { 30 }
    /// The slowest auto-run: one generation every 100 s. Without a floor a tiny positive rate
    /// (5e-324) made the tick interval `1 / rate` infinite, and building its `Duration` trapped.
    static var minRate: Double { 0.01 }

    /// The teacher advances 1...100 generations.
    mutating func step(count: Int, at now: Timestamp) throws(ProtocolError) -> [Effect] {
        guard Self.stepCounts.contains(count) else {
            throw ProtocolError(.outOfRange, LessonWords.word("lesson.step.outOfRange", ["count": .int(count)]))
        }
        try checkCanAdvance()
        try checkNoHunt()
        if let extended = extendedWindow(at: now) {
            let seconds = (extended.until.milliseconds(since: now) + 999) / 1000
            throw ProtocolError(
                .questionOpen,
                LessonWords.word(
                    "lesson.step.extraTime",
                    ["question": .int(extended.question.id.rawValue), "seconds": .int(Int(seconds))]))
        }
        return advance(by: count, at: now)
    }

    /// The teacher starts auto-running; the server sends ``LessonCommand/tick`` at the given interval.
    mutating func startRunning(rate: Double) throws(ProtocolError) -> [Effect] {
        guard rate.isFinite, rate >= Self.minRate, rate <= Self.maxRate else {
            throw ProtocolError(
                .outOfRange, LessonWords.word("lesson.run.rateOutOfRange", ["rate": .decimal("\(rate)")]))
        }
        try checkCanAdvance()
        runRate = rate
        return [.startTicking(every: .seconds(1 / rate)), .broadcast(.running(rate: rate))]
    }

    /// The teacher pauses; pausing while paused only confirms it to the sender.
    mutating func pause() -> [Effect] {
        guard runRate != nil else { return [.reply(.paused)] }
        var effects: [Effect] = []
        stopRunning(into: &effects)
        return effects
    }

    /// The auto-run timer fired: one generation, unless the lesson paused meanwhile or a student's extra
    /// time on the open question runs on (the run waits for it; see `Lesson+ExtraTime.swift`).
    mutating func tick(at now: Timestamp) -> [Effect] {
        guard runRate != nil, !isEnded, extendedWindow(at: now) == nil else { return [] }
        guard (try? checkCanAdvance()) != nil else {
            var effects: [Effect] = []
            stopRunning(into: &effects)
            return effects
        }
        // The class is the selection: the auto-run hunts each generation (the round's end steps it), and waits
        // while a round is under way.
        if selection != .formula, isHuntable {
            guard hunt == nil else { return [] }
            return (try? startHunt(catches: nil, seconds: nil, at: now)) ?? []
        }
        return advance(by: 1, at: now)
    }

    /// The teacher changes the model between generations (it does not lock the open question:
    /// nothing about the future is revealed until the simulation advances).
    mutating func act(_ action: ModelAction) throws(ProtocolError) -> [Effect] {
        try Self.checkText(of: action)
        // Only a round's end applies a hunt: the teacher cannot remove creatures by hand.
        if action.isHunt { throw ProtocolError(.invalidAction, LessonWords.word("lesson.hunt.noRound")) }
        try checkNoHunt()
        do {
            try run.apply(action)
        } catch {
            throw ProtocolError(simulation: error)
        }
        return [
            .broadcast(.actionApplied(TimedAction(generation: run.generation, action: action))),
            .broadcast(.stats(timeline: timeline, stats: run.history[run.generation])),
            .broadcastSnapshot(snapshotHeader, run.model.snapshot()),
        ]
    }

    /// Refuses action text that would reach students' terminals with control or bidi characters.
    ///
    /// Text parameters and patterns are broadcast as they are (an RLE pattern needs its line
    /// breaks), so instead of cleaning them the lesson refuses escapes, other control
    /// characters and format characters outright.
    static func checkText(of action: ModelAction) throws(ProtocolError) {
        let text: String
        switch action {
        case .set(let name, .text(let value)): text = name + value
        case .set(let name, _): text = name
        case .place(let pattern, _, _): text = pattern
        case .toggle, .hunt: return
        }
        let unsafe = text.unicodeScalars.contains { scalar in
            switch scalar.properties.generalCategory {
            case .control: !["\n", "\r", "\t"].contains(scalar)
            case .format: true
            default: false
            }
        }
        if unsafe {
            throw ProtocolError(
                .invalidAction, LessonWords.word("lesson.action.unsafeText"))
        }
    }

    /// Refuses to advance a run that is over or at the generation limit.
    func checkCanAdvance() throws(ProtocolError) {
        if let reason = runOverSentence {
            throw ProtocolError(.runOver, LessonWords.word("lesson.run.over", ["reason": reason]))
        }
        guard run.generation < configuration.maxGenerations else {
            throw ProtocolError(
                .outOfRange, LessonWords.word("lesson.run.limit", ["count": .int(configuration.maxGenerations)]))
        }
    }

    /// Advances up to `count` generations: locks the open question first, then sends each new
    /// generation's stats, then one snapshot, then the resolutions of questions that came due.
    ///
    /// Only the last generation's snapshot is sent: the ones in between would be produced in
    /// the same instant, and a client always wants the newest picture (stats are never skipped).
    /// Resolutions come after the snapshot: a resolution is one message per student, and the
    /// picture everyone is waiting for should not queue behind them. Each resolution still
    /// follows the stats of the generation it was resolved at.
    mutating func advance(by count: Int, at now: Timestamp) -> [Effect] {
        var effects: [Effect] = []
        var resolutions: [Effect] = []
        lockOpenQuestion(at: now, into: &effects)
        var stepped = 0
        while stepped < count, run.generation < configuration.maxGenerations, run.step() {
            stepped += 1
            effects.append(.broadcast(.stats(timeline: timeline, stats: run.history[run.generation])))
            resolveDueQuestions(into: &resolutions)
        }
        effects.append(.broadcastSnapshot(snapshotHeader, run.model.snapshot()))
        effects += resolutions
        if let message = runOverMessage {
            let sentence = ModelWords.word(message, key: ModelWords.extinctKey(model: run.model.modelDescription.model))
            effects.append(.broadcast(.runOver(message: sentence.map(Sentence.init) ?? Sentence(message))))
            stopRunning(into: &effects)
        }
        return effects
    }

    /// Stops auto-running, if running.
    mutating func stopRunning(into effects: inout [Effect]) {
        guard runRate != nil else { return }
        runRate = nil
        effects += [.stopTicking, .broadcast(.paused)]
    }
}
