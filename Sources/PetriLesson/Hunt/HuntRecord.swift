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
        guard
            let actionIndex = run.actions.firstIndex(where: { $0.generation == record.generation && $0.action.isHunt }),
            var model = run.model(at: record.generation, actionCount: actionIndex),
            let before = model.huntableTraits, let background = model.huntBackground
        else { return nil }
        model.step()
        guard model.generation == record.generation + 1, let deaths = model.huntStepDeaths,
            let after = model.huntableTraits, deaths <= before.count
        else { return nil }
        var totalSum = 0
        var totalDistance = 0.0
        for trait in before {
            totalSum += Int(trait)
            totalDistance += abs(Double(trait) - background)
        }
        var survivorSum = 0
        var survivorDistance = 0.0
        for trait in after.prefix(before.count - deaths) {
            survivorSum += Int(trait)
            survivorDistance += abs(Double(trait) - background)
        }
        let survivors = before.count - deaths
        let meanBefore = before.isEmpty ? 0 : Double(totalSum) / Double(before.count)
        return FormulaReplicate(
            deaths: deaths,
            deadMean: deaths == 0 ? nil : Double(totalSum - survivorSum) / Double(deaths),
            deadConspicuousness: deaths == 0 ? nil : (totalDistance - survivorDistance) / Double(deaths),
            differential: survivors == 0 ? nil : Double(survivorSum) / Double(survivors) - meanBefore)
    }
}
