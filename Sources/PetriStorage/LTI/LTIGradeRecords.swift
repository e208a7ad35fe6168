import PetriProtocol

/// An LMS user who is a student of a lesson (their learner launch admitted them): the platform and its `sub`.
package struct LTIStudentLink: Sendable, Hashable {
    package var lessonId: String
    package var platformId: String
    package var userId: String
    package var createdAt: Timestamp

    package init(lessonId: String, platformId: String, userId: String, createdAt: Timestamp) {
        self.lessonId = lessonId
        self.platformId = platformId
        self.userId = userId
        self.createdAt = createdAt
    }
}

/// One learner's grade for a lesson in the queue to the LMS (AGS 2.0 score): `pending` until the LMS accepted
/// it, then `sent`. A new score for the same learner and lesson replaces the row and is pending again.
package struct LTIGradeRecord: Sendable, Hashable {
    package enum State: String, Sendable, Hashable {
        case pending, sent
    }

    package var lessonId: String
    package var platformId: String
    package var userId: String
    package var scoreGiven: Double
    package var scoreMaximum: Double
    /// The comment the gradebook shows beside the score (the rank).
    package var comment: String
    /// When the score was given: the score's `timestamp`, the same in every attempt, so the LMS sees a repeat
    /// as the same score, never a newer one.
    package var scoredAt: Timestamp
    package var state: State
    /// Attempts that failed so far.
    package var attempts: Int
    package var nextAttemptAt: Timestamp
    /// Why the last attempt failed (the LMS's answer, or the network's), nil once sent.
    package var lastError: String?
    package var sentAt: Timestamp?

    package init(
        lessonId: String, platformId: String, userId: String, scoreGiven: Double, scoreMaximum: Double,
        comment: String, scoredAt: Timestamp, state: State = .pending, attempts: Int = 0,
        nextAttemptAt: Timestamp? = nil, lastError: String? = nil, sentAt: Timestamp? = nil
    ) {
        self.lessonId = lessonId
        self.platformId = platformId
        self.userId = userId
        self.scoreGiven = scoreGiven
        self.scoreMaximum = scoreMaximum
        self.comment = comment
        self.scoredAt = scoredAt
        self.state = state
        self.attempts = attempts
        self.nextAttemptAt = nextAttemptAt ?? scoredAt
        self.lastError = lastError
        self.sentAt = sentAt
    }

    /// Whether `other` is the same score (what was given, out of what, with what comment).
    package func sameScore(as other: LTIGradeRecord) -> Bool {
        scoreGiven == other.scoreGiven && scoreMaximum == other.scoreMaximum && comment == other.comment
    }
}

/// The grades queue and what it needs (which LMS users are which students, each activity's line item).
///
/// Several nodes of a cluster may send: ``claimDueGrades(at:holdingUntil:limit:)`` moves each row it answers out
/// of the others' reach until the hold ends, so a grade is posted by one node at a time; a row whose sender died
/// is due again when the hold ends.
package protocol LTIGradeStorage: Sendable {
    /// Records that an LMS user is a student of a lesson (again: nothing changes).
    func linkStudent(_ link: LTIStudentLink) async throws
    /// The LMS users who are students of a lesson.
    func ltiStudents(ofLesson lessonId: String) async throws -> [LTIStudentLink]
    /// The resource link that opens a lesson (with its grade service endpoints), when there is one.
    func ltiLesson(forLesson lessonId: String) async throws -> LTILessonLink?
    /// Keeps the launch's grade service endpoints of an activity: `lineItemsURL` always, `lineItemURL` unless nil
    /// (a line item the LMS named, or the one Petri made).
    func setGradeService(
        platformId: String, deploymentId: String, resourceLinkId: String, lineItemsURL: String?, lineItemURL: String?
    ) async throws
    /// Queues grades: a learner's row is replaced and pending again unless it holds the same score already.
    ///
    /// - Returns: How many rows are pending anew.
    func queueGrades(_ grades: [LTIGradeRecord]) async throws -> Int
    /// Pending grades due at `time` (at most `limit`, the longest waiting first), each held until `hold`.
    func claimDueGrades(at time: Timestamp, holdingUntil hold: Timestamp, limit: Int) async throws
        -> [LTIGradeRecord]
    /// The LMS accepted `grade` (unless a newer score replaced it meanwhile: that one stays pending).
    func gradeSent(_ grade: LTIGradeRecord, at time: Timestamp) async throws
    /// An attempt failed: counted, with the reason, and tried again at `next` (unless a newer score replaced it).
    func gradeFailed(_ grade: LTIGradeRecord, reason: String, next: Timestamp) async throws
    /// Every grade of a lesson, by user id.
    func grades(ofLesson lessonId: String) async throws -> [LTIGradeRecord]
    /// The earliest time a pending grade is due, nil when none is pending.
    func nextGradeDue() async throws -> Timestamp?
}
