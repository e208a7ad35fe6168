import PetriProtocol

/// Cleans teacher- and student-written text (names, prompts, hints, option labels) with
/// ``SafeText``, the one sanitiser every layer shares, and also drops the braille blank
/// (U+2800), which draws nothing and would make an invisible name.
enum TextSanitiser {
    static func clean(_ raw: String, maxCharacters: Int) -> String {
        SafeText.clean(raw, maxCharacters: maxCharacters, alsoBlank: [0x2800])
    }
}
