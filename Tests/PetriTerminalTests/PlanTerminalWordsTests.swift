import PetriProtocol
import PetriWords
import Testing

@testable import PetriTerminal

/// The terminal's plan lines come from the catalogs, in the console's language, with each language's plurals.
@Suite struct PlanTerminalWordsTests {
    static let state = PlanState(
        name: "moths", title: "Moths",
        moments: [
            PlanMoment(line: 5, action: .run(to: 4, rate: nil)),
            PlanMoment(line: 6, action: .pause(seconds: 1)),
            PlanMoment(line: 7, at: 10, action: .set(name: "environmentColour", value: .number(80))),
        ], next: 2, pace: .auto, skipped: [1], waiting: "run", finished: false)

    @Test func aPlansTimelineAndStatusReadInWelshAndSpanish() throws {
        let welsh = try #require(Language("cy"))
        #expect(
            PlanTerminalWords.timeline(Self.state, in: welsh) == [
                "Cynllun: Moths (yn rhedeg ei hun)", "    1. rhedeg i genhedlaeth 4 [wedi'i wneud]",
                "    2. oedi am 1 eiliad [wedi'i hepgor]",
                "  > 3. yng nghenhedlaeth 10: gosod environmentColour i 80 [nesaf]",
            ])
        let spanish = try #require(Language("es"))
        #expect(
            PlanTerminalWords.status(Self.state, in: spanish)
                == "Plan, siguiente (3 de 3): en la generación 10: poner environmentColour en 80 (avanzando hasta la "
                + "siguiente generación del plan). Escribe next, skip o pace auto.")
    }

    @Test func aPreviewCountsItsQuestionsAndReplicatesWithTheLanguagesPluralsAndDecimals() throws {
        let preview = PlanPreview(
            seed: 7, replicates: 1,
            questions: [
                PlanPreview.Question(
                    moment: 1, line: 9, prompt: "Darker?", metric: "meanTrait", kind: .number(tolerance: nil),
                    askedAt: 3, target: 6, outcome: 40.25)
            ], generation: 9, finished: false)
        #expect(
            PlanTerminalWords.preview(preview) == [
                "Preview with seed 7: 1 question, 1 replicate each; stopped at generation 9, before the plan's end "
                    + "(the preview's limits).",
                "Q1 (line 9, generation 3 → 6) \"Darker?\": outcome 40.25.",
            ])
        let spanish = try #require(Language("es"))
        #expect(
            PlanTerminalWords.preview(preview, in: spanish)[1]
                == "P1 (línea 9, generación 3 → 6) «Darker?»: resultado 40,25.")
    }
}
