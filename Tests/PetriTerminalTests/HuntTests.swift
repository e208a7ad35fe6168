import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriTerminal

/// The cursor hunt (PROTOCOL.md 5.8): where a round's creatures fall on the terminal's cells, which one Enter
/// catches, how the round follows the server's messages, and what the screen shows.
@Suite struct HuntTests {
    static let grid = HuntGrid(columns: 41, rows: 10)

    /// Three creatures: 1 and 3 overlap (3 is drawn on top), 2 is alone in the top-left corner.
    static func round(catches: Int = 3, seconds: Int = 10, endsAt: Int64? = nil) -> HuntRound {
        HuntRound(
            info(catches: catches, seconds: seconds, endsAt: endsAt), arrivedAt: Fixtures.now, serverClockOffset: nil)
    }

    static func info(catches: Int = 3, seconds: Int = 10, endsAt: Int64? = nil, eaten: [Int] = []) -> HuntRoundInfo {
        HuntRoundInfo(
            round: 1, generation: 3, catches: catches, seconds: seconds,
            endsAt: Timestamp(millisecondsSince1970: endsAt ?? Fixtures.now.millisecondsSince1970 + 10_000),
            creatures: [
                HuntCreature(id: 3, x: 510, y: 500, trait: 40), HuntCreature(id: 1, x: 500, y: 500, trait: 20),
                HuntCreature(id: 2, x: 0, y: 0, trait: 30),
            ], eaten: eaten)
    }

    /// A camouflage lesson three generations in, with `info`'s round under way.
    static func lesson(_ info: HuntRoundInfo = info()) -> LessonState {
        var (state, _) = Fixtures.lesson(
            Fixtures.make { try CamouflageModel(parameters: CamouflageParameters(), seed: 1) }, steps: 3)
        state.apply(.huntStarted(info), at: Fixtures.now)
        return state
    }

    func press(_ keys: [Key], _ ui: inout StudentUI, _ lesson: LessonState) -> [StudentIntent] {
        keys.flatMap { ui.handle($0, lesson: lesson, now: Fixtures.now) }
    }

    @Test func aCreaturesPlaceInThousandthsPicksItsCellAndItCoversTwoColumns() {
        let round = Self.round()
        let grid = Self.grid
        // 500/1000 of 40 columns is column 20, 510/1000 is 20 too; 500/1000 of 10 rows is row 5.
        #expect(grid.cell(of: round.creatures[0]) == (20, 5))
        #expect(grid.cell(of: round.creatures[1]) == (0, 0))
        #expect(grid.creature(atColumn: 0, row: 0, in: round)?.id == 2)
        #expect(grid.creature(atColumn: 1, row: 0, in: round)?.id == 2)
        #expect(grid.creature(atColumn: 2, row: 0, in: round) == nil)
        #expect(grid.creature(atColumn: 0, row: 1, in: round) == nil)
        // The far corner stays on the field.
        #expect(grid.cell(of: HuntCreature(id: 9, x: 999, y: 999, trait: 0)) == (39, 9))
    }

    @Test func whereTwoOverlapTheOneDrawnOnTopIsCaughtAndAnEatenOneIsNever() {
        var round = Self.round()
        #expect(Self.grid.creature(atColumn: 20, row: 5, in: round)?.id == 3)
        round.apply(HuntCatch(round: 1, creature: 3, eaten: [3]))
        #expect(Self.grid.creature(atColumn: 20, row: 5, in: round)?.id == 1)
        round.apply(HuntCatch(round: 1, creature: 1, eaten: [1, 3]))
        #expect(Self.grid.creature(atColumn: 20, row: 5, in: round) == nil)
    }

    @Test func theCursorStartsInTheMiddleMovesTwoColumnsOrOneRowAndStaysOnTheField() {
        var cursor = HuntCursor(centreOf: Self.grid)
        #expect(cursor == HuntCursor(column: 20, row: 5))
        cursor.move(dx: 1, dy: 0, on: Self.grid)
        #expect(cursor == HuntCursor(column: 22, row: 5))
        cursor.move(dx: 0, dy: -1, on: Self.grid)
        #expect(cursor == HuntCursor(column: 22, row: 4))
        for _ in 0..<30 { cursor.move(dx: -1, dy: -1, on: Self.grid) }
        #expect(cursor == HuntCursor(column: 0, row: 0))
        for _ in 0..<30 { cursor.move(dx: 1, dy: 1, on: Self.grid) }
        #expect(cursor == HuntCursor(column: 40, row: 9))
    }

    @Test func tabJumpsToTheNextCreatureThatCanBeCaughtInIdOrderAndWrapsRound() {
        var round = Self.round()
        var cursor = HuntCursor(column: 30, row: 8)
        let under = { (cursor: HuntCursor, round: HuntRound) in
            Self.grid.creature(atColumn: cursor.column, row: cursor.row, in: round)?.id
        }
        // 1 is hidden under 3 (same cell, drawn later), so Tab skips it: what Tab reaches, Enter catches.
        cursor.jumpToNext(in: round, on: Self.grid)
        #expect(under(cursor, round) == 2)
        cursor.jumpToNext(in: round, on: Self.grid)
        #expect(under(cursor, round) == 3)
        cursor.jumpToNext(in: round, on: Self.grid)
        #expect(under(cursor, round) == 2)
        // Once 3 is eaten, 1 shows and is reached.
        round.apply(HuntCatch(round: 1, creature: 3, eaten: [3]))
        cursor.jumpToNext(in: round, on: Self.grid)
        #expect(under(cursor, round) == 1)
    }

    @Test func theNewestCaughtNamesEveryCreatureEatenSoASkippedOneStillVanishes() {
        var state = Self.lesson()
        // The first `caught` (of 2) never came: the newest names both.
        state.apply(.caught(HuntCatch(round: 1, creature: 3, eaten: [2, 3])), at: Fixtures.now)
        #expect(state.hunt?.eaten == [2, 3])
        #expect(state.hunt?.alive.map(\.id) == [1])
        // A `caught` of another round changes nothing.
        state.apply(.caught(HuntCatch(round: 7, creature: 1, eaten: [1])), at: Fixtures.now)
        #expect(state.hunt?.alive.map(\.id) == [1])
        state.apply(.catchAccepted(round: 1, creature: 1, left: 2), at: Fixtures.now)
        #expect(state.hunt?.left == 2)
        #expect(state.hunt?.alive.isEmpty == true)
    }

    @Test func theRoundsEndEndsTheHuntAndSaysWhatTheClassCaught() throws {
        var state = Self.lesson()
        let summary = HuntSummary(
            round: 1, generation: 3, traitMin: 0, binWidth: 10, caughtBins: [1, 2], aliveBins: [4, 5],
            caughtMean: 12.5, aliveMean: nil)
        state.apply(.huntEnded(summary), at: Fixtures.now)
        #expect(state.hunt == nil)
        #expect(
            state.notices.last?.text
                == "Round 1 is over: the class caught 3 (mean colour 12.5) and left 9 alive (mean colour none).")
    }

    @Test func aRoundJoinedLateEndsWhenTheServerSaysAndAFreshOneHasItsWholeTime() {
        let fresh = Self.round(seconds: 10)
        #expect(fresh.secondsLeft(at: Fixtures.now) == 10)
        #expect(fresh.secondsLeft(at: Fixtures.now.adding(milliseconds: 9_500)) == 1)
        #expect(fresh.secondsLeft(at: Fixtures.now.adding(seconds: 11)) == 0)
        // With the server's clock known (1 s ahead of ours), a round that ends 5 s from the server's now has 5 s.
        let late = HuntRound(
            Self.info(endsAt: Fixtures.now.millisecondsSince1970 + 6_000), arrivedAt: Fixtures.now,
            serverClockOffset: 1_000)
        #expect(late.secondsLeft(at: Fixtures.now) == 5)
    }

    @Test func arrowsMoveTheCursorAndEnterCatchesTheCreatureUnderIt() {
        let state = Self.lesson()
        var ui = StudentUI()
        ui.place(Self.grid, round: 1)
        #expect(press([.enter], &ui, state) == [.send(.catchCreature(creature: 3))])
        // Arrows move the cursor, not the history, while the round is under way.
        #expect(press([.up, .up, .left], &ui, state).isEmpty)
        #expect(ui.huntCursor == HuntCursor(column: 18, row: 3))
        #expect(ui.historyCursor == nil)
        #expect(press([.enter], &ui, state).isEmpty)
        #expect(ui.message?.text.hasPrefix("There is no creature under the cursor") == true)
        // Tab goes to the first creature in id order that can be caught (1 is under 3, so 2), then on to 3.
        #expect(press([.tab, .enter], &ui, state) == [.send(.catchCreature(creature: 2))])
        #expect(press([.tab, .enter], &ui, state) == [.send(.catchCreature(creature: 3))])
    }

    @Test func theSpotterSendsSpotHasNoCursorAndPressesPToHuntAgain() {
        let state = Self.lesson()
        var ui = StudentUI()
        ui.place(Self.grid, round: 1)
        #expect(press([.character("p")], &ui, state) == [.send(.spot(spotter: true))])
        #expect(ui.spotter)
        #expect(press([.enter], &ui, state).isEmpty)
        #expect(press([.character("p")], &ui, state) == [.send(.spot(spotter: false))])
        #expect(press([.enter], &ui, state) == [.send(.catchCreature(creature: 3))])
    }

    @Test func aModelNotDrawnAsCreaturesOffersNoSpotterRole() {
        let (state, _) = Fixtures.lesson(
            Fixtures.make { try IslandsModel(parameters: IslandsParameters(), seed: 1) }, steps: 1)
        var ui = StudentUI()
        #expect(press([.character("p")], &ui, state).isEmpty)
        #expect(!ui.spotter)
    }

    /// The student screen at 80×24 without colour, as lines.
    func screen(_ lesson: LessonState, ui: StudentUI = StudentUI()) -> [String] {
        let state = ScreenState(
            lesson: lesson, connection: .online, ui: ui, now: Fixtures.now.adding(seconds: 2), colorMode: .none)
        return Screen.student(state, width: 80, height: 24).lines()
    }

    @Test func theScreenShowsTheRoundWithoutAHintOfFitnessAndAnEatenCreatureVanishes() throws {
        var state = Self.lesson()
        var lines = screen(state)
        let text = lines.joined(separator: "\n")
        #expect(lines[1].hasPrefix("Round 1 · catches left: 3 · time left: 8 s"))
        #expect(!text.contains("best"))
        #expect(!text.contains("@"))
        #expect(text.contains("←↑↓→ move  Tab next  Enter catch  p spotter  q quit"))
        // The creature alone in the corner is drawn (two columns) on the field's first row, under the caption.
        let corner = lines[2].prefix(2)
        #expect(corner.allSatisfy { $0 != " " })
        state.apply(.caught(HuntCatch(round: 1, creature: 2, eaten: [2])), at: Fixtures.now)
        lines = screen(state)
        #expect(lines[2].prefix(2).allSatisfy { $0 == " " })
        // The round's end gives the usual picture back.
        state.apply(
            .huntEnded(
                HuntSummary(
                    round: 1, generation: 3, traitMin: 0, binWidth: 10, caughtBins: [1], aliveBins: [2],
                    caughtMean: 1, aliveMean: 2)), at: Fixtures.now)
        #expect(screen(state).joined(separator: "\n").contains("b: best"))
    }

    @Test func theSpotterSeesTheClassesCatchesByColourAndNoCursor() {
        var state = Self.lesson()
        state.apply(.caught(HuntCatch(round: 1, creature: 2, eaten: [2, 3])), at: Fixtures.now)
        var ui = StudentUI()
        ui.spotter = true
        let lines = screen(state, ui: ui)
        #expect(lines[1].hasPrefix("Round 1 · you are the spotter · caught so far: 2 · time left: 8 s"))
        #expect(!lines.joined().contains("+"))
    }
}
