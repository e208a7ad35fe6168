import ArgumentParser
import Foundation
import Logging
import PetriServer
import PetriStore
import PetriStorePostgres

/// `petri store`: the PostgreSQL store of a cluster.
struct StoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Prepare a PostgreSQL store and move lessons into it.",
        subcommands: [Migrate.self, Copy.self]
    )

    /// The store URL: `--url`, else `PETRI_STORE_URL`.
    struct Target: ParsableArguments {
        @Option(help: "The PostgreSQL URL, postgres://user:password@host:5432/database (default: $PETRI_STORE_URL).")
        var url: String?

        func resolved() throws -> String {
            guard let url = url ?? ProcessInfo.processInfo.environment["PETRI_STORE_URL"], !url.isEmpty else {
                throw ValidationError("Give the store with --url postgres://... or PETRI_STORE_URL.")
            }
            return url
        }
    }

    /// `petri store migrate`: creates or updates the tables.
    struct Migrate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create or update the PostgreSQL tables (each node also does this at start).",
            discussion: """
                Applies the schema's migrations that the database has not had yet, once, under a lock, and \
                prints which. A database migrated by a newer Petri is refused.
                """
        )

        @OptionGroup var target: Target

        func run() async throws {
            let storage = try await connect(try target.resolved())
            storage.close()
            print("The store's schema is up to date.")
        }
    }

    /// `petri store copy`: SQLite lessons into PostgreSQL.
    struct Copy: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Copy every lesson of a SQLite data directory into a PostgreSQL store.",
            discussion: """
                Copies each lesson with its whole log, checkpoints, students (scores and streaks) and answers \
                (points), one transaction per lesson. A lesson already in the store is left as it is, so the \
                copy can be run again. Stop the server using the data directory first. Example:
                  petri store copy --data /var/lib/petri --url postgres://petri@db/petri
                """
        )

        @Option(help: "The SQLite data directory to copy from.")
        var data: String
        @OptionGroup var target: Target

        func run() async throws {
            let source = try PetriStore.open(directory: data)
            let storage = try await connect(try target.resolved())
            defer { storage.close() }
            let lessons = try source.unfinishedLessons() + source.lessons(endedSince: 0)
            var copied = 0
            for lesson in lessons {
                if try await storage.importLesson(try Self.copy(of: lesson, from: source)) { copied += 1 }
            }
            print("Copied \(copied) of \(lessons.count) lessons (\(lessons.count - copied) were already there).")
        }

        static func copy(of lesson: StoredLesson, from store: PetriStore) throws -> LessonCopy {
            let students = try store.students(lessonId: lesson.id)
            let answers = try students.flatMap { try store.answers(lessonId: lesson.id, studentId: $0.studentId) }
            let checkpoints = try store.checkpointSequences(lessonId: lesson.id).compactMap {
                try store.latestCheckpoint(lessonId: lesson.id, atOrBefore: $0)
            }
            return LessonCopy(
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
}

/// Connects to the store as a node named after this command, which holds no leases.
private func connect(_ url: String) async throws -> PostgresLessonStorage {
    try await PostgresLessonStorage.connect(
        url: url, node: ClusterNode(id: "petri-store-\(getpid())", advertisedURL: "ws://127.0.0.1:0/"),
        logger: Logger(label: "petri.store"))
}
