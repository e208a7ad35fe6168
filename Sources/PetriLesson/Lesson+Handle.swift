import PetriProtocol
import PetriSimulation
import PetriWords

extension Lesson {
    package typealias Effect = LessonEffect<Model>

    /// Handles one command: checks who sent it, then changes the lesson and says what to do.
    ///
    /// Accepted commands that change what a restarted lesson must remember start their effects
    /// with ``LessonEffect/persist(_:facts:)``, which also holds what the command established for
    /// the store's tables; store it before performing the rest. A rejected command changes nothing.
    ///
    /// - Parameters:
    ///   - command: What to do.
    ///   - actor: Who asked, as the server established it for the connection.
    ///   - now: The server's time now (answer times, time limits and the speed bonus use it).
    /// - Returns: The effects to perform in order, or the refusal to send back.
    package mutating func handle(_ command: LessonCommand, from actor: Participant, at now: Timestamp) -> LessonOutcome<
        Model
    > {
        facts = []
        defer { facts = [] }
        do {
            let timelineBefore = timeline
            let planBefore = plan
            let huntBefore = hunt?.number
            var effects = try perform(command, from: actor, at: now)
            cancelStaleReplicates(timelineBefore: timelineBefore, into: &effects)
            if planBefore != nil, command.isDurable, !isEnded {
                continuePlan(at: now, into: &effects)
                if plan != planBefore || hunt?.number != huntBefore, let state = planState {
                    effects.append(.send(.plan(state), to: .teacher))
                }
            }
            if command.isDurable, !effects.isEmpty {
                logSequence += 1
                let entry = LessonLogEntry(sequence: logSequence, time: now, actor: actor, command: command)
                effects.insert(.persist(entry, facts: facts), at: 0)
            }
            return .accepted(effects)
        } catch {
            return .rejected(error)
        }
    }

    private mutating func perform(
        _ command: LessonCommand, from actor: Participant, at now: Timestamp
    ) throws(ProtocolError) -> [Effect] {
        if isEnded, !command.isAllowedAfterEnd {
            throw ProtocolError(.lessonEnded, LessonWords.word("lesson.refusal.ended"))
        }
        switch command {
        case .join(let name, let token):
            try requireGuest(actor)
            return try join(name: name, token: token)
        case .resume(let token, let lastSeen):
            try requireGuest(actor)
            return try resume(token: token, lastSeen: lastSeen)
        case .attachTeacher(let token, let lastSeen):
            try requireGuest(actor)
            return try attachTeacher(token: token, lastSeen: lastSeen)
        case .attachObserver(let token, let lastSeen):
            try requireGuest(actor)
            return try attachObserver(token: token, lastSeen: lastSeen)
        case .left(let session):
            guard case .student(let id) = actor else { throw Self.serverOnly }
            return left(id, session: session)
        case .tick:
            guard actor == .server else { throw Self.serverOnly }
            return tick(at: now)
        case .deadline(let question):
            guard actor == .server else { throw Self.serverOnly }
            return deadlinePassed(question, at: now)
        case .replicatesFinished(let outcome):
            guard actor == .server else { throw Self.serverOnly }
            return replicatesFinished(outcome)
        case .huntEnd(let round):
            guard actor == .server else { throw Self.serverOnly }
            return huntEnded(round, at: now)
        case .startHunt(let catches, let seconds):
            try requireTeacher(actor, to: LessonWords.word("lesson.action.startHunt"))
            return try startHunt(catches: catches, seconds: seconds, at: now)
        case .setSelection(let mode):
            try requireTeacher(actor, to: LessonWords.word("lesson.action.setSelection"))
            return try setSelection(mode)
        case .catchCreature(let creature):
            let student = try requireStudent(actor, to: LessonWords.word("lesson.action.catchCreatures"))
            return try catchCreature(creature, by: student, at: now)
        case .spot(let spotter):
            let student = try requireStudent(actor, to: LessonWords.word("lesson.action.catchCreatures"))
            return spot(spotter, student: student, at: now)
        case .step(let count):
            try requireTeacher(actor, to: LessonWords.word("lesson.action.stepSimulation"))
            return try step(count: count, at: now)
        case .run(let rate):
            try requireTeacher(actor, to: LessonWords.word("lesson.action.runSimulation"))
            return try startRunning(rate: rate)
        case .pause:
            try requireTeacher(actor, to: LessonWords.word("lesson.action.pauseSimulation"))
            return pause()
        case .act(let action):
            try requireTeacher(actor, to: LessonWords.word("lesson.action.changeModel"))
            return try act(action)
        case .rewind(let count):
            try requireTeacher(actor, to: LessonWords.word("lesson.action.rewind"))
            return try rewind(count: count)
        case .checkpoint:
            try requireTeacher(actor, to: LessonWords.word("lesson.action.saveCheckpoint"))
            return saveCheckpoint()
        case .restore:
            try requireTeacher(actor, to: LessonWords.word("lesson.action.restoreCheckpoint"))
            return try restoreCheckpoint()
        case .clone(let changes):
            try requireTeacher(actor, to: LessonWords.word("lesson.action.cloneLesson"))
            return try clone(changes: changes)
        case .exportDefinition:
            try requireTeacher(actor, to: LessonWords.word("lesson.action.exportLesson"))
            return [.reply(.definition(try definition()))]
        case .kick(let student):
            try requireTeacher(actor, to: LessonWords.word("lesson.action.removeStudents"))
            return try kick(student)
        case .eraseStudent(let student):
            try requireTeacher(actor, to: LessonWords.word("lesson.action.eraseStudents"))
            return try erase(student)
        case .extraTime(let student, let percent):
            try requireTeacher(actor, to: LessonWords.word("lesson.action.giveExtraTime"))
            return try giveExtraTime(student, percent: percent, at: now)
        case .end:
            try requireTeacher(actor, to: LessonWords.word("lesson.action.endLesson"))
            return end()
        case .ask(let spec):
            try requireTeacher(actor, to: LessonWords.word("lesson.action.askQuestions"))
            return try ask(spec, at: now)
        case .closeQuestion(let question):
            try requireTeacher(actor, to: LessonWords.word("lesson.action.closeQuestions"))
            return try close(question, at: now)
        case .exportResults:
            try requireTeacher(actor, to: LessonWords.word("lesson.action.exportResults"))
            return [.reply(.results(csv: resultsCSV()))]
        case .showAnswers(let question):
            if actor != .observer { try requireTeacher(actor, to: LessonWords.word("lesson.action.showAnswers")) }
            return try showAnswers(question)
        case .replicates(let count, let horizon, let metric):
            try requireTeacher(actor, to: LessonWords.word("lesson.action.runReplicates"))
            return try requestReplicates(count: count, horizon: horizon, metric: metric)
        case .plan(let step):
            if step == .timer {
                guard actor == .server else { throw Self.serverOnly }
            } else {
                try requireTeacher(actor, to: LessonWords.word("lesson.action.movePlan"))
            }
            return try planStep(step, at: now)
        case .answer(let question, let prediction, let reason):
            let student = try requireStudent(actor, to: LessonWords.word("lesson.action.answerQuestions"))
            return try answer(question, with: prediction, reason: reason, from: student, at: now)
        case .report:
            try requireTeacher(actor, to: LessonWords.word("lesson.action.downloadReport"))
            let report = report()
            return [
                .reply(.report(csv: report.csv, html: report.html(), data: report.data))
            ]
        case .guide:
            if actor == .guest || actor == .server {
                throw ProtocolError(.notJoined, LessonWords.word("lesson.refusal.joinFirst"))
            }
            let story: String? = run.model.modelDescription.story
            return [.reply(.guide(Guide(story: story)))]
        case .reasons(let question):
            try requireTeacher(actor, to: LessonWords.word("lesson.action.readReasons"))
            return [.reply(.reasons(question: question, reasons: try reasons(for: question)))]
        case .showReasons(let question, let students, let names):
            try requireTeacher(actor, to: LessonWords.word("lesson.action.showReasons"))
            return try showReasons(question, of: students, names: names)
        case .takeHint(let question):
            let student = try requireStudent(actor, to: LessonWords.word("lesson.action.takeHints"))
            return try takeHint(question, for: student, at: now)
        case .history(let from, let to):
            if case .student = actor {
                _ = try requireStudent(actor, to: LessonWords.word("lesson.action.readHistory"))
            } else if actor != .observer {
                try requireTeacher(actor, to: LessonWords.word("lesson.action.readHistory"))
            }
            return try historyReply(from: from, to: to)
        case .questions(let before, let limit):
            var student: StudentID?
            if case .student = actor {
                student = try requireStudent(actor, to: LessonWords.word("lesson.action.readQuestions"))
            } else {
                try requireTeacher(actor, to: LessonWords.word("lesson.action.readQuestions"))
            }
            return [.reply(.questions(try questionPage(before: before, limit: limit, for: student)))]
        }
    }

    private static var serverOnly: ProtocolError {
        ProtocolError(.notAuthorised, LessonWords.word("lesson.refusal.serverOnly"))
    }

    private func requireGuest(_ actor: Participant) throws(ProtocolError) {
        guard actor == .guest else {
            throw ProtocolError(.alreadyJoined, LessonWords.word("lesson.refusal.alreadyJoined"))
        }
    }

    private func requireTeacher(_ actor: Participant, to action: Word) throws(ProtocolError) {
        switch actor {
        case .teacher: return
        case .guest: throw ProtocolError(.notJoined, LessonWords.word("lesson.refusal.joinFirst"))
        case .student, .server:
            throw ProtocolError(
                .notAuthorised, LessonWords.word("lesson.refusal.teacherOnly", ["action": .word(action)]))
        case .observer:
            throw ProtocolError(
                .notAuthorised,
                LessonWords.word("lesson.refusal.teacherOnlyNotProjector", ["action": .word(action)]))
        }
    }

    /// Checks that `actor` is a student still in the lesson and returns their id.
    private func requireStudent(_ actor: Participant, to action: Word) throws(ProtocolError) -> StudentID {
        switch actor {
        case .student(let id):
            guard let student = roster[id] else {
                throw ProtocolError(
                    .unknownStudent, LessonWords.word("lesson.student.unknown", ["student": .int(id.rawValue)]))
            }
            guard !student.isKicked else {
                throw ProtocolError(.kicked, LessonWords.word("lesson.student.kicked"))
            }
            return id
        case .guest: throw ProtocolError(.notJoined, LessonWords.word("lesson.refusal.joinFirst"))
        case .teacher, .observer, .server:
            throw ProtocolError(
                .notAuthorised, LessonWords.word("lesson.refusal.studentsOnly", ["action": .word(action)]))
        }
    }
}

extension LessonCommand {
    /// What an ended lesson still does: let people in to see results, export, clone, erase a student
    /// (the report is read after the end), and swallow timers that were already on their way.
    var isAllowedAfterEnd: Bool {
        switch self {
        case .resume, .attachTeacher, .attachObserver, .left, .tick, .deadline, .history, .questions, .exportResults,
            .exportDefinition, .clone, .replicatesFinished, .guide, .reasons, .report, .huntEnd, .eraseStudent:
            true
        default:
            false
        }
    }
}
