import Testing

@testable import PetriWords

@Suite struct CatalogTests {
    let book = WordBook(
        "Test",
        files: [
            (
                "en",
                Array(
                    #"""
                    {"_about": "English",
                     "greet": "Hello, {name}!",
                     "joined": {"one": "{count} student joined", "other": "{count} students joined"},
                     "only.english": "Only in English",
                     "nested": "Asked: {what}",
                     "share": "{share} of the class"}
                    """#.utf8)
            ),
            (
                "cy",
                Array(
                    #"""
                    {"_about": "Cymraeg", "greet": "Helo, {name}!",
                     "joined": {"zero": "Ymunodd {count} myfyrwyr", "one": "Ymunodd {count} myfyriwr",
                                "two": "Ymunodd {count} fyfyriwr", "few": "Ymunodd {count} myfyriwr",
                                "many": "Ymunodd {count} myfyriwr", "other": "Ymunodd {count} o fyfyrwyr"}}
                    """#.utf8)
            ),
            ("es", Array(#"{"share": "{share} de la clase", "joined": {"other": "se unieron {count}"}}"#.utf8)),
            ("ar", Array("{\"greet\": \"مرحبًا \\u064a\\ud83d\\ude00\"}".utf8)),
        ])

    @Test func placeholdersAreFilledByName() {
        #expect(book.text("greet", ["name": "Ffion"], in: .english) == "Hello, Ffion!")
        #expect(book.text("greet", ["name": "Ffion"], in: Language("cy")!) == "Helo, Ffion!")
    }

    @Test func aPluralValueIsChosenByTheLanguagesRuleForCount() {
        let welsh = Language("cy")!
        #expect(book.text("joined", ["count": 1], in: .english) == "1 student joined")
        #expect(book.text("joined", ["count": 0], in: .english) == "0 students joined")
        #expect(book.text("joined", ["count": 2], in: welsh) == "Ymunodd 2 fyfyriwr")
        #expect(book.text("joined", ["count": 0], in: welsh) == "Ymunodd 0 myfyrwyr")
        #expect(book.text("joined", ["count": 11], in: welsh) == "Ymunodd 11 o fyfyrwyr")
        // Spanish gives only `other`: it serves every category.
        #expect(book.text("joined", ["count": 1], in: Language("es")!) == "se unieron 1")
    }

    @Test func aMissingKeyFallsBackToEnglishAndAMissingLanguageToo() {
        #expect(book.text("only.english", in: Language("cy")!) == "Only in English")
        #expect(book.text("greet", ["name": "Ana"], in: Language("fr")!) == "Hello, Ana!")
        #expect(book.text("greet", ["name": "Ana"], in: Language("cy-GB")!) == "Helo, Ana!")
        #expect(book.text("no.such.key", in: .english) == "no.such.key")
    }

    @Test func anArgumentWithoutValueStaysVisible() {
        #expect(book.text("greet", in: .english) == "Hello, {name}!")
    }

    @Test func aWordInsideAWordIsRenderedInTheSameLanguage() {
        let inner = book.word("greet", ["name": "Ana"])
        #expect(book.text("nested", ["what": .word(inner)], in: Language("cy")!) == "Asked: Helo, Ana!")
    }

    @Test func decimalsTakeTheLanguagesSeparator() {
        #expect(book.text("share", ["share": .decimal("0.25")], in: Language("es")!) == "0,25 de la clase")
        #expect(book.text("share", ["share": .decimal("0.25")], in: .english) == "0.25 of the class")
    }

    @Test func escapesAndSurrogatePairsAreRead() {
        #expect(book.text("greet", in: Language("ar")!) == "مرحبًا \u{064A}😀")
        #expect(book.problems.isEmpty)
    }

    @Test func theHeaderIsNoKeyAndTheLanguagesAreListedEnglishFirst() throws {
        let english = try #require(book.catalogs[.english])
        #expect(english.header("_about") == "English")
        #expect(!english.keys.contains("_about"))
        #expect(book.languages.map(\.tag) == ["en", "ar", "cy", "es"])
    }

    @Test func aMalformedCatalogIsReportedNotLoaded() {
        for text in [#"{"a": 1}"#, #"{"a": "b",}"#, #"{"a": "b"} x"#, #"{"a": "b", "a": "c"}"#, #"{"a": "\q"}"#, "["] {
            let broken = WordBook("Broken", files: [("en", Array(text.utf8))])
            #expect(broken.problems.count == 1, "\(text)")
            #expect(broken.text("a", in: .english) == "a")
        }
    }
}
