import PetriProtocol
import PetriSimulation
import PetriWords

/// The class as the selection: hunt rounds on a model drawn as creatures on a background.
///
/// A round shows the current generation's creatures to every screen (``HuntLayout``: seeded positions, ids that
/// say nothing of fitness); each student catches up to ``HuntRound/catchesPerStudent`` of them, each catch a logged
/// command accepted in order; the round ends when the server's timer says time is up (``LessonCommand/huntEnd(round:)``,
/// also sent at once when every student online has used their catches), and the generation then steps with the
/// caught creatures removed before reproduction (`selection: both`: the formula's deaths as well). The lesson reads
/// no clock: a catch's time is the one its log entry records.
extension Lesson {
    /// True when the model is drawn as creatures on a background.
    var isHuntable: Bool { run.model.huntableTraits != nil }

    /// What decides which creatures die now.
    package var currentSelection: SelectionMode { selection }

    /// Hunt rounds that have ended (what a question about hunt rounds counts).
    var completedHunts: Int { huntRounds - (hunt == nil ? 0 : 1) }

    /// The round under way, as screens draw it (nil between rounds).
    package var huntInfo: HuntRoundInfo? {
        guard let hunt, let traits = run.model.huntableTraits else { return nil }
        return hunt.info(traits: traits)
    }

    static var huntUnderWay: ProtocolError { ProtocolError(.invalidAction, LessonWords.word("lesson.hunt.underWay")) }

    /// Refuses what would change the population or the timeline while a round is under way.
    func checkNoHunt() throws(ProtocolError) {
        if hunt != nil { throw Self.huntUnderWay }
    }

    /// The teacher changes what decides which creatures die, between rounds. Formula is refused while a question
    /// counted in hunt rounds still waits for them: under formula no round would come, so it would never resolve.
    mutating func setSelection(_ mode: SelectionMode) throws(ProtocolError) -> [Effect] {
        if mode != .formula, !isHuntable {
            throw ProtocolError(.invalidAction, LessonWords.word("lesson.hunt.notHuntable"))
        }
        try checkNoHunt()
        if mode == .formula, let waiting = questions.first(where: { $0.isUnresolved && $0.huntTarget != nil }) {
            throw ProtocolError(
                .invalidAction, LessonWords.word("lesson.hunt.waitingQuestion", ["question": .int(waiting.id.rawValue)])
            )
        }
        selection = mode
        return [.broadcast(.selection(mode))]
    }

    /// Starts a round of the current generation.
    mutating func startHunt(catches: Int?, seconds: Int?, at now: Timestamp) throws(ProtocolError) -> [Effect] {
        guard let traits = run.model.huntableTraits else {
            throw ProtocolError(.invalidAction, LessonWords.word("lesson.hunt.notHuntable"))
        }
        guard selection != .formula else {
            throw ProtocolError(.invalidAction, LessonWords.word("lesson.hunt.formulaOnly"))
        }
        try checkNoHunt()
        let catches = catches ?? HuntRound.defaultCatches
        guard HuntRound.catchRange.contains(catches) else {
            throw ProtocolError(
                .outOfRange, LessonWords.word("lesson.hunt.catchesOutOfRange", ["count": .int(catches)]))
        }
        let seconds = seconds ?? HuntRound.defaultSeconds
        guard HuntRound.secondsRange.contains(seconds) else {
            throw ProtocolError(
                .outOfRange, LessonWords.word("lesson.hunt.secondsOutOfRange", ["count": .int(seconds)]))
        }
        try checkCanAdvance()
        huntRounds += 1
        // The round's own length, stretched by the class's extra time (whole seconds for the screens' countdown).
        let length = huntMilliseconds(seconds)
        let round = HuntRound(
            number: huntRounds, generation: run.generation, catchesPerStudent: catches,
            seconds: Int((length + 999) / 1000), endsAt: now.adding(milliseconds: length),
            layout: HuntLayout(count: traits.count, lessonSeed: seed, timeline: timeline, round: huntRounds))
        hunt = round
        return [
            .broadcast(.huntStarted(round.info(traits: traits))),
            .scheduleHuntEnd(round: round.number, at: round.endsAt),
        ]
    }

    /// How long a round of `seconds` lasts: the longest window the class's extra-time accommodations give (see
    /// `Lesson+ExtraTime.swift`), so a student with extra time gets it, and everyone hunts in that one window.
    ///
    /// One window rather than one per student: catches, not time, are what a student has few of, so the others
    /// gain a calmer choice and no more catches; every screen shows the one time left; and the round still ends as
    /// soon as everyone online who hunts has caught, so an accommodated student who is not here delays nobody who
    /// has. It reads the roster's logged extra time alone (never who is online), so a replay ends the round at the
    /// same moment and accepts the same catches.
    func huntMilliseconds(_ seconds: Int) -> Int64 {
        let most = roster.students.reduce(0) { $1.isKicked ? $0 : max($0, $1.extraTime) }
        return Int64(seconds) * Int64(100 + most) * 10
    }

    /// A student catches a creature; refused, changing nothing, when the student took the spotter role, when it was
    /// eaten, is not in the round, comes after the round, or is over the student's allowance.
    ///
    /// A spotter's refusal is never logged, so a replay (which knows nothing of who spots) accepts the same catches.
    mutating func catchCreature(_ creature: Int, by student: StudentID, at now: Timestamp) throws(ProtocolError)
        -> [Effect]
    {
        guard !spotters.value.contains(student) else {
            throw ProtocolError(.invalidAction, LessonWords.word("lesson.hunt.spotter"))
        }
        guard var round = hunt else {
            throw ProtocolError(.invalidAction, LessonWords.word("lesson.hunt.noRound"))
        }
        guard now < round.endsAt else {
            throw ProtocolError(.invalidAction, LessonWords.word("lesson.hunt.timeUp"))
        }
        guard round.layout.index(of: creature) != nil else {
            throw ProtocolError(
                .invalidAction, LessonWords.word("lesson.hunt.unknownCreature", ["creature": .int(creature)]))
        }
        guard !round.eaten.contains(creature) else {
            throw ProtocolError(.invalidAction, LessonWords.word("lesson.hunt.eaten"))
        }
        let used = round.catchesBy[student, default: 0]
        guard used < round.catchesPerStudent else {
            throw ProtocolError(.invalidAction, LessonWords.word("lesson.hunt.allowanceUsed"))
        }
        // The round's storage is this copy's alone from here, so a catch appends instead of copying the class's.
        hunt = nil
        round.catches.append(HuntCatchRecord(creature: creature, student: student))
        round.eaten.insert(creature)
        round.catchesBy[student] = used + 1
        if used + 1 == round.catchesPerStudent { round.studentsDone += 1 }
        hunt = round
        var effects: [Effect] = [
            .reply(.catchAccepted(round: round.number, creature: creature, left: round.catchesPerStudent - used - 1)),
            .broadcastLatest(
                .caught(HuntCatch(round: round.number, creature: creature, eaten: round.catches.map(\.creature)))),
        ]
        // Everyone here who hunts has used their catches: the server ends the round now (a logged event, so a
        // replay, which knows nothing of who was online or spotting, ends it at the same entry).
        if everyHunterDone(round) {
            effects.append(.scheduleHuntEnd(round: round.number, at: now))
        }
        return effects
    }

    /// A student takes the spotter role or hunts again; when the last student still hunting becomes a spotter, the
    /// round ends now (the students left hunting have used their catches).
    mutating func spot(_ spotter: Bool, student: StudentID, at now: Timestamp) -> [Effect] {
        if spotter { spotters.value.insert(student) } else { spotters.value.remove(student) }
        guard let round = hunt, everyHunterDone(round) else { return [] }
        return [.scheduleHuntEnd(round: round.number, at: now)]
    }

    /// Whether every student online who hunts (a spotter does not) has used their catches.
    func everyHunterDone(_ round: HuntRound) -> Bool {
        let spotting = spotters.value
        let hunters = roster.onlineCount - spotting.count
        let doneSpotters = spotting.count { round.catchesBy[$0] == round.catchesPerStudent }
        // A bound first (it also counts students who used their catches and left), then, only when it says maybe,
        // the exact count: a catch in a class of thousands does not walk the class.
        guard round.studentsDone - doneSpotters >= hunters else { return false }
        var done = 0
        for (student, used) in round.catchesBy
        where used == round.catchesPerStudent && !spotting.contains(student) && roster[student]?.isOnline == true {
            done += 1
        }
        return done >= hunters
    }

    /// The server's timer for round `number` fired (or everyone had caught): the round ends and the generation
    /// steps. A timer for a round already over does nothing.
    mutating func huntEnded(_ number: Int, at now: Timestamp) -> [Effect] {
        guard let round = hunt, round.number == number else { return [] }
        return endHunt(at: now)
    }

    /// Ends the round under way: the caught creatures are removed before the step (and, with `both`, the formula
    /// draws its deaths among the rest); everyone gets what was caught against what was alive.
    mutating func endHunt(at now: Timestamp) -> [Effect] {
        guard let round = hunt else { return [] }
        hunt = nil
        var effects: [Effect] = [.cancelHuntEnd]
        guard let traits = run.model.huntableTraits else { return effects }
        let indices = round.caughtIndices
        let summary = Self.summary(
            of: round, traits: traits, caught: indices, traitRange: run.model.huntableTraitRange ?? 0...255)
        effects.append(.broadcast(.huntEnded(summary)))
        let background = run.model.huntBackground ?? 0
        do {
            try run.apply(.hunt(caught: indices, formula: selection == .both))
        } catch {
            return effects
        }
        huntRecords.append(
            HuntRecord(round: round, summary: summary, traits: traits, caught: indices, background: background))
        effects += advance(by: 1, at: now)
        return effects
    }

    /// The colours caught against the colours left alive, in ten bins of the trait's range.
    static func summary(of round: HuntRound, traits: [UInt8], caught: [Int], traitRange: ClosedRange<Int>)
        -> HuntSummary
    {
        let width = max(1, (traitRange.count + 9) / 10)
        let binCount = (traitRange.count + width - 1) / width
        var caughtBins = [Int](repeating: 0, count: binCount)
        var aliveBins = [Int](repeating: 0, count: binCount)
        var caughtSum = 0
        var aliveSum = 0
        var next = 0
        for (index, trait) in traits.enumerated() {
            let bin = min(binCount - 1, max(0, (Int(trait) - traitRange.lowerBound) / width))
            if next < caught.count, caught[next] == index {
                next += 1
                caughtBins[bin] += 1
                caughtSum += Int(trait)
            } else {
                aliveBins[bin] += 1
                aliveSum += Int(trait)
            }
        }
        let alive = traits.count - caught.count
        return HuntSummary(
            round: round.number, generation: round.generation, traitMin: traitRange.lowerBound, binWidth: width,
            caughtBins: caughtBins, aliveBins: aliveBins,
            caughtMean: caught.isEmpty ? nil : Double(caughtSum) / Double(caught.count),
            aliveMean: alive == 0 ? nil : Double(aliveSum) / Double(alive))
    }
}
