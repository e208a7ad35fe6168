import PetriWords

/// The one error type of the protocol and lesson layers: a stable code and a sentence.
///
/// It travels to the client as `{"type":"error","code":"...","message":"..."}`. The `code`
/// is for programs (it never changes once shipped); the `message` is for people and says
/// what to do. The lesson state machine rejects commands with this type too, because every
/// lesson error is something a client is told.
///
/// An error made from a ``Word`` keeps it, so the server can tell each connection in its own
/// language (``message(in:)``); `message` is always the English sentence, and two errors are
/// equal when their code and English sentence are.
package struct ProtocolError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// What went wrong, for programs.
    package let code: Code
    /// What went wrong and what to do about it, for people, in English.
    package let message: String
    /// The sentence before rendering, when it came from a catalog.
    package let word: Word?

    /// The stable error codes (the wire value is the raw value).
    package enum Code: String, Sendable, Hashable, Codable, CaseIterable {
        /// The message is longer than the byte limit; it was not parsed.
        case tooLarge = "too-large"
        /// The message nests objects or arrays deeper than the limit; it was not parsed.
        case tooDeep = "too-deep"
        /// The message is not valid JSON (or not valid UTF-8).
        case malformedJSON = "malformed-json"
        /// The message's `type` is not one this version knows.
        case unknownType = "unknown-type"
        /// A required field is absent.
        case missingField = "missing-field"
        /// A field has the wrong type or a value that is not allowed.
        case invalidField = "invalid-field"
        /// A text field is longer than its limit.
        case tooLong = "too-long"
        /// A number is outside its allowed range (step count, rate, probability, ...).
        case outOfRange = "out-of-range"
        /// The connection has not joined a lesson yet.
        case notJoined = "not-joined"
        /// The sender may not do this (e.g. a student sending a teacher command).
        case notAuthorised = "not-authorised"
        /// Too many messages, or too many failed joins from one address.
        case rateLimited = "rate-limited"
        /// No lesson has this join code.
        case unknownLesson = "unknown-lesson"
        /// The resume or teacher token is not valid for this lesson.
        case unknownToken = "unknown-token"
        /// The teacher removed this student; the resume token no longer works.
        case kicked = "kicked"
        /// The connection has already joined the lesson.
        case alreadyJoined = "already-joined"
        /// The display name is empty once control characters and escapes are removed.
        case invalidName = "invalid-name"
        /// The lesson has ended; only read-only requests are answered.
        case lessonEnded = "lesson-ended"
        /// The simulation has ended (e.g. extinction); rewind or restore to continue.
        case runOver = "run-over"
        /// A model parameter is unknown, of the wrong kind or out of range.
        case invalidParameter = "invalid-parameter"
        /// A model action is not possible (outside the grid, unknown pattern, ...).
        case invalidAction = "invalid-action"
        /// A question names a metric the model does not have.
        case unknownMetric = "unknown-metric"
        /// A question is not well formed (options, event, horizon, time limit, ...).
        case invalidQuestion = "invalid-question"
        /// Another question is still open; close it before asking the next one.
        case questionOpen = "question-open"
        /// The lesson's fixed number of questions has been reached.
        case tooManyQuestions = "too-many-questions"
        /// No question has this id.
        case unknownQuestion = "unknown-question"
        /// The server already runs as many lessons as its limit (`limits.maxLessons`); end some first.
        case tooManyLessons = "too-many-lessons"
        /// The question has locked; answers are no longer accepted.
        case lateAnswer = "late-answer"
        /// The question is not open (for hints and for closing it).
        case questionClosed = "question-closed"
        /// The question has no hint.
        case noHint = "no-hint"
        /// The student already answered and this question does not allow changes.
        case alreadyAnswered = "already-answered"
        /// The student changed this answer as many times as a question allows; it stays as it is.
        case tooManyChanges = "too-many-changes"
        /// The prediction's kind does not match the question's kind.
        case wrongKind = "wrong-kind"
        /// No student has this id in this lesson.
        case unknownStudent = "unknown-student"
        /// There is no checkpoint to restore.
        case noCheckpoint = "no-checkpoint"
        /// A lesson file could not be read or does not reproduce its recorded state.
        case invalidDefinition = "invalid-definition"
        /// Something failed inside the server; the request may be retried.
        case internalError = "internal"
        /// The lesson is being reloaded from storage after a failed write; retry in a moment.
        case lessonReloading = "lesson-reloading"
        /// The server has too much waiting to be sent to slow connections; ask again in a few seconds.
        case tryLater = "try-later"
        /// The lesson ended longer ago than the server keeps ended lessons readable.
        case lessonExpired = "lesson-expired"
        /// Not a refusal: sent to a teacher after the welcome when the lesson was restored short of
        /// its last log entry (the message says to where, and why); the lesson goes on from there.
        case lessonRecovered = "lesson-recovered"
        /// No open make-up has this code (`joinMakeup`, `resumeMakeup`).
        case unknownMakeup = "unknown-makeup"
        /// The make-up was closed by the teacher or its until-date passed.
        case makeupClosed = "makeup-closed"
    }

    /// Creates an error; `message` should be one sentence that says what to do.
    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
        self.word = nil
    }

    /// Creates an error whose sentence comes from a catalog; `message` is its English rendering.
    package init(_ code: Code, _ word: Word) {
        self.code = code
        self.message = word.text(in: .english)
        self.word = word
    }

    /// The sentence in `language` (the English `message` when it has no catalog sentence).
    package func message(in language: Language) -> String {
        guard language != .english, let word else { return message }
        return word.text(in: language)
    }

    /// The same error with its message in `language`, for sending to a reader of it.
    package func rendered(in language: Language) -> ProtocolError {
        guard language != .english, let word else { return self }
        return ProtocolError(code: code, message: word.text(in: language), word: word)
    }

    private init(code: Code, message: String, word: Word?) {
        self.code = code
        self.message = message
        self.word = word
    }

    private enum CodingKeys: String, CodingKey { case code, message }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        code = try container.decode(Code.self, forKey: .code)
        message = try container.decode(String.self, forKey: .message)
        word = nil
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        try container.encode(message, forKey: .message)
    }

    package static func == (lhs: ProtocolError, rhs: ProtocolError) -> Bool {
        lhs.code == rhs.code && lhs.message == rhs.message
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(message)
    }

    package var description: String { "\(code.rawValue): \(message)" }
}
