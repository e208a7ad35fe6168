/// Reads the message a class sends by the thousand, `answer`, without `JSONDecoder`, when it is
/// written the plain way every Petri client writes it.
///
/// A class of ten thousand answers a question within a second or two, and building a JSON tree
/// for each answer (plus the shape check and a copy into `Data`) was the largest part of
/// decoding it. This reads only compact objects (no whitespace, no escapes) whose keys are
/// `type` (`"answer"`), `question` (a whole number) and exactly one of `number`, `probability`
/// (a finite number) or `choice` (a whole number), each once, in any order. Anything else
/// (a `reason`, an unknown key, a space, a fraction where a whole number belongs) returns nil,
/// and the caller decodes the message the general way, which gives the same result for
/// whatever this reads and the right error for what it does not (tests pin both).
enum AnswerScan {
    /// Longest message read here: a plain answer is about 50 bytes.
    static let maxBytes = 160

    /// The answer `bytes` hold, or nil when they are not a plain answer.
    static func answer(in bytes: [UInt8]) -> ClientMessage? {
        guard bytes.count >= 2, bytes.count <= maxBytes, bytes.first == UInt8(ascii: "{"),
            bytes.last == UInt8(ascii: "}")
        else { return nil }
        var scanner = Scanner(bytes: bytes)
        return scanner.answer()
    }

    private struct Scanner {
        let bytes: [UInt8]
        var i = 1

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func answer() -> ClientMessage? {
            var isAnswer = false
            var question: Int?
            var prediction: Prediction?
            while true {
                guard let key = string() else { return nil }
                guard take(UInt8(ascii: ":")) else { return nil }
                switch key {
                case "type":
                    guard !isAnswer, string() == "answer" else { return nil }
                    isAnswer = true
                case "question":
                    guard question == nil, let n = whole() else { return nil }
                    question = n
                default:
                    // A prediction's key, read as its kind's table in QuestionKind.swift says.
                    guard prediction == nil, let isWhole = Prediction.plainIsWhole(key: key) else { return nil }
                    let value: Prediction.PlainValue
                    if isWhole {
                        guard let n = whole() else { return nil }
                        value = .whole(n)
                    } else {
                        guard let x = finite() else { return nil }
                        value = .finite(x)
                    }
                    guard let read = Prediction(plainKey: key, value: value) else { return nil }
                    prediction = read
                }
                if take(UInt8(ascii: ",")) { continue }
                guard i == bytes.count - 1 else { return nil }
                break
            }
            guard isAnswer, let question, let prediction else { return nil }
            return .answer(question: QuestionID(question), prediction: prediction, reason: nil)
        }

        private mutating func take(_ byte: UInt8) -> Bool {
            guard i < bytes.count, bytes[i] == byte else { return false }
            i += 1
            return true
        }

        /// A string of printable ASCII with no escapes (a key or the type).
        private mutating func string() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = i
            while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
                guard (0x20..<0x7F).contains(bytes[i]), bytes[i] != UInt8(ascii: "\\") else { return nil }
                i += 1
            }
            guard i < bytes.count, i - start <= 16 else { return nil }
            defer { i += 1 }
            return String(decoding: bytes[start..<i], as: UTF8.self)
        }

        /// `-?(0|[1-9][0-9]*)`, at most 15 digits.
        private mutating func whole() -> Int? {
            let negative = take(UInt8(ascii: "-"))
            guard let digits = digitRun(), digits.count <= 15 else { return nil }
            guard digits.count == 1 || bytes[digits.lowerBound] != UInt8(ascii: "0") else { return nil }
            guard !isNumberByte(at: i) else { return nil }
            var value = 0
            for d in bytes[digits] { value = value * 10 + Int(d - UInt8(ascii: "0")) }
            return negative ? -value : value
        }

        /// A JSON number (`-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`) that is finite as a Double.
        private mutating func finite() -> Double? {
            let start = i
            _ = take(UInt8(ascii: "-"))
            guard let whole = digitRun() else { return nil }
            guard whole.count == 1 || bytes[whole.lowerBound] != UInt8(ascii: "0") else { return nil }
            if take(UInt8(ascii: ".")) {
                guard digitRun() != nil else { return nil }
            }
            if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
                if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
                guard digitRun() != nil else { return nil }
            }
            guard !isNumberByte(at: i), i - start <= 32 else { return nil }
            guard let x = Double(String(decoding: bytes[start..<i], as: UTF8.self)), x.isFinite else { return nil }
            return x
        }

        private mutating func digitRun() -> Range<Int>? {
            let start = i
            while i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) { i += 1 }
            return i > start ? start..<i : nil
        }

        /// Whether a number continues at `index` in a way this scanner does not read.
        private func isNumberByte(at index: Int) -> Bool {
            guard index < bytes.count else { return false }
            return ![UInt8(ascii: ","), UInt8(ascii: "}")].contains(bytes[index])
        }
    }
}
