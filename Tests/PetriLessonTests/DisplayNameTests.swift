import PetriProtocol
import Testing

@testable import PetriLesson

@Suite("Display names: what reaches other people's screens")
struct DisplayNameTests {
    @Test(arguments: [
        ("  Ada  Lovelace ", "Ada Lovelace"),
        ("Tab\tand\nnewline", "Tab and newline"),
        ("\u{1B}[1;31mBold red\u{1B}[0m", "Bold red"),
        ("\u{1B}]8;;http://x.example\u{1B}\\link\u{1B}]8;;\u{1B}\\", "link"),
        ("\u{1B}]0;window title\u{07}Ann", "Ann"),
        ("\u{9B}31mC1 CSI", "C1 CSI"),
        ("\u{1B}PdcsString\u{1B}\\Dee", "Dee"),
        ("\u{1B}(BCharset", "Charset"),
        ("Bell\u{07}\u{7F}\u{85}", "Bell"),
        ("\u{202E}reversed\u{202C}", "reversed"),
        ("\u{2066}isolate\u{2069}", "isolate"),
        ("zero\u{200B}width\u{FEFF}", "zerowidth"),
        ("\u{3164}\u{115F}Hidden", "Hidden"),
        ("private\u{E000}use", "privateuse"),
        ("line\u{2028}separator", "line separator"),
        ("José 😀 Åsa", "José 😀 Åsa"),
        ("unterminated \u{1B}]0;title", "unterminated"),
    ])
    func cleaningRemovesControlsEscapesAndInvisibleCharacters(raw: String, clean: String) {
        // Given a typed name, When it is cleaned, Then only visible text with single spaces remains
        #expect(DisplayName.clean(raw) == clean)
    }

    @Test func namesAreCutToTwentyFourCharactersCountingGraphemes() {
        // Given a long name made of flags (two code points each)
        let flags = String(repeating: "🇫🇷", count: 30)

        // When it is cleaned, Then 24 flags remain and no trailing space
        #expect(DisplayName.clean(flags).count == 24)
        #expect(DisplayName.clean(String(repeating: "a", count: 23) + " b") == String(repeating: "a", count: 23))
    }

    @Test func stackedCombiningMarksAreCut() {
        // Given "Z" with forty combining marks (a "Zalgo" name)
        let zalgo = "Z" + String(repeating: "\u{0336}", count: 40)

        // When it is cleaned, Then the character keeps at most eight code points
        let cleaned = DisplayName.clean(zalgo)
        #expect(cleaned.count == 1)
        #expect(cleaned.unicodeScalars.count == SafeText.maxScalarsPerCharacter)
    }

    @Test func uniquenessAddsTheFirstFreeNumber() {
        // Given "Ann", "Ann 2" and "Ann 4" are taken (compared without case)
        let taken: Set<String> = ["ann", "ann 2", "ann 4"]

        // When "ANN" and "Bo" ask for names, Then the first free suffix is used, or none
        #expect(DisplayName.unique("ANN", isTaken: taken.contains) == "ANN 3")
        #expect(DisplayName.unique("Bo", isTaken: taken.contains) == "Bo")
    }

    @Test func theThousandthStudentOfTheSameNameCostsAFewLookUpsNotAThousand() throws {
        // Given a roster where 1,000 students asked for "Sam" (and one typed "Sam 1001" themselves)
        var roster = Roster()
        var names: [String] = []
        for i in 0..<1_000 {
            let name = roster.uniqueName("Sam")
            names.append(name)
            _ = roster.add(name: name, token: try AccessToken(randomBytes: Self.tokenBytes(i)), entry: i + 1)
        }
        _ = roster.add(name: "Sam 1001", token: try AccessToken(randomBytes: Self.tokenBytes(5_000)), entry: 1_001)
        #expect(names.prefix(3) == ["Sam", "Sam 2", "Sam 3"])
        #expect(names.last == "Sam 1000")

        // When two more ask for "sam", Then they get the next free numbers with a few look-ups each
        let before = roster.nameLookups.value
        #expect(roster.uniqueName("sam") == "sam 1002")
        #expect(roster.nameLookups.value - before <= 3)
        // and the whole class cost a few look-ups per join, not a pass over the earlier Sams
        #expect(before <= 3 * 1_000)
    }

    static func tokenBytes(_ i: Int) -> [UInt8] {
        (0..<16).map { UInt8(truncatingIfNeeded: i >> (8 * ($0 % 4))) &+ UInt8($0) }
    }
}
