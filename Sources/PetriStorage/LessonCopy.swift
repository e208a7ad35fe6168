/// Every stored row of one lesson, as another store holds them: what `petri store copy` moves
/// from SQLite into PostgreSQL (the log, checkpoints, students with scores, answers with points).
public struct LessonCopy: Sendable {
    public struct Lesson: Sendable {
        public var id: String
        public var joinCode: String
        public var teacherTokenHash: [UInt8]
        public var model: String
        public var definition: String
        public var settings: String
        public var createdAt: Double
        public var endedAt: Double?

        public init(
            id: String, joinCode: String, teacherTokenHash: [UInt8], model: String, definition: String,
            settings: String, createdAt: Double, endedAt: Double?
        ) {
            self.id = id
            self.joinCode = joinCode
            self.teacherTokenHash = teacherTokenHash
            self.model = model
            self.definition = definition
            self.settings = settings
            self.createdAt = createdAt
            self.endedAt = endedAt
        }
    }

    public struct Action: Sendable {
        public var seq: Int
        public var generation: Int
        public var kind: String
        public var payload: String
        public var at: Double

        public init(seq: Int, generation: Int, kind: String, payload: String, at: Double) {
            (self.seq, self.generation, self.kind, self.payload, self.at) = (seq, generation, kind, payload, at)
        }
    }

    public struct Checkpoint: Sendable {
        public var seq: Int
        public var generation: Int
        public var state: [UInt8]
        public var stateHash: UInt64
        public var at: Double

        public init(seq: Int, generation: Int, state: [UInt8], stateHash: UInt64, at: Double) {
            (self.seq, self.generation, self.state, self.stateHash, self.at) = (seq, generation, state, stateHash, at)
        }
    }

    public struct Student: Sendable {
        public var studentId: String
        public var displayName: String
        public var resumeTokenHash: [UInt8]
        public var joinedAt: Double
        public var kicked: Bool
        public var score: Int
        public var streak: Int

        public init(
            studentId: String, displayName: String, resumeTokenHash: [UInt8], joinedAt: Double, kicked: Bool,
            score: Int, streak: Int
        ) {
            self.studentId = studentId
            self.displayName = displayName
            self.resumeTokenHash = resumeTokenHash
            self.joinedAt = joinedAt
            self.kicked = kicked
            self.score = score
            self.streak = streak
        }
    }

    public struct Answer: Sendable {
        public var questionId: String
        public var studentId: String
        public var prediction: String
        public var answeredAt: Double
        public var usedHint: Bool
        public var points: Int?
        public var reason: String?

        public init(
            questionId: String, studentId: String, prediction: String, answeredAt: Double, usedHint: Bool, points: Int?,
            reason: String? = nil
        ) {
            self.questionId = questionId
            self.studentId = studentId
            self.prediction = prediction
            self.answeredAt = answeredAt
            self.usedHint = usedHint
            self.points = points
            self.reason = reason
        }
    }

    public var lesson: Lesson
    public var actions: [Action]
    public var checkpoints: [Checkpoint]
    public var students: [Student]
    public var answers: [Answer]

    public init(
        lesson: Lesson, actions: [Action], checkpoints: [Checkpoint], students: [Student], answers: [Answer]
    ) {
        self.lesson = lesson
        self.actions = actions
        self.checkpoints = checkpoints
        self.students = students
        self.answers = answers
    }
}
