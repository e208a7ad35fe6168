import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriLesson

/// A plan's preview runs on a lesson of its own, the same for the same seed, and stops when its caller says so.
@Suite struct PlanPreviewTests {
    static let moths = ShippedPlans.files.first { $0.name == "peppered-moths" }?.text ?? ""

    static func preview(seed: UInt64, shouldStop: @escaping () -> Bool = { false }) throws -> PlanPreview {
        let plan = try PlanCheck.check(moths, models: .shipped).get()
        let maker = try #require(ModelCatalog.shipped.entry(for: plan.model)).maker
        return try PlanPreviewRun.run(
            plan, text: moths, seed: seed, maker: maker, replicates: 10, shouldStop: shouldStop)
    }

    @Test func theSameSeedGivesTheSamePreviewAndAnotherSeedOtherOutcomes() throws {
        // When the moths plan is previewed twice with one seed and once with another
        let first = try Self.preview(seed: 7)
        let again = try Self.preview(seed: 7)
        let other = try Self.preview(seed: 8)

        // Then the two with one seed agree in every number; the other seed asks at the same generations
        #expect(first == again)
        #expect(first.finished && other.finished)
        #expect(first.questions.count == 6)
        #expect(first.questions.map(\.askedAt) == other.questions.map(\.askedAt))
        #expect(first.questions.map(\.outcome) != other.questions.map(\.outcome))
        #expect(first.questions.allSatisfy { $0.outcome != nil && $0.spread?.count == 10 })
        #expect(first.questions.map(\.moment) == first.questions.map(\.moment).sorted())
    }

    @Test func aChoiceQuestionsPreviewCountsTheReplicatesEndingInEachOption() throws {
        // When the moths plan (two choice questions: darker, paler or about the same) is previewed
        let preview = try Self.preview(seed: 7)

        // Then each choice question says how many of its 10 replicates ended in each of its three options (the last
        // option is "otherwise", so every replicate is in one), and a question of another kind has no counts
        let choices = preview.questions.filter { $0.kind.name == "choice" }
        #expect(choices.count == 2)
        #expect(choices.allSatisfy { $0.optionCounts?.count == 3 && $0.optionCounts?.reduce(0, +) == 10 })
        #expect(preview.questions.filter { $0.kind.name != "choice" }.allSatisfy { $0.optionCounts == nil })
    }

    @Test func aReplicateCountsInTheFirstOptionThatHoldsAndARunThatEndedIsOver() {
        // Given the grow / shrink / extinct / same options of a question asked at 50, and four replicates: one
        // grew, one shrank, one died out (its run ended) and one ended where it started
        let options = [
            ChoiceOption("extinct", when: .runOver),
            ChoiceOption("grow", when: .grows),
            ChoiceOption("shrink", when: .shrinks),
            ChoiceOption("same", when: .otherwise),
        ]
        let traces = [
            ReplicateTrace(values: [50, 55, 60], endedAt: nil), ReplicateTrace(values: [50, 45, 40], endedAt: nil),
            ReplicateTrace(values: [50, 10, 0], endedAt: 12), ReplicateTrace(values: [50, 52, 50], endedAt: nil),
        ]

        // Then each is counted once, in its own option (the one that died out as extinct, not as shrunk)
        let counts = PlanPreviewRun.optionCounts(options, traces: traces, asked: 50)
        #expect(counts == [1, 1, 1, 1])
    }

    @Test func aPreviewStopsWhenItsCallerSaysSoAndSaysItDidNotFinish() throws {
        // Given a caller that lets the preview take 200 steps (its clock, in the server)
        let asked = Counter()
        let stop = {
            asked.count += 1
            return asked.count > 200
        }

        // When the moths plan is previewed
        let preview = try Self.preview(seed: 7, shouldStop: stop)

        // Then it answers with what it had, not finished, short of the plan's end
        #expect(!preview.finished)
        #expect(preview.generation < 55)
    }
}

/// Counts the preview's questions to its caller (one thread: the preview runs where it is called).
private final class Counter {
    var count = 0
}
