import PetriSimulation
import Testing

@testable import PetriProtocol

/// Plain answers are read without `JSONDecoder`; what they decode to, and every error for what
/// is not a plain answer, must not change because of it.
@Suite("Messages: a plain answer reads as the general decoder reads it")
struct AnswerScanTests {
    let decoder = ProtocolDecoder()

    /// The general decoder alone (no scan): the reference.
    func general(_ text: String) -> Result<ClientMessage, ProtocolError> {
        Result { () throws(ProtocolError) in try decoder.decode(ClientMessage.self, from: Array(text.utf8)) }
    }

    /// What the server's decoder makes of `text` (scan first).
    func served(_ text: String) -> Result<ClientMessage, ProtocolError> {
        Result { () throws(ProtocolError) in try decoder.decodeClientMessage(Array(text.utf8)) }
    }

    /// A number as clients write it: JavaScript's and Swift's ways, with exponents and signs.
    static func numberText(_ random: inout PetriRandom) -> String {
        let x = HotMessageWriterTests.randomNumber(&random)
        switch random.next() % 4 {
        case 0: return "\(x)"
        case 1: return NumberText.format(x)
        case 2: return "\(Int64(bitPattern: random.next()) % 1_000_000)"
        default:
            let mantissa = "\(random.next() % 1000).\(random.next() % 1000)"
            let sign = ["", "+", "-"][Int(random.next() % 3)]
            return "\(mantissa)\(random.next() % 2 == 0 ? "e" : "E")\(sign)\(random.next() % 30)"
        }
    }

    @Test func randomPlainAnswersReadTheSameWithoutTheGeneralDecoder() throws {
        var random = PetriRandom(seed: 14)
        for _ in 0..<5000 {
            var fields = [#""type":"answer""#, #""question":\#(random.next() % 1_000_000)"#]
            switch random.next() % 3 {
            case 0: fields.append(#""number":\#(Self.numberText(&random))"#)
            case 1: fields.append(#""probability":\#(Double(random.next() % 1001) / 1000)"#)
            default: fields.append(#""choice":\#(Int64(bitPattern: random.next()) % 100_000)"#)
            }
            // Keys in any order.
            for i in stride(from: fields.count - 1, to: 0, by: -1) {
                fields.swapAt(i, Int(random.next() % UInt64(i + 1)))
            }
            let text = "{" + fields.joined(separator: ",") + "}"
            let reference = try general(text).get()
            #expect(AnswerScan.answer(in: Array(text.utf8)) == reference, "\(text)")
        }
    }

    /// Not plain answers: the scan declines each, and the server's decoder answers exactly as
    /// the general one does (the same message or the same error).
    static let others = [
        #"{"type":"answer","question":3,"number":50,"reason":"because"}"#,
        #"{ "type":"answer","question":3,"number":50}"#,
        #"{"type": "answer","question":3,"number":50}"#,
        #"{"type":"answer","question":3,"number":50,"extra":1}"#,
        #"{"type":"answer","question":3,"number":50,"number":60}"#,
        #"{"type":"answer","type":"answer","question":3,"number":50}"#,
        #"{"type":"answer","question":3,"question":4,"number":50}"#,
        #"{"type":"answer","question":3,"number":50,"choice":1}"#,
        #"{"type":"answer","question":3}"#,
        #"{"type":"answer","number":50}"#,
        #"{"question":3,"number":50}"#,
        #"{"type":"answe\u0072","question":3,"number":50}"#,
        #"{"type":"hint","question":3}"#,
        #"{"type":"answer","question":3.5,"number":50}"#,
        #"{"type":"answer","question":3.0,"number":50}"#,
        #"{"type":"answer","question":1e2,"number":50}"#,
        #"{"type":"answer","question":03,"number":50}"#,
        #"{"type":"answer","question":"3","number":50}"#,
        #"{"type":"answer","question":12345678901234567890,"number":50}"#,
        #"{"type":"answer","question":3,"number":1e400}"#,
        #"{"type":"answer","question":3,"number":"NaN"}"#,
        #"{"type":"answer","question":3,"number":1.}"#,
        #"{"type":"answer","question":3,"number":.5}"#,
        #"{"type":"answer","question":3,"number":-}"#,
        #"{"type":"answer","question":3,"number":00.5}"#,
        #"{"type":"answer","question":3,"number":null}"#,
        #"{"type":"answer","question":3,"choice":1.5}"#,
        #"{"type":"answer","question":3,"choice":true}"#,
        #"{"type":"answer","question":3,"number":50,}"#,
        #"{"type":"answer","question":3,"number":50}}"#,
        #"{"type":"answer","question":3,"number":50"#,
        #"{"type":"answer","question":3,"number":50} "#,
    ]

    @Test(arguments: others) func anythingButAPlainAnswerIsLeftToTheGeneralDecoder(_ text: String) {
        #expect(AnswerScan.answer(in: Array(text.utf8)) == nil)
        switch (served(text), general(text)) {
        case (.success(let a), .success(let b)): #expect(a == b)
        case (.failure(let a), .failure(let b)): #expect(a.code == b.code)
        case (let a, let b): Issue.record("The server's decoder gave \(a), the general one \(b), for \(text)")
        }
    }

    @Test func negativeQuestionsAndChoicesReadAsTheGeneralDecoderReadsThem() throws {
        for text in [
            #"{"type":"answer","question":0,"choice":-2}"#, #"{"type":"answer","question":-3,"number":50}"#,
            #"{"type":"answer","question":-0,"number":-0}"#,
            #"{"type":"answer","question":999999999999999,"probability":0}"#,
        ] {
            #expect(AnswerScan.answer(in: Array(text.utf8)) == (try general(text).get()))
        }
    }
}
