import PetriProtocol
import PetriSimulation

/// What one ended hunt round did, kept for the report: the colours caught against the colours left alive, the
/// background they were hunted on, and every catch with who made it and the caught creature's colour.
///
/// The lesson keeps one for each round whose step is in the population's history: a rewind to before a round's
/// step drops its record (the population it shaped is no longer the lesson's, and the report's formula replicate
/// starts from the round's own population, which only the current history holds); restoring the teacher's
/// checkpoint brings back the records it was saved with. Every number here comes from logged catches and the
/// seeded model, so a replay of the log rebuilds the same records.
struct HuntRecord: Sendable, Hashable {
    /// One accepted catch: who made it, the creature's id in the round, and its trait (its colour).
    struct Catch: Sendable, Hashable {
        var student: StudentID
        var creature: Int
        var trait: Int
    }

    /// The round's bins and means, as `huntEnded` told everyone (its `round` and `generation` are the record's).
    var summary: HuntSummary
    /// The trait value that matched the background when the round was hunted (``SteppingModel/huntBackground``).
    var background: Double
    /// The mean trait of the whole generation before the catches.
    var meanBefore: Double
    /// The mean distance from the background of the creatures left alive (nil when none was).
    var aliveConspicuousness: Double?
    /// Every catch, in the order the lesson accepted them.
    var catches: [Catch]

    var number: Int { summary.round }
    var generation: Int { summary.generation }

    /// How conspicuous a creature of trait `trait` was: how far its colour lies from the background's.
    func conspicuousness(of trait: Int) -> Double { abs(Double(trait) - background) }

    /// The mean distance from the background of the caught creatures (nil when nothing was caught).
    var caughtConspicuousness: Double? {
        catches.isEmpty ? nil : catches.reduce(0) { $0 + conspicuousness(of: $1.trait) } / Double(catches.count)
    }

    /// The selection differential of the class's catches: the mean trait of the creatures left alive minus the
    /// mean of the whole generation before (nil when none was left).
    var differential: Double? { summary.aliveMean.map { $0 - meanBefore } }
}

/// What the formula's predators would have done to a round's population: one step of the model from the round's
/// start (the same state and the same seeded generator) with `selection: formula`.
struct FormulaReplicate: Sendable, Hashable {
    /// Creatures the formula killed.
    var deaths: Int
    /// Their mean trait and mean distance from the background (nil when it killed none).
    var deadMean: Double?
    var deadConspicuousness: Double?
    /// The survivors' mean trait minus the generation's mean before (nil when none survived).
    var differential: Double?

    /// As the report's data has it.
    var selection: ReportData.FormulaSelection {
        ReportData.FormulaSelection(
            deaths: deaths, deadMean: deadMean, deadConspicuousness: deadConspicuousness, differential: differential)
    }
}

extension HuntRecord {
    /// Records round `round`, hunted on `traits` (draw order) with the caught creatures at `caught` (ascending draw
    /// indices), on a background of trait `background`.
    init(round: HuntRound, summary: HuntSummary, traits: [UInt8], caught: [Int], background: Double) {
        self.summary = summary
        self.background = background
        var sum = 0
        var aliveDistance = 0.0
        var next = 0
        for (index, trait) in traits.enumerated() {
            sum += Int(trait)
            if next < caught.count, caught[next] == index {
                next += 1
            } else {
                aliveDistance += abs(Double(trait) - background)
            }
        }
        meanBefore = traits.isEmpty ? 0 : Double(sum) / Double(traits.count)
        let alive = traits.count - caught.count
        aliveConspicuousness = alive == 0 ? nil : aliveDistance / Double(alive)
        catches = round.catches.compactMap { record in
            round.layout.index(of: record.creature).map {
                Catch(student: record.student, creature: record.creature, trait: Int(traits[$0]))
            }
        }
    }
}

extension Lesson {
    /// The formula's replicate of `record`'s round: the population the class hunted (the model at the round's
    /// generation with the actions logged before its hunt), stepped once with the formula's deaths instead of the
    /// class's catches. Pure computation, deterministic from the lesson's seed and log; costs one replay from the
    /// nearest checkpoint (at most the run's checkpoint interval of steps) and one step. Nil when the round's hunt
    /// is not in the run's history (a lesson cloned from a file keeps no records, so never asks).
    func formulaReplicate(of record: HuntRecord) -> FormulaReplicate? {
        formulaSelections(of: record).replicate
    }

    /// What the formula did beside the class's catches in `record`'s round under `selection: both`: the round's
    /// step replayed from the log (the same population, the class's catches and the same seeded draws), its deaths
    /// among the creatures the class left. Nil when the round was hunted under `selection: class` (or cannot be
    /// rebuilt).
    func formulaAlso(of record: HuntRecord) -> FormulaReplicate? {
        formulaSelections(of: record).also
    }

    /// The replicate and, under `both`, what the formula also took, from one replay to the round's start.
    func formulaSelections(of record: HuntRecord) -> (replicate: FormulaReplicate?, also: FormulaReplicate?) {
        guard
            let actionIndex = run.actions.firstIndex(where: { $0.generation == record.generation && $0.action.isHunt }),
            let model = run.model(at: record.generation, actionCount: actionIndex),
            let before = model.huntableTraits, let background = model.huntBackground
        else { return (nil, nil) }
        let meanBefore = before.isEmpty ? 0 : Double(before.reduce(0) { $0 + Int($1) }) / Double(before.count)
        var formula = model
        formula.step()
        let replicate = Self.selection(
            of: before, after: formula, generation: record.generation + 1, caught: 0, background: background,
            meanBefore: meanBefore)
        guard case .hunt(let caught, formula: true) = run.actions[actionIndex].action else { return (replicate, nil) }
        var both = model
        guard (try? both.apply(run.actions[actionIndex].action)) != nil else { return (replicate, nil) }
        both.step()
        var alive: [UInt8] = []
        var next = 0
        for (index, trait) in before.enumerated() {
            if next < caught.count, caught[next] == index { next += 1 } else { alive.append(trait) }
        }
        let also = Self.selection(
            of: alive, after: both, generation: record.generation + 1, caught: caught.count, background: background,
            meanBefore: meanBefore)
        return (replicate, also)
    }

    /// The formula's selection in a step from `population` to `after` (which must be at `generation`): its deaths
    /// (the step's, less the `caught` the class removed first), their mean trait and distance from `background`, and
    /// the survivors' mean less `meanBefore`. The survivors come first in `after`, in their order before the step.
    private static func selection(
        of population: [UInt8], after: Model, generation: Int, caught: Int, background: Double, meanBefore: Double
    ) -> FormulaReplicate? {
        guard after.generation == generation, let stepDeaths = after.huntStepDeaths, let traits = after.huntableTraits
        else { return nil }
        let deaths = stepDeaths - caught
        guard deaths >= 0, deaths <= population.count, population.count - deaths <= traits.count else { return nil }
        var totalSum = 0
        var totalDistance = 0.0
        for trait in population {
            totalSum += Int(trait)
            totalDistance += abs(Double(trait) - background)
        }
        var survivorSum = 0
        var survivorDistance = 0.0
        for trait in traits.prefix(population.count - deaths) {
            survivorSum += Int(trait)
            survivorDistance += abs(Double(trait) - background)
        }
        let survivors = population.count - deaths
        return FormulaReplicate(
            deaths: deaths,
            deadMean: deaths == 0 ? nil : Double(totalSum - survivorSum) / Double(deaths),
            deadConspicuousness: deaths == 0 ? nil : (totalDistance - survivorDistance) / Double(deaths),
            differential: survivors == 0 ? nil : Double(survivorSum) / Double(survivors) - meanBefore)
    }
}
