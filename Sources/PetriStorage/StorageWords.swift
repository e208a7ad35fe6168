import PetriWords

/// The sentences the stores refuse with (a teacher's name taken, an unknown teacher), from the catalogs in
/// `Words/<tag>.json`. Every key appears as a literal in a `StorageWords.word(...)` call, which is how the catalog
/// test finds them.
package enum StorageWords {
    /// The storage's catalogs, compiled into the program.
    package static let book = WordBook(
        "PetriStorage",
        files: [
            ("en", PackageResources.en_json), ("cy", PackageResources.cy_json),
            ("es", PackageResources.es_json), ("ar", PackageResources.ar_json),
        ])

    /// A sentence to render in its reader's language.
    package static func word(_ key: String, _ arguments: [String: WordArgument] = [:]) -> Word {
        book.word(key, arguments)
    }
}

extension TeacherStorageError {
    /// Another teacher has this name (or email).
    package static func taken(_ name: String) -> TeacherStorageError {
        TeacherStorageError(.taken, StorageWords.word("storage.teacher.taken", ["name": .text(name)]))
    }

    /// No teacher has this id.
    package static func noSuchTeacher(_ id: String) -> TeacherStorageError {
        TeacherStorageError(.unknown, StorageWords.word("storage.teacher.unknown", ["id": .text(id)]))
    }
}
