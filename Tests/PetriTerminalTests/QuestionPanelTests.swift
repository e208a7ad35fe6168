import PetriProtocol
import PetriSimulation
import PetriWords
import Testing

@testable import PetriTerminal

/// The open-question panel: each line its own row, nothing drawn over another, nothing the student must read cut.
@Suite struct QuestionPanelTests {
    /// A camouflage lesson with a choice question open that has no hint and no time limit.
    static func choiceWithoutHint(allowChange: Bool = true, prompt: String? = nil) -> ScreenState {
        var (lesson, _) = Fixtures.lesson(
            Fixtures.make { try CamouflageModel(parameters: CamouflageParameters(), seed: 5) }, steps: 4)
        var q = Fixtures.question(
            6, metric: "population", description: "How many creatures are alive in the whole field right now.",
            unit: "creatures", kind: Fixtures.growShrink, askedAt: 4, horizon: 5, askedValue: 40, prompt: prompt,
            hasHint: false)
        q.closesAt = nil
        q.allowChange = allowChange
        lesson.apply(.question(q), at: Fixtures.now)
        return ScreenState(lesson: lesson, connection: .online, ui: StudentUI(), now: Fixtures.now, colorMode: .none)
    }

    /// The rows inside the question panel's frame (the last box on the screen).
    static func panelRows(_ canvas: Canvas) -> [String] {
        let lines = canvas.lines()
        guard let top = lines.lastIndex(where: { $0.hasPrefix("┌") }),
            let bottom = lines.lastIndex(where: { $0.hasPrefix("└") }), top < bottom
        else { return [] }
        return lines[(top + 1)..<bottom].map { line in
            var row = line.dropFirst(2)
            if row.hasSuffix("│") { row = row.dropLast() }
            return row.trimmingCharacters(in: .whitespaces)
        }
    }

    @Test(arguments: [(80, 24), (120, 36)])
    func aChoiceQuestionWithoutAHintShowsItsInstructionAndLockNoteOnSeparateLines(width: Int, height: Int) throws {
        // Given a choice question with no hint that locks at the next step
        let state = Self.choiceWithoutHint()
        // When the screen is drawn
        let canvas = Screen.student(state, width: width, height: height)
        let rows = Self.panelRows(canvas)
        // Then the instruction and the lock note are whole, on their own, with no leftovers of another line
        let text = rows.joined(separator: " ")
        #expect(text.contains("Press 1–4 to answer (it is sent at once; press another to change it)."))
        #expect(text.contains("Locks at the next step."))
        #expect(!canvas.lines().contains { $0.contains("step.ter") || $0.contains("ter to send.") })
        try Golden.check(
            canvas.lines().joined(separator: "\n"), name: "choice-nohint-\(width)x\(height)-none")
    }

    @Test func aWelshStudentReadsTheOpenQuestionPanelInWelsh() throws {
        // Given the same open question in a lesson read in Welsh
        var state = Self.choiceWithoutHint()
        state.lesson.language = try #require(Language("cy"))
        // When the screen is drawn
        let canvas = Screen.student(state, width: 120, height: 36)
        // Then its title, status and lock note come from the Welsh catalog
        let text = canvas.lines().joined(separator: "\n")
        #expect(text.contains("Cwestiwn 6 · dewis"))
        #expect(text.contains("Yn cloi ar y cam nesaf."))
        #expect(!text.contains("Locks at the next step."))
    }

    @Test func noRowOfTheOpenPanelIsWrittenOverAnother() {
        // Given every combination that changes the panel's lines: hint or not, sent or not, change allowed or not
        for allowChange in [true, false] {
            for sent in [false, true] {
                var state = Self.choiceWithoutHint(allowChange: allowChange)
                if sent {
                    state.lesson.apply(
                        .answerAccepted(question: QuestionID(6), prediction: .choice(1), answeredAt: Fixtures.now),
                        at: Fixtures.now)
                }
                let q = state.lesson.openQuestion
                // When the rows are laid out
                let rows = q.map {
                    QuestionPanel.openRows($0, lesson: state.lesson, width: 76, theme: Theme(mode: .none))
                }
                let drawn = Self.panelRows(Screen.student(state, width: 80, height: 24))
                // Then each text row appears on the screen exactly as laid out, none overwritten by a later one
                for case .text(let text, _) in rows ?? [] {
                    #expect(drawn.contains(text), "missing \(text) (allowChange \(allowChange), sent \(sent))")
                }
            }
        }
    }

    @Test func theQuestionAndTheMetricAreReadableInFullAt80Columns() {
        // Given a long prompt and a long description of the metric
        let prompt = "Once the darker moths start to stand out against the pale bark, what happens to the population?"
        let state = Self.choiceWithoutHint(prompt: prompt)
        // When the screen is drawn at 80×24
        let rows = Self.panelRows(Screen.student(state, width: 80, height: 24))
        let text = rows.joined(separator: " ")
        // Then nothing in the panel is cut, and both texts can be read whole
        #expect(!rows.contains { $0.hasSuffix("…") })
        #expect(text.contains(prompt))
        #expect(text.contains("population: How many creatures are alive in the whole field right now."))
    }

    @Test func theNumberQuestionsMetricLineIsNoLongerCut() {
        // Given the golden scene's number question
        let state = Fixtures.camouflageOpenQuestion()
        let rows = Self.panelRows(Screen.student(state, width: 80, height: 24))
        // Then its metric's description is there in full
        #expect(rows.joined(separator: " ").contains("population: How many creatures are alive."))
        #expect(!rows.contains { $0.hasSuffix("…") })
    }
}

/// The leaderboard screen: more than the one name the inline line holds at 80 columns.
@Suite struct LeaderboardScreenTests {
    static func lesson(students: Int) -> ScreenState {
        var state = QuestionPanelTests.choiceWithoutHint()
        let top = (1...students).map {
            LeaderboardEntry(rank: $0, student: StudentID($0 + 10), name: "Student \($0)", score: 3000 - 10 * $0)
        }
        let you = LeaderboardEntry(rank: 40, student: StudentID(4), name: "Ada", score: 1010)
        state.lesson.apply(.leaderboard(Leaderboard(top: top, you: you, students: 40)), at: Fixtures.now)
        return state
    }

    @Test func lOpensTheLeaderboardWithEveryNameThatFitsAndLPagesOn() throws {
        // Given fifteen students on the board the server sent and a student at 80×24
        var state = Self.lesson(students: 15)
        // When the student presses l
        let intents = state.ui.handle(.character("l"), lesson: state.lesson, now: Fixtures.now)
        #expect(intents.isEmpty)
        let first = Screen.student(state, width: 80, height: 24).lines()
        try Golden.check(first.joined(separator: "\n"), name: "leaderboard-80x24-none")
        // Then the first page shows as many names as the window holds (18 rows), in order, and says how to page
        let names = (1...15).filter { n in
            first.contains { $0.contains("Student \(n) ") || $0.hasSuffix("Student \(n)") }
        }
        #expect(names == Array(1...15))
        #expect(first.contains { $0.contains("Ada") })
        // And at 80×14-ish sizes it pages: on a 60×18 window l shows the rest
        let small = Screen.student(state, width: 60, height: 18).lines()
        #expect(small.contains { $0.contains("Page 1 of 2: l or ↓ next") })
        _ = state.ui.handle(.character("l"), lesson: state.lesson, now: Fixtures.now)
        let second = Screen.student(state, width: 60, height: 18).lines()
        #expect(second.contains { $0.contains("Page 2 of 2") })
        #expect(second.contains { $0.contains("Ada") })
        // And any other key goes back to the lesson
        _ = state.ui.handle(.character("x"), lesson: state.lesson, now: Fixtures.now)
        #expect(state.ui.overlay == .none)
    }

    @Test func theFooterNamesTheLeaderboardKey() {
        let footer = Screen.student(Self.lesson(students: 3), width: 120, height: 36).lines().last ?? ""
        #expect(footer.contains("l leaderboard"))
    }
}
