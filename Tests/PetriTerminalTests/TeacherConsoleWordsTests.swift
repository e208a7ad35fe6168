import PetriProtocol
import PetriSimulation
import PetriWords
import Testing

@testable import PetriTerminal

/// The teacher console speaks the teacher's language: what describes a command, what refuses one and what the
/// console answers come from the terminal's catalogs, while the commands themselves (`step`, `ask number`, `on`) are
/// typed the same in every language.
@Suite("The teacher console's words follow the teacher's language")
struct TeacherConsoleWordsTests {
    let context = CommandContext(
        presentation: Presentations.camouflage, metrics: CamouflageModel.metrics.map(\.name),
        parameterNames: ["environmentColour", "population"],
        roster: Fixtures.roster, openQuestion: QuestionID(3), pendingHint: nil, generation: 12)

    static let languages = ["en", "cy", "es", "ar"].compactMap(Language.init)

    @Test func aTeacherConsoleStartedInWelshShowsItsHelpAndAParseErrorInWelsh() throws {
        let session = ClientSession(entry: .teacher(code: Fixtures.code, token: Fixtures.token), language: "cy")
        let lesson = session.lesson
        #expect(lesson.language == Language("cy"))
        var console = TeacherConsole()

        _ = console.execute("help", lesson: lesson, now: Fixtures.now)
        let listed = console.log.map(\.text)
        #expect(listed.contains("step symud ymlaen N cenhedlaeth (1–100, 1 yn ddiofyn)"))
        #expect(listed.last == "Mae help GORCHYMYN yn dangos sut i ddefnyddio un, gydag enghreifftiau.")
        let screen = Screen.teacher(
            TeacherScreenState(
                lesson: lesson, connection: .online, console: console, now: Fixtures.now, colorMode: .none,
                server: "ws://10.0.0.5:8080/"), width: 120, height: 60
        ).lines()
        #expect(screen.contains { $0.contains("Gorchmynion") }, "\(screen.joined(separator: "\n"))")
        #expect(screen.contains { $0.contains("pause") && $0.contains("stopio rhedeg") })

        _ = console.execute("help ask", lesson: lesson, now: Fixtures.now)
        #expect(console.log.map(\.text).contains { $0.hasPrefix("ask number|choice|probability|range MESUR") })
        #expect(
            console.log.map(\.text).contains(
                "e.e. ask number population in 10 time 60 prompt \"Faint fydd yn fyw?\""))

        _ = console.execute("stpe 5", lesson: lesson, now: Fixtures.now)
        #expect(
            console.log.last?.text
                == "Gorchymyn anhysbys \"stpe\". Oeddech chi'n golygu step? Teipiwch help am y rhestr.")
        _ = console.execute("best maybe", lesson: lesson, now: Fixtures.now)
        #expect(console.log.last?.text == "Mae best yn cymryd on neu off. Enghraifft: best on")
    }

    @Test func aSpanishConsoleRefusesInSpanishAndCountsWithSpanishPlurals() throws {
        var lesson = LessonState()
        lesson.language = try #require(Language("es"))
        var console = TeacherConsole()
        _ = console.execute("step 5 6", lesson: lesson, now: Fixtures.now)
        #expect(console.log.last?.text == "step admite como mucho 1 valor detrás; \"6\" sobra. Ejemplo: step 5")
        _ = console.execute("hunt 3 10 9", lesson: lesson, now: Fixtures.now)
        #expect(
            console.log.last?.text == "hunt admite como mucho 2 valores detrás; \"9\" sobra. Ejemplo: hunt 3 10")
        _ = console.execute("hint Mira atrás", lesson: lesson, now: Fixtures.now)
        #expect(console.log.last?.text == "La siguiente pregunta tendrá la pista \"Mira atrás\".")
    }

    /// A translated usage line names its placeholders in the language (`FFEIL`), never its keywords: the lower-case
    /// words a teacher types are the English line's, in the same order.
    @Test func everyLanguageKeepsTheKeywordsOfEachUsageLine() {
        var checked = 0
        for spec in TeacherCommandSpec.all {
            let english = Self.keywords(spec.usage.text(in: .english))
            #expect(english.first == spec.name)
            for language in Self.languages {
                #expect(Self.keywords(spec.usage.text(in: language)) == english, "\(spec.name) in \(language)")
                checked += 1
            }
        }
        #expect(checked == TeacherCommandSpec.all.count * Self.languages.count)
    }

    /// An example quoting words of its own (a prompt's text) is translated whole, so each language's must still be a
    /// command the console takes, the same command as the English one.
    @Test func everyTranslatedExampleIsACommandTheConsoleTakes() throws {
        var examples = TeacherCommandSpec.all.flatMap(\.examples).filter {
            if case .word = $0 { return true }
            return false
        }
        for line in ["ask number population in 10 hint", "ask number population in 10 prompt", "hint", "ask \"x"] {
            guard case .failure(let error) = TeacherCommandParser.parse(line, context: context) else {
                Issue.record("\(line) was taken")
                continue
            }
            examples.append(try #require(error.example))
        }
        #expect(examples.count >= 7)
        for example in examples {
            let english = example.text(in: .english)
            for language in Self.languages {
                let text = example.text(in: language)
                guard case .success(let command) = TeacherCommandParser.parse(text, context: context) else {
                    Issue.record("\(language): \(text) is refused")
                    continue
                }
                guard case .success(let englishCommand) = TeacherCommandParser.parse(english, context: context) else {
                    continue
                }
                #expect(Self.withoutText(command) == Self.withoutText(englishCommand), "\(language): \(text)")
            }
        }
    }

    /// The words of a usage line a teacher types as they are: the lower-case ASCII words (placeholders are upper case
    /// or in another script).
    static func keywords(_ usage: String) -> [String] {
        usage.split { !$0.isLetter && $0 != "-" }.map { String($0.drop { $0 == "-" }) }.filter {
            !$0.isEmpty && $0.allSatisfy { ($0.isASCII && $0.isLowercase) || $0 == "-" }
        }
    }

    /// A command with its quoted words (a prompt, a hint) left out, to compare across languages.
    static func withoutText(_ command: TeacherCommand) -> TeacherCommand {
        switch command {
        case .send(.ask(var spec)):
            spec.prompt = spec.prompt.map { _ in "" }
            spec.hint = spec.hint.map { _ in "" }
            return .send(.ask(spec))
        case .setHint(let hint):
            return .setHint(hint.map { _ in "" })
        default:
            return command
        }
    }
}
