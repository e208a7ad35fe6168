import PetriProtocol

/// Every stored row of one lesson, as another store holds them: what `petri store copy` moves
/// from SQLite into PostgreSQL (the log, checkpoints, students with scores, answers with points).
package struct LessonCopy: Sendable {
    package struct Lesson: Sendable {
        package var id: String
        package var joinCode: String
        package var teacherTokenHash: [UInt8]
        package var model: String
        package var definition: String
        package var settings: String
        package var createdAt: Double
        package var endedAt: Double?

        package init(
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

    package struct Action: Sendable {
        package var seq: Int
        package var generation: Int
        package var kind: String
        package var payload: String
        package var at: Double

        package init(seq: Int, generation: Int, kind: String, payload: String, at: Double) {
            (self.seq, self.generation, self.kind, self.payload, self.at) = (seq, generation, kind, payload, at)
        }
    }

    package struct Checkpoint: Sendable {
        package var seq: Int
        package var generation: Int
        package var state: [UInt8]
        package var stateHash: UInt64
        package var at: Double

        package init(seq: Int, generation: Int, state: [UInt8], stateHash: UInt64, at: Double) {
            (self.seq, self.generation, self.state, self.stateHash, self.at) = (seq, generation, state, stateHash, at)
        }
    }

    package struct Student: Sendable {
        package var studentId: StudentID
        package var displayName: String
        package var resumeTokenHash: [UInt8]
        package var joinedAt: Double
        package var kicked: Bool
        package var score: Int
        package var streak: Int

        package init(
            studentId: StudentID, displayName: String, resumeTokenHash: [UInt8], joinedAt: Double, kicked: Bool,
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

    package struct Answer: Sendable {
        package var questionId: QuestionID
        package var studentId: StudentID
        package var prediction: String
        package var answeredAt: Double
        package var usedHint: Bool
        package var points: Int?
        package var reason: String?

        package init(
            questionId: QuestionID, studentId: StudentID, prediction: String, answeredAt: Double, usedHint: Bool,
            points: Int?,
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

    package var lesson: Lesson
    package var actions: [Action]
    package var checkpoints: [Checkpoint]
    package var students: [Student]
    package var answers: [Answer]

    package init(
        lesson: Lesson, actions: [Action], checkpoints: [Checkpoint], students: [Student], answers: [Answer]
    ) {
        self.lesson = lesson
        self.actions = actions
        self.checkpoints = checkpoints
        self.students = students
        self.answers = answers
    }
}
