import Testing

@testable import PetriProtocol

@Suite struct MessageHeadTests {
    @Test func findsTypeAndKeyWhereverTheyAreAndSkipsEverythingElse() {
        let text = #"{"definition":{"a":[1,{"key":"inner"}],"s":"}\"]"},"n":-1.5e3,"key":"k\u0065y","type":"import"}"#
        #expect(MessageHead.scan(Array(text.utf8)) == MessageHead(type: "import", key: "key"))
    }

    @Test func notOneObjectIsNil() {
        for text in [#"[1]"#, #"{"type":"import""#, #"{"type" "import"}"#, #"{"a":{"b":1}"#, ""] {
            #expect(MessageHead.scan(Array(text.utf8)) == nil, "\(text)")
        }
    }
}
