import PetriProtocol
import PetriSimulation

/// A compiled model's lessons need nothing to read their parameters or saved state: the same calls without `source`.
extension Lesson where Model.Source == Void {
    /// Creates a lesson from a lesson file (see ``init(definition:teacherToken:configuration:source:)``).
    public init(
        definition: LessonDefinition, teacherToken: AccessToken, configuration: LessonConfiguration
    ) throws(ProtocolError) {
        try self.init(definition: definition, teacherToken: teacherToken, configuration: configuration, source: ())
    }

    /// Restores exactly what ``encodeState()`` saved (see ``init(decodingState:teacherToken:configuration:source:)``).
    public init(
        decodingState bytes: [UInt8], teacherToken: AccessToken, configuration: LessonConfiguration
    ) throws(ProtocolError) {
        try self.init(decodingState: bytes, teacherToken: teacherToken, configuration: configuration, source: ())
    }

    /// Restores a lesson from a durable checkpoint (see ``init(restoring:teacherToken:configuration:source:)``).
    public init(
        restoring checkpoint: LessonCheckpoint, teacherToken: AccessToken, configuration: LessonConfiguration
    ) throws(ProtocolError) {
        try self.init(restoring: checkpoint, teacherToken: teacherToken, configuration: configuration, source: ())
    }

    /// Rebuilds a lesson from its definition and whole log (see ``rebuild(definition:teacherToken:configuration:log:source:)``).
    public static func rebuild(
        definition: LessonDefinition, teacherToken: AccessToken, configuration: LessonConfiguration,
        log: [LessonLogEntry]
    ) throws(ProtocolError) -> Lesson {
        try rebuild(
            definition: definition, teacherToken: teacherToken, configuration: configuration, log: log, source: ())
    }

    /// Rebuilds a lesson from a checkpoint and the log after it (see ``rebuild(checkpoint:teacherToken:configuration:log:source:)``).
    public static func rebuild(
        checkpoint: LessonCheckpoint, teacherToken: AccessToken, configuration: LessonConfiguration,
        log: [LessonLogEntry]
    ) throws(ProtocolError) -> Lesson {
        try rebuild(
            checkpoint: checkpoint, teacherToken: teacherToken, configuration: configuration, log: log, source: ())
    }

    /// See ``rebuildToLastGoodEntry(definition:teacherToken:configuration:log:source:)``.
    public static func rebuildToLastGoodEntry(
        definition: LessonDefinition, teacherToken: AccessToken, configuration: LessonConfiguration,
        log: [LessonLogEntry]
    ) throws(ProtocolError) -> (Lesson, ReplayStop?) {
        try rebuildToLastGoodEntry(
            definition: definition, teacherToken: teacherToken, configuration: configuration, log: log, source: ())
    }

    /// See ``rebuildToLastGoodEntry(checkpoint:teacherToken:configuration:log:source:)``.
    public static func rebuildToLastGoodEntry(
        checkpoint: LessonCheckpoint, teacherToken: AccessToken, configuration: LessonConfiguration,
        log: [LessonLogEntry]
    ) throws(ProtocolError) -> (Lesson, ReplayStop?) {
        try rebuildToLastGoodEntry(
            checkpoint: checkpoint, teacherToken: teacherToken, configuration: configuration, log: log, source: ())
    }
}
