import Testing

@testable import PetriWords

@Suite struct CatalogAuditTests {
    let languages = ["en", "cy"].compactMap(Language.init)

    func book(_ english: String, _ welsh: String) -> WordBook {
        WordBook("Test", files: [("en", Array(english.utf8)), ("cy", Array(welsh.utf8))])
    }

    @Test func keysAreFoundAsTheFirstLiteralOfTheCallersCalls() {
        let source = """
            let a = LessonWords.word("lesson.a", ["x": 1])
            let b = LessonWords.text(
                "lesson.b", in: language)
            let c = OtherWords.word("other.c")
            let d = LessonWords.word(key)
            """
        #expect(CatalogAudit.keys(inSource: source, caller: "LessonWords") == ["lesson.a", "lesson.b"])
    }

    @Test func catalogsThatMatchTheCodeHaveNoProblem() {
        let agreeing = book(
            #"{"_about": "English", "a": "A {x}"}"#,
            #"{"_about": "Cymraeg. Machine-assisted; needs review by a native speaker.", "a": {"zero": "Z", "other": "{x}"}}"#
        )
        #expect(CatalogAudit.problems(of: agreeing, used: ["a"], languages: languages) == [])
    }

    @Test func aMissingKeyAnUnusedKeyAndAWrongPlaceholderAreEachAProblem() {
        let drifting = book(
            #"{"_about": "English", "a": "A {x}", "old": "Old"}"#,
            #"{"_about": "Cymraeg", "a": "A {y}", "b": {"one": "B"}}"#)
        let problems = CatalogAudit.problems(of: drifting, used: ["a", "b"], languages: languages)
        #expect(
            problems == [
                "Test cy's \"_about\" does not say it needs review by a native speaker.",
                "Test cy \"a\" has placeholders [\"y\"], English [\"x\"].",
                "Test cy \"b\" has plural forms but no \"other\".",
                "Test en lacks \"b\", which the code uses.",
                "Test en has \"old\", which no code uses.",
            ])
    }

    @Test func aFormTheLanguageNeverUsesIsAProblem() {
        let english = #"{"_about": "English", "a": {"one": "A", "few": "As", "other": "As"}}"#
        let problems = CatalogAudit.problems(
            of: WordBook("Test", files: [("en", Array(english.utf8))]), used: ["a"], languages: [.english])
        #expect(problems == ["Test en \"a\" has the form \"few\", which en does not use."])
    }

    @Test func theCategoriesOfEachShippedLanguageAreCLDRs() {
        #expect(CatalogAudit.categories(of: .english) == [.one, .other])
        #expect(CatalogAudit.categories(of: Language("es")!) == [.one, .many, .other])
        #expect(CatalogAudit.categories(of: Language("cy")!) == Set(PluralCategory.allCases))
        #expect(CatalogAudit.categories(of: Language("ar")!) == Set(PluralCategory.allCases))
    }
}
