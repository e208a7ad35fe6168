import Foundation
import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriTerminal

/// Names, questions, hints and errors full of escape sequences reach the screen as plain text.
@Suite struct HostileTextTests {
    /// Every trick in one string: CSI colour and clear-screen, OSC title and hyperlink (BEL and ST
    /// ends), DCS, a bare BEL, C1 controls (CSI, OSC, NEL), bidi overrides, isolates and marks,
    /// zero-width characters, a private-use character and a line break.
    static let payload =
        "\u{1B}[31m\u{1B}[2J\u{1B}]0;owned\u{07}\u{1B}]8;;http://evil\u{1B}\\link\u{1B}Pq\u{1B}\\\u{07}"
        + "\u{9B}1;1H\u{9D}title\u{9C}\u{85}\u{202E}gnp.exe\u{202C}\u{2066}\u{2067}\u{2068}\u{2069}\u{200E}\u{200F}\u{061C}"
        + "\u{200B}\u{FEFF}\u{E000}\n\u{1B}c"

    static func name(_ n: String) -> String { "\(payload)\(n)\(payload)" }

    /// A teacher's and a student's lesson in which every server string is hostile.
    static func hostileLesson(role: Welcome.Role) -> LessonState {
        var parameters = CamouflageParameters()
        parameters[int: "population"] = 30
        var (state, _) = Fixtures.lesson(
            Fixtures.make { try CamouflageModel(parameters: parameters, seed: 3) }, steps: 4, role: role,
            you: name("Mallory"))
        let now = Fixtures.now
        let board = Leaderboard(
            top: [
                LeaderboardEntry(rank: 1, student: StudentID(4), name: name("Mallory"), score: 900),
                LeaderboardEntry(rank: 2, student: StudentID(5), name: name("Trudy"), score: 800),
            ], you: LeaderboardEntry(rank: 1, student: StudentID(4), name: name("Mallory"), score: 900), students: 2)
        state.apply(.leaderboard(board), at: now)
        state.apply(
            .student(
                RosterEntry(
                    student: StudentID(5), name: name("Trudy"), online: true, kicked: false, score: 800, streak: 1)),
            at: now)
        let kind = QuestionKind.choice(options: [
            ChoiceOption(name("up"), when: .grows), ChoiceOption(name("down"), when: .otherwise),
        ])
        var q = Fixtures.question(
            1, metric: name("population"), description: name("How many"), unit: name("moths"), kind: kind, askedAt: 4,
            horizon: 3, askedValue: 30, prompt: name("Question"))
        q.state = .open
        state.apply(.question(q), at: now)
        state.apply(.hint(question: q.id, text: name("Hint")), at: now)
        state.apply(.error(ProtocolError(.invalidName, name("Error"))), at: now)
        state.apply(.questionCancelled(question: QuestionID(9), reason: Sentence(name("Reason"))), at: now)
        state.apply(.runOver(message: Sentence(name("Over"))), at: now)
        return state
    }

    /// What may appear in the renderer's output: its own CSI sequences and printable text.
    static func check(_ output: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let scalars = Array(output.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let s = scalars[i]
            if s == "\u{1B}" {
                // Only CSI with digits, ';' or '?' and a final m, H, J, h or l: what ANSIRenderer writes.
                var j = i + 1
                guard j < scalars.count, scalars[j] == "[" else {
                    Issue.record("an ESC that does not start a CSI at \(i)", sourceLocation: sourceLocation)
                    return
                }
                j += 1
                while j < scalars.count, "0123456789;?".unicodeScalars.contains(scalars[j]) { j += 1 }
                guard j < scalars.count, "mHJhl".unicodeScalars.contains(scalars[j]) else {
                    Issue.record("a CSI the renderer never writes at \(i)", sourceLocation: sourceLocation)
                    return
                }
                i = j + 1
                continue
            }
            let v = s.value
            let forbidden =
                (v < 0x20 && v != 0x0A && v != 0x0D) || (0x7F...0x9F).contains(v)
                || s.properties.generalCategory == .format
                || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) || v == 0x200E || v == 0x200F
                || (0xE000...0xF8FF).contains(v)
            if forbidden {
                Issue.record(
                    "U+\(String(v, radix: 16, uppercase: true)) reached the output at \(i)",
                    sourceLocation: sourceLocation)
                return
            }
            i += 1
        }
    }

    @Test(arguments: [ColorMode.none, .ansi256, .truecolor])
    func theStudentScreenShowsHostileTextAsPlainText(mode: ColorMode) {
        // Given a lesson where every name, question, option, hint and error is hostile
        let lesson = Self.hostileLesson(role: .student)
        var ui = StudentUI()
        // When every view that shows server text is drawn: the question, help, about, and the lesson's end
        for overlay in [StudentUI.Overlay.none, .help, .about] {
            ui.overlay = overlay
            let state = ScreenState(lesson: lesson, connection: .online, ui: ui, now: Fixtures.now, colorMode: mode)
            let canvas = Screen.student(state, width: 100, height: 30)
            // Then the bytes hold nothing but the renderer's own sequences and printable text
            Self.check(ANSIRenderer(mode: mode).frame(canvas))
            Self.check(canvas.lines().joined(separator: "\n"))
            #expect(canvas.lines().joined().contains("Question") || overlay != .none)
        }
        // And the names themselves still show
        let text = Screen.student(
            ScreenState(lesson: lesson, connection: .online, ui: StudentUI(), now: Fixtures.now, colorMode: mode),
            width: 100,
            height: 30
        ).lines().joined(separator: "\n")
        #expect(text.contains("Mallory"))
        #expect(text.contains("Hint"))
    }

    @Test(arguments: [ColorMode.none, .truecolor])
    func theTeacherScreenShowsHostileTextAsPlainText(mode: ColorMode) {
        var lesson = Self.hostileLesson(role: .teacher)
        lesson.ended = true
        var console = TeacherConsole()
        _ = console.execute("kick \(Self.payload)", lesson: lesson, now: Fixtures.now)
        _ = console.execute("\(Self.payload)", lesson: lesson, now: Fixtures.now)
        for overlay in [TeacherConsole.Overlay.none, .help, .code] {
            console.overlay = overlay
            let state = TeacherScreenState(
                lesson: lesson, connection: .online, console: console, now: Fixtures.now, colorMode: mode,
                server: "ws://x/")
            let canvas = Screen.teacher(state, width: 80, height: 24)
            Self.check(ANSIRenderer(mode: mode).frame(canvas))
        }
        let canvas = Screen.teacher(
            TeacherScreenState(
                lesson: lesson, connection: .online, console: TeacherConsole(), now: Fixtures.now, colorMode: mode,
                server: "ws://x/"),
            width: 120, height: 40)
        #expect(canvas.lines().joined().contains("Trudy"))
    }

    @Test func jsonLinesCarryHostileTextEscapedAndIntact() throws {
        // Given a server message whose strings are hostile, as the server would encode it
        let message = ServerMessage.error(ProtocolError(.invalidName, Self.payload))
        let raw = String(decoding: try ProtocolEncoder().encode(message), as: UTF8.self)
        // When it is written as a --json line
        let line = JSONLines.safe(raw)
        // Then the line holds no control, C1 or format character at all
        Self.check(line)
        #expect(!line.unicodeScalars.contains("\u{1B}"))
        #expect(!line.contains("\n"))
        // And a JSON reader gets exactly the same message back
        #expect(try ProtocolDecoder().decodeServerMessage(Array(line.utf8)) == message)
    }

    @Test func endOfSessionMessagesAreSanitised() {
        var session = ClientSession(entry: .student(code: Fixtures.code, name: "x", token: nil))
        _ = session.start(at: Moment(monotonic: .zero, wall: Fixtures.now))
        _ = session.connected(at: Moment(monotonic: .zero, wall: Fixtures.now))
        let actions = session.received(
            .error(ProtocolError(.internalError, Self.payload + "boom")),
            at: Moment(monotonic: .zero, wall: Fixtures.now))
        guard case .finish(let end) = actions.last else { Issue.record("expected finish"); return }
        Self.check(end.message)
        #expect(end.message.hasSuffix("boom"))
    }
}

/// Absurd numbers from the network are refused or shown, never a crash.
@Suite struct HostileNumberTests {
    @Test func absurdNumbersNeverCrashTheScreens() throws {
        var (lesson, _) = Fixtures.lesson(try CamouflageModel(parameters: CamouflageParameters(), seed: 1), steps: 3)
        let now = Fixtures.now
        let huge = [Double.nan, .infinity, -.infinity, 1e300, -1e300, Double(Int.max)]
        for (i, x) in huge.enumerated() {
            lesson.apply(
                .stats(
                    timeline: 0,
                    stats: GenerationStats(
                        generation: 4 + i, values: ["population": x, "environmentColour": x, "meanTrait": x],
                        histogram: [Int.max, 0, -5, 1, 1, 1, 1, 1, 1, Int.min])), at: now)
        }
        lesson.apply(.stats(timeline: 0, stats: GenerationStats(generation: Int.max, values: [:])), at: now)
        lesson.apply(.rewound(TimelinePosition(timeline: Int.min, generation: -1)), at: now)
        var q = Fixtures.question(
            1, metric: "population", description: "", unit: "",
            kind: .choice(options: [ChoiceOption("a", when: .otherwise), ChoiceOption("b", when: .otherwise)]),
            askedAt: 3, horizon: 1, askedValue: .nan, prompt: nil)
        q.target = Int.max
        lesson.apply(.question(q), at: now)
        q.target = 900
        q.closesAt = Timestamp(millisecondsSince1970: Int64.max)
        lesson.apply(.question(q), at: now)
        lesson.apply(
            .resolved(
                Resolution(
                    question: QuestionID(1), generation: 5, actual: .infinity, correctOption: Int.max,
                    eventHappened: nil,
                    spread: Spread(
                        answers: Int.max, bins: [SpreadBin(lower: .nan, upper: .infinity, count: Int.max)],
                        counts: [Int.max, Int.min], mean: .nan),
                    leaderboard: Leaderboard(top: [], you: nil, students: Int.min))), at: now)
        let camouflage =
            #"{"generation":3,"model":"camouflage","timeline":0,"type":"snapshot","snapshot":{"generation":3,"environmentColour":999,"population":9223372036854775807,"bestCamouflaged":1,"extinct":false,"traitCounts":[9223372036854775807],"histogram":[1],"trait":"colour","unit":"","scale":1,"traitMin":1,"binWidth":10,"environment":"environmentColour","environmentValue":999,"target":999,"suited":1}}"#
        lesson.apply(try ProtocolDecoder().decodeServerMessage(Array(camouflage.utf8)), at: now)
        for size in [(80, 24), (200, 60)] {
            for browsing in [nil, 0] {
                var ui = StudentUI()
                ui.historyCursor = browsing
                _ = Screen.student(
                    ScreenState(lesson: lesson, connection: .online, ui: ui, now: now, colorMode: .truecolor),
                    width: size.0, height: size.1)
                for key in [Key.left, .pageUp, .home, .right, .end] { _ = ui.handle(key, lesson: lesson, now: now) }
            }
        }
        #expect(lesson.notices.contains { $0.text.contains("impossible numbers") })
        #expect(lesson.notices.contains { $0.text.contains("traitField picture") })
    }

    @Test func aHugeLifeBoardIsRefusedNotAllocated() throws {
        let text =
            #"{"generation":1,"model":"life","timeline":0,"type":"snapshot","snapshot":{"generation":1,"rule":"B3/S23","boundary":"bounded","boardWidth":16384,"boardHeight":16384,"x":0,"y":0,"width":16384,"height":16384,"liveCells":0,"cells":""}}"#
        var lesson = LessonState()
        lesson.presentation = Presentations.life
        lesson.apply(try ProtocolDecoder().decodeServerMessage(Array(text.utf8)), at: Fixtures.now)
        #expect(lesson.picture == nil)
        #expect(lesson.notices.last?.text.contains("regions of up to 16777216 cells") == true)
    }
}
