/// Writes the messages whose number or size grows with the class, without Foundation.
///
/// A resolution sends every student their own ``PersonalResult`` and the teacher the whole
/// ``Leaderboard``, and every answer gets an
/// ``ServerMessage/answerAccepted(question:prediction:answeredAt:)`` and the teacher an
/// ``ServerMessage/answerCount(question:answered:students:answeredBy:)``: with ten thousand
/// students these are ten thousand encodings (or entries) in one turn of the lesson. `JSONEncoder` spends
/// most of its time in generic machinery; this writer produces the same bytes (compact,
/// sorted keys, the same number and string forms; pinned by tests against `JSONEncoder`)
/// in a fraction of the time. Every other message goes through `JSONEncoder`.
///
/// Public for the store, which writes its hottest log entries the same way (with escaped
/// slashes, as its encoder does: ``escapesSlashes``).
package struct DirectJSONWriter {
    package private(set) var bytes: [UInt8] = []
    /// Writes `/` as `\/`, as `JSONEncoder` does without `.withoutEscapingSlashes`.
    package var escapesSlashes = false

    package init() { bytes.reserveCapacity(256) }

    mutating func reserve(_ capacity: Int) { bytes.reserveCapacity(capacity) }

    /// JSON written elsewhere, as it is.
    package mutating func append(_ json: [UInt8]) { bytes += json }

    /// The bytes of `message` when it is one of the hot kinds; nil for every other message.
    static func encode(_ message: ServerMessage) -> [UInt8]? {
        var w = DirectJSONWriter()
        switch message {
        case .result(let r):
            w.raw("{")
            if let expected = r.expected {
                w.raw("\"expected\":")
                w.expected(expected)
                w.raw(",")
            }
            w.raw("\"points\":")
            w.points(r.points)
            if let prediction = r.prediction {
                w.raw(",\"prediction\":")
                w.prediction(prediction)
            }
            w.raw(",\"question\":")
            w.int(r.question.rawValue)
            w.raw(",\"score\":")
            w.int(r.score)
            w.raw(",\"standing\":")
            w.entry(r.standing)
            w.raw(",\"streak\":")
            w.int(r.streak)
            w.raw(",\"type\":\"result\"}")
        case .answerAccepted(let question, let prediction, let answeredAt):
            w.raw("{\"answeredAt\":")
            w.int(answeredAt.millisecondsSince1970)
            w.raw(",\"prediction\":")
            w.prediction(prediction)
            w.raw(",\"question\":")
            w.int(question.rawValue)
            w.raw(",\"type\":\"answerAccepted\"}")
        case .answerCount(let question, let answered, let students, let answeredBy):
            w.raw("{\"answered\":")
            w.int(answered)
            if !answeredBy.isEmpty {
                w.raw(",\"answeredBy\":[")
                for (i, student) in answeredBy.enumerated() {
                    if i > 0 { w.raw(",") }
                    w.int(student.rawValue)
                }
                w.raw("]")
            }
            w.raw(",\"question\":")
            w.int(question.rawValue)
            w.raw(",\"students\":")
            w.int(students)
            w.raw(",\"type\":\"answerCount\"}")
        case .student(let entry):
            // One per join, to the teacher.
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
            w.raw(",\"type\":\"student\"}")
        case .leaderboard(let board):
            w.raw("{\"students\":")
            w.int(board.students)
            w.raw(",\"top\":[")
            for (i, entry) in board.top.enumerated() {
                if i > 0 { w.raw(",") }
                w.entry(entry)
            }
            w.raw("],\"type\":\"leaderboard\"")
            if let you = board.you {
                w.raw(",\"you\":")
                w.entry(you)
            }
            w.raw("}")
        default:
            return nil
        }
        return w.bytes
    }

    /// `{"class":640,"points":820,"replicates":100}`, each key only when present.
    mutating func expected(_ e: Expected) {
        raw("{")
        if let mean = e.classMean {
            raw("\"class\":")
            int(mean)
            raw(",")
        }
        if let points = e.points {
            raw("\"points\":")
            int(points)
            raw(",")
        }
        raw("\"replicates\":")
        int(e.replicates)
        raw("}")
    }

    mutating func points(_ p: ScoreBreakdown) {
        raw("{\"base\":")
        int(p.base)
        raw(",\"hintTaken\":")
        raw(p.hintTaken ? "true" : "false")
        raw(",\"speed\":")
        int(p.speed)
        raw(",\"streak\":")
        int(p.streak)
        raw(",\"total\":")
        int(p.total)
        raw("}")
    }

    package mutating func prediction(_ p: Prediction) {
        let (key, value) = p.plain
        raw("{\"")
        raw(key)
        raw("\":")
        switch value {
        case .finite(let x): double(x)
        case .whole(let i): int(i)
        case .pair(let lower, let upper):
            raw("[")
            double(lower)
            raw(",")
            double(upper)
            raw("]")
        }
        raw("}")
    }

    mutating func entry(_ e: LeaderboardEntry) {
        raw("{\"name\":")
        string(e.name)
        raw(",\"rank\":")
        int(e.rank)
        raw(",\"score\":")
        int(e.score)
        raw(",\"student\":")
        int(e.student.rawValue)
        raw("}")
    }

    // MARK: - Values, as JSONEncoder writes them with WireCoding's settings

    package mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    package mutating func int(_ value: some BinaryInteger) {
        bytes.append(contentsOf: String(value).utf8)
    }

    /// Shortest round-trip form without a trailing `.0` (`1`, `0.1`, `1e+21`, `-0`); values that
    /// are not finite as the strings WireCoding uses.
    package mutating func double(_ x: Double) {
        guard x.isFinite else {
            string(x.isNaN ? "NaN" : x > 0 ? "Infinity" : "-Infinity")
            return
        }
        var text = x.description.utf8[...]
        if text.count > 2, text.suffix(2).elementsEqual(".0".utf8) { text = text.dropLast(2) }
        bytes.append(contentsOf: text)
    }

    /// A JSON string: quotes and backslashes escaped, control characters as `\n`-style escapes
    /// or `\u00XX`; everything else (slashes and non-ASCII included) as it is.
    package mutating func string(_ s: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case UInt8(ascii: "/") where escapesSlashes: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "/")]
            case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0x08: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
            case 0x0C: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
