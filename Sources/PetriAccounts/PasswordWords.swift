/// The sentences about passwords a teacher reads, in one place (for the language catalogs).
package enum PasswordWords {
    package static func tooShort(length: Int, minimum: Int) -> String {
        "That password has \(length) characters; choose one of at least \(minimum) (a few unrelated words make a good one)."
    }

    package static func tooLong(maximum: Int) -> String {
        "That password is longer than \(maximum) characters; choose a shorter one."
    }

    package static let ownName = "A password cannot be your own name or email; choose something else."

    package static let common =
        "That password is one of the most common ones (or one with digits added), which are tried first by "
        + "anyone guessing; choose something else."
}
