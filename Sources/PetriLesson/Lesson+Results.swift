import PetriProtocol
import PetriSimulation

extension Lesson {
    /// The results as CSV: one line per answer, in question then student order.
    ///
    /// Columns: `student, question, prediction, actual, points, answered at`. `actual` and
    /// `points` are empty until the question resolves (and stay empty if it was cancelled);
    /// `answered at` is the server's time in ISO 8601 UTC. Removed students' answers are
    /// included (they did give them) but were never scored.
    public func resultsCSV() -> String {
        var csv = CSVWriter()
        csv.append(["student", "question", "prediction", "actual", "points", "answered at"])
        for question in questions {
            for (id, answer) in question.answers.sorted(by: { $0.key < $1.key }) {
                guard let student = roster[id] else { continue }
                csv.append([
                    CSVWriter.text(student.name),
                    CSVWriter.text(question.label),
                    predictionText(answer.prediction, for: question),
                    question.actual.map(NumberText.format) ?? "",
                    answer.points.map { String($0.total) } ?? "",
                    answer.answeredAt.description,
                ])
            }
        }
        return csv.output
    }

    private func predictionText(_ prediction: Prediction, for question: Question) -> String {
        if case .choice(let index) = prediction, case .choice(let options) = question.kind,
            options.indices.contains(index)
        {
            return CSVWriter.text(options[index].label)
        }
        return prediction.description
    }
}
