import Foundation
import PetriProtocol
import PetriWords
import Testing

@testable import PetriLesson

@Suite("The lesson's catalogs hold exactly the sentences its code uses, in every language")
struct LessonCatalogTests {
    @Test func everyCatalogHasEveryKeyTheCodeUsesAndNoOther() throws {
        // The report names its sentences through `words.text(` (in the report's language).
        let used = try SourceKeys.used(in: "PetriLesson", caller: "LessonWords")
            .union(SourceKeys.used(in: "PetriLesson", caller: "words"))
        #expect(!used.isEmpty)
        let problems = CatalogAudit.problems(
            of: LessonWords.book, used: used, languages: ["en", "cy", "es", "ar"].compactMap(Language.init))
        #expect(problems == [])
    }

    @Test func theClosingMessageReachesAStudentInTheirLanguage() throws {
        let message = ClosingMessage.message(score: 2_900, possible: 3_000)
        #expect(message.text == "Outstanding! You read the simulation like a scientist.")
        #expect(
            message.rendered(in: try #require(Language("cy"))).text
                == "Rhagorol! Fe wnaethoch chi ddarllen yr efelychiad fel gwyddonydd.")
        // On the wire it is the plain string it always was
        #expect(ServerMessage.closing(Closing(score: 1, possible: 2, rank: 3, message: message)).carriesWords)
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
