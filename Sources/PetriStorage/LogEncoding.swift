import Foundation
import PetriLesson
import PetriProtocol

/// The one stored form of a lesson's log entries, the same in every store: JSON with explicit keys.
///
/// ```json
/// {"actor":{"student":{"id":3}},"command":{"answer":{"prediction":{"number":70},"question":1}},"sequence":5,"time":1741080001250}
/// ```
///
/// The command sits under its stable name (``LessonCommandKind``), each of its values under a
/// name of its own (`question`, `prediction`, `student`, …), never a position. Keys are sorted and
/// slashes escaped (`JSONEncoder` with `.sortedKeys`), so a payload is the same bytes whichever
/// writer made it: the entries a class sends by the thousand (answers, catches and joins from students
/// and guests) are written directly (``encode(_:)``), every other through `JSONEncoder`, and a test
/// pins the two to each other on random entries.
///
/// Logs stored before these keys hold Swift's synthesized coding of the lesson's enums
/// (`{"actor":{"student":{"_0":3}},"command":{"answer":{"_0":1,"_1":{"number":70}}},…}`); they
/// still read: every value whose key changed is also read under its old positional name
/// (``decode(_:)``), and fixtures of such lines are decoded in the tests.
package enum LogEncoding {
    /// An entry as a store writes it: its payload and, for an answer, its prediction's JSON (a slice
    /// of the payload, so a store's answers table gets the prediction without encoding it again).
    package struct Encoded: Sendable, Hashable {
        package var payload: String
        /// The answer's prediction as the payload holds it; nil unless the entry is an answer.
        package var prediction: String?
    }

    /// The stored form of `entry`.
    ///
    /// - Throws: `EncodingError` for a value JSON cannot hold (a number that is not finite; the
    ///   lesson never accepts one).
    package static func encode(_ entry: LessonLogEntry) throws -> Encoded {
        if let direct = DirectEntry.bytes(of: entry) {
            return Encoded(
                payload: String(decoding: direct.payload, as: UTF8.self),
                prediction: direct.prediction.map { String(decoding: direct.payload[$0], as: UTF8.self) })
        }
        var prediction: String?
        if case .answer(_, let p, _) = entry.command { prediction = try json(p) }
        return Encoded(payload: try json(ExplicitEntry(entry: entry)), prediction: prediction)
    }

    /// The entry a stored payload holds, in the form above or the one before it.
    ///
    /// - Throws: `DecodingError` when the payload is not a log entry of either form.
    package static func decode(_ payload: String) throws -> LessonLogEntry {
        try JSONDecoder().decode(ExplicitEntry.self, from: Data(payload.utf8)).entry
    }

    /// `value` as JSON the way stores write it: keys sorted, slashes escaped.
    package static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}

/// A JSON object key given as text.
struct LogKey: CodingKey, ExpressibleByStringLiteral, Hashable {
    var stringValue: String
    var intValue: Int? { nil }

    init(_ string: String) { stringValue = string }
    init(stringLiteral value: String) { stringValue = value }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// ``LessonLogEntry`` in the explicit-key form; reads the synthesized form too.
struct ExplicitEntry: Codable {
    var entry: LessonLogEntry

    init(entry: LessonLogEntry) { self.entry = entry }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: LogKey.self)
        try c.encode(entry.sequence, forKey: "sequence")
        try c.encode(entry.time, forKey: "time")
        var actor = c.nestedContainer(keyedBy: LogKey.self, forKey: "actor")
        switch entry.actor {
        case .guest: _ = actor.nestedContainer(keyedBy: LogKey.self, forKey: "guest")
        case .teacher: _ = actor.nestedContainer(keyedBy: LogKey.self, forKey: "teacher")
        case .observer: _ = actor.nestedContainer(keyedBy: LogKey.self, forKey: "observer")
        case .server: _ = actor.nestedContainer(keyedBy: LogKey.self, forKey: "server")
        case .student(let id):
            var student = actor.nestedContainer(keyedBy: LogKey.self, forKey: "student")
            try student.encode(id, forKey: "id")
        }
        var outer = c.nestedContainer(keyedBy: LogKey.self, forKey: "command")
        var f = outer.nestedContainer(keyedBy: LogKey.self, forKey: LogKey(entry.command.kind.rawValue))
        switch entry.command {
        case .join(let name, let token):
            try f.encodeIfPresent(name, forKey: "name")
            try f.encode(token, forKey: "token")
        case .resume(let token, let lastSeen), .attachTeacher(let token, let lastSeen),
            .attachObserver(let token, let lastSeen):
            try f.encode(token, forKey: "token")
            try f.encodeIfPresent(lastSeen, forKey: "lastSeen")
        case .left(let session): try f.encode(session, forKey: "session")
        case .tick, .pause, .checkpoint, .restore, .exportDefinition, .end, .exportResults, .guide, .report: break
        case .deadline(let question), .closeQuestion(let question), .showAnswers(let question),
            .takeHint(let question), .reasons(let question):
            try f.encode(question, forKey: "question")
        case .replicatesFinished(let outcome): try f.encode(outcome, forKey: "outcome")
        case .step(let count), .rewind(let count): try f.encode(count, forKey: "count")
        case .run(let rate): try f.encode(rate, forKey: "rate")
        case .act(let action): try f.encode(action, forKey: "action")
        case .clone(let changes): try f.encode(changes, forKey: "changes")
        case .kick(let student), .eraseStudent(let student): try f.encode(student, forKey: "student")
        case .extraTime(let student, let percent):
            try f.encode(student, forKey: "student")
            try f.encode(percent, forKey: "percent")
        case .ask(let spec): try f.encode(spec, forKey: "spec")
        case .showReasons(let question, let students, let names):
            try f.encode(question, forKey: "question")
            try f.encode(students, forKey: "students")
            try f.encode(names, forKey: "names")
        case .replicates(let count, let horizon, let metric):
            try f.encode(count, forKey: "count")
            try f.encode(horizon, forKey: "horizon")
            try f.encode(metric, forKey: "metric")
        case .answer(let question, let prediction, let reason):
            try f.encode(question, forKey: "question")
            try f.encode(prediction, forKey: "prediction")
            try f.encodeIfPresent(reason, forKey: "reason")
        case .history(let from, let to):
            try f.encodeIfPresent(from, forKey: "from")
            try f.encodeIfPresent(to, forKey: "to")
        case .questions(let before, let limit):
            try f.encodeIfPresent(before, forKey: "before")
            try f.encodeIfPresent(limit, forKey: "limit")
        case .plan(let step): try f.encode(step, forKey: "step")
        case .huntEnd(let round): try f.encode(round, forKey: "round")
        case .startHunt(let catches, let seconds):
            try f.encodeIfPresent(catches, forKey: "catches")
            try f.encodeIfPresent(seconds, forKey: "seconds")
        case .setSelection(let mode): try f.encode(mode, forKey: "selection")
        case .catchCreature(let creature): try f.encode(creature, forKey: "creature")
        case .spot(let spotter): try f.encode(spotter, forKey: "spotter")
        }
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: LogKey.self)
        let (actorName, actor) = try c.single("actor")
        let participant: Participant
        switch actorName {
        case "guest": participant = .guest
        case "teacher": participant = .teacher
        case "observer": participant = .observer
        case "server": participant = .server
        case "student": participant = .student(try actor.field("id", was: "_0"))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: "actor", in: c, debugDescription: "Unknown actor \(actorName).")
        }
        let (kind, f) = try c.single("command")
        guard let known = LessonCommandKind(rawValue: kind) else {
            throw DecodingError.dataCorruptedError(
                forKey: "command", in: c, debugDescription: "Unknown command \(kind).")
        }
        let command: LessonCommand
        switch known {
        case .join: command = .join(name: try f.optional("name"), token: try f.field("token"))
        case .resume: command = .resume(token: try f.field("token"), lastSeen: try f.optional("lastSeen"))
        case .attachTeacher: command = .attachTeacher(token: try f.field("token"), lastSeen: try f.optional("lastSeen"))
        case .attachObserver:
            command = .attachObserver(token: try f.field("token"), lastSeen: try f.optional("lastSeen"))
        case .left: command = .left(session: try f.field("session"))
        case .tick: command = .tick
        case .deadline: command = .deadline(try f.field("question", was: "_0"))
        case .replicatesFinished: command = .replicatesFinished(try f.field("outcome", was: "_0"))
        case .step: command = .step(count: try f.field("count"))
        case .run: command = .run(rate: try f.field("rate"))
        case .pause: command = .pause
        case .act: command = .act(try f.field("action", was: "_0"))
        case .rewind: command = .rewind(count: try f.field("count"))
        case .checkpoint: command = .checkpoint
        case .restore: command = .restore
        case .clone: command = .clone(changes: try f.field("changes"))
        case .exportDefinition: command = .exportDefinition
        case .kick: command = .kick(try f.field("student", was: "_0"))
        case .eraseStudent: command = .eraseStudent(try f.field("student", was: "_0"))
        case .extraTime: command = .extraTime(try f.field("student"), percent: try f.field("percent"))
        case .end: command = .end
        case .ask: command = .ask(try f.field("spec", was: "_0"))
        case .closeQuestion: command = .closeQuestion(try f.field("question", was: "_0"))
        case .exportResults: command = .exportResults
        case .showAnswers: command = .showAnswers(try f.field("question", was: "_0"))
        case .answer:
            command = .answer(
                try f.field("question", was: "_0"), try f.field("prediction", was: "_1"),
                reason: try f.optional("reason"))
        case .takeHint: command = .takeHint(try f.field("question", was: "_0"))
        case .history: command = .history(from: try f.optional("from"), to: try f.optional("to"))
        case .questions: command = .questions(before: try f.optional("before"), limit: try f.optional("limit"))
        case .replicates:
            command = .replicates(
                count: try f.field("count"), horizon: try f.field("horizon"), metric: try f.field("metric"))
        case .reasons: command = .reasons(try f.field("question", was: "_0"))
        case .showReasons:
            command = .showReasons(
                try f.field("question", was: "_0"), students: try f.field("students"), names: try f.field("names"))
        case .guide: command = .guide
        case .report: command = .report
        case .plan: command = .plan(try f.field("step"))
        case .huntEnd: command = .huntEnd(round: try f.field("round"))
        case .startHunt: command = .startHunt(catches: try f.optional("catches"), seconds: try f.optional("seconds"))
        case .setSelection: command = .setSelection(try f.field("selection"))
        case .catchCreature: command = .catchCreature(try f.field("creature"))
        case .spot: command = .spot(try f.field("spotter"))
        }
        entry = LessonLogEntry(
            sequence: try c.decode(Int.self, forKey: "sequence"), time: try c.decode(Timestamp.self, forKey: "time"),
            actor: participant, command: command)
    }
}

extension KeyedDecodingContainer where Key == LogKey {
    /// The one key of the object at `key` (a case's name) and the object under it (the case's values).
    fileprivate func single(_ key: LogKey) throws -> (String, KeyedDecodingContainer<LogKey>) {
        let outer = try nestedContainer(keyedBy: LogKey.self, forKey: key)
        guard outer.allKeys.count == 1, let name = outer.allKeys.first else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "\(key.stringValue) must hold exactly one case.")
        }
        return (name.stringValue, try outer.nestedContainer(keyedBy: LogKey.self, forKey: name))
    }

    /// The value at `key`, or at `old`, its positional name in logs written before explicit keys.
    fileprivate func field<T: Decodable>(_ key: LogKey, was old: LogKey? = nil) throws -> T {
        if let old, !contains(key) { return try decode(T.self, forKey: old) }
        return try decode(T.self, forKey: key)
    }

    fileprivate func optional<T: Decodable>(_ key: LogKey) throws -> T? { try decodeIfPresent(T.self, forKey: key) }
}
