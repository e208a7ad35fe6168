import Testing

@testable import PetriTerminal

@Suite struct TerminalTextTests {
    @Test func sanitiseRemovesEscapeSequencesAndKeepsText() {
        // Given text with CSI, OSC (BEL- and ST-terminated), DCS, a C1 CSI and a charset switch
        let raw =
            "A\u{1B}[31mred\u{1B}[0m \u{1B}]0;pwned\u{07}B\u{1B}]8;;http://x\u{1B}\\C\u{1B}Pq#0\u{1B}\\D\u{9B}2JE\u{1B}(0F"
        // When it is sanitised
        let clean = TerminalText.sanitise(raw)
        // Then only the visible text is left
        #expect(clean == "Ared BCDEF")
    }

    @Test func sanitiseRemovesControlsAndBidiAndFormatCharacters() {
        let raw =
            "\u{202E}evil\u{202C} \u{2066}x\u{2069}\u{200E}\u{200F}\u{061C}\u{200B}y\u{00AD}\u{07}\u{00}\u{85}\u{9C}z\u{E000}"
        #expect(TerminalText.sanitise(raw) == "evil xyz")
    }

    @Test func sanitiseTurnsWhitespaceRunsIntoOneSpaceAndTrims() {
        #expect(TerminalText.sanitise("  two\t\nlines  here \r\n") == "two lines here")
    }

    @Test func sanitiseCutsStackedCombiningMarksAndLength() {
        let zalgo = "a" + String(repeating: "\u{0301}", count: 40)
        #expect(TerminalText.sanitise(zalgo).unicodeScalars.count == TerminalText.maxScalarsPerCharacter)
        #expect(TerminalText.sanitise("abcdef", maxCharacters: 3) == "abc")
    }

    @Test func widthCountsWideCharactersAsTwoColumns() {
        #expect(TerminalText.width(of: "abc") == 3)
        #expect(TerminalText.width(of: "日本") == 4)
        #expect(TerminalText.width(of: "🦋") == 2)
        #expect(TerminalText.width(of: "é") == 1)
    }

    @Test func clippedEndsInAnEllipsisAndNeverSplitsAWideCharacter() {
        #expect(TerminalText.clipped("population", toWidth: 6) == "popul…")
        #expect(TerminalText.clipped("日本語", toWidth: 4) == "日…")
        #expect(TerminalText.clipped("short", toWidth: 10) == "short")
    }

    @Test func wrappedBreaksAtSpacesAndCutsLongWords() {
        #expect(TerminalText.wrapped("the quick brown fox", toWidth: 9) == ["the quick", "brown fox"])
        #expect(TerminalText.wrapped("abcdefghij", toWidth: 4) == ["abcd", "efgh", "ij"])
    }

    @Test func canvasNeverStoresUnprintableCharacters() {
        var canvas = Canvas(width: 20, height: 1)
        canvas.put("a\u{1B}b\u{07}c\u{202E}d", x: 0, y: 0)
        #expect(canvas.lines() == ["abcd"])
    }

    @Test func canvasClipsWithAnEllipsisAndKeepsWideCharactersWhole() {
        var canvas = Canvas(width: 6, height: 2)
        canvas.put("abcdefgh", x: 0, y: 0)
        canvas.put("ab日本", x: 0, y: 1, maxWidth: 4)
        #expect(canvas.lines() == ["abcde…", "ab…"])
    }
}

@Suite struct ColorModeTests {
    @Test func noColorWinsThenColortermDecides() {
        #expect(ColorMode.detect(environment: ["NO_COLOR": "1", "COLORTERM": "truecolor"]) == ColorMode.none)
        #expect(ColorMode.detect(environment: ["NO_COLOR": "", "COLORTERM": "truecolor"]) == .truecolor)
        #expect(ColorMode.detect(environment: ["COLORTERM": "24bit", "TERM": "xterm-256color"]) == .truecolor)
        #expect(ColorMode.detect(environment: ["TERM": "xterm-256color"]) == .ansi256)
        #expect(ColorMode.detect(environment: ["TERM": "dumb"]) == ColorMode.none)
    }

    @Test func greysAndColoursMapToTheNearest256PaletteEntry() {
        #expect(TerminalColor.gray(0).ansi256Index == 16)
        #expect(TerminalColor.gray(255).ansi256Index == 231)
        #expect(TerminalColor.gray(128).ansi256Index == 244)
        #expect(TerminalColor(red: 255, green: 0, blue: 0).ansi256Index == 196)
        #expect(TerminalColor.between(.black, .white, fraction: 0) == .gray(0))
        #expect(TerminalColor.between(.black, .white, fraction: 1) == .gray(255))
    }
}
