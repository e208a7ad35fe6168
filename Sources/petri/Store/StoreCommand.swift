import ArgumentParser
import Foundation
import Logging
import PetriServer
import PetriStorage
import PetriStore
import PetriStorePostgres

/// `petri store`: the PostgreSQL store of a cluster, and erasing a lesson from a data directory or that store.
struct StoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Prepare a PostgreSQL store and move lessons into it; erase a lesson from a store.",
        subcommands: [Migrate.self, Copy.self, EraseLesson.self]
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

    /// `petri store erase-lesson`: the administrator erases a whole lesson now, from a SQLite data directory (the server
    /// stopped) or from a cluster's PostgreSQL store (its nodes may run).
    struct EraseLesson: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "erase-lesson",
            abstract: "Erase a whole lesson now from a SQLite data directory or a PostgreSQL store.",
            discussion: """
                Deletes every stored lesson with this join code (running or ended), with its log, checkpoints, \
                students, answers, make-ups, owners, LMS link and grades. It cannot be undone. On SQLite (--data) \
                stop the server using the data directory first; no byte of the lesson is left in the database or \
                its write-ahead log. On PostgreSQL (--url or PETRI_STORE_URL) the nodes may keep running: a node \
                running the lesson closes it for everyone at its next lease renewal; PostgreSQL keeps the old row \
                versions until VACUUM (Deploy/README.md, Privacy). Examples:
                  petri store erase-lesson --data /var/lib/petri --code K7QX2M
                  petri store erase-lesson --url postgres://petri@db/petri --code K7QX2M
                """
        )

        @Option(help: "The SQLite data directory (else the PostgreSQL store of --url or PETRI_STORE_URL).")
        var data: String?
        @Option(help: "The PostgreSQL URL, postgres://user:password@host:5432/database (default: $PETRI_STORE_URL).")
        var url: String?
        @Option(help: "The lesson's join code.")
        var code: String

        func validate() throws {
            if data != nil, url != nil {
                throw ValidationError(
                    "Give either --data (a SQLite data directory) or --url (a PostgreSQL store), not both.")
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
                    throw ValidationError(
                        "Give the store: --data /var/lib/petri (SQLite) or --url postgres://... or PETRI_STORE_URL "
                            + "(PostgreSQL).")
                }
                let storage = try await connect(url)
                defer { storage.close() }
                erased = try await storage.eraseLessons(joinCode: code)
                postgres = true
            }
            guard !erased.isEmpty else {
                throw ValidationError(
                    "No stored lesson has the code \(code); check the code (the console and My lessons show it).")
            }
            print("Erased \(erased.count) lesson\(erased.count == 1 ? "" : "s") with the code \(code).")
            if postgres {
                print(
                    "A node running it closes it at its next lease renewal. PostgreSQL keeps the old rows in its "
                        + "pages and WAL until VACUUM: see Deploy/README.md, Privacy.")
            }
        }
    }

    /// `petri store copy`: SQLite lessons into PostgreSQL.
    struct Copy: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Copy every lesson of a SQLite data directory into a PostgreSQL store.",
            discussion: """
                Copies each lesson with its whole log, checkpoints, students (scores and streaks) and answers \
                (points), one transaction per lesson, then the teachers' accounts (sign-in links, sessions, who \
                owns and shares each lesson) in one more, then the lesson plans (the server's and each teacher's) in \
                one more, then the LTI platforms, Petri's LTI key, the LMS links and the grades queue in one more, \
                then the make-ups with their students. A lesson, account, plan, LTI row or make-up already in the \
                store is left as it is, so the copy can be run again. Stop the server using the data directory first. Example:
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
                if try await storage.importLesson(try LessonCopy(of: lesson, from: source)) { copied += 1 }
            }
            print("Copied \(copied) of \(lessons.count) lessons (\(lessons.count - copied) were already there).")
            // Accounts after lessons: who teaches a lesson refers to both.
            let accounts = try source.accountsCopy()
            let added = try await storage.importAccounts(accounts)
            print(
                "Copied \(added) of \(accounts.teachers.count) teachers' accounts with their sign-in links, sessions and "
                    + "lessons (\(accounts.teachers.count - added) were already there).")
            // Plans after accounts: a teacher's plan refers to its owner.
            let plans = try source.plansCopy()
            let addedPlans = try await storage.importPlans(plans)
            print(
                "Copied \(addedPlans) of \(plans.count) lesson plans (\(plans.count - addedPlans) were already there).")
            // LTI after lessons and accounts: its links refer to both.
            let lti = try source.ltiCopy()
            let addedPlatforms = try await storage.importLTI(lti)
            print(
                "Copied \(addedPlatforms) of \(lti.platforms.count) LTI platforms (\(lti.platforms.count - addedPlatforms) "
                    + "were already there) with Petri's LTI key, the LMS users' links, the activities' lessons and "
                    + "\(lti.grades.count) grades for the LMS (sent or pending).")
            // Make-ups after lessons: a make-up refers to its lesson.
            let makeups = try source.makeupsCopy()
            let addedMakeups = try await storage.importMakeups(makeups)
            print(
                "Copied \(addedMakeups) of \(makeups.count) make-ups with their students "
                    + "(\(makeups.count - addedMakeups) were already there).")
        }
    }
}

/// Connects to the store as a node named after this command, which holds no leases.
private func connect(_ url: String) async throws -> PostgresLessonStorage {
    try await PostgresLessonStorage.connect(
        url: url, node: ClusterNode(id: "petri-store-\(getpid())", advertisedURL: "ws://127.0.0.1:0/"),
        logger: Logger(label: "petri.store"))
}
