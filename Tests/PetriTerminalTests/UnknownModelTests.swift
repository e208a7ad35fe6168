import Foundation
import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriTerminal

/// A model the terminal has never heard of: a made-up trait model (guppies whose spots hide them on gravel) that a
/// server describes by its presentation alone. Every message comes as JSON text, as over the wire; the presentation
/// is built as a value and encoded into the welcome and the description.
@Suite struct UnknownModelTests {
    static let presentation = ModelPresentation(
        picture: .traitField, nouns: ModelPresentation.Nouns(one: "guppy", many: "guppies"),
        headlineMetric: "population", headlineLabel: "Population",
        readings: [
            ModelPresentation.Reading(metric: "meanSpots", words: "mean spots"),
            ModelPresentation.Reading(metric: "hidden", words: "hidden"),
        ],
        traitColours: ModelPresentation.TraitColours(low: "#202020", high: "#f0e0a0", names: ["few", "some", "many"]),
        suited: "hidden on the gravel", marker: "the gravel", extinct: "Extinct: no guppies are left",
        chart: ModelPresentation.Chart(histogramTitle: "Guppies by spots", colouredBars: true))

    /// Spots 0...20 in bins of 2; the gravel favours 6.
    static func snapshot(generation: Int) -> TraitSnapshot {
        let counts = (0...20).map { max(0, 6 - abs($0 - 6 - generation / 2)) }
        let bins = stride(from: 0, to: 21, by: 2).map { i in counts[i..<min(21, i + 2)].reduce(0, +) }
        return TraitSnapshot(
            generation: generation, trait: "spots", unit: "", scale: 1, traitMin: 0, binWidth: 2, environment: "gravel",
            environmentValue: 6, target: 6, population: counts.reduce(0, +), suited: counts[5...7].reduce(0, +),
            extinct: false, traitCounts: counts, histogram: bins)
    }

    static func stats(_ generation: Int) -> GenerationStats {
        let s = snapshot(generation: generation)
        let mean = zip(s.traitCounts.indices, s.traitCounts).reduce(0) { $0 + $1.0 * $1.1 }
        return GenerationStats(
            generation: generation,
            values: [
                "population": Double(s.population), "meanSpots": Double(mean) / Double(s.population),
                "hidden": Double(s.suited), "gravel": 6,
            ], histogram: s.histogram)
    }

    static let metrics = [
        MetricDescriptor(name: "population", description: "How many guppies are alive.", unit: "guppies", range: nil),
        MetricDescriptor(name: "meanSpots", description: "The mean number of spots.", unit: "spots", range: nil),
    ]

    /// The lesson's messages as the server would send them, for a model id `id`.
    static func messages(id: String, role: Welcome.Role) throws -> [String] {
        func json<T: Encodable>(_ value: T) throws -> String {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        }
        let you = role == .student ? #""you":{"student":4,"name":"Ada","score":0,"streak":0},"# : ""
        let roster =
            role == .teacher
            ? #""roster":[{"student":4,"name":"Ada","online":true,"kicked":false,"score":0,"streak":0}],"#
            : ""
        let description = ModelDescription(
            model: id, title: "Trinidad guppies (spots)",
            story: "Endler's guppies: where predators hunt, fewer spots hide a guppy on the gravel.",
            parameters: [], scenarios: [], metrics: metrics, guide: "Raise the predators and watch the spots.",
            presentation: presentation)
        let history = HistoryPage(timeline: 0, from: 0, to: 8, stats: (0...8).map(stats))
        return [
            #"{"type":"welcome","role":"\#(role.rawValue)",\#(you)\#(roster)"model":"\#(id)","metrics":\#(try json(metrics)),"#
                + #""parameters":{"predators":3},"position":{"timeline":0,"generation":8},"ended":false,"#
                + #""options":\#(try json(LessonOptions())),"questions":[],"answers":[],"#
                + #""leaderboard":{"top":[{"rank":1,"student":4,"name":"Ada","score":0}],"students":1},"#
                + #""historyFrom":0,"missed":false,"presentation":\#(try json(presentation))}"#,
            #"{"type":"history",\#(try json(history).dropFirst())"#,
            #"{"type":"snapshot","model":"\#(id)","timeline":0,"generation":8,"snapshot":\#(try json(snapshot(generation: 8)))}"#,
            #"{"type":"models","models":[\#(try json(description))]}"#,
        ]
    }

    /// The lesson a client builds from those messages.
    static func lesson(id: String, role: Welcome.Role) throws -> LessonState {
        var lesson = LessonState()
        lesson.code = Fixtures.code
        for text in try messages(id: id, role: role) {
            lesson.apply(try ProtocolDecoder().decodeServerMessage(Array(text.utf8)), at: Fixtures.now)
        }
        return lesson
    }

    /// Whether the protocol carries a model id it does not know (once models are an open set, it does).
    /// The student and teacher screens of the lesson, drawn without colour.
    static func screens(_ id: String) throws -> (
        student: [String], teacher: [String], lesson: LessonState, asked: [TeacherIntent]
    ) {
        let student = try lesson(id: id, role: .student)
        var ui = StudentUI()
        ui.markBest = true
        let studentScreen = Screen.student(
            ScreenState(lesson: student, connection: .online, ui: ui, now: Fixtures.now, colorMode: .none),
            width: 80, height: 24)
        let teacher = try lesson(id: id, role: .teacher)
        var console = TeacherConsole()
        let asked = console.execute("ask choice population in 5", lesson: teacher, now: Fixtures.now)
        let teacherScreen = Screen.teacher(
            TeacherScreenState(
                lesson: teacher, connection: .online, console: console, now: Fixtures.now, colorMode: .none,
                server: "ws://127.0.0.1:8080/"),
            width: 100, height: 30)
        Preview.write("unknown-model-student", studentScreen, mode: .none)
        Preview.write("unknown-model-teacher", teacherScreen, mode: .none)
        return (studentScreen.lines(), teacherScreen.lines(), student, asked)
    }

    /// What both screens show of a model known only by its presentation.
    static func expectDrawnFromThePresentation(
        _ s: (student: [String], teacher: [String], lesson: LessonState, asked: [TeacherIntent])
    ) {
        let student = s.student.joined(separator: "\n")
        // The status line's headline and the caption use the presentation's nouns
        #expect(s.student[0].contains("gen 8 · \(snapshot(generation: 8).population) guppies"))
        #expect(s.student[1].hasPrefix("bg 6 (few) · \(snapshot(generation: 8).population) guppies"))
        // The creatures are drawn (as shade glyphs, the suited ones marked) and the legend names the colours
        #expect(student.contains("@@"))
        #expect(student.contains("█ few ▒ some : many @ best"))
        // The side panel: the trait's histogram, the readings in the presentation's words, the headline's chart
        #expect(student.contains("Colours, dark → light (▲ bg)"))
        #expect(student.contains("mean spots"))
        #expect(student.contains("Population over time"))
        // The keys offer marking the suited ones, as for every trait field
        #expect(s.student[23].contains("b best"))
        // The teacher sees the same picture, and a choice question's default options include "extinct" because
        // the presentation says the model can die out
        #expect(s.teacher[0].contains("\(snapshot(generation: 8).population) guppies"))
        #expect(s.teacher[1].hasPrefix("bg 6 (few) · \(snapshot(generation: 8).population) guppies · b: best"))
        guard case .send(.ask(let spec))? = s.asked.first, case .choice(let options) = spec.kind else {
            Issue.record("the teacher's choice question was not asked: \(s.asked)")
            return
        }
        #expect(options.map(\.label) == ["extinct", "grow", "shrink", "same"])
        // The about screen tells the server's story
        #expect(AboutScreen.text(for: s.lesson).title == "About: Trinidad guppies (spots)")
        #expect(AboutScreen.text(for: s.lesson).body.contains("Endler's guppies"))
    }

    @Test func aModelWithAMadeUpIdIsDrawnWholeFromItsPresentation() throws {
        let screens = try Self.screens("guppies")
        #expect(screens.student[0].contains("guppies · K7QX2M") || screens.student[0].contains(" guppies "))
        Self.expectDrawnFromThePresentation(screens)
    }

    @Test func aModelIsDrawnFromItsPresentationWhateverItsIdNames() throws {
        // Given a server that sends a shipped model's id with a presentation unlike that model's (the terminal
        // reads the id as an opaque name, so this is the made-up model while the protocol's ids are closed)
        let id = ModelKind.allDescriptions[0].model
        // Then both screens draw the presentation's model
        Self.expectDrawnFromThePresentation(try Self.screens(id))
    }

    @Test func aChoiceQuestionOffersExtinctOnlyWhenThePresentationSaysTheModelCanDieOut() {
        var cannot = Self.presentation
        cannot.extinct = nil
        #expect(QuestionSyntax.defaultOptions(Self.presentation).map(\.label).first == "extinct")
        #expect(!QuestionSyntax.defaultOptions(cannot).map(\.label).contains("extinct"))
        #expect(!QuestionSyntax.defaultOptions(nil).map(\.label).contains("extinct"))
    }
}

/// The fourth trait model, rock pocket mice, arrived as a file on the server: the terminal draws its lesson whole from
/// the presentation the server sends, with no change of its own.
@Suite struct ShippedFileModelTests {
    @Test func aMiceLessonIsDrawnWholeForTheStudentAndTheTeacher() throws {
        // Given a real mice run five generations in, folded from the messages a server sends
        let model = Fixtures.make { try MiceModel(parameters: .init(), seed: 3) }
        let (student, stepped) = Fixtures.lesson(model, steps: 5)
        let (teacher, _) = Fixtures.lesson(model, steps: 5, role: .teacher)
        let population = Int(stepped.stats().values["population"] ?? -1)

        // When both screens are drawn
        var ui = StudentUI()
        ui.markBest = true
        let studentLines = Screen.student(
            ScreenState(lesson: student, connection: .online, ui: ui, now: Fixtures.now, colorMode: .none),
            width: 80, height: 24
        ).lines()
        let teacherLines = Screen.teacher(
            TeacherScreenState(
                lesson: teacher, connection: .online, console: TeacherConsole(), now: Fixtures.now, colorMode: .none,
                server: "ws://127.0.0.1:8080/"),
            width: 100, height: 30
        ).lines()

        // Then the status line counts mice, the picture is the trait field in the file's colour names, and the
        // side panel reads the file's headline
        let studentText = studentLines.joined(separator: "\n")
        #expect(studentLines[0].contains("gen 5 · \(population) mice"))
        #expect(studentText.contains("sandy"))
        #expect(studentText.contains("Population over time"))
        #expect(studentLines[23].contains("b best"))
        #expect(!studentText.contains("cannot draw"))
        #expect(teacherLines.joined(separator: "\n").contains("\(population) mice"))
    }
}
