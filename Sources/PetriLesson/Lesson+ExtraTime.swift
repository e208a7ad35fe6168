import PetriProtocol
import PetriWords

/// Extra time: the teacher's accommodation for a student on timed questions (WCAG 2.2.1).
///
/// A student's extra time is a percent of a limit on top (0...``maxExtraTime``), kept in the roster
/// and set by a logged command, so a restart or a replay keeps it. It applies at once, to the open
/// question too: a student's window on a timed question is `timeLimit × (100 + percent) / 100` from
/// its opening, whenever it was given.
///
/// Predictions still lock before the outcome exists: answers are only taken while the simulation
/// stands at the generation the question was asked at. So when the class's time runs out and a
/// student's extended window is still running, the question stays open for them (the others get
/// their lock) and the simulation waits: auto-run ticks do nothing and `step` is refused with the
/// time left, until the last extended window ends or the teacher closes the question. The wait is
/// bounded by the limit itself (extra time is at most 100%). Before the class's time runs out a step
/// locks the question for everyone, as it always has (the teacher chose to move on).
extension Lesson {
    /// The most extra time a teacher can give: twice the time, so the class's wait is bounded.
    static var maxExtraTime: Int { 100 }

    /// `seconds` of a time limit as `student`'s accommodation stretches it, in milliseconds.
    ///
    /// Every timed activity uses this: questions now, and a hunt's limit when hunts have limits
    /// (call it with the hunt's seconds; nothing else needs to change for the student's own window).
    func allowedMilliseconds(_ seconds: Int64, for student: StudentID?) -> Int64 {
        let percent = Int64(student.flatMap { roster[$0]?.extraTime } ?? 0)
        return seconds * (100 + percent) * 10
    }

    /// When `question` closes for `student` (nil for a question without a time limit).
    func deadline(of question: Question, for student: StudentID?) -> Timestamp? {
        guard let classDeadline = question.deadline else { return nil }
        let limit = classDeadline.milliseconds(since: question.openedAt)
        let percent = Int64(student.flatMap { roster[$0]?.extraTime } ?? 0)
        return question.openedAt.adding(milliseconds: limit * (100 + percent) / 100)
    }

    /// The last moment any student in the lesson may still answer `question`: the class's deadline, or
    /// later for a student with extra time (nil without a time limit).
    func lastDeadline(of question: Question) -> Timestamp? {
        guard let classDeadline = question.deadline else { return nil }
        let most = roster.students.reduce(0) { $1.isKicked ? $0 : max($0, $1.extraTime) }
        guard most > 0 else { return classDeadline }
        let limit = classDeadline.milliseconds(since: question.openedAt)
        return question.openedAt.adding(milliseconds: limit * Int64(100 + most) / 100)
    }

    /// While the class's time on the open question is up but a student's extra time runs on: the
    /// question and when the last extended window ends.
    func extendedWindow(at now: Timestamp) -> (question: Question, until: Timestamp)? {
        guard let index = openQuestionIndex, let classDeadline = questions[index].deadline, now >= classDeadline,
            let last = lastDeadline(of: questions[index]), now < last
        else { return nil }
        return (questions[index], last)
    }

    /// The teacher gives `id` extra time (`percent` of a limit on top; 0 takes it away).
    mutating func giveExtraTime(_ id: StudentID, percent: Int, at now: Timestamp) throws(ProtocolError) -> [Effect] {
        guard (0...Self.maxExtraTime).contains(percent) else {
            throw ProtocolError(
                .outOfRange,
                LessonWords.word(
                    "lesson.extraTime.outOfRange", ["percent": .int(percent), "max": .int(Self.maxExtraTime)]))
        }
        guard let student = roster[id], !student.isKicked else {
            throw ProtocolError(
                .unknownStudent, LessonWords.word("lesson.student.unknownOrRemoved", ["student": .int(id.rawValue)]))
        }
        roster.update(id) { $0.extraTime = percent }
        var effects: [Effect] = []
        if let entry = roster[id]?.entry { effects.append(.send(.student(entry), to: .teacher)) }
        effects.append(.send(yourTime(for: id), to: .student(id)))
        // The open question's last deadline may have moved: the timer fires at the next moment that matters.
        if let index = openQuestionIndex, let classDeadline = questions[index].deadline,
            let last = lastDeadline(of: questions[index])
        {
            effects.append(.scheduleDeadline(questions[index].id, at: now < classDeadline ? classDeadline : last))
        }
        return effects
    }

    /// What `student` is told of their own time: their extra time and the open timed question's close.
    func yourTime(for student: StudentID) -> ServerMessage {
        let percent = roster[student]?.extraTime ?? 0
        guard let index = openQuestionIndex, let closes = deadline(of: questions[index], for: student) else {
            return .yourTime(extraTime: percent, question: nil, closesAt: nil)
        }
        return .yourTime(extraTime: percent, question: questions[index].id, closesAt: closes)
    }

    /// `yourTime` for each online student with extra time (after a question opens).
    var yourTimeEffects: [Effect] {
        roster.students.compactMap { student in
            guard student.extraTime > 0, student.isOnline, !student.isKicked else { return nil }
            return .send(yourTime(for: student.id), to: .student(student.id))
        }
    }
}
