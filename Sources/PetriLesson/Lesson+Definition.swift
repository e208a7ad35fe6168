import PetriProtocol
import PetriSimulation
import PetriWords

extension Lesson {
    /// Creates a lesson from a lesson file, replaying it to the generation it was saved at.
    ///
    /// The new lesson has the file's model state, history and action log (so it can rewind
    /// into the past), and no students or questions.
    ///
    /// - Parameters:
    ///   - definition: The lesson file (its `model` must be this lesson's model).
    ///   - teacherToken: The token the server minted for the new lesson's teacher.
    ///   - configuration: Options and tuning.
    /// - Throws: `invalid-definition` saying which part does not fit, `invalid-parameter`, or
    ///   `out-of-range` when the file is longer than ``LessonConfiguration/maxGenerations``.
    ///   - source: What reading the model's parameters needs (its file, for a model read from one).
    package init(
        definition: LessonDefinition, teacherToken: AccessToken, configuration: LessonConfiguration,
        source: Model.Source
    ) throws(ProtocolError) {
        let kind = Model.kind(of: source)
        guard definition.model == kind else {
            throw ProtocolError(
                .invalidDefinition,
                LessonWords.word(
                    "lesson.file.otherModel", ["file": .text(definition.model.rawValue), "model": .text(kind.rawValue)])
            )
        }
        guard (0...configuration.maxGenerations).contains(definition.generation) else {
            throw ProtocolError(
                .outOfRange,
                LessonWords.word(
                    "lesson.file.pastLimit",
                    ["generation": .int(definition.generation), "limit": .int(configuration.maxGenerations)])
            )
        }
        let parameters: Model.Parameters
        do {
            parameters = try definition.parameters.decode(
                as: Model.Parameters.self, userInfo: Model.parameterDecodingInfo(source))
        } catch {
            throw ProtocolError(
                .invalidDefinition, LessonWords.word("lesson.file.badParameters", ["problem": .text(error.message)]))
        }
        try self.init(
            parameters: parameters, seed: definition.seed, teacherToken: teacherToken, configuration: configuration)
        try replay(definition)
    }

    private mutating func replay(_ definition: LessonDefinition) throws(ProtocolError) {
        for timed in definition.actions {
            guard timed.generation >= run.generation, timed.generation <= definition.generation else {
                throw ProtocolError(
                    .invalidDefinition,
                    LessonWords.word(
                        "lesson.file.actionOrder",
                        ["generation": .int(definition.generation), "at": .int(timed.generation)])
                )
            }
            try stepReplay(to: timed.generation)
            do {
                try run.apply(timed.action)
            } catch {
                throw ProtocolError(
                    .invalidDefinition,
                    LessonWords.word(
                        "lesson.file.badAction",
                        ["generation": .int(timed.generation), "problem": .text(error.message)]))
            }
        }
        try stepReplay(to: definition.generation)
        if let expected = definition.stateHash, expected != run.model.stateHash {
            throw ProtocolError(
                .invalidDefinition,
                LessonWords.word("lesson.file.notReproduced"))
        }
    }

    private mutating func stepReplay(to generation: Int) throws(ProtocolError) {
        while run.generation < generation {
            guard run.step() else {
                throw ProtocolError(
                    .invalidDefinition,
                    LessonWords.word(
                        "lesson.file.runEndsEarly", ["generation": .int(run.generation), "file": .int(generation)]))
            }
        }
    }

    /// The teacher branches a new lesson at this generation, with some parameters changed.
    ///
    /// The clone's file is this lesson's file plus the changes as actions at the current
    /// generation, so it replays to this exact state and then diverges.
    mutating func clone(changes: [ParameterChange]) throws(ProtocolError) -> [Effect] {
        var branched = run.model
        for change in changes {
            try Self.checkText(of: change.action)
            do {
                try branched.apply(change.action)
            } catch {
                throw ProtocolError(simulation: error)
            }
        }
        var file = try definition()
        file.actions += changes.map { TimedAction(generation: run.generation, action: $0.action) }
        file.stateHash = branched.stateHash
        return [.spawn(file)]
    }
}

extension Lesson {
    /// Rebuilds a lesson after a restart from how it was created and its persisted log.
    ///
    /// - Parameters:
    ///   - definition: The lesson file it was created from (a fresh lesson's is its parameters and seed at generation 0).
    ///   - teacherToken: Its teacher token.
    ///   - configuration: Its configuration.
    ///   - log: Every persisted ``LessonLogEntry``, in order.
    /// - Throws: `invalid-definition` if an entry is out of sequence or no longer accepted.
    package static func rebuild(
        definition: LessonDefinition, teacherToken: AccessToken, configuration: LessonConfiguration,
        log: [LessonLogEntry], source: Model.Source
    ) throws(ProtocolError) -> Lesson {
        var lesson = try Lesson(
            definition: definition, teacherToken: teacherToken, configuration: configuration, source: source)
        try lesson.replayLog(log)
        return lesson
    }

    /// Rebuilds a lesson after a restart from a durable checkpoint and the log entries after it.
    ///
    /// Gives the same lesson as ``rebuild(definition:teacherToken:configuration:log:source:)`` with the
    /// whole log, while replaying only the tail.
    ///
    /// - Parameters:
    ///   - checkpoint: The lesson's newest durable checkpoint.
    ///   - teacherToken: Its teacher token.
    ///   - configuration: Its configuration.
    ///   - log: The persisted entries after the checkpoint's, in order.
    /// - Throws: `invalid-definition` if the checkpoint does not restore to what it records (see
    ///   ``init(restoring:teacherToken:configuration:source:)``), or an entry is out of sequence or no
    ///   longer accepted. Then rebuild from the whole log instead.
    package static func rebuild(
        checkpoint: LessonCheckpoint, teacherToken: AccessToken, configuration: LessonConfiguration,
        log: [LessonLogEntry], source: Model.Source
    ) throws(ProtocolError) -> Lesson {
        var lesson = try Lesson(
            restoring: checkpoint, teacherToken: teacherToken, configuration: configuration, source: source)
        try lesson.replayLog(log)
        return lesson
    }

    /// Handles persisted entries again, in order, then marks everyone offline (nobody is
    /// connected after a restart).
    private mutating func replayLog(_ log: [LessonLogEntry]) throws(ProtocolError) {
        for entry in log {
            guard entry.sequence == logSequence + 1 else {
                throw ProtocolError(.invalidDefinition, "The log skips from entry \(logSequence) to \(entry.sequence).")
            }
            if let error = handle(entry.command, from: entry.actor, at: entry.time).rejection {
                throw ProtocolError(
                    .invalidDefinition, "Log entry \(entry.sequence) no longer replays: \(error.message)")
            }
        }
        markEveryoneOffline()
    }

    /// The timers a rebuilt lesson needs: ticking if it was running, open questions' deadlines.
    package var pendingTimers: [Effect] {
        var effects: [Effect] = []
        if let rate = runRate { effects.append(.startTicking(every: .seconds(1 / rate))) }
        if case .until(let time)? = plan?.waiting { effects.append(.schedulePlanTimer(at: time)) }
        for question in questions where question.state == .open {
            if let deadline = question.deadline { effects.append(.scheduleDeadline(question.id, at: deadline)) }
        }
        if let hunt { effects.append(.scheduleHuntEnd(round: hunt.number, at: hunt.endsAt)) }
        return effects
    }
}
