import Testing

@testable import PetriTerminal

@Suite struct KeyReaderTests {
    @Test func decodesArrowsInBothForms() {
        var reader = KeyReader()
        #expect(reader.feed(Array("\u{1B}[A\u{1B}[B\u{1B}OC\u{1B}OD".utf8)) == [.up, .down, .right, .left])
    }

    @Test func decodesEditingAndPagingKeys() {
        var reader = KeyReader()
        let keys = reader.feed(Array("\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~\u{1B}[3~\u{1B}[5~\u{1B}[6~\u{1B}[1;5C".utf8))
        #expect(keys == [.home, .end, .home, .end, .delete, .pageUp, .pageDown, .right])
    }

    @Test func decodesEnterBackspaceTabAndControlKeys() {
        var reader = KeyReader()
        #expect(
            reader.feed([0x0D, 0x7F, 0x08, 0x09, 0x03, 0x15]) == [
                .enter, .backspace, .backspace, .tab, .control("c"), .control("u"),
            ])
    }

    @Test func decodesUTF8Characters() {
        var reader = KeyReader()
        #expect(
            reader.feed(Array("a7é日🦋".utf8)) == [
                .character("a"), .character("7"), .character("é"), .character("日"), .character("🦋"),
            ])
    }

    @Test func keepsASequenceSplitAcrossReads() {
        // Given an arrow key whose bytes arrive in two reads
        var reader = KeyReader()
        #expect(reader.feed([0x1B, UInt8(ascii: "[")]).isEmpty)
        #expect(reader.hasPending)
        // Then the second read completes it
        #expect(reader.feed([UInt8(ascii: "D")]) == [.left])
        // And a UTF-8 character split in two as well
        #expect(reader.feed([0xC3]).isEmpty)
        #expect(reader.feed([0xA9]) == [.character("é")])
    }

    @Test func aLoneEscapeIsTheEscapeKeyOnceNothingFollows() {
        var reader = KeyReader()
        #expect(reader.feed([0x1B]).isEmpty)
        #expect(reader.flush() == [.escape])
        #expect(!reader.hasPending)
    }

    @Test func unknownSequencesAreSwallowedWhole() {
        var reader = KeyReader()
        #expect(reader.feed(Array("\u{1B}[200~x\u{1B}[?1;2cy".utf8)) == [.character("x"), .character("y")])
    }
}
