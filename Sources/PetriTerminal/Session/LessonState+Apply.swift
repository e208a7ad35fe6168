import PetriProtocol
import PetriSimulation
import PetriWords

extension LessonState {
    /// Folds one server message into the state.
    ///
    /// - Parameters:
    ///   - message: What the server sent.
    ///   - now: The local wall-clock time it arrived (for notices and the clock estimate).
    mutating func apply(_ message: ServerMessage, at now: Timestamp) {
        guard Self.isPlausible(message) else {
            post(
                TerminalWords.text("terminal.notice.implausible", ["type": .text(message.type)], in: language),
                kind: .error, at: now)
            return
        }
        switch message {
        case .error(let error):
            post(Self.describe(error, in: language), kind: .error, at: now)
        case .models(let models):
            if let own = models.first(where: { $0.model == model }) {
                let clean = { (text: String) in TerminalText.sanitise(text, maxCharacters: 2000) }
                modelDescription = ModelDescription(
                    model: clean(own.model), title: clean(own.title), story: clean(own.story), parameters: [],
                    scenarios: [], metrics: [], guide: own.guide.map(clean), presentation: nil)
                let word = { (text: String) in TerminalText.sanitise(text, maxCharacters: 40) }
                parameterSuggestions = Dictionary(
                    own.parameters.prefix(100).compactMap { parameter in
                        parameter.choices.map { (word(parameter.name), $0.prefix(200).map(word)) }
                    }, uniquingKeysWith: { first, _ in first })
            }
        case .pong, .definition, .results, .questions, .report, .language, .expectedPoints:
            break
        case .makeup(let info):
            let code = TerminalText.sanitise(info.code.text, maxCharacters: 16)
            let link = TerminalText.sanitise(info.link, maxCharacters: 200)
            if info.open {
                post(
                    TerminalWords.text(
                        "terminal.makeup.open",
                        ["code": .text(code), "link": .text(link), "students": .int(info.students)], in: language),
                    kind: .success, at: now)
            } else {
                post(TerminalWords.text("terminal.makeup.closed", ["code": .text(code)], in: language), at: now)
            }
        case .makeupClosed(let message):
            let clean = TerminalText.sanitise(message, maxCharacters: 300)
            makeupClosed = clean
            post(clean, kind: .error, at: now)
        case .makeupPosition(let position):
            let before = makeup
            makeup = position
            let atEnd = position.moment >= position.moments
            let wasAtEnd = before.map { $0.moment >= $0.moments && $0.classEnded == position.classEnded } ?? false
            if atEnd && !wasAtEnd {
                // Said once, when the student gets there: the end of the lesson, or the class's present.
                if position.classEnded {
                    post(TerminalWords.text("terminal.makeup.end", in: language), kind: .success, at: now)
                } else {
                    post(TerminalWords.text("terminal.makeup.caughtUp", in: language), at: now)
                }
            }
        case .answersShown(let id, let spread):
            // The chart of the spread comes with the resolution; until then one line says what the class thinks.
            var line = TerminalWords.text(
                "terminal.notice.answersShown", ["number": .int(Int(id.rawValue)), "count": .int(spread.answers)],
                in: language)
            if let mean = spread.mean {
                line += TerminalWords.text(
                    "terminal.notice.answersMean", ["mean": .text(Format.number(mean, decimals: 2))], in: language)
            }
            if let counts = spread.counts {
                line += TerminalWords.text(
                    "terminal.notice.answersByOption",
                    ["counts": .text(counts.map(String.init).joined(separator: " / "))], in: language)
            }
            post(line + ".", at: now)
        case .classSize:
            // For the browser's projector view.
            break
        case .huntStarted(let info):
            hunt = HuntRound(info, arrivedAt: now, serverClockOffset: serverClockOffset)
        case .caught(let caught):
            hunt?.apply(caught)
        case .catchAccepted(let round, let creature, let left):
            hunt?.accept(round: round, creature: creature, left: left)
        case .huntEnded(let summary):
            hunt = nil
            post(Self.describe(summary, in: language), at: now)
        case .selection:
            break
        case .guide(let guide):
            var clean = guide
            clean.story = guide.story.map { TerminalText.sanitise($0, maxCharacters: 2000) }
            clean.sections = guide.sections.prefix(20).map { section in
                GuideSection(
                    id: TerminalText.sanitise(section.id, maxCharacters: 40),
                    title: TerminalText.sanitise(section.title, maxCharacters: 80),
                    paragraphs: section.paragraphs.prefix(10).map { TerminalText.sanitise($0, maxCharacters: 2000) })
            }
            self.guide = clean
        case .reasons(let id, let reasons):
            guard !reasons.isEmpty else {
                post(
                    TerminalWords.text("terminal.notice.noReasons", ["number": .int(Int(id.rawValue))], in: language),
                    at: now)
                return
            }
            post(
                TerminalWords.text("terminal.notice.reasons", ["number": .int(Int(id.rawValue))], in: language), at: now
            )
            for entry in reasons {
                let name = TerminalText.sanitise(entry.name, maxCharacters: 40)
                let reason = TerminalText.sanitise(entry.reason, maxCharacters: ReasonRules.maxCharacters)
                post("#\(entry.student.rawValue) \(name): \"\(reason)\"", at: now)
            }
        case .reasonsShown(let id, let reasons):
            post(
                TerminalWords.text("terminal.notice.reasonsShared", ["number": .int(Int(id.rawValue))], in: language),
                at: now)
            for entry in reasons {
                let reason = TerminalText.sanitise(entry.reason, maxCharacters: ReasonRules.maxCharacters)
                let name = entry.name.map { TerminalText.sanitise($0, maxCharacters: 40) + ": " } ?? ""
                post("  \(name)\"\(reason)\"", at: now)
            }
        case .replicates(let bands):
            guard bands.timeline == position.timeline else { return }
            replicates = bands
            post(Self.describe(bands, in: language), at: now)
        case .created(let code, _):
            post(
                TerminalWords.text("terminal.notice.created", ["code": .text(code.text)], in: language), kind: .success,
                at: now)
        case .welcome(let welcome):
            if let tag = welcome.language { language = TerminalWords.book.match([tag]) }
            applyWelcome(welcome, at: now)
        case .student(let entry):
            let clean = entry.sanitised
            let before = roster[clean.student]
            roster[clean.student] = clean
            if before == nil {
                post(TerminalWords.text("terminal.notice.joined", ["name": .text(clean.name)], in: language), at: now)
            } else if clean.kicked && before?.kicked == false {
                post(TerminalWords.text("terminal.notice.removed", ["name": .text(clean.name)], in: language), at: now)
            }
        case .studentErased(let student):
            guard let erased = roster.removeValue(forKey: student) else { return }
            post(TerminalWords.text("terminal.notice.erased", ["name": .text(erased.name)], in: language), at: now)
        case .snapshot(let header, let json):
            guard header.timeline >= position.timeline else { return }
            // Without a presentation the client does not know how to draw the picture: it shows the numbers.
            guard let kind = presentation?.picture else {
                position = TimelinePosition(timeline: header.timeline, generation: header.generation)
                return
            }
            do {
                picture = try ModelPicture(kind, json: json)
                position = TimelinePosition(timeline: header.timeline, generation: header.generation)
            } catch {
                post(error.message, kind: .error, at: now)
            }
        case .stats(let timeline, let stats):
            if timeline != position.timeline { position.timeline = timeline }
            dropHistory(from: stats.generation)
            history[stats.generation] = stats
            position.generation = stats.generation
        case .history(let page):
            if page.timeline != position.timeline {
                history = [:]
                position.timeline = page.timeline
            }
            dropHistory(from: page.from)
            for stats in page.stats { history[stats.generation] = stats }
        case .running(let rate):
            running = rate
        case .paused:
            running = nil
        case .actionApplied(let action):
            applyAction(action, at: now)
        case .rewound(let to):
            position = to
            replicates = nil
            dropHistory(from: to.generation + 1)
            running = nil
            post(
                TerminalWords.text("terminal.notice.rewound", ["generation": .int(to.generation)], in: language),
                at: now)
        case .restored(let to):
            position = to
            replicates = nil
            running = nil
            post(
                TerminalWords.text("terminal.notice.restored", ["generation": .int(to.generation)], in: language),
                at: now)
        case .checkpointSaved(let generation):
            checkpoint = generation
            post(
                TerminalWords.text("terminal.notice.checkpoint", ["generation": .int(generation)], in: language),
                kind: .success, at: now)
        case .runOver(let sentence):
            let text = sentence.text
            runOver = TerminalText.sanitise(text)
            post(runOver ?? "", at: now)
        case .question(let info):
            upsert(info.sanitised)
            if info.state == .open {
                serverClockOffset = info.openedAt.millisecondsSince1970 - now.millisecondsSince1970
            }
        case .questionLocked(let id, let reason, _):
            setState(of: id, to: .locked)
            lockReasons[id] = reason
        case .questionCancelled(let id, let reason):
            setState(of: id, to: .cancelled)
            cancelReasons[id] = TerminalText.sanitise(reason.text, maxCharacters: 300)
            post(
                TerminalWords.text(
                    "terminal.notice.withdrawn",
                    ["number": .int(Int(id.rawValue)), "reason": .text(cancelReasons[id] ?? "")],
                    in: language), at: now)
        case .answerAccepted(let id, let prediction, let answeredAt):
            answers[id] = AnswerRecord(
                question: id, prediction: prediction, answeredAt: answeredAt, hintTaken: hints[id] != nil,
                points: nil)
            if serverClockOffset == nil {
                serverClockOffset = answeredAt.millisecondsSince1970 - now.millisecondsSince1970
            }
        case .answerCount(let id, let answered, let students, let answeredBy):
            var tally =
                answerCount?.question == id
                ? answerCount ?? AnswerTally(question: id, answered: 0, students: 0)
                : AnswerTally(question: id, answered: 0, students: 0)
            tally.answered = answered
            tally.students = students
            tally.who.formUnion(answeredBy)
            answerCount = tally
        case .yourTime(let percent, let id, let closesAt):
            // The open question closes later for this student than for the class: count down to their own time.
            extraTime = percent
            if let id, let closesAt, let index = questions.firstIndex(where: { $0.id == id }) {
                questions[index].closesAt = closesAt
                if questions[index].state == .locked, lockReasons[id] == .timeLimit { questions[index].state = .open }
                touch(id)
            }
        case .hint(let id, let text):
            hints[id] = TerminalText.sanitise(text, maxCharacters: 300)
            if var record = answers[id] {
                record.hintTaken = true
                answers[id] = record
            }
        case .resolved(let resolution):
            applyResolution(resolution.sanitised)
        case .result(let result):
            applyResult(result.sanitised)
        case .leaderboard(let board):
            let clean = board.sanitised
            leaderboard = Leaderboard(top: clean.top, you: clean.you ?? leaderboard.you, students: clean.students)
        case .lessonEnded(let summary):
            ended = true
            running = nil
            let board = summary.leaderboard.sanitised
            self.summary = LessonSummary(leaderboard: board, questions: summary.questions)
            leaderboard = Leaderboard(top: board.top, you: board.you ?? leaderboard.you, students: board.students)
            // The server closes every connection at the end: nobody is online any more.
            for id in roster.keys { roster[id]?.online = false }
            post(TerminalWords.text("terminal.notice.ended", in: language), at: now)
        case .closing(let closing):
            var clean = closing
            clean.message = Sentence(TerminalText.sanitise(closing.message.text, maxCharacters: 300))
            self.closing = clean
        case .redirect:
            // The session follows it (``ClientSession``); the lesson itself is unchanged.
            break
        case .signedIn, .signedOut, .sessions, .myLessons, .lessonTeachers, .teachers, .signInLink, .platforms,
            .platformProblems:
            // A teacher's account, not the lesson's state.
            break
        case .plan(let state):
            if plan?.next != state.next || plan?.waiting != state.waiting || plan?.finished != state.finished {
                post(PlanTerminalWords.status(state, in: language), at: now)
            }
            plan = state
        case .plans(let listings):
            plans = listings
            for line in PlanTerminalWords.listing(listings, in: language) { post(line, at: now) }
        case .planPreview(let preview):
            for line in PlanTerminalWords.preview(preview, in: language) { post(line, at: now) }
        case .planSaved(let name):
            post(PlanTerminalWords.saved(name, in: language), kind: .success, at: now)
        case .planRemoved(let name):
            post(PlanTerminalWords.removed(name, in: language), kind: .success, at: now)
        case .planShared(let name, let link):
            post(
                TerminalWords.text(
                    "terminal.plan.shared",
                    [
                        "name": .text(TerminalText.sanitise(name, maxCharacters: 64)),
                        "link": .text(TerminalText.sanitise(link, maxCharacters: 64)),
                    ], in: language), kind: .success, at: now)
        case .planUnshared(let name):
            post(
                TerminalWords.text(
                    "terminal.plan.unshared", ["name": .text(TerminalText.sanitise(name, maxCharacters: 64))],
                    in: language), kind: .success, at: now)
        case .sharedPlan(let plan):
            post(TerminalText.sanitise(plan.title, maxCharacters: 120), at: now)
            for moment in plan.moments { post("  " + PlanTerminalWords.moment(moment, in: language), at: now) }
        case .planProblems(let problems):
            for line in PlanTerminalWords.problems(problems, in: language) { post(line, kind: .error, at: now) }
        case .explanation(let title, let paragraphs):
            let clean = { (text: String) in TerminalText.sanitise(text, maxCharacters: 2000) }
            for line in (title.map { [clean($0)] } ?? []) + paragraphs.prefix(20).map(clean) { post(line, at: now) }
        }
    }

    private mutating func applyWelcome(_ welcome: Welcome, at now: Timestamp) {
        role = welcome.role
        // A round still under way is sent again after the welcome (`huntStarted`); one that ended meanwhile is gone.
        hunt = nil
        you = welcome.you.map(\.sanitised)
        model = TerminalText.sanitise(welcome.model.rawValue, maxCharacters: 40)
        if welcome.presentation?.picture != presentation?.picture { picture = nil }
        presentation = welcome.presentation.map(Self.sanitised)
        metrics = welcome.metrics.map(\.sanitised)
        parameters = welcome.parameters
        if welcome.position.timeline != position.timeline || welcome.historyFrom == 0 { history = [:] }
        dropHistory(from: welcome.historyFrom)
        position = welcome.position
        running = welcome.running
        runOver = welcome.runOver.map { TerminalText.sanitise($0) }
        ended = welcome.ended
        options = welcome.options
        let previousQuestions = Set(questions.map(\.id))
        questions = []
        for info in welcome.questions { upsert(info.sanitised) }
        for id in Set(questions.map(\.id)).subtracting(previousQuestions) { touch(id) }
        for record in welcome.answers { answers[record.question] = record }
        leaderboard = welcome.leaderboard.sanitised
        if let roster = welcome.roster {
            self.roster = Dictionary(roster.map { ($0.student, $0.sanitised) }, uniquingKeysWith: { _, last in last })
        }
        checkpoint = welcome.checkpoint
        // A teacher who attaches mid-question learns who has already answered from the welcome itself;
        // without it the count read "none yet" until the next answer came in.
        if welcome.role == .teacher, let open = openQuestion, let answered = welcome.answered {
            var tally = AnswerTally(
                question: open.id, answered: max(0, answered),
                students: self.roster.values.filter { !$0.kicked }.count)
            tally.who = Set(welcome.answeredBy ?? [])
            answerCount = tally
        }
        if welcome.missed { post(TerminalWords.text("terminal.notice.missed", in: language), at: now) }
        if let you, let requested = you.requestedName {
            post(
                TerminalWords.text(
                    "terminal.notice.renamed", ["requested": .text(requested), "name": .text(you.name)], in: language),
                at: now)
        }
    }

    private mutating func applyAction(_ action: TimedAction, at now: Timestamp) {
        switch action.action {
        case .set(let name, let value):
            if case .object(var values) = parameters {
                values[name] =
                    switch value {
                    case .number(let x): .number(x)
                    case .text(let s): .string(s)
                    case .flag(let b): .bool(b)
                    }
                parameters = .object(values)
            }
            let shown = TerminalText.sanitise("\(value)", maxCharacters: 40)
            let parameter = TerminalText.sanitise(name, maxCharacters: 40)
            post(
                TerminalWords.text(
                    "terminal.notice.set", ["name": .text(parameter), "value": .text(shown)], in: language),
                at: now)
        case .toggle(let x, let y):
            post(TerminalWords.text("terminal.notice.toggled", ["x": .int(x), "y": .int(y)], in: language), at: now)
        case .place(let pattern, let x, let y):
            let shown =
                pattern.count <= 24
                ? TerminalText.sanitise(pattern) : TerminalWords.text("terminal.notice.aPattern", in: language)
            post(
                TerminalWords.text(
                    "terminal.notice.placed", ["pattern": .text(shown), "x": .int(x), "y": .int(y)], in: language),
                at: now)
        case .hunt(let caught, _):
            post(TerminalWords.text("terminal.notice.hunt", ["count": .int(caught.count)], in: language), at: now)
        }
    }

    private mutating func applyResolution(_ resolution: Resolution) {
        resolutions[resolution.question] = resolution
        if let index = questions.firstIndex(where: { $0.id == resolution.question }) {
            questions[index].state = .resolved
            questions[index].actual = resolution.actual
        }
        touch(resolution.question)
        leaderboard = Leaderboard(
            top: resolution.leaderboard.top, you: leaderboard.you, students: resolution.leaderboard.students)
    }

    private mutating func applyResult(_ result: PersonalResult) {
        results[result.question] = result
        you?.score = result.score
        you?.streak = result.streak
        leaderboard.you = result.standing
        if var record = answers[result.question] {
            record.points = result.points
            answers[result.question] = record
        }
    }

    private mutating func upsert(_ info: QuestionInfo) {
        if let index = questions.firstIndex(where: { $0.id == info.id }) {
            questions[index] = info
        } else {
            questions.append(info)
            questions.sort { $0.id < $1.id }
        }
        touch(info.id)
    }

    private mutating func setState(of id: QuestionID, to state: QuestionState) {
        guard let index = questions.firstIndex(where: { $0.id == id }) else { return }
        questions[index].state = state
        touch(id)
    }

    private mutating func dropHistory(from generation: Int) {
        for key in history.keys where key >= generation { history[key] = nil }
    }
}
