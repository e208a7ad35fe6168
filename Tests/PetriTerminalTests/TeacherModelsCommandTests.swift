import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriTerminal

/// `models`: the terminal console asks the server what each model accepts and lists the lesson's own
/// model's parameters (ranges, defaults, which `set` and `clone` take), the others in one line.
@Suite struct TeacherModelsCommandTests {
    @Test func modelsAsksTheServerForTheDescriptionsWithoutTheKey() {
        var console = TeacherConsole()
        let intents = console.execute("models", lesson: LessonState(), now: Fixtures.now)
        #expect(intents == [.send(.describeModels(teacherKey: nil))])
        #expect(console.execute("models life", lesson: LessonState(), now: Fixtures.now).isEmpty)
        #expect(console.log.last?.kind == .error)
    }

    @Test func theAnswerListsTheLessonsModelInDetailAndTheOthersInOneLine() {
        // Given a camouflage lesson
        let (lesson, _) = Fixtures.lesson(
            Fixtures.make { try CamouflageModel(parameters: .init(), seed: 1) }, steps: 0, role: .teacher)
        var console = TeacherConsole()
        // When the teacher typed `models` and the server's answer arrives
        _ = console.execute("models", lesson: lesson, now: Fixtures.now)
        _ = console.received(.models(ModelKind.allDescriptions), lesson: lesson, now: Fixtures.now)
        let lines = console.log.map(\.text)
        // Then each camouflage parameter is listed with its range and default, changeable ones starred
        #expect(
            lines.contains(
                "* environmentColour 1–100, default 50: The background colour: 1 is black, 100 is white."))
        #expect(lines.contains { $0.hasPrefix("- population 1–100000 creatures, default 20: ") })
        #expect(lines.contains { $0.hasPrefix("Scenarios: stable-environment, industrial-revolution") })
        #expect(
            lines.last
                == "Other models: islands (Islands (speciation)), life (Game of Life), "
                + "resistance (Antibiotic resistance (bacteria)), beaks (Finch beaks (Darwin's finches)), "
                + "mice (Rock pocket mice (lava flows)).")
    }

    @Test func completionAsksForTheDescriptionOnceAndCompletesPatternsAndChoicesFromIt() {
        // Given a Life lesson whose description the console has not seen
        let (lesson, _) = Fixtures.lesson(
            Fixtures.make { try LifeModel(parameters: .init(), seed: 1) }, steps: 0, role: .teacher)
        var console = TeacherConsole()
        // When the teacher presses Tab the console asks for the description, once, and lists nothing unasked
        #expect(console.handle(.tab, lesson: lesson, now: Fixtures.now) == [.send(.describeModels(teacherKey: nil))])
        #expect(console.handle(.tab, lesson: lesson, now: Fixtures.now).isEmpty)
        let logged = console.log.count
        var described = lesson
        described.apply(.models(ModelKind.allDescriptions), at: Fixtures.now)
        #expect(console.received(.models(ModelKind.allDescriptions), lesson: described, now: Fixtures.now).isEmpty)
        #expect(console.log.count == logged)
        // Then `place` completes the model's pattern names and `set boundary` its choices
        let context = CommandContext(lesson: described, pendingHint: nil)
        let patterns = CommandCompletion.candidates(for: "place ", context: context)
        #expect(patterns.contains("glider"))
        #expect(CommandCompletion.candidates(for: "place gl", context: context).allSatisfy { $0.hasPrefix("gl") })
        #expect(CommandCompletion.candidates(for: "set boundary t", context: context) == ["toroidal"])
    }
}
