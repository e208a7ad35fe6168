/// The sentences about accounts a teacher or the administrator reads, in one place (for the language catalogs).
package enum AccountWords {
    package static let wrongCredentials =
        "That name (or email) and password do not match an account here that may sign in; check them, or ask "
        + "whoever runs the server for a new sign-in link."

    package static let disabled =
        "This account is disabled, so it may not sign in; ask whoever runs the server to enable it again."

    package static func tooManyTries(_ seconds: Int) -> String {
        "Too many failed sign-ins for this account from your address; wait \(seconds) s and try again."
    }

    package static let invalidLink =
        "That sign-in link is not valid any more (each works once, for 7 days); ask whoever runs the server for a "
        + "new one."

    package static let storeFailed = "The server could not reach its store; try again in a moment."

    /// Why a name or email cannot be used, or nil.
    static func problem(name: String, email: String?) -> String? {
        if name.isEmpty || name.count > 64 || name.contains("@")
            || name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        {
            return "A teacher's name is 1 to 64 characters with no \"@\" and no control characters; choose another."
        }
        if let email,
            !email.contains("@") || email.count > 254 || email.contains(" ")
                || email.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        {
            return "That email address does not look like one (name@school.example); give another or none."
        }
        return nil
    }
}
