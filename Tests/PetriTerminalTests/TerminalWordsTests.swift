import Foundation
import PetriProtocol
import PetriSimulation
import PetriWords
import Testing

@testable import PetriTerminal

@Suite("The terminal's words come from its catalogs, in the language asked for")
struct TerminalWordsTests {
    @Test func everyCatalogHasEveryKeyTheCodeUsesAndNoOther() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/PetriTerminal")
        var used: Set<String> = []
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let source = try String(contentsOf: file, encoding: .utf8)
            used.formUnion(CatalogAudit.keys(inSource: source, caller: "theme"))
            used.formUnion(CatalogAudit.keys(inSource: source, caller: "TerminalWords"))
        }
        #expect(!used.isEmpty)
        let languages = ["en", "cy", "es", "ar"].compactMap(Language.init)
        #expect(CatalogAudit.problems(of: TerminalWords.book, used: used, languages: languages) == [])
    }

    @Test func aStudentWhoAsksForWelshSaysSoOnEveryJoinAndSeesWelshKeys() throws {
        let code = try JoinCode("K7QX2M")
        let session = ClientSession(entry: .student(code: code, name: "Ffion", token: nil), language: "cy")
        #expect(session.hello() == .join(code: code, name: "Ffion", language: "cy"))
        #expect(session.lesson.language == Language("cy"))
        let theme = Theme(mode: .none, language: session.lesson.language)
        #expect(HelpScreen.studentKeys(theme).last?.1 == "gadael y wers")
        #expect(ConnectionStatus.online.label(in: theme.language) == "ar-lein")
    }

    @Test func theAboutScreenWaitsForTheModelInTheStudentsLanguage() throws {
        var (lesson, _) = Fixtures.lesson(try CamouflageModel(parameters: CamouflageParameters(), seed: 1), steps: 1)
        lesson.language = try #require(Language("es"))
        let about = AboutScreen.text(for: lesson)
        #expect(about.body == "Preguntando al servidor por este modelo…")
        #expect(about.title == "Acerca de: camouflage")
    }

    @Test func aStudentWhoAsksForNothingSendsTheJoinItAlwaysSent() throws {
        let code = try JoinCode("K7QX2M")
        let session = ClientSession(entry: .student(code: code, name: "Ada", token: nil))
        #expect(session.hello() == .join(code: code, name: "Ada"))
        #expect(HelpScreen.studentKeys(Theme(mode: .none)).last?.1 == "leave the lesson")
    }
}
