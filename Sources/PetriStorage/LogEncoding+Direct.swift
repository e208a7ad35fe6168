import PetriLesson
import PetriProtocol

/// The stored JSON of the log entries a class sends by the thousand (`answer`, `catchCreature` and `join` from
/// students and guests), written directly, byte for byte what `JSONEncoder` writes of
/// ``ExplicitEntry`` (pinned by tests on random entries) without its generic machinery: encoding
/// every answer of a class that way was the largest cost of storing it.
enum DirectEntry {
    /// The entry's JSON and where its prediction is in it; nil when the entry is not one of those.
    static func bytes(of entry: LessonLogEntry) -> (payload: [UInt8], prediction: Range<Int>?)? {
        var w = DirectJSONWriter()
        w.escapesSlashes = true
        // Keys in order: actor, command, sequence, time.
        switch entry.actor {
        case .guest: w.raw(#"{"actor":{"guest":{}}"#)
        case .student(let id):
            w.raw(#"{"actor":{"student":{"id":"#)
            w.int(id.rawValue)
            w.raw("}}")
        default: return nil
        }
        var prediction: Range<Int>?
        switch entry.command {
        case .answer(let question, let answer, let reason):
            guard answer.isFinite else { return nil }
            w.raw(#","command":{"answer":{"prediction":"#)
            let start = w.bytes.count
            w.prediction(answer)
            prediction = start..<w.bytes.count
            w.raw(#","question":"#)
            w.int(question.rawValue)
            if let reason {
                w.raw(#","reason":"#)
                w.string(reason)
            }
            w.raw("}}")
        case .catchCreature(let creature):
            // A hunt round's catches: up to three per student within seconds.
            w.raw(#","command":{"catchCreature":{"creature":"#)
            w.int(creature)
            w.raw("}}")
        case .join(let name, let token):
            w.raw(#","command":{"join":{"#)
            if let name {
                w.raw(#""name":"#)
                w.string(name)
                w.raw(",")
            }
            w.raw(#""token":"#)
            w.string(token.secret)
            w.raw("}}")
        default:
            return nil
        }
        w.raw(#","sequence":"#)
        w.int(entry.sequence)
        w.raw(#","time":"#)
        w.int(entry.time.millisecondsSince1970)
        w.raw("}")
        return (w.bytes, prediction)
    }
}

extension Prediction {
    /// False for NaN and infinities, which `JSONEncoder` refuses (the lesson never accepts them).
    fileprivate var isFinite: Bool {
        switch plain.value {
        case .finite(let x): x.isFinite
        case .whole: true
        case .pair(let lower, let upper): lower.isFinite && upper.isFinite
        }
    }
}
