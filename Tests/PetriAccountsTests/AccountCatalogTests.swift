import Foundation
import PetriStorage
import PetriWords
import Testing

@testable import PetriAccounts

@Suite("The accounts' and the stores' sentences come from catalogs, complete in every language")
struct AccountCatalogTests {
    /// The keys `caller` names in the Swift files under `Sources/<module>`.
    static func keys(in module: String, caller: String) throws -> Set<String> {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/\(module)")
        var used: Set<String> = []
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            used.formUnion(CatalogAudit.keys(inSource: try String(contentsOf: file, encoding: .utf8), caller: caller))
        }
        return used
    }

    static let languages = ["en", "cy", "es", "ar"].compactMap(Language.init)

    @Test func theAccountsCatalogsHaveEveryKeyTheCodeUsesAndNoOther() throws {
        let used = try Self.keys(in: "PetriAccounts", caller: "AccountWords")
            .union(Self.keys(in: "PetriHub", caller: "AccountWords"))
            .union(Self.keys(in: "PetriServer", caller: "AccountWords"))
        #expect(used.count > 10)
        #expect(CatalogAudit.problems(of: AccountWords.book, used: used, languages: Self.languages) == [])
    }

    @Test func theStoragesCatalogsHaveEveryKeyTheCodeUsesAndNoOther() throws {
        let used = try Self.keys(in: "PetriStorage", caller: "StorageWords")
        #expect(used == ["storage.teacher.taken", "storage.teacher.unknown"])
        #expect(CatalogAudit.problems(of: StorageWords.book, used: used, languages: Self.languages) == [])
    }

    @Test func aShortPasswordIsRefusedInTheReadersLanguageWithTheRightPluralForm() throws {
        let refusal = try #require(PasswordPolicy.refusal(of: "short-pass1", for: ("Ada", nil)))
        #expect(refusal.text(in: .english).hasPrefix("That password has 11 characters; choose one of at least 12"))
        #expect(refusal.text(in: try #require(Language("cy"))).hasPrefix("Mae gan y cyfrinair hwnnw 11 nod"))
        #expect(refusal.text(in: try #require(Language("es"))).hasPrefix("Esa contraseña tiene 11 caracteres"))
        // Arabic's "many" form (11 to 99) takes the singular accusative noun.
        #expect(refusal.text(in: try #require(Language("ar"))).hasPrefix("كلمة المرور هذه فيها 11 حرفًا"))
    }

    @Test func aStoresRefusalKeepsItsSentenceForTheReader() throws {
        let taken = TeacherStorageError.taken("Ada")
        #expect(
            taken.message
                == "A teacher named \"Ada\" (or with that email) is already on this server; choose another name.")
        #expect(
            taken.word.text(in: try #require(Language("es"))).hasPrefix(
                "Ya hay en este servidor un docente llamado \"Ada\""))
    }
}
