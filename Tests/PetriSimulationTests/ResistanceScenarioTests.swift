import Testing

@testable import PetriSimulation

/// Each antibiotic-resistance scenario shows its point in most of 20 seeds (1...20).
///
/// Tuning record: MODELS.md's starting constants (dose 45, a six-generation pause) made the second course fail in
/// only about 20 of 100 runs of a Python port of the same rules, barely more than a full first course (0 of 100).
/// Dose 40 and an eight-generation pause gave, in the port over 100 seeds: full course wiped out 99, stopped early
/// regrown and more than 5 points more resistant 95, second course failed 81. The counts this build gives for seeds
/// 1...20 are pinned below (measured, then written down), so a change to the rules or the draw order shows here.
@Suite struct ResistanceScenarioTests {
    private static let seeds: [UInt64] = Array(1...20)

    @Test func everyScenarioIsValidAndExplained() throws {
        try ResistanceScenario.expectAllValidAndExplained(inMoreThan: 200)
        #expect(ResistanceScenario.stoppedEarly.explanation.contains("Chance decides which bacteria"))
    }

    @Test func aFullCourseWipesTheStrainOut() throws {
        var cured = 0
        for seed in Self.seeds {
            let history = try ResistanceScenario.fullCourse.history(seed: seed, generations: 12)
            if history.last?.isExtinct == true { cured += 1 }
        }
        // Measured: 19 of 20 (seed-by-seed in this build; the port gave 99 of 100).
        #expect(cured == 19)
    }

    @Test func aCourseStoppedEarlyLeavesAStrainThatRegrowsMoreResistant() throws {
        var regrownMoreResistant = 0
        var before = 0.0
        var after = 0.0
        for seed in Self.seeds {
            let history = try ResistanceScenario.stoppedEarly.history(seed: seed, generations: 10)
            let start = try history[0].value(of: MetricID("meanResistance"))
            let end = try history[10].value(of: MetricID("meanResistance"))
            before += start
            after += end
            if history[10].traits.count >= 300 && end > start + 5 { regrownMoreResistant += 1 }
        }
        // Measured: 19 of 20.
        #expect(regrownMoreResistant == 19)
        #expect(after / 20 > before / 20 + 8)
    }

    @Test func aSecondCourseAfterStoppingEarlyFailsMoreOftenThanAFirstCourse() throws {
        var firstFailed = 0
        var secondFailed = 0
        for seed in Self.seeds {
            if try ResistanceScenario.fullCourse.history(seed: seed, generations: 12).last?.isExtinct == false {
                firstFailed += 1
            }
            if try ResistanceScenario.secondCourse.history(seed: seed, generations: 22).last?.isExtinct == false {
                secondFailed += 1
            }
        }
        // Measured: the first course failed in 1 of 20, the second in 18 of 20.
        #expect(firstFailed == 1)
        #expect(secondFailed == 18)
    }

    @Test func withoutAntibioticAResistantStrainLosesResistance() throws {
        var fell = 0
        for seed in Self.seeds {
            let history = try ResistanceScenario.noAntibiotic.history(seed: seed, generations: 40)
            let start = try history[0].value(of: MetricID("meanResistance"))
            let end = try history[40].value(of: MetricID("meanResistance"))
            if end < start - 3 && !history[40].isExtinct { fell += 1 }
        }
        // Measured: 20 of 20.
        #expect(fell == 20)
    }
}
