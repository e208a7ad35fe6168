/// A student's reason for a prediction, as the teacher sees it (`reasons`).
package struct StudentReason: Sendable, Hashable, Codable {
    package var student: StudentID
    package var name: String
    package var prediction: Prediction
    /// At most ``ReasonRules/maxCharacters`` characters, sanitised like names.
    package var reason: String

    package init(student: StudentID, name: String, prediction: Prediction, reason: String) {
        self.student = student
        self.name = name
        self.prediction = prediction
        self.reason = reason
    }
}

/// A reason the teacher showed the class (`reasonsShown`): anonymous unless the teacher chose names.
package struct SharedReason: Sendable, Hashable, Codable {
    package var reason: String
    /// The student's display name, only when the teacher showed names.
    package var name: String?

    package init(reason: String, name: String? = nil) {
        self.reason = reason
        self.name = name
    }
}

/// The rules for reasons, shared by the lesson (which enforces them) and clients (which may show them).
package enum ReasonRules {
    /// The longest reason, in characters after sanitising ("because the background got darker" is 34).
    package static let maxCharacters = 140
    /// The most reasons one `showReasons` may show.
    static let maxShown = 20
}
