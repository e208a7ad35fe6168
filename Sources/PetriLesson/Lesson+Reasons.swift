import PetriProtocol
import PetriSimulation
import PetriWords

/// Reasons with predictions: a student may say why ("because the background got darker"); the teacher
/// reads them all and may show chosen ones to the class, anonymously unless they choose names.
extension Lesson {
    /// The reason as stored: sanitised like names, nil when empty.
    ///
    /// - Throws: `invalid-field` when it is longer than ``ReasonRules/maxCharacters`` characters.
    static func cleanReason(_ typed: String?) throws(ProtocolError) -> String? {
        guard let typed else { return nil }
        let clean = TextSanitiser.clean(typed, maxCharacters: Int.max)
        guard clean.count <= ReasonRules.maxCharacters else {
            throw ProtocolError(
                .invalidField,
                LessonWords.word(
                    "lesson.reason.tooLong", ["count": .int(ReasonRules.maxCharacters), "given": .int(clean.count)]))
        }
        return clean.isEmpty ? nil : clean
    }

    /// Every reason given for a question, in student order, with who gave it.
    func reasons(for id: QuestionID) throws(ProtocolError) -> [StudentReason] {
        guard let question = questions.first(where: { $0.id == id }) else {
            throw ProtocolError(
                .unknownQuestion, LessonWords.word("lesson.question.unknown", ["question": .int(id.rawValue)]))
        }
        return question.reasons.sorted { $0.key < $1.key }.compactMap { student, reason in
            guard let entry = roster[student], let answer = question.answers[student] else { return nil }
            return StudentReason(student: student, name: entry.name, prediction: answer.prediction, reason: reason)
        }
    }

    /// Broadcasts the chosen students' reasons, in the order the teacher listed them.
    func showReasons(_ id: QuestionID, of students: [StudentID], names: Bool) throws(ProtocolError) -> [Effect] {
        guard let question = questions.first(where: { $0.id == id }) else {
            throw ProtocolError(
                .unknownQuestion, LessonWords.word("lesson.question.unknown", ["question": .int(id.rawValue)]))
        }
        guard !students.isEmpty else {
            throw ProtocolError(.invalidField, LessonWords.word("lesson.reasons.noneChosen"))
        }
        var shown: [SharedReason] = []
        for student in students {
            guard let reason = question.reasons[student], roster[student]?.isKicked == false else {
                throw ProtocolError(
                    .invalidField,
                    LessonWords.word(
                        "lesson.reasons.notGiven", ["student": .int(student.rawValue), "question": .int(id.rawValue)]))
            }
            shown.append(SharedReason(reason: reason, name: names ? roster[student]?.name : nil))
        }
        return [.broadcast(.reasonsShown(question: id, reasons: shown))]
    }
}
