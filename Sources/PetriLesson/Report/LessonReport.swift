import PetriProtocol
import PetriSimulation
import PetriWords

/// What the teacher downloads when a lesson ends: per student, the points for each question, hints
/// taken, reasons and (for probability questions) calibration and Brier score; per question, the class's
/// spread and the actual value. Built from the lesson's state alone, so the same lesson always gives the
/// same report (``csv`` and ``html`` render it).
package struct LessonReport: Sendable, Hashable {
    package struct QuestionLine: Sendable, Hashable {
        package var id: QuestionID
        package var label: String
        package var kind: String
        package var prompt: String?
        /// `resolved`, `cancelled`, `open` or `locked`.
        package var state: String
        /// The actual value, or the option that came true, or whether the event happened.
        package var outcome: String
        package var spread: Spread
        /// Option labels of a choice question (for its counts).
        package var options: [String]
        /// Over how many replicates its answers' expected points were taken, and the class's mean
        /// (nil when there were no replicates of the moment it was asked).
        package var expectedReplicates: Int? = nil
        package var classExpected: Int? = nil
    }

    package struct StudentLine: Sendable, Hashable {
        package var id: StudentID
        package var name: String
        package var score: Int
        package var removed: Bool
        /// Points per question id (absent: did not answer, or not scored).
        package var points: [QuestionID: Int]
        package var hints: [QuestionID]
        package var reasons: [(question: QuestionID, reason: String)]
        package var calibration: Calibration
        /// Base points (before hint and bonuses) and expected points per question that has expected points.
        package var bases: [QuestionID: Int] = [:]
        package var expected: [QuestionID: Int] = [:]
        /// Their rank (nil for a removed student): see ``MakeupLine`` for who make-up students are ranked among.
        package var rank: Int?
        /// When a make-up student joined the make-up (nil for the class's own students).
        package var makeup: Timestamp?
        /// Creatures they caught over the report's hunt rounds, and those creatures' mean distance from the
        /// background (nil without catches).
        package var catches = 0
        package var conspicuousness: Double?

        package static func == (a: StudentLine, b: StudentLine) -> Bool {
            a.id == b.id && a.name == b.name && a.score == b.score && a.removed == b.removed && a.points == b.points
                && a.bases == b.bases && a.expected == b.expected && a.rank == b.rank && a.makeup == b.makeup
                && a.catches == b.catches && a.conspicuousness == b.conspicuousness
                && a.hints == b.hints && a.reasons.map(\.question) == b.reasons.map(\.question)
                && a.reasons.map(\.reason) == b.reasons.map(\.reason) && a.calibration == b.calibration
        }

        package func hash(into hasher: inout Hasher) { hasher.combine(id) }
    }

    package var questions: [QuestionLine]
    package var students: [StudentLine]
    /// Every student's probability predictions together.
    var classCalibration: Calibration
    /// The generation the lesson reached.
    package var generation: Int
    /// The plan the lesson ran, as a sentence (which plan, how far, which moments were skipped); nil without a plan.
    package var plan: String?
    /// The language its words are in (the lesson's).
    package var language: Language = .english
    /// The hunt rounds in the population's history with the formula's selection beside each (empty without hunts).
    package var hunts: [ReportData.HuntRound] = []
}

extension LessonReport {
    /// The report's sentences, in its language: `words.text("lesson.report.title")` (the catalog test finds
    /// keys named through `words.text(`).
    var words: Sentences { Sentences(language: language) }

    /// The lesson's catalogs in one language.
    struct Sentences {
        let language: Language

        func text(_ key: String, _ arguments: [String: WordArgument] = [:]) -> String {
            LessonWords.text(key, arguments, in: language)
        }
    }

    /// A question's short name in tables and columns, `Q3`.
    func questionName(_ id: QuestionID) -> String {
        words.text("lesson.report.questionName", ["number": .int(Int(id.rawValue))])
    }

    /// A question's state in words (`resolved`, `cancelled`, `open`, `locked`).
    func stateWords(_ state: String) -> String {
        switch state {
        case "open": words.text("lesson.report.state.open")
        case "locked": words.text("lesson.report.state.locked")
        case "resolved": words.text("lesson.report.state.resolved")
        case "cancelled": words.text("lesson.report.state.cancelled")
        default: state
        }
    }

    /// A question's kind in words (`number`, `choice`, `probability`, `range`).
    func kindWords(_ kind: String) -> String {
        switch kind {
        case "number": words.text("lesson.report.kind.number")
        case "choice": words.text("lesson.report.kind.choice")
        case "probability": words.text("lesson.report.kind.probability")
        case "range": words.text("lesson.report.kind.range")
        default: kind
        }
    }
}

extension Lesson {
    /// The lesson's language (``LessonOptions/language``) among those its catalogs have; English when it has none.
    package var language: Language {
        guard let tag = configuration.options.language else { return .english }
        return Language.match([tag], among: LessonWords.book.languages)
    }

    /// The report of the lesson as it is now (meant for an ended lesson; unresolved questions show as such), in
    /// `language` (the lesson's by default), with the make-up students' lines after the class's (each marked with
    /// when they joined, ranked as the lesson's `makeupRanking` says).
    package func report(in language: Language? = nil, makeups: [MakeupLine] = []) -> LessonReport {
        let language = language ?? self.language
        var questionLines: [LessonReport.QuestionLine] = []
        var classCalibration = Calibration()
        var calibrations: [StudentID: Calibration] = [:]
        for question in questions {
            let rules = question.kind.rules
            let options = rules.optionLabels
            questionLines.append(
                LessonReport.QuestionLine(
                    id: question.id, label: question.label(in: language), kind: question.kind.name,
                    prompt: question.prompt,
                    state: question.state.rawValue, outcome: outcomeText(of: question, in: language),
                    spread: spread(of: question, actual: question.actual ?? question.askedValue), options: options,
                    expectedReplicates: question.expectation?.replicates,
                    classExpected: question.expectation?.classMean))
            guard question.state == .resolved else { continue }
            for (student, answer) in question.answers.sorted(by: { $0.key < $1.key }) {
                guard roster[student]?.countsInClass == true else { continue }
                if let (p, happened) = rules.calibrationPoint(answer.prediction, outcome: question.outcome) {
                    calibrations[student, default: Calibration()].add(p, happened: happened)
                    classCalibration.add(p, happened: happened)
                }
                if let actual = question.actual,
                    let (held, confidence) = rules.rangeCoverage(answer.prediction, actual: actual)
                {
                    calibrations[student, default: Calibration()].addRange(held: held, confidence: confidence)
                    classCalibration.addRange(held: held, confidence: confidence)
                }
            }
        }
        let studentLines = roster.students.filter { !$0.isErased }.sorted { $0.id < $1.id }.map { student in
            LessonReport.StudentLine(
                id: student.id, name: student.name, score: student.score, removed: student.isKicked,
                points: Dictionary(
                    uniqueKeysWithValues: questions.compactMap { q in
                        q.answers[student.id]?.points.map { (q.id, $0.total) }
                    }),
                hints: questions.filter { $0.hintsTaken.contains(student.id) }.map(\.id),
                reasons: questions.compactMap { q in q.reasons[student.id].map { (q.id, $0) } },
                calibration: calibrations[student.id] ?? Calibration(),
                bases: Dictionary(
                    uniqueKeysWithValues: questions.compactMap { q in
                        q.expectation?.points[student.id] == nil
                            ? nil : q.answers[student.id]?.points.map { (q.id, $0.base) }
                    }),
                expected: Dictionary(
                    uniqueKeysWithValues: questions.compactMap { q in
                        q.expectation?.points[student.id].map { (q.id, $0) }
                    }
                ))
        }
        let makeupLines = makeups.sorted { $0.play.student < $1.play.student }.map { line in
            makeupReportLine(line, calibration: &classCalibration)
        }
        let ranked = Self.ranked(
            studentLines, boardScores: boardScores, makeups: makeupLines, makeupBoardScores: makeups.map(boardScore),
            ranking: configuration.options.makeupRanking)
        let planSentence = plan.map { run in
            PlanWords.report(
                title: run.plan.title, name: run.name, done: min(run.next, run.plan.moments.count),
                of: run.plan.moments.count,
                skipped: run.skipped.sorted().map { (number: $0 + 1, line: run.plan.moments[$0].line) }
            ).text(in: language)
        }
        let hunts = huntReport()
        var caught: [StudentID: (count: Int, distance: Double)] = [:]
        for record in huntRecords {
            for catchRecord in record.catches {
                caught[catchRecord.student, default: (0, 0)].count += 1
                caught[catchRecord.student, default: (0, 0)].distance += record.conspicuousness(of: catchRecord.trait)
            }
        }
        let lines = ranked.map { line in
            var line = line
            if line.makeup == nil, let mine = caught[line.id] {
                line.catches = mine.count
                line.conspicuousness = mine.distance / Double(mine.count)
            }
            return line
        }
        return LessonReport(
            questions: questionLines, students: lines, classCalibration: classCalibration,
            generation: run.generation, plan: planSentence, language: language, hunts: hunts)
    }

    /// Each ended round in the population's history, with the formula's replicate from its start (one replay and
    /// one step a round, computed here, when the report is asked for, and never on the path that serves a round).
    private func huntReport() -> [ReportData.HuntRound] {
        huntRecords.map { record in
            var order: [StudentID] = []
            var mine: [StudentID: (count: Int, distance: Double)] = [:]
            for catchRecord in record.catches {
                if mine[catchRecord.student] == nil { order.append(catchRecord.student) }
                mine[catchRecord.student, default: (0, 0)].count += 1
                mine[catchRecord.student, default: (0, 0)].distance += record.conspicuousness(of: catchRecord.trait)
            }
            let students = order.compactMap { student -> ReportData.HuntCatches? in
                guard let entry = roster[student], !entry.isErased, !entry.isKicked,
                    let (count, distance) = mine[student]
                else { return nil }
                return ReportData.HuntCatches(
                    student: student, catches: count, conspicuousness: distance / Double(count))
            }
            let summary = record.summary
            let selections = formulaSelections(of: record)
            return ReportData.HuntRound(
                round: summary.round, generation: summary.generation, background: record.background,
                meanBefore: record.meanBefore, traitMin: summary.traitMin, binWidth: summary.binWidth,
                caughtBins: summary.caughtBins, aliveBins: summary.aliveBins, caughtMean: summary.caughtMean,
                aliveMean: summary.aliveMean, differential: record.differential,
                caughtConspicuousness: record.caughtConspicuousness,
                aliveConspicuousness: record.aliveConspicuousness, students: students,
                formula: selections.replicate.map(\.selection), formulaAlso: selections.also.map(\.selection))
        }
    }

    /// What each active student of the class is ranked by (their score, or their expected score with `rankBy: expected`).
    private var boardScores: [StudentID: Int] {
        Dictionary(uniqueKeysWithValues: roster.students.filter { !$0.isKicked }.map { ($0.id, $0.boardScore) })
    }

    /// What a make-up student is ranked by, as the class's students are: their score, or with `rankBy: expected` the
    /// sum of their answers' expected points (a question without replicates counting its realised base points).
    func boardScore(of line: MakeupLine) -> Int {
        guard configuration.options.rankBy == .expected else { return line.play.score }
        return line.play.results.reduce(0) { sum, result in
            sum + (result.prediction == nil ? 0 : result.expected?.points ?? result.points.base)
        }
    }

    /// The class's lines (ranked among the active class) then the make-up students' (ranked among themselves, or
    /// among the class too with `withClass`); equal board scores share a rank (1, 2, 2, 4).
    private static func ranked(
        _ lines: [LessonReport.StudentLine], boardScores: [StudentID: Int], makeups: [LessonReport.StudentLine],
        makeupBoardScores: [Int], ranking: LessonOptions.MakeupRanking
    ) -> [LessonReport.StudentLine] {
        let makeupScores = Dictionary(uniqueKeysWithValues: zip(makeups.map(\.id), makeupBoardScores))
        let classScores = Array(boardScores.values)
        let together = ranking == .withClass
        func rank(_ score: Int, among scores: [Int]...) -> Int {
            1 + scores.reduce(0) { $0 + $1.filter { $0 > score }.count }
        }
        var out = lines.map { line in
            var line = line
            line.rank = boardScores[line.id].map {
                together ? rank($0, among: classScores, makeupBoardScores) : rank($0, among: classScores)
            }
            return line
        }
        out += makeups.map { line in
            var line = line
            line.rank = makeupScores[line.id].map {
                together ? rank($0, among: classScores, makeupBoardScores) : rank($0, among: makeupBoardScores)
            }
            return line
        }
        return out
    }

    /// A make-up student's line: their points, hints and calibration from their own results, against the class's
    /// outcomes (their predictions count in the class's calibration too, as they answered the same questions).
    private func makeupReportLine(_ line: MakeupLine, calibration classCalibration: inout Calibration)
        -> LessonReport.StudentLine
    {
        let play = line.play
        var calibration = Calibration()
        var points: [QuestionID: Int] = [:]
        var bases: [QuestionID: Int] = [:]
        var expected: [QuestionID: Int] = [:]
        for result in play.results {
            guard let prediction = result.prediction,
                let question = questions.first(where: { $0.id == result.question })
            else { continue }
            points[result.question] = result.points.total
            if let mine = result.expected?.points {
                expected[result.question] = mine
                bases[result.question] = result.points.base
            }
            let rules = question.kind.rules
            if let (p, happened) = rules.calibrationPoint(prediction, outcome: question.outcome) {
                calibration.add(p, happened: happened)
                classCalibration.add(p, happened: happened)
            }
            if let actual = question.actual, let (held, confidence) = rules.rangeCoverage(prediction, actual: actual) {
                calibration.addRange(held: held, confidence: confidence)
                classCalibration.addRange(held: held, confidence: confidence)
            }
        }
        return LessonReport.StudentLine(
            id: play.student, name: play.name, score: play.score, removed: false, points: points,
            hints: play.questions.filter(\.value.hintTaken).map(\.key).sorted(), reasons: [],
            calibration: calibration, bases: bases, expected: expected, makeup: line.joinedAt)
    }

    private func outcomeText(of question: Question, in language: Language) -> String {
        guard question.state == .resolved, let actual = question.actual else { return "" }
        return question.kind.rules.reportOutcome(
            value: NumberText.format(actual), outcome: question.outcome, in: language)
    }
}
