import Foundation
import PetriProtocol

extension Timestamp {
    /// Seconds since 1970, as the stores' time columns hold a time.
    package var storedSeconds: Double { Double(millisecondsSince1970) / 1000 }

    /// The time a store's seconds column holds, to the millisecond.
    package init(storedSeconds: Double) {
        self.init(millisecondsSince1970: Int64((storedSeconds * 1000).rounded()))
    }
}

extension LessonRecord {
    /// The record as every store keeps it (its `settings` text): the whole record's JSON, so a
    /// field added to the record or to its definition is stored and read back with no store's code changing.
    package func storedJSON() throws -> String { try LogEncoding.json(self) }

    /// The record a store's `settings` text holds.
    ///
    /// - Throws: `DecodingError` when the text is not a lesson record.
    package init(storedJSON text: String) throws {
        self = try JSONDecoder().decode(LessonRecord.self, from: Data(text.utf8))
    }
}

extension StudentID {
    /// The id as the stores' student columns hold it: its number as text.
    package var storedText: String { String(rawValue) }

    /// The id a store's student column holds; nil when the text is not a whole number.
    package init?(storedText text: String) {
        guard let value = Int(text) else { return nil }
        self.init(value)
    }
}

extension QuestionID {
    /// The id as the stores' question columns hold it: its number as text.
    package var storedText: String { String(rawValue) }

    /// The id a store's question column holds; nil when the text is not a whole number.
    package init?(storedText text: String) {
        guard let value = Int(text) else { return nil }
        self.init(value)
    }
}
