import Foundation
import Logging
import PetriLesson
import PetriProtocol
import PetriSimulation
import PetriStorage
import PetriTransport

// Rebuilding a lesson from storage: its checkpoint, the log after it, and what to do when the
// log does not replay (see `RecoveryMode`). Off the hub's executor, so a long replay holds up no other lesson.
extension Hub {
    /// Builds and starts the actor for a lesson, restoring its checkpoint and replaying the log
    /// after it (off the hub's executor: a long imported lesson replays without holding up
    /// other lessons).
    nonisolated static func makeHost(
        _ record: LessonRecord, from point: LessonRecoveryPoint, mode: RecoveryMode = .replay,
        services: LessonEnvironment,
        endedAt: Timestamp? = nil
    ) async throws(ProtocolError) -> (host: any RunningLesson, restoration: Restoration) {
        // The model's maker, opened: one generic start for every model.
        try await start(try maker(for: record.definition, in: services.models), record, point, mode, services, endedAt)
    }

    /// How to make the model a lesson file names: from the model file it carries (the version the lesson ran), or
    /// from the catalog.
    ///
    /// - Throws: `invalid-field` listing the catalog's models for a name it lacks; `invalid-definition` for a
    ///   carried file that does not read, names another model, or claims a shipped model's name.
    nonisolated static func maker(
        for definition: LessonDefinition, in models: ModelCatalog
    ) throws(ProtocolError) -> any ModelMaker {
        if let copy = definition.modelFile {
            guard !definition.model.isShipped else {
                throw ProtocolError(
                    .invalidDefinition,
                    "\(definition.model.rawValue) is a shipped model, so its lesson file carries no model file; "
                        + "export the lesson again.")
            }
            let source = try copy.source()
            guard source.kind == definition.model else {
                throw ProtocolError(
                    .invalidDefinition,
                    "The lesson's model file is for \(source.kind.rawValue), not \(definition.model.rawValue).")
            }
            return FileModelMaker(source: source)
        }
        guard let entry = models.entry(for: definition.model), entry.file == nil else {
            throw unknownModel(in: models)
        }
        return entry.maker
    }

    /// The refusal of a model name the server does not have, listing the ones it has.
    nonisolated static func unknownModel(in models: ModelCatalog) -> ProtocolError {
        let known = models.kinds.map(\.rawValue).joined(separator: ", ")
        return ProtocolError(.invalidField, "The field \"model\" must be one of \(known).")
    }

    nonisolated static func start<Maker: ModelMaker>(
        _ maker: Maker, _ record: LessonRecord, _ point: LessonRecoveryPoint, _ mode: RecoveryMode,
        _ services: LessonEnvironment, _ endedAt: Timestamp?
    ) async throws(ProtocolError) -> (host: any RunningLesson, restoration: Restoration) {
        var (lesson, restoration) = try await rebuild(maker, record, point, mode, services)
        if let notice = restoration.notice {
            // Entries after the stop stay in the log but are never replayed again: a checkpoint
            // after the last stored entry holds the lesson as it was at the last good one.
            let lastStored = point.entries.last?.sequence ?? point.checkpoint?.sequence ?? 0
            lesson.skipLogEntries(through: lastStored)
            let checkpoint = lesson.checkpoint()
            do {
                try await services.storage.saveCheckpoint(
                    checkpoint, ofLesson: record.id, at: services.clock.now(), keeping: services.checkpoints.keep)
                restoration.checkpoint = checkpoint.sequence
                restoration.checkpointGeneration = checkpoint.generation
            } catch {
                services.logger.error(
                    "Could not store where the lesson's replay stopped; the next start stops there again",
                    metadata: ["lesson": "\(record.id)", "error": "\(error)"])
            }
            services.logger.error(
                "The lesson's log did not replay to its end; it is restored to its last good entry",
                metadata: ["lesson": "\(record.id)", "notice": "\(notice)"])
        }
        // Scores are written a transaction behind the log (see SQLiteLessonStorage), so a crash
        // can leave the last resolution's rows unwritten: rewrite them from the rebuilt lesson
        // before it can change again. The log is the truth; this only repairs its copy.
        do {
            try await services.storage.recordScores(LessonFact.facts(restoring: lesson.scoreSheet), ofLesson: record.id)
        } catch {
            services.logger.warning(
                "Could not rewrite the lesson's scores in storage; the next start tries again",
                metadata: ["lesson": "\(record.id)", "error": "\(error)"])
        }
        let actor = LessonActor(
            record: record, lesson: lesson, services: services, source: maker.source,
            checkpoint: (restoration.checkpoint ?? 0, restoration.checkpointGeneration), endedAt: endedAt,
            notice: restoration.notice)
        await actor.start()
        return (actor, restoration)
    }

    /// The lesson from its checkpoint and the entries after it; if the checkpoint does not
    /// restore to what it records, from its definition and whole log, with a warning. Replay
    /// stops at an entry that does not apply (the restoration then carries a notice for the
    /// teacher); `mode` replays less after a replay crashed the server.
    nonisolated static func rebuild<Maker: ModelMaker>(
        _ maker: Maker, _ record: LessonRecord, _ point: LessonRecoveryPoint, _ mode: RecoveryMode,
        _ services: LessonEnvironment
    ) async throws(ProtocolError) -> (Lesson<Maker.Model>, Restoration) {
        typealias Model = Maker.Model
        var log = mode == .replay ? point.entries : []
        if let checkpoint = point.checkpoint, mode != .definitionOnly {
            do {
                let (lesson, stop) = try Lesson<Model>.rebuildToLastGoodEntry(
                    checkpoint: checkpoint, teacherToken: record.teacherToken, configuration: record.configuration,
                    log: log, source: maker.source)
                var restoration = Restoration(
                    checkpoint: checkpoint.sequence, checkpointGeneration: checkpoint.generation, replayed: log.count)
                restoration.notice = mode.notice(stop: stop, lesson: lesson)
                return (lesson, restoration)
            } catch {
                services.logger.warning(
                    "The lesson's checkpoint does not restore; replaying its whole log instead",
                    metadata: ["lesson": "\(record.id)", "checkpoint": "\(checkpoint.sequence)", "error": "\(error)"])
            }
            if mode == .replay {
                do {
                    log = try await services.storage.log(ofLesson: record.id)
                } catch {
                    throw ProtocolError(.internalError, "The lesson's log could not be read: \(error)")
                }
            }
        }
        let (lesson, stop) = try Lesson<Model>.rebuildToLastGoodEntry(
            definition: record.definition, teacherToken: record.teacherToken, configuration: record.configuration,
            log: log, source: maker.source)
        var restoration = Restoration(checkpoint: nil, checkpointGeneration: 0, replayed: log.count)
        restoration.notice = mode.notice(stop: stop, lesson: lesson)
        return (lesson, restoration)
    }
}

/// How a lesson was rebuilt at start-up.
struct Restoration: Sendable {
    /// The log entry of the checkpoint it started from; nil when it replayed its whole log.
    var checkpoint: Int?
    /// The generation of that checkpoint (0 without one).
    var checkpointGeneration: Int
    /// The log entries it replayed.
    var replayed: Int

    /// Every entry in its log.
    var entries: Int { (checkpoint ?? 0) + replayed }
    /// What the teacher is told on `teach` when the lesson could not be restored to its last entry.
    var notice: String?
}

/// How much of a lesson's log a restart replays: all of it, unless replaying crashed the server before.
enum RecoveryMode: Sendable, Equatable {
    /// The newest checkpoint and every entry after it (the first attempt).
    case replay
    /// The newest checkpoint and nothing after it (the replay of attempt 1 crashed).
    case checkpointOnly
    /// The lesson's definition and nothing after it (restoring the checkpoint crashed too).
    case definitionOnly

    static let lastAttempt = 3

    init(attempt: Int) {
        switch attempt {
        case ...1: self = .replay
        case 2: self = .checkpointOnly
        default: self = .definitionOnly
        }
    }

    /// The sentence for the teacher, or nil when the whole log replayed.
    func notice<Model: SteppingModel>(stop: ReplayStop?, lesson: Lesson<Model>) -> String? {
        let place = "entry \(lesson.lastLogSequence), generation \(lesson.generation)"
        switch self {
        case .replay:
            guard let stop else { return nil }
            return "This lesson was restored only up to log entry \(stop.lastGood) (generation \(stop.generation)): "
                + "entry \(stop.entry) could not be replayed (\(stop.reason)), so it and everything after it were left "
                + "out. The lesson continues from there."
        case .checkpointOnly:
            return "The server stopped while restoring this lesson, so it was restored from its last saved point "
                + "(\(place)) and what came after it was left out. The lesson continues from there."
        case .definitionOnly:
            return "The server stopped while restoring this lesson twice, so it was restarted from its beginning "
                + "(\(place)) and what came after it was left out. The lesson continues from there."
        }
    }
}
