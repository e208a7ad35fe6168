import ArgumentParser
import Foundation
import PetriWords

/// The command line's words (its help and the sentences its commands print), from the catalogs in
/// `Words/<tag>.json`, in the environment's language as the terminal client picks it (`LANGUAGE`, `LC_ALL`,
/// `LC_MESSAGES`, `LANG`; English when Petri does not have it). Command and option names are the interface and
/// stay as they are. Every key appears as a literal in a `CommandWords.text(...)` or `CommandHelp.text(...)` call,
/// which is how the catalog test finds them.
enum CommandWords {
    /// The command line's catalogs, compiled into the program.
    static let book = WordBook(
        "petri",
        files: [
            ("en", PackageResources.en_json), ("cy", PackageResources.cy_json),
            ("es", PackageResources.es_json), ("ar", PackageResources.ar_json),
        ])

    /// The language the command line speaks: the environment's, when there is a catalog for it.
    static let language = book.match(Language.preferences(fromEnvironment: ProcessInfo.processInfo.environment))

    /// A sentence in the command line's language.
    static func text(_ key: String, _ arguments: [String: WordArgument] = [:]) -> String {
        book.text(key, arguments, in: language)
    }
}

/// The help of an argument, option or flag, in the command line's language.
enum CommandHelp {
    static func text(_ key: String) -> ArgumentHelp {
        ArgumentHelp(CommandWords.text(key))
    }
}
