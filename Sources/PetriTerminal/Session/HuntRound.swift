import PetriProtocol

/// A hunt round under way, as this client knows it (PROTOCOL.md 5.8): the round's creatures, the ids eaten so far,
/// this student's catches left and when the round ends on the local clock.
///
/// Built from `huntStarted` and kept up to date by `caught` (latest wins: each names every id eaten so far) and
/// `catchAccepted`; `huntEnded` or a new welcome ends it. Nothing here ranks the creatures: the screen knows each
/// one's place and colour, as the page does, and nothing else.
struct HuntRound: Sendable, Hashable {
    /// 1, 2, 3, ... within the lesson.
    var round: Int
    /// The generation being hunted.
    var generation: Int
    /// How many creatures each student may catch in the round.
    var catches: Int
    /// How many this student may still catch.
    var left: Int
    /// The round's creatures, ordered by id, their places within 0...999.
    var creatures: [HuntCreature]
    /// Every id eaten so far, by anyone.
    var eaten: Set<Int>
    /// When the round ends, on the local clock.
    var endsAt: Timestamp

    /// The most creatures a round may show; a round claiming more is cut to these (the server sends far fewer).
    static let maxCreatures = 100_000

    /// The round a `huntStarted` describes.
    ///
    /// - Parameters:
    ///   - info: The message.
    ///   - now: The local time it arrived.
    ///   - serverClockOffset: Server clock minus local clock, when known: a round joined late ends when the
    ///     server's `endsAt` says; without it the round is taken as just begun (its whole `seconds`).
    init(_ info: HuntRoundInfo, arrivedAt now: Timestamp, serverClockOffset: Int64?) {
        round = info.round
        generation = info.generation
        catches = max(0, info.catches)
        left = catches
        creatures = info.creatures.prefix(Self.maxCreatures).map { creature in
            HuntCreature(
                id: creature.id, x: min(999, max(0, creature.x)), y: min(999, max(0, creature.y)),
                trait: creature.trait)
        }
        .sorted { $0.id < $1.id }
        eaten = Set(info.eaten)
        let whole = Int64(min(3600, max(0, info.seconds))) * 1000
        var untilEnd = whole
        if let offset = serverClockOffset {
            let serverNow = now.millisecondsSince1970 &+ offset
            untilEnd = min(whole, max(0, info.endsAt.millisecondsSince1970 &- serverNow))
        }
        endsAt = Timestamp(millisecondsSince1970: now.millisecondsSince1970 + untilEnd)
    }

    /// Whole seconds left at `now` (rounded up, never below 0).
    func secondsLeft(at now: Timestamp) -> Int {
        let milliseconds = max(0, endsAt.millisecondsSince1970 - now.millisecondsSince1970)
        return Int((milliseconds + 999) / 1000)
    }

    /// The creatures nobody has eaten, ordered by id.
    var alive: [HuntCreature] { creatures.filter { !eaten.contains($0.id) } }

    /// Folds in a `caught`: the creature and every id it names are eaten (an older round's is ignored).
    mutating func apply(_ caught: HuntCatch) {
        guard caught.round == round else { return }
        eaten.insert(caught.creature)
        eaten.formUnion(caught.eaten)
    }

    /// Folds in this student's `catchAccepted`.
    mutating func accept(round: Int, creature: Int, left: Int) {
        guard round == self.round else { return }
        eaten.insert(creature)
        self.left = max(0, left)
    }
}
