import PetriSimulation

/// Writes `welcome` messages without `JSONEncoder`: one per student of a join storm.
///
/// A welcome is the largest message most connections get, and a storm of ten thousand joins
/// wrote ten thousand of them on the lesson's turn through `JSONEncoder`'s generic machinery,
/// which held up the class's next generation. This writes the same bytes as
/// ``ProtocolEncoder/encode(_:)-(ServerMessage)`` (compact, keys sorted by their UTF-8 bytes;
/// pinned by tests against `JSONEncoder` on random welcomes) with ``DirectJSONWriter``. The
/// parts that are the same for everyone and change only when the teacher acts (the
/// model's metrics and presentation, the lesson's options and the listed questions) are encoded when they
/// change and their bytes reused until they change again.
///
/// One per lesson (it keeps those bytes); not shared between threads.
package struct WelcomeEncoder: Sendable {
    private struct Part<Value: Sendable & Hashable & Encodable>: Sendable {
        var value: Value
        var bytes: [UInt8]
    }

    private var metrics: Part<[MetricDescriptor]>?
    private var options: Part<LessonOptions>?
    private var questions: Part<[QuestionInfo]>?
    private var presentation: Part<ModelPresentation>?

    package init() {}

    /// The bytes of `.welcome(welcome)`.
    ///
    /// - Throws: ``ProtocolError/Code/internalError`` if a part cannot be encoded.
    package mutating func encode(_ welcome: Welcome) throws(ProtocolError) -> [UInt8] {
        var w = DirectJSONWriter(capacity: 1024)
        // Keys in byte order: answered, answeredBy, answers, checkpoint, classSize, code, ended,
        // historyFrom, language, languages, leaderboard, metrics, missed, model, olderQuestions, options, parameters,
        // position, presentation, questions, role, roster, runOver, running, type, you.
        w.raw("{")
        var first = true
        func key(_ name: StaticString) {
            if !first { w.raw(",") }
            first = false
            w.raw("\"")
            w.raw(name)
            w.raw("\":")
        }
        if let answered = welcome.answered {
            key("answered")
            w.int(answered)
        }
        if let answeredBy = welcome.answeredBy {
            key("answeredBy")
            w.raw("[")
            for (i, student) in answeredBy.enumerated() {
                if i > 0 { w.raw(",") }
                w.int(student.rawValue)
            }
            w.raw("]")
        }
        key("answers")
        w.raw("[")
        for (i, record) in welcome.answers.enumerated() {
            if i > 0 { w.raw(",") }
            w.raw("{\"answeredAt\":")
            w.int(record.answeredAt.millisecondsSince1970)
            w.raw(",\"hintTaken\":")
            w.raw(record.hintTaken ? "true" : "false")
            if let points = record.points {
                w.raw(",\"points\":")
                w.points(points)
            }
            w.raw(",\"prediction\":")
            w.prediction(record.prediction)
            w.raw(",\"question\":")
            w.int(record.question.rawValue)
            w.raw("}")
        }
        w.raw("]")
        if let checkpoint = welcome.checkpoint {
            key("checkpoint")
            w.int(checkpoint)
        }
        if let size = welcome.classSize {
            key("classSize")
            w.raw("{\"joined\":")
            w.int(size.joined)
            w.raw(",\"online\":")
            w.int(size.online)
            w.raw("}")
        }
        if let code = welcome.code {
            key("code")
            w.string(code.text)
        }
        key("ended")
        w.raw(welcome.ended ? "true" : "false")
        key("historyFrom")
        w.int(welcome.historyFrom)
        if let language = welcome.language {
            key("language")
            w.string(language)
        }
        if let languages = welcome.languages {
            key("languages")
            w.raw("[")
            for (i, tag) in languages.enumerated() {
                if i > 0 { w.raw(",") }
                w.string(tag)
            }
            w.raw("]")
        }
        key("leaderboard")
        w.raw("{\"students\":")
        w.int(welcome.leaderboard.students)
        w.raw(",\"top\":[")
        for (i, entry) in welcome.leaderboard.top.enumerated() {
            if i > 0 { w.raw(",") }
            w.entry(entry)
        }
        w.raw("]")
        if let you = welcome.leaderboard.you {
            w.raw(",\"you\":")
            w.entry(you)
        }
        w.raw("}")
        key("metrics")
        w.append(try Self.bytes(of: welcome.metrics, reusing: &metrics))
        key("missed")
        w.raw(welcome.missed ? "true" : "false")
        key("model")
        w.string(welcome.model.rawValue)
        if let older = welcome.olderQuestions {
            key("olderQuestions")
            w.int(older)
        }
        key("options")
        w.append(try Self.bytes(of: welcome.options, reusing: &options))
        key("parameters")
        w.json(welcome.parameters)
        key("position")
        w.raw("{\"generation\":")
        w.int(welcome.position.generation)
        w.raw(",\"timeline\":")
        w.int(welcome.position.timeline)
        w.raw("}")
        if let presentation = welcome.presentation {
            key("presentation")
            w.append(try Self.bytes(of: presentation, reusing: &self.presentation))
        }
        key("questions")
        w.append(try Self.bytes(of: welcome.questions, reusing: &questions))
        key("role")
        w.string(welcome.role.rawValue)
        if let roster = welcome.roster {
            key("roster")
            w.raw("[")
            for (i, entry) in roster.enumerated() {
                if i > 0 { w.raw(",") }
                if let extraTime = entry.extraTime {
                    w.raw("{\"extraTime\":")
                    w.int(extraTime)
                    w.raw(",\"kicked\":")
                } else {
                    w.raw("{\"kicked\":")
                }
                w.raw(entry.kicked ? "true" : "false")
                if let makeup = entry.makeup {
                    w.raw(",\"makeup\":")
                    w.int(makeup.millisecondsSince1970)
                }
                w.raw(",\"name\":")
                w.string(entry.name)
                w.raw(",\"online\":")
                w.raw(entry.online ? "true" : "false")
                w.raw(",\"score\":")
                w.int(entry.score)
                w.raw(",\"streak\":")
                w.int(entry.streak)
                w.raw(",\"student\":")
                w.int(entry.student.rawValue)
                w.raw("}")
            }
            w.raw("]")
        }
        if let runOver = welcome.runOver {
            key("runOver")
            w.string(runOver)
        }
        if let running = welcome.running {
            key("running")
            w.double(running)
        }
        key("type")
        w.raw("\"welcome\"")
        if let you = welcome.you {
            key("you")
            w.raw("{\"name\":")
            w.string(you.name)
            if let requested = you.requestedName {
                w.raw(",\"requestedName\":")
                w.string(requested)
            }
            w.raw(",\"score\":")
            w.int(you.score)
            w.raw(",\"streak\":")
            w.int(you.streak)
            w.raw(",\"student\":")
            w.int(you.student.rawValue)
            if let token = you.token {
                w.raw(",\"token\":")
                w.string(token.secret)
            }
            w.raw("}")
        }
        w.raw("}")
        return w.bytes
    }

    /// The JSON of `value`, from `part` while the value is the same.
    private static func bytes<Value: Sendable & Hashable & Encodable>(
        of value: Value, reusing part: inout Part<Value>?
    ) throws(ProtocolError) -> [UInt8] {
        if let part, part.value == value { return part.bytes }
        let bytes = try ProtocolEncoder().encodeDocument(value)
        part = Part(value: value, bytes: bytes)
        return bytes
    }
}

extension DirectJSONWriter {
    init(capacity: Int) {
        self.init()
        reserve(capacity)
    }

    /// Any JSON value, object keys in the encoder's order (their UTF-8 bytes).
    mutating func json(_ value: JSONValue) {
        switch value {
        case .null: raw("null")
        case .bool(let b): raw(b ? "true" : "false")
        case .number(let x): double(x)
        case .string(let s): string(s)
        case .array(let items):
            raw("[")
            for (i, item) in items.enumerated() {
                if i > 0 { raw(",") }
                json(item)
            }
            raw("]")
        case .object(let members):
            raw("{")
            let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            for (i, member) in sorted.enumerated() {
                if i > 0 { raw(",") }
                string(member.key)
                raw(":")
                json(member.value)
            }
            raw("}")
        }
    }
}
