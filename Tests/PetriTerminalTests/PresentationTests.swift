import Foundation
import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriTerminal

/// The terminal draws each model from the presentation the server sends (in the welcome, and in `describeModels`),
/// and from nothing else: without one it shows the numbers only.
@Suite struct PresentationTests {
    /// A resistance lesson whose welcome came as JSON text, with or without the presentation.
    static func resistanceLesson(presentation: ModelPresentation?) throws -> LessonState {
        var model = try ResistanceModel(parameters: ResistanceParameters(), seed: 3)
        var welcome =
            try JSONSerialization.jsonObject(
                with: Data(
                    ProtocolEncoder().encode(
                        .welcome(
                            Welcome(
                                role: .student, you: nil, model: ResistanceModel.kind, metrics: ResistanceModel.metrics,
                                parameters: .object([:]), position: TimelinePosition(timeline: 0, generation: 0),
                                running: nil,
                                runOver: nil, ended: false, options: LessonOptions(), questions: [], answers: [],
                                leaderboard: Leaderboard(top: [], you: nil, students: 0), historyFrom: 0, missed: false,
                                roster: nil, checkpoint: nil))))) as? [String: Any] ?? [:]
        // The presentation goes into the welcome as the server writes it: its own JSON under `presentation`.
        if let presentation {
            welcome["presentation"] = try JSONSerialization.jsonObject(with: JSONEncoder().encode(presentation))
        }
        var lesson = LessonState()
        let bytes = try JSONSerialization.data(withJSONObject: welcome)
        lesson.apply(try ProtocolDecoder().decodeServerMessage(Array(bytes)), at: Fixtures.now)
        for _ in 0..<4 {
            model.step()
            lesson.apply(.stats(timeline: 0, stats: model.stats()), at: Fixtures.now)
        }
        Fixtures.apply(snapshotOf: model, to: &lesson)
        return lesson
    }

    static func screen(_ lesson: LessonState) -> [String] {
        Screen.student(
            ScreenState(lesson: lesson, connection: .online, ui: StudentUI(), now: Fixtures.now, colorMode: .none),
            width: 80, height: 24
        ).lines()
    }

    @Test func theWelcomesPresentationDecidesThePictureTheHeadlineAndTheReadings() throws {
        // Given a welcome (as JSON) carrying the resistance model's presentation
        let lesson = try Self.resistanceLesson(presentation: Presentations.resistance)
        #expect(lesson.presentation == Presentations.resistance)
        let lines = Self.screen(lesson)
        let population = Int(lesson.latestStats?.values["population"] ?? -1)
        // Then the status line counts bacteria, the picture is the histogram with the presentation's words, the side
        // panel lists the readings in their words, and no key marks the best (that is for trait fields)
        #expect(lines[0].contains("gen 4 · \(population) bacteria"))
        #expect(lines[1].hasPrefix("dose "))
        #expect(lines[1].contains("alive ·") && lines[1].contains(" resistant · ▲"))
        let screen = lines.joined(separator: "\n")
        for words in ["population", "dose", "mean resist.", "resistant", "lucky", "unlucky"] {
            #expect(screen.contains(words), "the side panel shows \(words)")
        }
        #expect(screen.contains("Population over time"))
        #expect(!lines[23].contains("b best") && !lines[23].contains("wasd"))
    }

    @Test func aWelcomeWithoutAPresentationShowsTheNumbersOnly() throws {
        // Given a server that predates presentations
        let lesson = try Self.resistanceLesson(presentation: nil)
        let lines = Self.screen(lesson)
        let screen = lines.joined(separator: "\n")
        // Then no picture is decoded or drawn, the status line has no headline, and the metrics are listed by name
        // with the first one charted
        #expect(lesson.picture == nil)
        #expect(lesson.notices.allSatisfy { $0.kind != .error })
        #expect(screen.contains("This server does not say how to draw its"))
        #expect(!lines[0].contains("bacteria"))
        for metric in ResistanceModel.metrics.prefix(3) { #expect(screen.contains(metric.name)) }
        #expect(screen.contains("\(ResistanceModel.metrics[0].name) over time"))
        #expect(!lines[23].contains("b best") && !lines[23].contains("wasd"))
    }

    @Test func theAboutScreenShowsTheServersDescriptionAndGuideNotWordsOfItsOwn() throws {
        // Given a student lesson that has asked for the about screen
        var (lesson, _) = Fixtures.lesson(try CamouflageModel(parameters: CamouflageParameters(), seed: 1), steps: 1)
        var ui = StudentUI()
        let asked = ui.handle(.character("i"), lesson: lesson, now: Fixtures.now)
        // Then it asks the server for the model's description and the guide
        #expect(asked == [.send(.describeModels(teacherKey: nil)), .send(.guide)])
        #expect(AboutScreen.text(for: lesson).body == "Asking the server about this model…")
        // When they come (the description as JSON, with its presentation)
        let description = CamouflageModel.modelDescription
        let described = ModelDescription(
            model: description.model, title: description.title, story: description.story,
            parameters: description.parameters, scenarios: description.scenarios, metrics: description.metrics,
            guide: "Darken the background and watch the histogram.", presentation: Presentations.camouflage)
        let text =
            #"{"type":"models","models":[\#(String(decoding: try JSONEncoder().encode(described), as: UTF8.self))]}"#
        lesson.apply(try ProtocolDecoder().decodeServerMessage(Array(text.utf8)), at: Fixtures.now)
        lesson.apply(.guide(Guide(story: description.story)), at: Fixtures.now)
        // Then the about screen is the description's title, story and guide, then the guide's section on chance
        let about = AboutScreen.text(for: lesson)
        #expect(about.title == "About: \(description.title)")
        let chance = try #require(Guide().section("randomness"))
        #expect(
            about.body
                == ([description.story, "Darken the background and watch the histogram.", chance.title]
                + chance.paragraphs).joined(separator: "\n\n"))
        let screen = Screen.student(
            ScreenState(
                lesson: lesson, connection: .online, ui: ui, now: Fixtures.now, colorMode: .none), width: 80,
            height: 24
        ).lines().joined(separator: "\n")
        #expect(screen.contains("About: \(description.title)".prefix(40)))
    }

    @Test func thePresentationsWordsAreSanitisedOnArrival() throws {
        // Given a presentation whose words carry escape sequences
        var hostile = Presentations.resistance
        hostile.nouns.many = "bacteria\u{1B}[2J"
        hostile.readings[0].words = "dose\u{1B}]0;owned\u{07}"
        hostile.marker = "the\u{9B}31m dose"
        let lesson = try Self.resistanceLesson(presentation: hostile)
        // Then none reaches the state, so no view can draw one
        let words = [
            lesson.presentation?.nouns.many, lesson.presentation?.readings[0].words, lesson.presentation?.marker,
        ].compactMap { $0 }
        #expect(words.count == 3)
        #expect(words.allSatisfy { !$0.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B } })
        #expect(Self.screen(lesson)[0].contains("bacteria"))
    }
}
