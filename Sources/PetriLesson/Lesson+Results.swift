import PetriProtocol
import PetriSimulation
import PetriWords

extension Lesson {
    /// The results as CSV: one line per answer, in question then student order.
    ///
    /// Columns: `student, question, prediction, actual, points, answered at, hint, reason, make-up` (headed in the
    /// lesson's language, in this order in every language); `hint` is
    /// `yes` when the student took the question's hint, `reason` their reason (formula-guarded like names). For a choice
    /// question `actual` names the option that came true and the value: `grow (57)`. `actual` and
    /// `points` are empty until the question resolves (and stay empty if it was cancelled);
    /// `answered at` is the server's time in ISO 8601 UTC. Removed students' answers are
    /// included (they did give them) but were never scored; erased students' are not. Each question's make-up
    /// answers follow the class's (`makeups`), `make-up` saying when the student joined the make-up (ISO 8601 UTC;
    /// empty for the class's own students), `answered at` when they answered in their make-up, `points` once the
    /// class's resolution reached them.
    package func resultsCSV(makeups: [MakeupLine] = []) -> String {
        var csv = CSVWriter()
        // The columns keep their order in every language; only their headings and yes/no are translated.
        csv.append(
            [
                LessonWords.text("lesson.results.student", in: language),
                LessonWords.text("lesson.results.question", in: language),
                LessonWords.text("lesson.results.prediction", in: language),
                LessonWords.text("lesson.results.actual", in: language),
                LessonWords.text("lesson.results.points", in: language),
                LessonWords.text("lesson.results.answeredAt", in: language),
                LessonWords.text("lesson.results.hint", in: language),
                LessonWords.text("lesson.results.reason", in: language),
                LessonWords.text("lesson.results.makeup", in: language),
            ].map(CSVWriter.text))
        let yes = LessonWords.text("lesson.results.yes", in: language)
        let no = LessonWords.text("lesson.results.no", in: language)
        for question in questions {
            for (id, answer) in question.answers.sorted(by: { $0.key < $1.key }) {
                guard let student = roster[id], !student.isErased else { continue }
                csv.append([
                    CSVWriter.text(student.name),
                    CSVWriter.text(question.label(in: language)),
                    predictionText(answer.prediction, for: question),
                    actualText(of: question),
                    answer.points.map { String($0.total) } ?? "",
                    answer.answeredAt.description,
                    question.hintsTaken.contains(id) ? yes : no,
                    question.reasons[id].map(CSVWriter.text) ?? "",
                    "",
                ])
            }
            for line in makeups.sorted(by: { $0.play.student < $1.play.student }) {
                guard let asked = line.play.questions[question.id], let prediction = asked.prediction,
                    let answeredAt = asked.answeredAt
                else { continue }
                let points = line.play.results.first { $0.question == question.id }?.points.total
                csv.append([
                    CSVWriter.text(line.play.name),
                    CSVWriter.text(question.label(in: language)),
                    predictionText(prediction, for: question),
                    points == nil ? "" : actualText(of: question),
                    points.map(String.init) ?? "",
                    answeredAt.description,
                    asked.hintTaken ? yes : no,
                    "",
                    line.joinedAt.description,
                ])
            }
        }
        return csv.output
    }

    /// The metric's value at resolution; for a choice question the option that came true
    /// with it, `grow (57)` (or `none (57)` when no option held).
    private func actualText(of question: Question) -> String {
        guard let actual = question.actual else { return "" }
        return question.kind.rules.resultsActual(
            value: NumberText.format(actual), outcome: question.outcome, in: language)
    }

    private func predictionText(_ prediction: Prediction, for question: Question) -> String {
        question.kind.rules.resultsPrediction(prediction)
    }
}

/// Every resolved question's points and every student's score and streak, as the lesson has them.
package struct ScoreSheet: Sendable, Hashable {
    /// One resolved question: the points of each student whose answer was scored.
    package struct Question: Sendable, Hashable {
        package var id: QuestionID
        package var points: [StudentID: Int]
    }

    /// Resolved questions, in the order they were asked.
    package var questions: [Question]
    /// Each student's total score and current streak (removed students included).
    package var standings: [StudentID: StudentStanding]
}

/// A student's total score and current streak.
package struct StudentStanding: Sendable, Hashable {
    package var score: Int
    package var streak: Int

    package init(score: Int, streak: Int) {
        self.score = score
        self.streak = streak
    }
}

extension Lesson {
    /// What a store keeps beside the log about scoring, read off the lesson (used to bring a
    /// store's score tables up to date after a restart).
    package var scoreSheet: ScoreSheet { scoreSheet(of: nil) }

    /// The score sheet with only the questions in `only` (all resolved ones when nil): what one
    /// resolution changed, without going over every earlier question again.
    package func scoreSheet(of only: Set<QuestionID>?) -> ScoreSheet {
        let resolved = questions.filter { question in
            question.state == .resolved && (only?.contains(question.id) ?? true)
        }.map { question in
            ScoreSheet.Question(
                id: question.id, points: question.answers.compactMapValues { $0.points?.total })
        }
        return ScoreSheet(questions: resolved, standings: standings)
    }

    /// Every student's score and streak, removed students included.
    var standings: [StudentID: StudentStanding] {
        var standings: [StudentID: StudentStanding] = [:]
        for student in roster.students {
            standings[student.id] = StudentStanding(score: student.score, streak: student.streak)
        }
        return standings
    }
}
