import ArgumentParser
import Foundation
import Logging
import PetriServer
import PetriStorage
import PetriStore
import PetriStorePostgres
import PetriWords

/// `petri store`: the PostgreSQL store of a cluster, and erasing a lesson from a data directory or that store.
struct StoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: CommandWords.text("cli.store.abstract"),
        subcommands: [Migrate.self, Copy.self, EraseLesson.self]
    )

    /// The store URL: `--url`, else `PETRI_STORE_URL`.
    struct Target: ParsableArguments {
        @Option(help: CommandHelp.text("cli.store.url"))
        var url: String?

        func resolved() throws -> String {
            guard let url = url ?? ProcessInfo.processInfo.environment["PETRI_STORE_URL"], !url.isEmpty else {
                throw ValidationError(CommandWords.text("cli.store.noURL"))
            }
            return url
        }
    }

    /// `petri store migrate`: creates or updates the tables.
    struct Migrate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: CommandWords.text("cli.store.migrate.abstract"),
            discussion: CommandWords.text("cli.store.migrate.discussion")
        )

        @OptionGroup var target: Target

        func run() async throws {
            let storage = try await connect(try target.resolved())
            storage.close()
            print(CommandWords.text("cli.store.migrated"))
        }
    }

    /// `petri store erase-lesson`: the administrator erases a whole lesson now, from a SQLite data directory (the server
    /// stopped) or from a cluster's PostgreSQL store (its nodes may run).
    struct EraseLesson: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "erase-lesson",
            abstract: CommandWords.text("cli.store.eraseLesson.abstract"),
            discussion: CommandWords.text("cli.store.eraseLesson.discussion")
        )

        @Option(help: CommandHelp.text("cli.store.eraseLesson.data"))
        var data: String?
        @Option(help: CommandHelp.text("cli.store.url"))
        var url: String?
        @Option(help: CommandHelp.text("cli.common.code"))
        var code: String

        func validate() throws {
            if data != nil, url != nil {
                throw ValidationError(CommandWords.text("cli.store.eraseLesson.both"))
            }
        }

        func run() async throws {
            let code = code.uppercased()
            let erased: [String]
            var postgres = false
            if let data {
                let store = try PetriStore.open(directory: data)
                defer { try? store.close() }
                erased = try store.eraseLessons(joinCode: code)
            } else {
                guard let url = url ?? ProcessInfo.processInfo.environment["PETRI_STORE_URL"], !url.isEmpty else {
                    throw ValidationError(CommandWords.text("cli.store.eraseLesson.noStore"))
                }
                let storage = try await connect(url)
                defer { storage.close() }
                erased = try await storage.eraseLessons(joinCode: code)
                postgres = true
            }
            guard !erased.isEmpty else {
                throw ValidationError(
                    CommandWords.text("cli.store.eraseLesson.unknown", ["code": .text(code)]))
            }
            print(CommandWords.text("cli.store.eraseLesson.done", ["count": .int(erased.count), "code": .text(code)]))
            if postgres { print(CommandWords.text("cli.store.eraseLesson.postgresNote")) }
        }
    }

    /// `petri store copy`: SQLite lessons into PostgreSQL.
    struct Copy: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: CommandWords.text("cli.store.copy.abstract"),
            discussion: CommandWords.text("cli.store.copy.discussion")
        )

        @Option(help: CommandHelp.text("cli.store.copy.data"))
        var data: String
        @OptionGroup var target: Target

        func run() async throws {
            let source = try PetriStore.open(directory: data)
            let storage = try await connect(try target.resolved())
            defer { storage.close() }
            let lessons = try source.unfinishedLessons() + source.lessons(endedSince: 0)
            var copied = 0
            for lesson in lessons {
                if try await storage.importLesson(try LessonCopy(of: lesson, from: source)) { copied += 1 }
            }
            print(
                CommandWords.text(
                    "cli.store.copy.lessons",
                    ["copied": .int(copied), "count": .int(lessons.count), "there": .int(lessons.count - copied)]))
            // Accounts after lessons: who teaches a lesson refers to both.
            let accounts = try source.accountsCopy()
            let added = try await storage.importAccounts(accounts)
            print(
                CommandWords.text(
                    "cli.store.copy.accounts",
                    [
                        "copied": .int(added), "count": .int(accounts.teachers.count),
                        "there": .int(accounts.teachers.count - added),
                    ]))
            // Plans after accounts: a teacher's plan refers to its owner.
            let plans = try source.plansCopy()
            let addedPlans = try await storage.importPlans(plans)
            print(
                CommandWords.text(
                    "cli.store.copy.plans",
                    ["copied": .int(addedPlans), "count": .int(plans.count), "there": .int(plans.count - addedPlans)]))
            // Plans' links after the plans: a link refers to its plan.
            let shares = try source.planSharesCopy()
            let addedShares = try await storage.importPlanShares(shares)
            print(
                CommandWords.text(
                    "cli.store.copy.planShares",
                    [
                        "copied": .int(addedShares), "count": .int(shares.count),
                        "there": .int(shares.count - addedShares),
                    ]))
            // LTI after lessons and accounts: its links refer to both.
            let lti = try source.ltiCopy()
            let addedPlatforms = try await storage.importLTI(lti)
            print(
                CommandWords.text(
                    "cli.store.copy.lti",
                    [
                        "copied": .int(addedPlatforms), "count": .int(lti.platforms.count),
                        "there": .int(lti.platforms.count - addedPlatforms), "grades": .int(lti.grades.count),
                    ]))
            // Make-ups after lessons: a make-up refers to its lesson.
            let makeups = try source.makeupsCopy()
            let addedMakeups = try await storage.importMakeups(makeups)
            print(
                CommandWords.text(
                    "cli.store.copy.makeups",
                    [
                        "copied": .int(addedMakeups), "count": .int(makeups.count),
                        "there": .int(makeups.count - addedMakeups),
                    ]))
        }
    }
}

/// Connects to the store as a node named after this command, which holds no leases.
private func connect(_ url: String) async throws -> PostgresLessonStorage {
    try await PostgresLessonStorage.connect(
        url: url, node: ClusterNode(id: "petri-store-\(getpid())", advertisedURL: "ws://127.0.0.1:0/"),
        logger: Logger(label: "petri.store"))
}
