import PetriProtocol
import PetriSimulation

/// Metric, descriptor, kind, asked-at and target generations, asked value (double), opened at,
/// optional deadline, optional hint, allow-change (byte), optional prompt, state (name),
/// optional locked-at, optional locking entry, optional lock reason (name), optional actual
/// value (double), optional right option (compact), then the answers, the hints taken and (from version 3) the
/// reasons (student, text), all in student order, and (from version 3) whether a probability question's event
/// happened (optional byte) (so the same
/// question always gives the same bytes). The id is not written: it is the question's place in
/// the lesson. Times are compact milliseconds since 1970.
extension Question {
    func write(to writer: inout StateWriter) {
        writer.append(metric)
        writer.append(descriptor)
        writer.append(kind)
        writer.appendCompact(askedAt)
        writer.appendCompact(target)
        writer.append(askedValue)
        writer.append(openedAt)
        writer.appendOptional(deadline) { $0.append($1) }
        writer.appendOptional(hint) { $0.appendText($1) }
        writer.append(allowChange)
        writer.appendOptional(prompt) { $0.appendText($1) }
        writer.appendName(state)
        writer.appendOptional(lockedAt) { $0.append($1) }
        writer.appendOptional(lockedInEntry) { $0.appendCompact($1) }
        writer.appendOptional(lockReason) { $0.appendName($1) }
        writer.appendOptional(actual) { $0.append($1) }
        writer.appendOptional(correctOption) { $0.appendCompact($1) }
        writer.appendCompact(answers.count)
        for (student, answer) in answers.sorted(by: { $0.key < $1.key }) {
            writer.appendCompact(student.rawValue)
            answer.write(to: &writer)
        }
        writer.appendCompact(hintsTaken.count)
        for student in hintsTaken.sorted() { writer.appendCompact(student.rawValue) }
        writer.appendCompact(reasons.count)
        for (student, reason) in reasons.sorted(by: { $0.key < $1.key }) {
            writer.appendCompact(student.rawValue)
            writer.appendText(reason)
        }
        writer.appendOptional(eventHappened) { $0.append($1) }
    }

    /// - Parameter version: The saved state's format version (the right option is in 2 on, reasons in 3 on).
    init(id: QuestionID, from reader: inout StateReader, version: UInt8) throws(SimulationError) {
        self.init(
            id: id, metric: try reader.read(), descriptor: try reader.read(), kind: try reader.read(),
            askedAt: try reader.readCompact(in: 0...Int.max, "a question asked at generation"),
            target: try reader.readCompact(in: 0...Int.max, "a question about generation"),
            askedValue: try reader.readDouble(), openedAt: try reader.readTimestamp(),
            deadline: try reader.readOptional { r throws(SimulationError) in try r.readTimestamp() },
            hint: try reader.readOptional { r throws(SimulationError) in try r.readText() },
            allowChange: try reader.readBool(),
            prompt: try reader.readOptional { r throws(SimulationError) in try r.readText() },
            state: try reader.readName(),
            lockedAt: try reader.readOptional { r throws(SimulationError) in try r.readTimestamp() },
            lockedInEntry: try reader.readOptional { r throws(SimulationError) in try r.readCompact() },
            lockReason: try reader.readOptional { r throws(SimulationError) in try r.readName(LockReason.self) },
            actual: try reader.readOptional { r throws(SimulationError) in try r.readDouble() })
        if version >= 2 {
            correctOption = try reader.readOptional { r throws(SimulationError) in
                try r.readCompact(in: 0...(QuestionRules.optionCounts.upperBound - 1), "a right option")
            }
        }
        let answerCount = try reader.readCompactCount(limit: reader.remaining)
        for _ in 0..<answerCount {
            let student = StudentID(try reader.readCompact(in: 1...Int.max, "an answer from student"))
            guard answers[student] == nil else { throw StateReader.corrupt("has two answers from \(student)") }
            answers[student] = try Answer(from: &reader)
        }
        let hintCount = try reader.readCompactCount(limit: reader.remaining)
        for _ in 0..<hintCount {
            hintsTaken.insert(StudentID(try reader.readCompact(in: 1...Int.max, "a hint taken by student")))
        }
        guard version >= 3 else { return }
        let reasonCount = try reader.readCompactCount(limit: reader.remaining)
        for _ in 0..<reasonCount {
            let student = StudentID(try reader.readCompact(in: 1...Int.max, "a reason from student"))
            reasons[student] = try reader.readText()
        }
        eventHappened = try reader.readOptional { r throws(SimulationError) in try r.readBool() }
    }
}

/// Prediction, answered at, optional points.
extension Question.Answer: StateCodable {
    func write(to writer: inout StateWriter) {
        writer.append(prediction)
        writer.append(answeredAt)
        writer.appendOptional(points) { $0.append($1) }
    }

    init(from reader: inout StateReader) throws(SimulationError) {
        self.init(
            prediction: try reader.read(), answeredAt: try reader.readTimestamp(),
            points: try reader.readOptional { r throws(SimulationError) in try r.read() })
    }
}
