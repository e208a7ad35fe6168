/// The selection engine the trait models share (camouflage, antibiotic resistance, finch beaks): creatures that
/// each carry one heritable whole-number trait, the generator they draw from, and one generation's survival and
/// reproduction.
///
/// A model contributes the rules of each generation as a ``SelectionRound`` (each trait's chance of death and how
/// survival is drawn, each trait's chance of a child, the mutation step, the trait range, the population cap); the
/// engine applies them in one fixed draw order, which is part of every pinned history:
/// 1. Selection: for each creature in array order, the round's ``SurvivalRule`` draws whether it survives
///    (camouflage: one `nextUnit()` draw `u`, surviving iff `u > chanceOfDeath`). Survivors keep their relative
///    order. If none survives, the population is extinct and the step ends (no more draws, ever).
/// 2. Reproduction: for each survivor in order, while the population is below the cap, one `nextUnit()` draw `u`;
///    if `u < birthChance[trait]`, one `nextInt(in: -mutation...mutation)` draw `d` and a child with trait
///    ``reflect(_:into:)``(trait + d) is appended after the survivors. Children do not breed in the generation
///    they are born in.
///
/// Traits are stored one byte per creature (every trait range lies within 0...255), in draw order.
struct TraitPopulation: Sendable, Hashable {
    /// Every creature's trait, in draw order: survivors keep their order, children follow.
    var traits: [UInt8]
    var random: PetriRandom
    /// Generations stepped since generation 0.
    var generation = 0
    /// What happened in the step that produced this generation (all zero at generation 0).
    var lastCounts = TraitGenerationCounts()
    /// Kept so that a creation-only parameter changed at generation 0 rebuilds generation 0 exactly as if the
    /// lesson had been created with it. It reveals no more than ``random`` already does.
    let seed: UInt64
    /// The class's catches, removed at the start of the next step (nil when the class did not hunt).
    var hunt: PendingHunt?

    /// Runs one generation's selection and, if anyone survives, reproduction (the caller has already advanced
    /// ``generation`` and applied the schedule).
    ///
    /// - Parameters:
    ///   - round: The model's rules for this generation, prepared for the population at its start.
    ///   - formula: Whether the round's survival is drawn (false: only the class's catches died).
    ///   - caughtCount: Creatures the class caught before this step (counted among the deaths).
    mutating func select<Survival: SurvivalRule>(
        _ round: SelectionRound<Survival>, formula: Bool = true, caughtCount: Int = 0
    ) {
        lastCounts = TraitGenerationCounts()
        let population = traits.count
        var random = self.random
        var counts = lastCounts
        var survivors = population
        if formula { survivors = 0 }
        traits.withUnsafeMutableBufferPointer { creatures in
            guard formula else { return }
            for i in 0..<population {
                let trait = creatures[i]
                let chance = round.survival.deathChance(Int(trait))
                if round.survival.survives(Int(trait), drawing: &random) {
                    creatures[survivors] = trait
                    survivors += 1
                    if chance > 0.5 { counts.luckySurvivors += 1 }
                } else if chance < 0.5 {
                    counts.unluckyDeaths += 1
                }
            }
        }
        traits.removeLast(population - survivors)  // keeps the capacity for this step's children
        counts.deaths = population - survivors + caughtCount
        lastCounts = counts
        self.random = random
        if !traits.isEmpty { reproduce(round) }
    }

    /// Removes the creatures the class caught, if it hunted, and says whether the formula's deaths are drawn as
    /// well and how many were caught.
    mutating func takeHunt() -> (formula: Bool, caught: Int) {
        guard let hunt else { return (true, 0) }
        self.hunt = nil
        removeCaught(hunt.caught)
        return (hunt.formula, hunt.caught.count)
    }

    /// Removes the creatures at `caught` (ascending indices), keeping the others' order.
    private mutating func removeCaught(_ caught: [Int]) {
        var next = 0
        var kept = 0
        for i in traits.indices {
            if next < caught.count, caught[next] == i {
                next += 1
            } else {
                traits[kept] = traits[i]
                kept += 1
            }
        }
        traits.removeLast(traits.count - kept)
    }

    private mutating func reproduce<Survival: SurvivalRule>(_ round: SelectionRound<Survival>) {
        let parents = traits.count
        let cap = round.maxPopulation
        let mutation = -round.mutation...round.mutation
        var random = self.random
        for i in 0..<parents {
            guard traits.count < cap else { break }
            let trait = Int(traits[i])
            if random.nextUnit() < round.birthChance[trait] {
                let child = Self.reflect(trait + random.nextInt(in: mutation), into: round.traitRange)
                traits.append(UInt8(child))
            }
        }
        lastCounts.births = traits.count - parents
        self.random = random
    }

    /// Folds a child's trait back into `range`: above the top `t` becomes `2 * top - t`, below the bottom
    /// `2 * bottom - t` (camouflage: `200 - t` and `2 - t`).
    ///
    /// A single reflection suffices whenever the mutation step is at most the range's width, which every
    /// model's parameter ranges ensure.
    ///
    /// - Parameters:
    ///   - t: The parent's trait plus the mutation offset.
    ///   - range: The model's trait range.
    static func reflect(_ t: Int, into range: ClosedRange<Int>) -> Int {
        if t > range.upperBound { return 2 * range.upperBound - t }
        if t < range.lowerBound { return 2 * range.lowerBound - t }
        return t
    }
}

/// The class's catches waiting for the next step (see ``ModelAction/hunt(caught:formula:)``).
struct PendingHunt: Sendable, Hashable {
    /// Indices of the caught creatures in draw order, ascending.
    var caught: [Int]
    /// Whether the formula's deaths are drawn as well (the lesson's `selection: both`).
    var formula: Bool
}

/// One generation's rules, as a model states them for the engine (see ``TraitPopulation``).
struct SelectionRound<Survival: SurvivalRule> {
    /// How each creature's survival is drawn.
    var survival: Survival
    /// The chance that a survivor has one child, indexed by the trait itself (entries below the range unused).
    var birthChance: [Double]
    /// A child's trait differs from its parent's by at most this much, uniformly.
    var mutation: Int
    /// Every trait lies here.
    var traitRange: ClosedRange<Int>
    /// Once a generation's survivors plus newborns reach it, no more children are born that generation.
    var maxPopulation: Int
}

/// A model's fitness rule for one generation: the chance of death of each trait and how survival is drawn.
protocol SurvivalRule {
    /// The chance that a creature with `trait` dies this generation, all causes together: above one half a
    /// survivor counts as lucky, below one half a death as unlucky.
    func deathChance(_ trait: Int) -> Double

    /// Draws whether a creature with `trait` survives, taking what it needs from `random`.
    func survives(_ trait: Int, drawing random: inout PetriRandom) -> Bool
}

/// One draw against one chance: a creature survives iff `nextUnit() > chanceOfDeath` (camouflage's rule, which
/// the finch beaks keep).
struct SingleDrawSurvival: SurvivalRule {
    /// The chance of death indexed by the trait itself (entries below the range unused).
    let chances: [Double]

    func deathChance(_ trait: Int) -> Double { chances[trait] }

    func survives(_ trait: Int, drawing random: inout PetriRandom) -> Bool { random.nextUnit() > chances[trait] }
}

/// What one generation's step did, kept for the stats of that generation.
struct TraitGenerationCounts: Sendable, Hashable, Codable {
    /// Children born.
    var births = 0
    /// Creatures that died.
    var deaths = 0
    /// Creatures that survived although their chance of death was above one half: poorly adapted but lucky.
    var luckySurvivors = 0
    /// Creatures that died although their chance of death was below one half: well adapted but unlucky.
    var unluckyDeaths = 0

    init() {}
}

/// The camouflage model's name for the counts, kept for existing callers.
typealias CamouflageGenerationCounts = TraitGenerationCounts

extension TraitPopulation {
    /// Generation 0: `count` creatures whose traits `trait` draws, in order, from the generator seeded
    /// with `seed`; that generator then goes on to draw the first generation's deaths and births.
    static func founding(count: Int, seed: UInt64, trait: (inout PetriRandom) -> UInt8) -> TraitPopulation {
        var random = PetriRandom(seed: seed)
        var traits: [UInt8] = []
        traits.reserveCapacity(count)
        for _ in 0..<count { traits.append(trait(&random)) }
        return TraitPopulation(traits: traits, random: random, seed: seed)
    }
}
