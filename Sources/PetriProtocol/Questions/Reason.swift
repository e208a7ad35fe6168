/// A student's reason for a prediction, as the teacher sees it (`reasons`).
public struct StudentReason: Sendable, Hashable, Codable {
    public var student: StudentID
    public var name: String
    public var prediction: Prediction
    /// At most ``ReasonRules/maxCharacters`` characters, sanitised like names.
    public var reason: String

    public init(student: StudentID, name: String, prediction: Prediction, reason: String) {
        self.student = student
        self.name = name
        self.prediction = prediction
        self.reason = reason
    }
}

/// A reason the teacher showed the class (`reasonsShown`): anonymous unless the teacher chose names.
public struct SharedReason: Sendable, Hashable, Codable {
    public var reason: String
    /// The student's display name, only when the teacher showed names.
    public var name: String?

    public init(reason: String, name: String? = nil) {
        self.reason = reason
        self.name = name
    }
}

/// The rules for reasons, shared by the lesson (which enforces them) and clients (which may show them).
public enum ReasonRules {
    /// The longest reason, in characters after sanitising ("because the background got darker" is 34).
    public static let maxCharacters = 140
    /// The most reasons one `showReasons` may show.
    public static let maxShown = 20
}
