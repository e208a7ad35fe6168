import Foundation
import PetriWords
import Testing

@testable import PetriLesson

@Suite("The lesson's catalogs hold exactly the sentences its code uses, in every language")
struct LessonCatalogTests {
    @Test func everyCatalogHasEveryKeyTheCodeUsesAndNoOther() throws {
        let used = try SourceKeys.used(in: "PetriLesson", caller: "LessonWords")
        #expect(!used.isEmpty)
        let problems = CatalogAudit.problems(
            of: LessonWords.book, used: used, languages: ["en", "cy", "es", "ar"].compactMap(Language.init))
        #expect(problems == [])
    }
}

/// The keys a module's sources name, read from the files beside this test's package.
enum SourceKeys {
    static func used(in module: String, caller: String) throws -> Set<String> {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources").appendingPathComponent(module)
        var keys: Set<String> = []
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            keys.formUnion(CatalogAudit.keys(inSource: try String(contentsOf: file, encoding: .utf8), caller: caller))
        }
        return keys
    }
}
