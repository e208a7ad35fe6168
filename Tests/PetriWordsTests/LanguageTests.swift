import Testing

@testable import PetriWords

@Suite struct LanguageTests {
    let offered = ["en", "cy", "es", "ar"].compactMap(Language.init)

    @Test func aTagIsReadWhateverItsCaseAndSeparator() {
        #expect(Language("cy_gb")?.tag == "cy-GB")
        #expect(Language("ES-419")?.tag == "es-419")
        #expect(Language("zh-hant-tw")?.tag == "zh-Hant-TW")
        #expect(Language("cy_GB.UTF-8")?.tag == "cy-GB")
        #expect(Language("ca_ES@valencia")?.tag == "ca-ES")
    }

    @Test func whatIsNoLanguageIsRefused() {
        for text in ["", "C", "POSIX", "*", "e", "en--GB", "en-GB!", "ελ"] {
            #expect(Language(text) == nil, "\(text)")
        }
    }

    @Test func aRegionalTagFallsBackToItsLanguage() {
        #expect(Language.match(["es-MX"], among: offered).tag == "es")
        #expect(Language.match(["cy-Latn-GB"], among: offered).tag == "cy")
        #expect(Language.match(["ar-EG"], among: offered).tag == "ar")
    }

    @Test func theFirstPreferenceOfferedWinsAndEnglishEndsTheSearch() {
        #expect(Language.match(["fr-FR", "cy", "es"], among: offered).tag == "cy")
        #expect(Language.match(["fr", "de"], among: offered) == .english)
        #expect(Language.match([], among: offered) == .english)
        #expect(Language.match(["not a tag"], among: offered) == .english)
    }

    @Test func thePOSIXEnvironmentIsReadInSetlocaleOrder() {
        #expect(Language.preferences(fromEnvironment: ["LANG": "cy_GB.UTF-8"]) == ["cy_GB.UTF-8"])
        #expect(
            Language.preferences(fromEnvironment: ["LANG": "en_US.UTF-8", "LC_MESSAGES": "es_ES.UTF-8"])
                == ["es_ES.UTF-8"])
        #expect(
            Language.preferences(fromEnvironment: ["LANG": "en_US.UTF-8", "LC_ALL": "ar_EG.UTF-8"]) == ["ar_EG.UTF-8"])
        #expect(
            Language.preferences(fromEnvironment: ["LANG": "cy_GB.UTF-8", "LANGUAGE": "es:en"])
                == ["es", "en", "cy_GB.UTF-8"])
        #expect(Language.preferences(fromEnvironment: ["LANG": "C", "LANGUAGE": "es"]).isEmpty)
        #expect(Language.preferences(fromEnvironment: ["LC_ALL": "", "LANG": "es_ES"]) == ["es_ES"])
    }

    @Test func arabicRunsRightToLeft() {
        #expect(Language("ar-EG")?.isRightToLeft == true)
        #expect(Language("cy")?.isRightToLeft == false)
    }
}
