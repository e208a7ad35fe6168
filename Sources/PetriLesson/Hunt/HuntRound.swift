import PetriProtocol
import PetriSimulation

/// A hunt round under way: the generation's creatures laid out for every screen, and the catches the lesson has
/// accepted, in order.
///
/// The layout is drawn from the lesson's seed (``HuntLayout``), so a restored round draws it again rather than
/// keeping it; the catches are the state.
struct HuntRound: Sendable, Hashable {
    /// 1, 2, 3, ... within the lesson (the layout's draw depends on it).
    var number: Int
    /// The generation being hunted.
    var generation: Int
    var catchesPerStudent: Int
    /// The round's length in whole seconds: the teacher's, stretched by the class's extra time (see `endsAt`).
    var seconds: Int
    /// The round ends at this time at the latest; a catch stamped at or after it is refused.
    var endsAt: Timestamp
    var layout: HuntLayout
    /// Every accepted catch, in the order accepted.
    var catches: [HuntCatchRecord] = []
    /// The ids eaten so far.
    var eaten: Set<Int> = []
    /// Catches per student so far.
    var catchesBy: [StudentID: Int] = [:]
    /// Students who have used all their catches.
    var studentsDone = 0

    /// The default catches per student and seconds of a round the teacher starts without saying.
    static let defaultCatches = 3
    static let defaultSeconds = 10
    static let catchRange = 1...20
    static let secondsRange = 3...120
    /// A round's own length: the seconds asked for, stretched by extra time (at most 100%: twice as long).
    static let storedSecondsRange = 3...240

    /// What every screen draws: the creatures ordered by id, with their traits as colours.
    func info(traits: [UInt8]) -> HuntRoundInfo {
        var creatures = layout.spots.map {
            HuntCreature(id: $0.id, x: $0.x, y: $0.y, trait: Int(traits[$0.index]))
        }
        creatures.sort { $0.id < $1.id }
        return HuntRoundInfo(
            round: number, generation: generation, catches: catchesPerStudent, seconds: seconds, endsAt: endsAt,
            creatures: creatures, eaten: catches.map(\.creature))
    }

    /// The draw-order indices of the caught creatures, ascending (what the model's hunt action takes).
    var caughtIndices: [Int] {
        catches.compactMap { layout.index(of: $0.creature) }.sorted()
    }
}

/// One accepted catch.
struct HuntCatchRecord: Sendable, Hashable {
    var creature: Int
    var student: StudentID
}
