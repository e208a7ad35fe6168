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

        package init(
            student: StudentID, name: String, score: Int, points: [Points], hints: [QuestionID], reasons: [Reason],
            calibration: CalibrationTable, rank: Int? = nil, makeup: Timestamp? = nil
        ) {
            self.rank = rank
            self.makeup = makeup
            self.student = student
            self.name = name
            self.score = score
            self.points = points
            self.hints = hints
            self.reasons = reasons
            self.calibration = calibration
        }
    }

    /// The generation the lesson reached.
    package var generation: Int
    package var questions: [Question]
    package var students: [Student]
    /// Every student's probability predictions together.
    package var calibration: CalibrationTable

    package init(generation: Int, questions: [Question], students: [Student], calibration: CalibrationTable) {
        self.generation = generation
        self.questions = questions
        self.students = students
        self.calibration = calibration
    }
}
