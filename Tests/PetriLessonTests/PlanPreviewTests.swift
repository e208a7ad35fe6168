import PetriLesson
import PetriProtocol
import PetriSimulation
import Testing

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
