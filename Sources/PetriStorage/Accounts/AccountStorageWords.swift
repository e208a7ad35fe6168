/// The sentences the stores' account writes refuse with, in one place (for the language catalogs).
package enum AccountStorageWords {
    package static func taken(_ name: String) -> TeacherStorageError {
        TeacherStorageError(
            .taken, "A teacher named \"\(name)\" (or with that email) is already on this server; choose another name.")
    }

    package static func noSuchTeacher(_ id: String) -> TeacherStorageError {
        TeacherStorageError(.unknown, "There is no teacher \"\(id)\" on this server; `petri teachers list` shows them.")
    }
}
