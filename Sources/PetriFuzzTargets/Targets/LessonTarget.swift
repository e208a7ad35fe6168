import PetriLesson
import PetriProtocol
import PetriSimulation

/// A small Life lesson driven by a script read from the input: students join and answer with
/// any numbers, the teacher steps, asks, rewinds, restores, the server ticks and fires deadlines.
///
/// Invariants: no trap; no answer is acknowledged for a question after it locked; what a
/// resolution reports is finite; the lesson's saved state restores to a lesson that saves the same bytes.
enum LessonTarget {
    /// The largest prediction magnitude tried.
    ///
    /// Every finite double: answers of ±1.7e308 once made the number spread trap (issue 10,
    /// defect 1); out-of-range ones are now refused at `answer` and spreads are total.
    static let numberMagnitude = Double.greatestFiniteMagnitude

    static let teacherToken = try? AccessToken("teacher-token-0123456789")

    static let questions: [QuestionSpec] = [
        #"{"type":"ask","horizon":3,"kind":"number","metric":"liveCells","tolerance":5}"#,
        #"{"type":"ask","horizon":1,"kind":"number","metric":"births","timeLimit":5}"#,
        #"{"type":"ask","horizon":2,"kind":"choice","metric":"liveCells","options":[{"label":"none","when":{"op":"over"}},{"label":"more","when":{"op":"gt","ref":"asked"}},{"label":"fewer","when":{"op":"lt","ref":"asked"}},{"label":"same","when":{"op":"otherwise"}}],"allowChange":false}"#,
        #"{"type":"ask","horizon":4,"kind":"probability","metric":"still"}"#,
        #"{"type":"ask","horizon":0,"kind":"number","metric":"deaths","hint":"Count them"}"#,
    ].compactMap { text in
        guard case .ask(let spec)? = try? ProtocolDecoder().decodeClientMessage(Array(text.utf8)) else { return nil }
        return spec
    }

    static func run(_ bytes: [UInt8]) -> String? {
        let (lesson, problem) = play(bytes)
        if let problem { return problem }
        guard let lesson, let teacherToken else { return "the lesson could not be created" }
        let saved = lesson.encodeState()
        do {
            let restored = try Lesson<LifeModel>(
                decodingState: saved, teacherToken: teacherToken, configuration: lesson.configuration, source: ())
            // Bytes, not `==`: stats hold NaN for a metric with no value, and NaN != NaN.
            return restored.encodeState() == saved ? nil : "the saved state restored to a different lesson"
        } catch {
            return "the lesson's own saved state did not restore: \(error)"
        }
    }

    /// Plays the script in `bytes`: the lesson at the end, and the first broken invariant if any.
    static func play(_ bytes: [UInt8]) -> (Lesson<LifeModel>?, String?) {
        var input = FuzzInput(bytes)
        guard questions.count == 5, let teacherToken,
            var lesson = try? Lesson<LifeModel>(
                parameters: .init(width: 12, height: 12, density: 0.35), seed: UInt64(input.byte()),
                teacherToken: teacherToken, configuration: LessonConfiguration(nameSeed: 1, checkpointInterval: 4))
        else { return (nil, "the lesson could not be created") }
        var now = Timestamp(millisecondsSince1970: 1_741_080_000_000)
        var students: [StudentID] = []
        var sessions: [Int] = []
        var asked = 0
        var locked: Set<QuestionID> = []
        var minted = 0

        for _ in 0..<96 where !input.isExhausted {
            let operation = input.byte() % 20
            now = now.adding(milliseconds: Int64(input.int(in: 0...3000)))
            let question = QuestionID(input.int(in: 0...(asked + 1)))
            let student = students.isEmpty ? StudentID(1) : input.pick(students)
            let command: LessonCommand
            let actor: Participant
            switch operation {
            case 0, 1:
                minted += 1
                guard let token = try? AccessToken("student-token-\(1_000_000 + minted)-abcdef") else {
                    return (lesson, "could not mint a token")
                }
                let name = input.pick([nil, "Ada", "Ada", "  ", "Grace Hopper", "\u{202E}evil"])
                command = .join(name: name, token: token)
                actor = .guest
            case 2, 3: (command, actor) = (.step(count: input.int(in: -1...4)), .teacher)
            case 4, 5: (command, actor) = (.ask(input.pick(questions)), .teacher)
            case 6, 7, 8:
                let prediction: Prediction =
                    switch input.byte() % 3 {
                    case 0: .number(input.double(magnitude: numberMagnitude))
                    case 1: .choice(input.int(in: -1...5))
                    default: .probability(input.double(magnitude: 2))
                    }
                (command, actor) = (.answer(question, prediction), .student(student))
            case 9: (command, actor) = (.closeQuestion(question), .teacher)
            case 10: (command, actor) = (.deadline(question), .server)
            case 11: (command, actor) = (.tick, .server)
            case 12: (command, actor) = (.run(rate: input.double(magnitude: 100)), .teacher)
            case 13: (command, actor) = (.pause, .teacher)
            case 14: (command, actor) = (.rewind(count: input.int(in: -1...5)), .teacher)
            case 15: (command, actor) = (input.bool() ? .checkpoint : .restore, .teacher)
            case 16: (command, actor) = (.takeHint(question), .student(student))
            case 17:
                (command, actor) = (.history(from: input.int(in: -2...8), to: input.int(in: -2...8)), .student(student))
            case 18:
                (command, actor) = (sessions.isEmpty ? .tick : .left(session: input.pick(sessions)), .student(student))
            default: (command, actor) = (input.byte() % 8 == 0 ? .end : .kick(student), .teacher)
            }
            let outcome = lesson.handle(command, from: actor, at: now)
            for effect in outcome.effects {
                switch effect {
                case .attach(.student(let id), let session):
                    if !students.contains(id) { students.append(id) }
                    sessions.append(session)
                case .broadcast(let message), .reply(let message), .send(let message, _):
                    if let problem = check(message, locked: &locked, asked: &asked) {
                        return (lesson, "\(command) from \(actor): \(problem)")
                    }
                default: break
                }
            }
        }
        return (lesson, nil)
    }

    private static func check(_ message: ServerMessage, locked: inout Set<QuestionID>, asked: inout Int) -> String? {
        switch message {
        case .question(let info): asked = max(asked, info.id.rawValue)
        case .questionLocked(let id, _, _), .questionCancelled(let id, _): locked.insert(id)
        case .answerAccepted(let id, _, _) where locked.contains(id):
            return "an answer to \(id) was accepted after it locked"
        case .resolved(let resolution):
            locked.insert(resolution.question)
            let spread = resolution.spread
            let numbers = [spread.mean].compactMap { $0 } + (spread.bins ?? []).flatMap { [$0.lower, $0.upper] }
            if resolution.actual.isFinite, numbers.contains(where: { !$0.isFinite }) {
                return "the resolution of \(resolution.question) has a number that is not finite: \(spread)"
            }
        default: break
        }
        return nil
    }

    /// Scripts from a fixed generator: long enough to join, ask, answer and step many times.
    static var seeds: [[UInt8]] {
        var random = PetriRandom(seed: 0x5EED)
        return (0..<4).map { _ in (0..<600).map { _ in UInt8(truncatingIfNeeded: random.next()) } }
    }
}
