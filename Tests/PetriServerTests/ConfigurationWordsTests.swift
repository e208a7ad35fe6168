import Foundation
import PetriWords
import Testing

@testable import PetriServer

/// A configuration's mistakes are told from the server's catalogs (Sources/PetriServer/Words) in the reader's
/// language; English stays the default, byte for byte. The setting names, values and variables stay as typed.
@Suite("Configuration errors come from the server's catalogs, in the command line's language")
struct ConfigurationWordsTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/PetriServer")

    @Test func everyCatalogHasEveryKeyTheServerUsesAndNoOther() throws {
        var used: Set<String> = []
        let files = FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            used.formUnion(
                CatalogAudit.keys(inSource: try String(contentsOf: file, encoding: .utf8), caller: "ServerWords"))
        }
        #expect(used.count > 40)
        let problems = CatalogAudit.problems(
            of: ServerWords.book, used: used, languages: ["en", "cy", "es", "ar"].compactMap(Language.init))
        #expect(problems == [])
    }

    @Test func aWelshReaderIsToldWhatIsAllowedInWelsh() throws {
        let welsh = try #require(Language("cy"))
        let port = try #require(ConfigurationFixtures.loadError(["PETRI_SERVER_PORT": "70000"]))
        #expect(
            port.message
                == "server.port must be a whole number between 0 and 65535 (0 picks a free port), but was 70000 "
                + "(from PETRI_SERVER_PORT).")
        #expect(
            port.message(in: welsh)
                == "Rhaid i server.port fod yn rhif cyfan rhwng 0 a 65535 (mae 0 yn dewis porth rhydd), ond y gwerth "
                + "oedd 70000 (o PETRI_SERVER_PORT).")
        let stall = try #require(ConfigurationFixtures.loadError(["PETRI_WEBSOCKET_STALL_TIMEOUT_SECONDS": "0"]))
        #expect(stall.message(in: welsh).contains("nifer cyfan o eiliadau rhwng 1 a 300"))
        let unknown = try #require(ConfigurationFixtures.parseError("server:\n  prot: 8080\n"))
        #expect(unknown.message == "Unknown setting 'server.prot' in petri.yaml line 2; did you mean 'server.port'?")
        #expect(
            unknown.message(in: welsh)
                == "Gosodiad anhysbys 'server.prot' yn petri.yaml llinell 2; oeddech chi'n golygu 'server.port'?")
    }

    @Test func anArabicReaderGetsTheTeacherKeysLengthWithArabicPluralForms() throws {
        let arabic = try #require(Language("ar"))
        let short = try #require(ConfigurationFixtures.loadError(["PETRI_TEACHER_KEY": "abc"]))
        #expect(short.message.hasSuffix("but was 3 characters long (from PETRI_TEACHER_KEY)."))
        #expect(!short.message.contains("abc"))
        let said = short.message(in: arabic)
        #expect(said.hasPrefix("يجب أن يكون teacher.key من 16 إلى 512 حرفًا"))
        #expect(said.contains("لكنه كان طوله 3 أحرف (من PETRI_TEACHER_KEY)."))
        let one = try #require(ConfigurationFixtures.loadError(["PETRI_TEACHER_KEY": "a"]))
        #expect(one.message.contains("but was 1 character long"))
        #expect(one.message(in: arabic).contains("طوله حرف واحد"))
    }
}
