import PetriLesson
import PetriProtocol

/// Storage in memory: for tests, and for a server started without a data directory.
public actor InMemoryLessonStorage: LessonStorage {
    private var lessons: [String: (record: LessonRecord, ended: Bool)] = [:]
    private var order: [String] = []
    private var logs: [String: [LessonLogEntry]] = [:]
    /// When set, every write fails with this error (to test what the hub does then).
    public var failure: (any Error)?

    public init() {}

    public func failWrites(with error: (any Error)?) { failure = error }

    public func createLesson(_ record: LessonRecord) throws {
        if let failure { throw failure }
        lessons[record.id] = (record, false)
        order.append(record.id)
    }

    public func append(_ entries: [StoredEntry], toLesson id: String) throws {
        if let failure { throw failure }
        logs[id, default: []].append(contentsOf: entries.map(\.entry))
    }

    public func endLesson(id: String, at time: Timestamp) throws {
        if let failure { throw failure }
        lessons[id]?.ended = true
    }

    public func unfinishedLessons() -> [LessonRecord] {
        order.compactMap { lessons[$0] }.filter { !$0.ended }.map(\.record)
    }

    public func log(ofLesson id: String) -> [LessonLogEntry] { logs[id] ?? [] }

    public func isWritable() -> Bool { failure == nil }
}
