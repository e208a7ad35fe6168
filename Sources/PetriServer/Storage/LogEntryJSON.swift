import PetriLesson
import PetriProtocol

/// The stored JSON of the log entries a class sends by the thousand (`answer`, `join`), written
/// directly; every other entry goes through `JSONEncoder`.
///
/// The store keeps each entry as the JSON `JSONEncoder` writes with sorted keys (slashes
/// escaped). Encoding every answer of a class that way was the largest cost of storing it; this
/// writes the same bytes (pinned by tests against `JSONEncoder` on random entries) without the
/// generic machinery. An answer written here has its prediction stored in the answers table as
/// this writer writes it; any other has it copied out of the entry by path
/// (``SQLiteLessonStorage/predictionPath``), the same text either way (pinned by a test).
enum LogEntryJSON {
    /// The entry's JSON when it is a hot kind sent by a guest or a student; nil otherwise.
    static func bytes(of entry: LessonLogEntry) -> [UInt8]? {
        var w = DirectJSONWriter()
        w.escapesSlashes = true
        // Keys in order: actor, command, sequence, time.
        switch entry.actor {
        case .guest: w.raw(#"{"actor":{"guest":{}}"#)
        case .student(let id):
            w.raw(#"{"actor":{"student":{"_0":"#)
            w.int(id.rawValue)
            w.raw("}}")
        default: return nil
        }
        switch entry.command {
        case .answer(let question, let prediction, let reason):
            guard prediction.isFinite else { return nil }
            w.raw(#","command":{"answer":{"_0":"#)
            w.int(question.rawValue)
            w.raw(#","_1":"#)
            w.prediction(prediction)
            if let reason {
                w.raw(#","reason":"#)
                w.string(reason)
            }
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
        return w.bytes
    }
}

extension Prediction {
    /// False for NaN and infinities, which the store's encoder refuses (the lesson never accepts them).
    fileprivate var isFinite: Bool {
        switch self {
        case .number(let x), .probability(let x): x.isFinite
        case .choice: true
        }
    }
}
