import Foundation
import PetriWords
import Testing

/// The `petri` command line's help and sentences come from its catalogs (Sources/petri/Words), in the environment's
/// language; command and option names stay as they are.
@Suite("The command line speaks the environment's language")
struct CommandLineWordsTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/petri")

    /// What `petri ARGUMENTS` prints under the locale `lang` (no LANGUAGE, LC_ALL or LC_MESSAGES to override it),
    /// with runs of white space made one space (the help is wrapped to the terminal's width).
    static func output(_ arguments: [String], lang: String) throws -> String {
        let petri = try #require(petriExecutable())
        let process = Process()
        process.executableURL = petri
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        for name in ["LANGUAGE", "LC_ALL", "LC_MESSAGES"] { environment[name] = nil }
        environment["LANG"] = lang
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test func theHelpIsInWelshUnderAWelshLocaleWithTheSameCommandAndOptionNames() throws {
        let top = try Self.output(["--help"], lang: "cy_GB.UTF-8")
        #expect(top.contains("Gweinydd cydamseru ar gyfer y dosbarth"))
        #expect(top.contains("teachers") && top.contains("serve"))
        let teachers = try Self.output(["teachers", "--help"], lang: "cy_GB.UTF-8")
        #expect(teachers.contains("Rheoli cyfrifon athrawon"))
        #expect(teachers.contains("Ychwanegu athro ac argraffu ei ddolen fewngofnodi."))
        let add = try Self.output(["teachers", "add", "--help"], lang: "cy_GB.UTF-8")
        #expect(add.contains("--server-url") && add.contains("Cyfeiriad e-bost y gall fewngofnodi ag ef hefyd."))
        #expect(!add.contains("An email address they may also sign in with."))
    }

    @Test func aLanguagePetriDoesNotShipGetsTheEnglishHelp() throws {
        let teachers = try Self.output(["teachers", "--help"], lang: "fr_FR.UTF-8")
        #expect(teachers.contains("Manage teachers' accounts (the administrator's; the teacher key alone needs none)."))
        let spanish = try Self.output(["teachers", "--help"], lang: "es_MX.UTF-8")
        #expect(spanish.contains("Gestionar las cuentas de los docentes"))
    }

    @Test func aPlansMistakesArePrintedInTheCommandLinesLanguage() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("words-\(UUID().uuidString).yaml")
        try "title: Mice\nmodel: mice\nmoments:\n  - bogus: 1\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let english = try Self.output(["plan", "check", file.path], lang: "en_GB.UTF-8")
        #expect(english.contains(#"\#(file.path):4: "bogus" is not a moment; use one of these: run,"#))
        let welsh = try Self.output(["plan", "check", file.path], lang: "cy_GB.UTF-8")
        #expect(welsh.contains(#"\#(file.path):4: Nid yw "bogus" yn eiliad; defnyddiwch un o'r rhain: run,"#))
        let arabic = try Self.output(["plan", "check", file.path], lang: "ar_EG.UTF-8")
        #expect(arabic.contains(#"\#(file.path):4: "bogus" ليس لحظة؛"#))
    }

    @Test func aConfigurationsMistakeIsPrintedInTheCommandLinesLanguage() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("words-\(UUID().uuidString).yaml")
        try "server:\n  port: 70000\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let check = ["config", "check", "--ignore-environment", file.path]
        let english = try Self.output(check, lang: "en_GB.UTF-8")
        #expect(
            english.contains(
                "server.port must be a whole number between 0 and 65535 (0 picks a free port), but was 70000 "
                    + "(from \(file.path) line 2)."))
        let welsh = try Self.output(check, lang: "cy_GB.UTF-8")
        #expect(
            welsh.contains(
                "Rhaid i server.port fod yn rhif cyfan rhwng 0 a 65535 (mae 0 yn dewis porth rhydd), ond y gwerth "
                    + "oedd 70000 (o \(file.path) llinell 2)."))
        let serve = try Self.output(["serve", "--config", file.path], lang: "cy_GB.UTF-8")
        #expect(serve.contains("petri: Rhaid i server.port fod yn rhif cyfan rhwng 0 a 65535"))
    }

    @Test func everyCatalogHasEveryKeyTheCommandLineUsesAndNoOther() throws {
        var used: Set<String> = []
        let files = FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let source = try String(contentsOf: file, encoding: .utf8)
            used.formUnion(CatalogAudit.keys(inSource: source, caller: "CommandWords"))
            used.formUnion(CatalogAudit.keys(inSource: source, caller: "CommandHelp"))
        }
        #expect(used.count > 150)
        let tags = ["en", "cy", "es", "ar"]
        let book = WordBook(
            "petri",
            files: try tags.map {
                ($0, Array(try Data(contentsOf: Self.sources.appendingPathComponent("Words/\($0).json"))))
            })
        #expect(CatalogAudit.problems(of: book, used: used, languages: tags.compactMap(Language.init)) == [])
    }
}
