import PetriProtocol
import PetriWords

extension StudentUI {
    /// Handles one key press.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - lesson: The lesson now (for the open question and the history range).
    ///   - now: Local wall-clock time, for the footer message.
    /// - Returns: What the runner should do beyond redrawing.
    mutating func handle(_ key: Key, lesson: LessonState, now: Timestamp) -> [StudentIntent] {
        if key == .control("c") || key == .control("d") { return [.quit] }
        if key == .control("l") { return [.redraw] }
        if overlay != .none {
            // Any key closes help or about; q still quits. On the leaderboard, l and ↓ page on, ↑ back.
            if key == .character("q") { return [.quit] }
            if case .leaderboard(let page) = overlay {
                switch key {
                case .character("l"), .character(" "), .down, .pageDown:
                    overlay = .leaderboard(page: page + 1)
                    return []
                case .up, .pageUp:
                    overlay = .leaderboard(page: max(0, page - 1))
                    return []
                default: break
                }
            }
            overlay = .none
            return []
        }
        if let round = lesson.hunt, !spotter, let intents = hunt(key, round: round, language: lesson.language, now: now)
        {
            return intents
        }
        let open = lesson.openQuestion
        if answer.question != open?.id { answer.reset(for: open?.id) }
        if let open, answer.edit(key, kind: open.kind) {
            message = nil
            // A digit on a choice question whose answer can change sends at once: a student who presses
            // only the digit has answered. When the first answer is final, the digit picks and Enter sends.
            if case .choice = open.kind, open.allowChange, !answer.typingReason, case .character(let c) = key, c != " ",
                let choice = answer.choice
            {
                return [.send(.answer(question: open.id, prediction: .choice(choice)))]
            }
            return []
        }
        switch key {
        case .enter:
            guard let open else { return [] }
            switch answer.prediction(for: open.kind) {
            case .success(let prediction):
                message = nil
                return [.send(.answer(question: open.id, prediction: prediction, reason: answer.reasonToSend))]
            case .failure(let problem):
                message = Notice(problem.message(in: lesson.language), kind: .error, at: now)
                return []
            }
        case .escape:
            answer.reset(for: open?.id)
            historyCursor = nil
            return []
        case .left, .right, .home, .end, .pageUp, .pageDown:
            browseHistory(key, lesson: lesson)
            return []
        case .character(let c):
            return handleCommand(c, lesson: lesson, now: now)
        default:
            return []
        }
    }

    private mutating func handleCommand(_ c: Character, lesson: LessonState, now: Timestamp) -> [StudentIntent] {
        if lesson.isMakeup, let intents = makeupCommand(c, lesson: lesson) { return intents }
        switch c {
        case "q": return [.quit]
        case "?": overlay = .help
        case "i":
            overlay = .about
            // The about screen shows the server's words: the model's description and the guide (a make-up student
            // may ask for the guide alone).
            var ask: [StudentIntent] = []
            if lesson.modelDescription == nil && !lesson.isMakeup {
                ask.append(.send(.describeModels(teacherKey: nil)))
            }
            if lesson.guide == nil { ask.append(.send(.guide)) }
            return ask
        case "g":
            overlay = .guide
            return [.send(.guide)]
        case "l": overlay = .leaderboard(page: 0)
        case "b": markBest.toggle()
        case "r": return [.retryNow]
        case "f": boardViewport.following = true
        case "w": boardViewport.pan(dx: 0, dy: -8)
        case "s": boardViewport.pan(dx: 0, dy: 8)
        case "a": boardViewport.pan(dx: -8, dy: 0)
        case "d": boardViewport.pan(dx: 8, dy: 0)
        case "h": return takeHint(lesson: lesson, now: now)
        case "p": return toggleSpotter(lesson: lesson, now: now)
        default: break
        }
        return []
    }

    /// A make-up student's own keys (PROTOCOL.md 5.9): `n` the class's next moment, `c` the next pace (own, the
    /// class's, automatic), `o` the link that carries on on another device. Nil for any other key; `p` (the spotter)
    /// does nothing, as a make-up does not hunt.
    private mutating func makeupCommand(_ c: Character, lesson: LessonState) -> [StudentIntent]? {
        switch c {
        case "n": return [.send(.makeupNext)]
        case "c":
            let next: MakeupPace =
                switch lesson.makeup?.pace ?? .own {
                case .own: .class
                case .class: .auto
                case .auto: .own
                }
            return [.send(.makeupPace(next, seconds: next == .auto ? MakeupPace.defaultSeconds : nil))]
        case "o": return [.carryOn]
        case "p": return []
        default: return nil
        }
    }

    /// Follows a hunt round's field to the size it was drawn at (the screen calls it when it draws one): the cursor
    /// starts each round in the middle and stays on the field.
    mutating func place(_ grid: HuntGrid, round: Int) {
        huntGrid = grid
        if huntCursorRound != round || huntCursor == nil {
            huntCursor = HuntCursor(centreOf: grid)
            huntCursorRound = round
        }
        huntCursor?.clamp(to: grid)
    }

    /// A key of the cursor hunt: arrows move the cursor, Tab jumps to the next creature, Enter catches the one under
    /// the cursor. Nil for any other key (the usual keys still work during a round).
    private mutating func hunt(_ key: Key, round: HuntRound, language: Language, now: Timestamp) -> [StudentIntent]? {
        guard let grid = huntGrid, var cursor = huntCursor, huntCursorRound == round.round else { return nil }
        defer { huntCursor = cursor }
        switch key {
        case .left: cursor.move(dx: -1, dy: 0, on: grid)
        case .right: cursor.move(dx: 1, dy: 0, on: grid)
        case .up: cursor.move(dx: 0, dy: -1, on: grid)
        case .down: cursor.move(dx: 0, dy: 1, on: grid)
        case .tab: cursor.jumpToNext(in: round, on: grid)
        case .enter:
            guard let creature = grid.creature(atColumn: cursor.column, row: cursor.row, in: round) else {
                message = Notice(
                    TerminalWords.text("terminal.hunt.nothingThere", in: language), kind: .error, at: now)
                return []
            }
            message = nil
            return [.send(.catchCreature(creature: creature.id))]
        default: return nil
        }
        return []
    }

    /// `p`: takes the spotter role, or hunts again; only for a lesson drawn as creatures on a background (as the page
    /// offers it).
    private mutating func toggleSpotter(lesson: LessonState, now: Timestamp) -> [StudentIntent] {
        guard lesson.presentation?.picture == .traitField else { return [] }
        spotter.toggle()
        let text =
            spotter
            ? TerminalWords.text("terminal.hunt.spotterOn", in: lesson.language)
            : TerminalWords.text("terminal.hunt.spotterOff", in: lesson.language)
        message = Notice(text, at: now)
        return [.send(.spot(spotter: spotter))]
    }

    private mutating func takeHint(lesson: LessonState, now: Timestamp) -> [StudentIntent] {
        guard let open = lesson.openQuestion, open.hasHint else {
            message = Notice(TerminalWords.text("terminal.question.noHint", in: lesson.language), at: now)
            return []
        }
        if lesson.hints[open.id] != nil { return [] }
        if hintArmed == open.id {
            hintArmed = nil
            message = nil
            return [.send(.hint(question: open.id))]
        }
        hintArmed = open.id
        message = Notice(TerminalWords.text("terminal.question.hintArmed", in: lesson.language), at: now)
        return []
    }

    private mutating func browseHistory(_ key: Key, lesson: LessonState) {
        let generations = lesson.history.keys.sorted()
        guard let first = generations.first, let last = generations.last else { return }
        let step = (key == .pageUp || key == .pageDown) ? 10 : 1
        let current = historyCursor ?? last
        var next: Int
        switch key {
        case .left, .pageUp: next = current - step
        case .right, .pageDown: next = current + step
        case .home: next = first
        default: next = last
        }
        next = min(last, max(first, next))
        historyCursor = next >= last ? nil : next
    }
}
