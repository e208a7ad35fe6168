import Foundation
import PetriWords
import Testing

@testable import PetriLTI

@Suite("The LTI pages' and grades' sentences come from catalogs, complete in every language")
struct LTICatalogTests {
    @Test func everyCatalogHasEveryKeyTheCodeUsesAndNoOther() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        var used: Set<String> = []
        // The LTI module and the server's LTI routes (the pages) name the keys.
        for folder in ["PetriLTI", "PetriServer/LTI"] {
            let files = FileManager.default.enumerator(
                at: sources.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let file = files?.nextObject() as? URL {
                guard file.pathExtension == "swift" else { continue }
                used.formUnion(
                    CatalogAudit.keys(inSource: try String(contentsOf: file, encoding: .utf8), caller: "LTIWords"))
            }
        }
        #expect(used.count > 30)
        let languages = ["en", "cy", "es", "ar"].compactMap(Language.init)
        #expect(CatalogAudit.problems(of: LTIWords.book, used: used, languages: languages) == [])
    }

    @Test func aGradeRefusedWithAndWithoutAReasonReadsAsBefore() {
        #expect(GradeSender.refused(422, "") == "The LMS refused the grade (HTTP 422); Petri will try again.")
        #expect(
            GradeSender.refused(422, "bad score")
                == "The LMS refused the grade (HTTP 422: bad score); Petri will try again.")
    }
}
