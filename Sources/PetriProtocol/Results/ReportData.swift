/// The lesson report as data (`report`'s `data`): the same values the CSV and the HTML page are made
/// from, so a page can lay the report out itself (as text nodes, never as markup from the network).
///
/// Removed students are left out, as in the CSV and the HTML page.
package struct ReportData: Sendable, Hashable, Codable {
    /// One question: its label and prompt, how it ended, and the class's spread.
    package struct Question: Sendable, Hashable, Codable {
        package var id: QuestionID
        package var label: String
        /// `number`, `choice`, `probability` or `range`.
        package var kind: String
        package var prompt: String?
        /// `resolved`, `cancelled`, `open` or `locked`.
        package var state: String
        /// The actual value as text (`104`, `grow (57)`, `happened (1)`); empty until resolved.
        package var outcome: String
        package var spread: Spread
        /// Option labels of a choice question, in the order of `spread.counts`.
        package var options: [String]
        /// Over how many replicates the answers' expected points were taken and the class's mean (absent
        /// when there were no replicates of the moment it was asked).
        package var expected: Expected?

        package init(
            id: QuestionID, label: String, kind: String, prompt: String?, state: String, outcome: String,
            spread: Spread, options: [String], expected: Expected? = nil
        ) {
            self.expected = expected
            self.id = id
            self.label = label
            self.kind = kind
            self.prompt = prompt
            self.state = state
            self.outcome = outcome
            self.spread = spread
            self.options = options
        }
    }

    /// The points one student scored on one question.
    package struct Points: Sendable, Hashable, Codable {
        package var question: QuestionID
        package var points: Int
        /// Where the question has expected points: the base points scored (before hint and bonuses) and
        /// what the answer would have scored on average over the replicates.
        package var base: Int?
        package var expected: Int?

        package init(question: QuestionID, points: Int, base: Int? = nil, expected: Int? = nil) {
            self.question = question
            self.points = points
            self.base = base
            self.expected = expected
        }
    }

    /// A reason a student gave with an answer.
    package struct Reason: Sendable, Hashable, Codable {
        package var question: QuestionID
        package var reason: String

        package init(question: QuestionID, reason: String) {
            self.question = question
            self.reason = reason
        }
    }

    /// Probability predictions in ten bins of 0.1 (`lower ≤ p < upper`, the last one includes 1), with how
    /// many of each bin's events happened; `brier` is the mean of (p − o)² (absent without predictions) and
    /// `baseline` the score of always saying 50% (0.25).
    package struct CalibrationTable: Sendable, Hashable, Codable {
        package struct Bin: Sendable, Hashable, Codable {
            package var lower: Double
            package var upper: Double
            package var count: Int
            package var happened: Int

            package init(lower: Double, upper: Double, count: Int, happened: Int) {
                self.lower = lower
                self.upper = upper
                self.count = count
                self.happened = happened
            }
        }

        /// Range predictions: how many were scored, how many held the outcome, and how sure they were
        /// asked to be on average (in percent), to set the share that held against.
        package struct Ranges: Sendable, Hashable, Codable {
            package var count: Int
            package var held: Int
            package var confidence: Double

            package init(count: Int, held: Int, confidence: Double) {
                self.count = count
                self.held = held
                self.confidence = confidence
            }
        }

        /// How many probability predictions were scored.
        package var count: Int
        package var bins: [Bin]
        package var brier: Double?
        package var baseline: Double
        /// Absent when no range was scored.
        package var ranges: Ranges?

        package init(count: Int, bins: [Bin], brier: Double?, baseline: Double, ranges: Ranges? = nil) {
            self.count = count
            self.bins = bins
            self.brier = brier
            self.baseline = baseline
            self.ranges = ranges
        }
    }

    /// One student's line: total score, points per answered and scored question, hints, reasons, calibration.
    package struct Student: Sendable, Hashable, Codable {
        package var student: StudentID
        package var name: String
        package var score: Int
        /// In question order; a question the student did not answer (or that was not scored) is absent.
        package var points: [Points]
        package var hints: [QuestionID]
        package var reasons: [Reason]
        package var calibration: CalibrationTable
        /// Their rank (1 for the highest; equal scores share it): among the class, or for a make-up student among
        /// the make-up students when the lesson ranks them apart (`makeupRanking`).
        package var rank: Int?
        /// When a make-up student joined the make-up (ms; absent for the class's own students).
        package var makeup: Timestamp?
        /// In a lesson with hunt rounds: how many creatures they caught over the rounds in the report, and the mean
        /// distance of those creatures' colours from the background (absent without catches); both absent in a
        /// lesson without hunts.
        package var catches: Int?
        package var conspicuousness: Double?

        package init(
            student: StudentID, name: String, score: Int, points: [Points], hints: [QuestionID], reasons: [Reason],
            calibration: CalibrationTable, rank: Int? = nil, makeup: Timestamp? = nil, catches: Int? = nil,
            conspicuousness: Double? = nil
        ) {
            self.rank = rank
            self.makeup = makeup
            self.catches = catches
            self.conspicuousness = conspicuousness
            self.student = student
            self.name = name
            self.score = score
            self.points = points
            self.hints = hints
            self.reasons = reasons
            self.calibration = calibration
        }
    }

    /// What one student caught in one hunt round, and how far the caught colours lay from the background.
    package struct HuntCatches: Sendable, Hashable, Codable {
        package var student: StudentID
        package var catches: Int
        package var conspicuousness: Double

        package init(student: StudentID, catches: Int, conspicuousness: Double) {
            self.student = student
            self.catches = catches
            self.conspicuousness = conspicuousness
        }
    }

    /// What the formula's predators would have done to a round's population (one step from the round's start,
    /// the same state and seed, with `selection: formula`): how many died, their mean colour and distance from
    /// the background, and the selection differential (the survivors' mean minus the mean before).
    package struct FormulaSelection: Sendable, Hashable, Codable {
        package var deaths: Int
        package var deadMean: Double?
        package var deadConspicuousness: Double?
        package var differential: Double?

        package init(deaths: Int, deadMean: Double?, deadConspicuousness: Double?, differential: Double?) {
            self.deaths = deaths
            self.deadMean = deadMean
            self.deadConspicuousness = deadConspicuousness
            self.differential = differential
        }
    }

    /// One ended hunt round: the colours caught against the colours left alive (ten bins from `traitMin`, each
    /// `binWidth` wide, as `huntEnded` had them), the background's colour, the generation's mean before, the
    /// selection differential of the catches (the mean left alive minus the mean before), how conspicuous the caught
    /// and the alive were (mean distance from the background), each student's catches, and the formula's selection
    /// from the same start (absent when the lesson cannot rebuild the round's start).
    package struct HuntRound: Sendable, Hashable, Codable {
        package var round: Int
        package var generation: Int
        package var background: Double
        package var meanBefore: Double
        package var traitMin: Int
        package var binWidth: Int
        package var caughtBins: [Int]
        package var aliveBins: [Int]
        package var caughtMean: Double?
        package var aliveMean: Double?
        package var differential: Double?
        package var caughtConspicuousness: Double?
        package var aliveConspicuousness: Double?
        /// In the order of their first catch.
        package var students: [HuntCatches]
        package var formula: FormulaSelection?
        /// Under `selection: both`, what the formula's mortality took in the same step beside the class's catches
        /// (its `deaths` among the creatures the class left, their mean colour and distance from the background, and
        /// the step's whole selection differential: the survivors' mean minus `meanBefore`); absent under `class`.
        package var formulaAlso: FormulaSelection?

        package init(
            round: Int, generation: Int, background: Double, meanBefore: Double, traitMin: Int, binWidth: Int,
            caughtBins: [Int], aliveBins: [Int], caughtMean: Double?, aliveMean: Double?, differential: Double?,
            caughtConspicuousness: Double?, aliveConspicuousness: Double?, students: [HuntCatches],
            formula: FormulaSelection?, formulaAlso: FormulaSelection? = nil
        ) {
            self.formulaAlso = formulaAlso
            self.round = round
            self.generation = generation
            self.background = background
            self.meanBefore = meanBefore
            self.traitMin = traitMin
            self.binWidth = binWidth
            self.caughtBins = caughtBins
            self.aliveBins = aliveBins
            self.caughtMean = caughtMean
            self.aliveMean = aliveMean
            self.differential = differential
            self.caughtConspicuousness = caughtConspicuousness
            self.aliveConspicuousness = aliveConspicuousness
            self.students = students
            self.formula = formula
        }
    }

    /// The generation the lesson reached.
    package var generation: Int
    package var questions: [Question]
    package var students: [Student]
    /// Every student's probability predictions together.
    package var calibration: CalibrationTable
    /// The hunt rounds in the population's history, oldest first (absent in a lesson without any).
    package var hunts: [HuntRound]?

    package init(
        generation: Int, questions: [Question], students: [Student], calibration: CalibrationTable,
        hunts: [HuntRound]? = nil
    ) {
        self.hunts = hunts
        self.generation = generation
        self.questions = questions
        self.students = students
        self.calibration = calibration
    }
}
