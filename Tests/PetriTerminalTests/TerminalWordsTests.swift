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

    /// The screens, the status line, the roster, the sentences the session posts, the teacher console and the
    /// students' input: every word there comes from the catalogs. A string literal with two English words (or a
    /// capitalised word) outside a catalog call fails, naming its line; the names of keys on the keyboard and the
    /// console's commands (input syntax, typed the same in every language) are the only words allowed.
    @Test func theScreensHoldNoEnglishSentenceOutsideTheCatalogs() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/PetriTerminal")
        var files: [URL] = []
        for folder in ["Views", "Screen", "Teacher", "Input", "Input/Kinds"] {
            let found = try FileManager.default.contentsOfDirectory(
                at: sources.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            files += found.filter { $0.pathExtension == "swift" && !Self.notScanned.contains($0.lastPathComponent) }
        }
        files += [
            "Session/LessonState+Apply.swift", "Session/ClientSession.swift", "Session/ClientSession+Joining.swift",
        ].map { sources.appendingPathComponent($0) }
        #expect(files.count > 30)
        var found: [String] = []
        for file in files {
            let lines = try String(contentsOf: file, encoding: .utf8).split(
                separator: "\n", omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated() {
                for literal in Self.englishLiterals(in: String(line))
                where !Self.notYetMoved.contains("\(file.lastPathComponent): \(literal)") {
                    found.append("\(file.lastPathComponent):\(number + 1): \(literal)")
                }
            }
        }
        #expect(found == [])
    }

    /// The picture's captions, the side panel's readings and history slider, and a console command's example were
    /// English beside a value (`bg 30`, `19 best`, `gen 0`, `kick Ben`); they come from the catalogs now, and fit.
    @Test func thePicturesCaptionsTheSliderAndAnExampleAreInTheReadersLanguage() throws {
        var state = Fixtures.camouflageOpenQuestion()
        state.colorMode = .none
        state.ui.historyCursor = 0
        let english = Screen.student(state, width: 120, height: 36).lines().joined(separator: "\n")
        #expect(english.contains("bg 30 (dark) · 117 moths · 19 best"))
        #expect(english.contains("@ best") && english.contains("gen 0 ◀"))
        state.lesson.language = try #require(Language("cy"))
        let welsh = Screen.student(state, width: 120, height: 36).lines()
        #expect(welsh[1].hasPrefix("cef 30 (") && welsh[1].contains("· 117 moths · 19 gorau"))
        #expect(welsh.contains { $0.contains("@ gorau") } && welsh.contains { $0.contains("cenh 0 ◀") })
        #expect(welsh.contains { $0.hasSuffix("· cef 30") })
        #expect(!welsh.joined().contains("19 best") && !welsh.joined().contains("@ best"))
        #expect(!welsh.joined().contains("bg 30") && !welsh.joined().contains("gen 0"))
        #expect(welsh.allSatisfy { TerminalText.width(of: $0) <= 120 })
        state.lesson.language = try #require(Language("ar"))
        let arabic = Screen.student(state, width: 80, height: 24).lines()
        #expect(arabic[1].hasPrefix("خلفية 30 (") && arabic[1].contains("الأفضل 19"))
        #expect(arabic.allSatisfy { TerminalText.width(of: $0) <= 80 })

        var dose = ResistanceParameters()
        dose[int: "dose"] = 25
        let snapshot = try ResistanceModel(parameters: dose, seed: 2).snapshot()
        let caption = { (theme: Theme) in
            TraitHistogramView.caption(snapshot, presentation: Presentations.resistance, theme: theme)
        }
        #expect(caption(Theme(mode: .none)).hasPrefix("dose 25 · 500 alive ·"))
        let welshTheme = Theme(mode: .none, language: try #require(Language("cy")))
        #expect(caption(welshTheme).hasPrefix("dose 25 · 500 yn fyw ·"))

        let context = CommandContext(
            presentation: Presentations.camouflage, metrics: [], parameterNames: [], roster: Fixtures.roster,
            openQuestion: nil, pendingHint: nil, generation: 1)
        guard case .failure(let kick) = TeacherCommandParser.parse("kick", context: context) else {
            Issue.record("kick with no student was accepted")
            return
        }
        #expect(kick.text == "kick needs a student's name or #number. Example: kick Ben")
        #expect(kick.text(in: welshTheme.language).hasSuffix("kick Gwen"))
    }

    /// The scan finds what it is for (so that its passing means something).
    @Test func theScanFindsAnEnglishSentenceAndLetsKeysAndKeyNamesBe() {
        #expect(Self.englishLiterals(in: #"canvas.put("Nobody has joined yet.", x: 1)"#) == ["Nobody has joined yet."])
        #expect(Self.englishLiterals(in: #"let t = "Roster \(online) online""#) == ["Roster  online"])
        #expect(Self.englishLiterals(in: #"canvas.put(theme.text("terminal.roster.empty"), x: 1)"#) == [])
        #expect(Self.englishLiterals(in: #"("Enter", theme.text("terminal.help.send"))"#) == [])
        #expect(Self.englishLiterals(in: #"("↑↓←→ Tab Enter", theme.text("terminal.help.hunt"))"#) == [])
        #expect(Self.englishLiterals(in: #"("Tab to the next", x)"#) == ["Tab to the next"])
        #expect(Self.englishLiterals(in: #"    // "A comment says things"#) == [])
        #expect(Self.englishLiterals(in: #"let glyph = "█""#) == [])
        #expect(Self.englishLiterals(in: #"CommandError(word, example: "ask number population in 10")"#) == [])
        #expect(Self.englishLiterals(in: #"("pace auto|teacher")"#) == [])
        #expect(Self.englishLiterals(in: #"CommandError("best takes on or off.")"#) == ["best takes on or off."])
        #expect(Self.englishLiterals(in: #"write("help COMMAND shows how")"#) == ["help COMMAND shows how"])
        #expect(Self.englishLiterals(in: #"return ok ? label : "option \(i + 1)""#) == ["option "])
        #expect(Self.englishLiterals(in: #"let bar = "\(count) ✓""#) == [])
    }

    /// Files the scan leaves to others: the plan words (moving to the catalogs on their own branch) and the
    /// refusals of `petri teach`'s command-line flags, worded with the rest of that command line's.
    private static let notScanned: Set<String> = [
        "PlanPreviewWords.swift", "PlanTerminalWords.swift", "RankByOption.swift", "MakeupRankingOption.swift",
    ]

    /// Words beside a value the scan finds that no person reads: a rectangle's description is for a debugger and a
    /// failed test's message (`80×24 at (0, 0)`), never drawn on a screen. A new literal of this kind fails.
    private static let notYetMoved: Set<String> = ["Rect.swift: × at (, )"]

    /// Whether a literal is a console command (input syntax, the same in every language): it starts with a
    /// command's name (or a clause of `ask`, `option`) and is no sentence (no full stop, no upper-case word of
    /// English after it).
    static func isCommand(_ text: String) -> Bool {
        let words = text.split(separator: " ")
        // A command is spelled out: its name alone before a value is a word of a sentence ("option \(n)").
        guard let first = words.first, words.count > 1, Self.commandWords.contains(String(first)) else { return false }
        return !text.hasSuffix(".") && !words.dropFirst().contains { $0.count > 1 && $0.allSatisfy(\.isUppercase) }
    }

    private static let commandWords = Set(TeacherCommandSpec.all.map(\.name) + ["option"])

    /// The names of keys on the keyboard, printed as the keyboard says them: a literal of these alone (and
    /// arrows) is a key, not a sentence.
    private static let keyNames: Set<String> = ["Tab", "Enter", "Backspace", "Home", "End", "PgUp", "PgDn", "Space"]

    /// The string literals on a line of Swift that read as English words (interpolations left out).
    static func englishLiterals(in line: String) -> [String] {
        guard !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") else { return [] }
        let words = #/[A-Za-z]{2,}\s+[A-Za-z]{2,}|^[A-Z][a-z]{2,}/#
        // A value put next to a word reads as English too: "option \(n)" shows as "option 3".
        let wordAndValue = #/[A-Za-z]{2,}\s+\x01|\x01\s+[A-Za-z]{2,}/#
        return line.matches(of: #/"((?:[^"\\]|\\.)*)"/#).compactMap { match in
            let text = String(match.1).replacing(#/\\\(.*?\)/#, with: "")
            let spelled = String(match.1).replacing(#/\\\(.*?\)/#, with: "\u{1}")
            let names = text.split(separator: " ").filter { $0.contains(where: \.isLetter) }
            let onlyKeys = names.allSatisfy { keyNames.contains(String($0)) }
            guard !text.hasPrefix("terminal."), !onlyKeys, !isCommand(text),
                text.contains(words) || spelled.contains(wordAndValue)
            else { return nil }
            return text
        }
    }

    @Test func whatTheLessonSaysReachesATerminalInItsLanguage() throws {
        var lesson = LessonState()
        lesson.language = try #require(Language("es"))
        lesson.apply(
            .rewound(TimelinePosition(timeline: 1, generation: 3)), at: Timestamp(millisecondsSince1970: 0))
        #expect(lesson.notices.last?.text == "El docente volvió a la generación 3.")
        let arabic = Theme(mode: .none, language: try #require(Language("ar")))
        var canvas = Canvas(width: 40, height: 3)
        RosterView.draw(into: &canvas, rect: canvas.bounds, lesson: lesson, theme: arabic)
        #expect(canvas.lines().joined(separator: "\n").contains("لم ينضم أحد بعد."))
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

    /// An answer naming an option the student's screen does not list (sent before a restore) shows by its number.
    @Test func anOptionWithoutALabelIsNumberedInTheStudentsLanguage() throws {
        let input = ChoiceInput(options: [ChoiceOption("grow", when: Condition(.gt, 10))])
        #expect(input.shown(.choice(0), theme: Theme(mode: .none)) == "grow")
        #expect(input.shown(.choice(2), theme: Theme(mode: .none)) == "option 3")
        let welsh = Theme(mode: .none, language: try #require(Language("cy")))
        #expect(input.shown(.choice(2), theme: welsh) == "opsiwn 3")
    }
}
