import Testing

@testable import PetriProtocol

@Suite("Decoding untrusted input: every failure has a stable code")
struct DecoderErrorTests {
    let decoder = ProtocolDecoder()

    func code(_ text: String) -> ProtocolError.Code? {
        code(Array(text.utf8))
    }

    func code(_ bytes: [UInt8]) -> ProtocolError.Code? {
        do {
            _ = try decoder.decodeClientMessage(bytes)
            return nil
        } catch {
            return error.code
        }
    }

    @Test func aMessageOverTheByteLimitIsRefusedBeforeParsing() {
        // Given valid messages of exactly 16 KiB and of one byte more
        func ping(bytes: Int) -> String {
            let overhead = #"{"type":"ping","x":""}"#.utf8.count
            return #"{"type":"ping","x":"\#(String(repeating: "a", count: bytes - overhead))"}"#
        }
        let limit = ProtocolLimits.standard.maxMessageBytes

        // Then the first is read and the second is too large, whatever it says
        #expect(ping(bytes: limit).utf8.count == limit)
        #expect(code(ping(bytes: limit)) == nil)
        #expect(code(ping(bytes: limit + 1)) == .tooLarge)
    }

    @Test func nestingDeeperThanTheLimitIsRefusedBeforeDecoding() {
        // Given arrays nested 16 deep (allowed) and 17 deep (not), and a huge nesting bomb
        let ok = #"{"type":"ping","x":"# + String(repeating: "[", count: 15) + String(repeating: "]", count: 15) + "}"
        let deep = #"{"type":"ping","x":"# + String(repeating: "[", count: 16) + String(repeating: "]", count: 16) + "}"
        let bomb = String(repeating: "[", count: 16_000)

        // Then the limit is exact, and the bomb costs nothing
        #expect(code(ok) == nil)
        #expect(code(deep) == .tooDeep)
        #expect(code(bomb) == .tooDeep)
    }

    @Test(arguments: [
        "", "{", "{\"type\":\"ping\",}", "{type:\"ping\"}", "{\"type\":'ping'}", "{\"type\":\"ping\"} x",
        "{\"type\":\"pi\nng\"}", "{\"type\":\"\\q\"}", "[1,]", "tru", "{\"a\":01}", "{\"a\":1.}", "{\"a\":-}",
        "{\"a\":\"\\u12\"}",
    ])
    func malformedJSONIsRefused(text: String) {
        // Given text that is not JSON, When decoded, Then it is malformed-json
        #expect(code(text) == .malformedJSON)
    }

    @Test func invalidUTF8IsMalformed() {
        // Given a key with a byte that is not UTF-8, When decoded, Then it is malformed-json
        #expect(code([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D]) == .malformedJSON)
    }

    @Test(arguments: [#"{"type":"launchMissiles"}"#, #"{"type":""}"#])
    func anUnknownTypeIsRefusedAndNamed(text: String) {
        // Given a type this version does not know, When decoded, Then it is unknown-type
        #expect(code(text) == .unknownType)
    }

    @Test func theUnknownTypeIsEchoedOnlyAsPlainShortText() throws {
        // Given a type full of escape sequences
        let hostile = #"{"type":"\u001b[2Jevil\u001b]0;x\u0007"}"#
        do {
            _ = try decoder.decodeClientMessage(Array(hostile.utf8))
            Issue.record("accepted")
        } catch {
            // Then the error quotes only letters and digits
            #expect(error.message == #"Unknown message type "2Jevil0x"; PROTOCOL.md lists the types."#)
        }
    }

    @Test(arguments: [
        #"{"count":5}"#, #"{"type":"step"}"#, #"{"type":"join","name":"Ada"}"#,
        #"{"type":"answer","question":1}"#, #"{"type":"ask","kind":"number","horizon":5}"#,
        #"{"type":"setParameter","name":"x"}"#,
    ])
    func aMissingFieldIsNamed(text: String) {
        // Given a message without a required field, When decoded, Then it is missing-field
        #expect(code(text) == .missingField)
    }

    @Test func theMissingFieldsNameIsInTheMessage() throws {
        // Given a step without a count, When decoded, Then the error names "count"
        #expect(throws: ProtocolError(.missingField, #"The field "count" is required but missing."#)) {
            try decoder.decodeClientMessage(Array(#"{"type":"step"}"#.utf8))
        }
    }

    @Test(arguments: [
        #"{"type":"step","count":"5"}"#, #"{"type":"step","count":1.5}"#, #"{"type":"run","rate":"NaN"}"#,
        #"{"type":"run","rate":1e400}"#,
        #"{"type":"join","code":"K0QX2M","name":"Ada"}"#, #"{"type":"join","code":"K7QX2","name":"Ada"}"#,
        #"{"type":"resume","code":"K7QX2M","token":"short"}"#,
        #"{"type":"resume","code":"K7QX2M","token":"has spaces in it which is not allowed"}"#,
        #"{"type":"create","key":"k","model":"Dinosaurs!"}"#,
        #"{"type":"create","key":"k","model":"life","seed":"-1"}"#,
        #"{"type":"answer","question":1,"number":1,"choice":2}"#, #"{"type":"answer","question":1,"probability":true}"#,
        #"{"type":"ask","metric":"population","kind":"essay","horizon":5}"#,
        #"{"type":"kick","student":"Ada"}"#, #"{"type":"history","from":[]}"#,
        #"{"type":"create","key":"k","model":"life","options":{"names":"secret"}}"#,
        #"{"type":"open","session":"s","code":"K7QX2M","role":"student"}"#,
    ])
    func aFieldOfTheWrongTypeOrShapeIsInvalid(text: String) {
        // Given a field of the wrong type or an impossible value, When decoded, Then it is invalid-field
        #expect(code(text) == .invalidField)
    }

    @Test func numbersThatDoNotFitAndLoneSurrogatesNameTheirField() {
        // Given a step count of 1.5 and of 1e400, a huge whole number and a name with a lone surrogate,
        // When decoded, Then each error names the field and what it expects
        let cases: [(String, ProtocolError)] = [
            (
                #"{"type":"step","count":1.5}"#,
                ProtocolError(.invalidField, #"The field "count" must be a whole number, not 1.5."#)
            ),
            (
                #"{"type":"step","count":1e400}"#,
                ProtocolError(
                    .invalidField, #"The field "count" has the number 1e400, which is too large for any field."#)
            ),
            (
                #"{"type":"answer","question":1,"choice":1e19}"#,
                ProtocolError(.invalidField, #"The field "choice" is too large for a whole number (1e+19)."#)
            ),
            (
                #"{"type":"join","code":"K7QX2M","name":"Ada\uD800"}"#,
                ProtocolError(
                    .invalidField,
                    #"The field "name" contains an invalid character (a lone surrogate, \uD800); send text as valid Unicode."#
                )
            ),
            (
                #"{"type":"join","code":"K7QX2M","name":"\uDC00x"}"#,
                ProtocolError(
                    .invalidField,
                    #"The field "name" contains an invalid character (a lone surrogate, \uDC00); send text as valid Unicode."#
                )
            ),
        ]
        for (text, error) in cases {
            #expect(throws: error) { try decoder.decodeClientMessage(Array(text.utf8)) }
        }
        // And a surrogate pair is a character like any other
        #expect(code(#"{"type":"join","code":"K7QX2M","name":"Ada \uD83D\uDE00"}"#) == nil)
    }

    @Test func overLongTextIsRefusedWithItsLimit() {
        // Given a name of 101 bytes and a prompt of 301
        let name = String(repeating: "n", count: TextLimit.name + 1)
        let prompt = String(repeating: "p", count: TextLimit.prompt + 1)

        // Then both are too long, and the error says which field and the limit
        #expect(code(#"{"type":"join","code":"K7QX2M","name":"\#(name)"}"#) == .tooLong)
        #expect(
            code(#"{"type":"ask","metric":"population","kind":"number","horizon":5,"prompt":"\#(prompt)"}"#) == .tooLong
        )
        #expect(throws: ProtocolError(.tooLong, #"The field "name" is 101 bytes long; the limit is 100."#)) {
            try decoder.decodeClientMessage(Array(#"{"type":"join","code":"K7QX2M","name":"\#(name)"}"#.utf8))
        }
        // And the limit counts bytes: 25 four-byte emoji are 100 bytes, 26 are too many
        let emoji = String(repeating: "😀", count: 26)
        #expect(code(#"{"type":"join","code":"K7QX2M","name":"\#(emoji)"}"#) == .tooLong)
    }

    @Test func unknownExtraFieldsAreIgnoredForForwardCompatibility() {
        // Given a step with a field this version does not know, When decoded, Then it is still a step
        #expect(code(#"{"type":"step","count":2,"speed":"fast"}"#) == nil)
    }

    @Test func joinCodesAreReadAsPeopleTypeThem() throws {
        // Given a code typed in lower case with a dash, When decoded, Then it is the canonical code
        let message = try decoder.decodeClientMessage(Array(#"{"type":"join","code":"k7q-x2m","name":"Ada"}"#.utf8))
        #expect(message == .join(code: try JoinCode("K7QX2M"), name: "Ada"))
    }
}
