import PetriProtocol
import PetriSimulation
import PetriWords

extension Lesson {
    /// The header of the current generation's snapshot.
    var snapshotHeader: SnapshotHeader {
        SnapshotHeader(model: run.model.kind, timeline: timeline, generation: run.generation)
    }

    /// What the run's end says, when it has ended.
    var runOverMessage: String? {
        run.model.isOver ? (run.model.endMessage ?? "The simulation has ended.") : nil
    }

    /// What the run's end says, as a placeholder's value: the model's own sentence, in each reader's language
    /// while the models' catalogs translate it.
    var runOverSentence: WordArgument? {
        runOverMessage.map {
            ModelWords.argument($0, key: ModelWords.extinctKey(model: run.model.modelDescription.model))
        }
    }

    /// The run's end as a refusal: the model's own sentence, in each reader's language while the models'
    /// catalogs translate it (a model file's own sentence as written).
    var runOverError: ProtocolError? {
        runOverMessage.map { message in
            ModelWords.word(message, key: ModelWords.extinctKey(model: run.model.modelDescription.model))
                .map { ProtocolError(.runOver, $0) } ?? ProtocolError(.runOver, message)
        }
    }

    /// The welcome, the history since `lastSeen` and the current picture, for the sender; a student
    /// who just joined under another name than the one they typed is told which (`requestedName`).
    func welcomeEffects(
        for participant: Participant, token: AccessToken?, lastSeen: TimelinePosition?, requestedName: String? = nil
    ) -> [Effect] {
        let (from, missed) = historyStart(after: lastSeen)
        var student: Student?
        if case .student(let id) = participant { student = roster[id] }
        let isTeacher = participant == .teacher
        // Only the newest questions: a welcome's size (and a resume's cost) does not grow with
        // the lesson; the open question is the newest, so it is always among them.
        let older = max(0, questions.count - QuestionPaging.welcomeWindow)
        let recent = questions[older...]
        // The teacher attaching mid-question sees who has answered so far, not "none yet".
        let open = questions.last.flatMap { $0.state == .open ? $0 : nil }
        // Kicked students' answers do not count, as in `answerCount`.
        let answeredBy =
            isTeacher ? open.map { $0.answers.keys.filter { roster[$0]?.isKicked == false }.sorted() } : nil
        let isObserver = participant == .observer
        let welcome = Welcome(
            role: isTeacher ? .teacher : isObserver ? .observer : .student,
            you: student.map {
                StudentProfile(
                    student: $0.id, name: $0.name, token: token, score: $0.score, streak: $0.streak,
                    requestedName: requestedName)
            },
            model: run.model.kind, metrics: run.model.metrics,
            parameters: currentParametersJSON,
            position: position, running: runRate, runOver: runOverMessage, ended: isEnded,
            options: configuration.options, questions: recent.map(\.info),
            answers: student.map { answerRecords(of: $0.id, in: recent) } ?? [],
            leaderboard: isTeacher
                ? Ranking(roster.students).board(top: roster.students.count)
                : leaderboard(for: student?.id),
            historyFrom: from, missed: missed,
            roster: isTeacher ? rosterEntries : nil,
            checkpoint: isTeacher ? savedCheckpoint?.run.generation : nil,
            answered: answeredBy?.count, answeredBy: answeredBy, olderQuestions: older > 0 ? older : nil,
            classSize: isObserver ? classSize : nil, presentation: run.model.presentation)
        var effects: [Effect] = [.reply(.welcome(welcome))]
        effects += historyPages(from: from).map { .reply(.history($0)) }
        effects.append(.replySnapshot(snapshotHeader, run.model.snapshot()))
        if selection != configuration.options.selection { effects.append(.reply(.selection(selection))) }
        // Someone arriving mid-hunt sees the round, with what was eaten so far.
        if let info = huntInfo { effects.append(.reply(.huntStarted(info))) }
        // Someone arriving after the teacher ran replicates sees the same band as the class.
        if let bands = replicates.latestBands { effects.append(.reply(.replicates(bands))) }
        // A student coming back to an ended lesson sees their closing result again.
        if isEnded, let student, let closing = closing(for: student) { effects.append(.reply(.closing(closing))) }
        // A student with extra time learns it again, and when the open question closes for them.
        if let student, student.extraTime > 0 { effects.append(.reply(yourTime(for: student.id))) }
        if let student, let open = questions.last, open.state == .open, let hint = open.hint,
            open.hintsTaken.contains(student.id)
        {
            effects.append(.reply(.hint(question: open.id, text: hint)))
        }
        return effects
    }

    /// The model's parameters as JSON (from ``parametersJSON`` while they have not changed).
    var currentParametersJSON: JSONValue {
        if let kept = parametersJSON.value, kept.parameters == run.model.parameters { return kept.json }
        return (try? JSONValue(encoding: run.model.parameters)) ?? .null
    }

    /// Keeps the parameters' JSON for the welcomes that follow (before each arrival's welcome).
    mutating func keepParametersJSON() {
        guard parametersJSON.value?.parameters != run.model.parameters else { return }
        parametersJSON.value = (run.model.parameters, (try? JSONValue(encoding: run.model.parameters)) ?? .null)
    }

    /// Where the history a client needs starts, and whether it missed anything while away.
    ///
    /// A client that has never been here gets everything and missed nothing; one that saw
    /// this timeline gets what came after its last generation; one that saw another timeline
    /// (the teacher rewound or restored since) gets everything, and missed something.
    func historyStart(after lastSeen: TimelinePosition?) -> (from: Int, missed: Bool) {
        guard let seen = lastSeen else { return (0, false) }
        if seen.timeline == timeline, (0...run.generation).contains(seen.generation) {
            return (seen.generation + 1, seen.generation < run.generation)
        }
        return (0, true)
    }

    /// The stats from `from` to the current generation, in pages.
    func historyPages(from: Int) -> [HistoryPage] {
        let size = configuration.historyPageSize
        return stride(from: from, through: run.generation, by: size).map { start in
            let end = min(start + size - 1, run.generation)
            return HistoryPage(timeline: timeline, from: start, to: end, stats: Array(run.history[start...end]))
        }
    }

    /// One page of history `from...to`; a page ends early when the range is longer than a page.
    func historyReply(from: Int?, to: Int?) throws(ProtocolError) -> [Effect] {
        let first = from ?? 0
        let last = to ?? run.generation
        guard 0 <= first, first <= last, last <= run.generation else {
            throw ProtocolError(
                .outOfRange,
                LessonWords.word(
                    "lesson.history.outside",
                    ["generation": .int(run.generation), "first": .int(first), "last": .int(last)]))
        }
        let end = min(last, first + configuration.historyPageSize - 1)
        let page = HistoryPage(timeline: timeline, from: first, to: end, stats: Array(run.history[first...end]))
        return [.reply(.history(page))]
    }

    /// One page of questions asked before `before` (the newest when nil), oldest first.
    func questionPage(before: QuestionID?, limit: Int?, for student: StudentID?) throws(ProtocolError) -> QuestionPage {
        let limit = limit ?? QuestionPaging.defaultPage
        guard (1...QuestionPaging.maxPage).contains(limit) else {
            throw ProtocolError(
                .outOfRange,
                LessonWords.word("lesson.questions.limit", ["max": .int(QuestionPaging.maxPage), "limit": .int(limit)]))
        }
        var end = questions.count
        if let before {
            guard let index = questions.firstIndex(where: { $0.id == before }) else {
                throw ProtocolError(
                    .unknownQuestion,
                    LessonWords.word("lesson.questions.unknownBefore", ["question": .int(before.rawValue)]))
            }
            end = index
        }
        let start = max(0, end - limit)
        let page = questions[start..<end]
        return QuestionPage(
            questions: page.map(\.info), answers: student.map { answerRecords(of: $0, in: page) } ?? [],
            more: start > 0)
    }

    /// A student's own answers, with points where resolved.
    func answerRecords(of id: StudentID, in questions: ArraySlice<Question>? = nil) -> [AnswerRecord] {
        (questions ?? self.questions[...]).compactMap { question in
            guard let answer = question.answers[id] else { return nil }
            return AnswerRecord(
                question: question.id, prediction: answer.prediction, answeredAt: answer.answeredAt,
                hintTaken: question.hintsTaken.contains(id), points: answer.points)
        }
    }
}
