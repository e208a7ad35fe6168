import PetriStorage

extension LessonCopy {
    /// Every stored row of `lesson` in the SQLite store `store`, as `petri store copy` moves it into
    /// PostgreSQL: the whole log, every checkpoint, the students with scores and streaks, their answers.
    ///
    /// - Throws: What the store throws reading it.
    package init(of lesson: StoredLesson, from store: PetriStore) throws {
        let students = try store.students(lessonId: lesson.id)
        let answers = try students.flatMap { try store.answers(lessonId: lesson.id, studentId: $0.studentId) }
        let checkpoints = try store.checkpointSequences(lessonId: lesson.id).compactMap {
            try store.latestCheckpoint(lessonId: lesson.id, atOrBefore: $0)
        }
        self.init(
            lesson: .init(
                id: lesson.id, joinCode: lesson.joinCode, teacherTokenHash: lesson.teacherTokenHash.bytes,
                model: lesson.model, definition: lesson.definition, settings: lesson.settings,
                createdAt: lesson.createdAt, endedAt: lesson.endedAt),
            actions: try store.logEntries(lessonId: lesson.id).map {
                .init(seq: $0.seq, generation: $0.generation, kind: $0.kind, payload: $0.payload, at: $0.at)
            },
            checkpoints: checkpoints.map {
                .init(seq: $0.seq, generation: $0.generation, state: $0.state, stateHash: $0.stateHash, at: $0.at)
            },
            students: students.map {
                .init(
                    studentId: $0.studentId, displayName: $0.displayName, resumeTokenHash: $0.resumeTokenHash.bytes,
                    joinedAt: $0.joinedAt, kicked: $0.kicked, score: $0.score, streak: $0.streak)
            },
            answers: answers.map {
                .init(
                    questionId: $0.questionId, studentId: $0.studentId, prediction: $0.prediction,
                    answeredAt: $0.answeredAt, usedHint: $0.usedHint, points: $0.points, reason: $0.reason)
            })
    }
}
