import PetriWords

/// What a teacher's new password must be: at least ``minimumLength`` characters, at most
/// ``maximumLength`` (a bound on the hashing work one request can ask for), and not a common password.
///
/// A password is common when, ignoring case, it is in the shipped list (`Lists/common-passwords.txt`,
/// see its SOURCE.md), or is one listed password repeated ("dragondragon"), or is a listed password
/// with only digits and punctuation added before or after it ("password1234!"), or is the teacher's
/// own name or email.
package enum PasswordPolicy {
    package static let minimumLength = 12
    package static let maximumLength = 256

    /// The shipped list, one lowercased password a line.
    static let common: Set<Substring> = {
        let text = String(decoding: PackageResources.common_passwords_txt, as: UTF8.self)
        return Set(text.split(separator: "\n").filter { !$0.isEmpty })
    }()

    /// Why this password is refused, in a sentence that says what to do; nil when it is acceptable.
    package static func refusal(of password: String, for teacher: (name: String, email: String?)) -> Word? {
        let length = password.count
        if length < minimumLength {
            return AccountWords.word(
                "accounts.password.tooShort", ["count": .int(length), "minimum": .int(minimumLength)])
        }
        if length > maximumLength {
            return AccountWords.word("accounts.password.tooLong", ["maximum": .int(maximumLength)])
        }
        let lowered = password.lowercased()
        if lowered == teacher.name.lowercased() || lowered == teacher.email?.lowercased() {
            return AccountWords.word("accounts.password.ownName")
        }
        if isCommon(lowered) { return AccountWords.word("accounts.password.common") }
        return nil
    }

    /// Whether a lowercased password is a listed one, repeated, or with digits and punctuation around it.
    static func isCommon(_ lowered: String) -> Bool {
        if common.contains(Substring(lowered)) { return true }
        let core = lowered.drop { isFiller($0) }.reversed().drop { isFiller($0) }.reversed()
        let coreText = String(core)
        if !coreText.isEmpty, common.contains(Substring(coreText)) { return true }
        // One listed password written two or more times.
        let characters = Array(coreText)
        guard !characters.isEmpty else { return false }
        for size in 1...max(1, characters.count / 2) where characters.count % size == 0 {
            let unit = characters[0..<size]
            let repeated = stride(from: 0, to: characters.count, by: size).allSatisfy {
                characters[$0..<($0 + size)] == unit
            }
            if repeated, characters.count / size >= 2, size == 1 || common.contains(Substring(String(unit))) {
                return true
            }
        }
        return false
    }

    private static func isFiller(_ character: Character) -> Bool {
        character.isNumber || character.isPunctuation || character.isSymbol || character == " "
    }
}
