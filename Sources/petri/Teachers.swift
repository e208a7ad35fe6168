import ArgumentParser
import Foundation
import Logging
import PetriAccounts
import PetriHub
import PetriProtocol
import PetriServer
import PetriStorage
import PetriStore
import PetriStorePostgres

/// `petri teachers`: the administrator's command line for teachers' accounts, on the configured store.
struct Teachers: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "teachers",
        abstract: "Manage teachers' accounts (the administrator's; the teacher key alone needs none).",
        discussion: """
            Works on the store the server is configured with (--config, PETRI_* as for `petri serve`): the \
            PostgreSQL store of a cluster (at any time), or the SQLite data directory (while the server is \
            stopped: a running server holds it). Adding or resetting a teacher prints a one-time sign-in link \
            (valid 7 days): give it to that teacher only; they open it to choose their password.
            """,
        subcommands: [Add.self, List.self, Disable.self, Enable.self, Reset.self, Remove.self]
    )

    /// Where the store is: the server's configuration.
    struct Store: ParsableArguments {
        @Option(help: "Configuration file (YAML), as for `petri serve`.")
        var config: String?
        @Option(help: "The SQLite data directory (data.directory), when the store is not PostgreSQL.")
        var data: String?
        @Option(
            name: .customLong("server-url"),
            help: "The address teachers open (e.g. https://petri.school.example), for the sign-in links.")
        var serverURL: String?

        /// The SQLite store of the data directory, or a sentence when the running server holds it.
        static func openSQLite(_ directory: String) throws -> PetriStore {
            let opened = Result { try PetriStore.open(directory: directory) }
            if case .failure(let error as StoreError) = opened, error.code == .directoryInUse {
                throw ValidationError(TeacherCommandWords.sqliteInUse(directory))
            }
            return try opened.get()
        }

        /// Opens the configured store and the accounts on it, runs `body`, and closes the store.
        func withAccounts<T>(_ body: (TeacherAccounts, String) async throws -> T) async throws -> T {
            let configuration: ServerConfiguration
            do {
                configuration = try ServerConfiguration.load(
                    file: ServerConfiguration.defaultFile(), environment: ProcessInfo.processInfo.environment,
                    overrides: ConfigurationOverrides(configFile: config, dataDirectory: data))
            } catch {
                throw ValidationError(error.message)
            }
            let base =
                serverURL ?? configuration.cluster.advertiseUrl.map {
                    $0.replacingOccurrences(of: "ws://", with: "http://")
                        .replacingOccurrences(of: "wss://", with: "https://")
                } ?? "http://\(configuration.server.host):\(configuration.server.port)"
            let storage: any TeacherAccountStorage
            var close: () -> Void = {}
            if let postgres = try await configuration.openPostgres(logger: Logger(label: "petri.teachers")) {
                storage = postgres
                close = { postgres.close() }
            } else {
                let store = try Self.openSQLite(configuration.data.directory)
                storage = SQLiteLessonStorage(store: store)
                close = { try? store.close() }
            }
            defer { close() }
            let clock = SystemClock()
            let accounts = TeacherAccounts(
                storage: storage, now: { clock.now() },
                audit: AccountAudit(
                    now: { clock.now() },
                    write: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }))
            return try await body(accounts, base.hasSuffix("/") ? String(base.dropLast()) : base)
        }
    }

    /// Who the audit lines name for these commands, and where from.
    static let actor = "administrator"
    static let place = "command line (\(ProcessInfo.processInfo.hostName))"

    static func find(_ name: String, in accounts: TeacherAccounts) async throws -> TeacherRecord {
        guard let teacher = try await accounts.find(name) else {
            throw ValidationError(TeacherCommandWords.noSuchTeacher(name))
        }
        return teacher
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a teacher and print their sign-in link.")
        @Argument(help: "The name they sign in with (unique, no \"@\").") var name: String
        @Option(help: "An email address they may also sign in with.") var email: String?
        @OptionGroup var store: Store

        func run() async throws {
            try await store.withAccounts { accounts, base in
                let added: (teacher: TeacherRecord, link: String)
                do {
                    added = try await accounts.add(name: name, email: email, by: Teachers.actor, from: Teachers.place)
                } catch let refusal as AccountRefusal {
                    throw ValidationError(refusal.message)
                } catch let error as TeacherStorageError {
                    throw ValidationError(error.message)
                }
                print(TeacherCommandWords.added(added.teacher.name, link: "\(base)/teach#link=\(added.link)"))
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List teachers with their status and sessions.")
        @OptionGroup var store: Store

        func run() async throws {
            try await store.withAccounts { accounts, _ in
                let teachers = try await accounts.storage.teachers()
                let sessions = try await accounts.liveSessions(of: nil)
                if teachers.isEmpty { print(TeacherCommandWords.none) }
                for teacher in teachers {
                    let count = sessions.filter { $0.teacherId == teacher.id }.count
                    print(TeacherCommandWords.line(teacher, sessions: count))
                }
            }
        }
    }

    /// What `disable` and `enable` do: finds the teacher by name or email, sets their status (a disabled
    /// teacher's sessions end at once, on every node) and prints `words` of their name.
    static func setStatus(
        _ status: TeacherStatus, of name: String, in store: Store, saying words: (String) -> String
    ) async throws {
        try await store.withAccounts { accounts, _ in
            let teacher = try await Teachers.find(name, in: accounts)
            try await accounts.setStatus(status, of: teacher, by: Teachers.actor, from: Teachers.place)
            print(words(teacher.name))
        }
    }

    struct Disable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Disable a teacher: their sessions end at once, on every node; their lessons stay theirs.")
        @Argument(help: "The teacher's name or email.") var name: String
        @OptionGroup var store: Store

        func run() async throws {
            try await Teachers.setStatus(.disabled, of: name, in: store, saying: TeacherCommandWords.disabled)
        }
    }

    struct Enable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Let a disabled teacher sign in again.")
        @Argument(help: "The teacher's name or email.") var name: String
        @OptionGroup var store: Store

        func run() async throws {
            try await Teachers.setStatus(.active, of: name, in: store, saying: TeacherCommandWords.enabled)
        }
    }

    struct Reset: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Give a teacher a new sign-in link to choose a new password; their sessions end at once.")
        @Argument(help: "The teacher's name or email.") var name: String
        @OptionGroup var store: Store

        func run() async throws {
            try await store.withAccounts { accounts, base in
                let teacher = try await Teachers.find(name, in: accounts)
                let link = try await accounts.reset(teacher, by: Teachers.actor, from: Teachers.place)
                print(TeacherCommandWords.reset(teacher.name, link: "\(base)/teach#link=\(link)"))
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove a teacher's account; the lessons they owned become the administrator's.")
        @Argument(help: "The teacher's name or email.") var name: String
        @OptionGroup var store: Store

        func run() async throws {
            try await store.withAccounts { accounts, _ in
                let teacher = try await Teachers.find(name, in: accounts)
                try await accounts.remove(teacher, by: Teachers.actor, from: Teachers.place)
                print(TeacherCommandWords.removed(teacher.name))
            }
        }
    }
}

/// The sentences of `petri teachers`, in one place (for the language catalogs).
enum TeacherCommandWords {
    static func added(_ name: String, link: String) -> String {
        "Added \(name). Give them this sign-in link (it works once, for 7 days, to choose their password):\n  \(link)"
    }

    static func reset(_ name: String, link: String) -> String {
        "Signed \(name) out everywhere. Give them this new sign-in link (it works once, for 7 days):\n  \(link)"
    }

    static func disabled(_ name: String) -> String {
        "Disabled \(name): every session of theirs has ended; `petri teachers enable` lets them sign in again."
    }

    static func enabled(_ name: String) -> String { "Enabled \(name): they may sign in again." }

    static func removed(_ name: String) -> String {
        "Removed \(name); the lessons they owned are now the administrator's."
    }

    static let none = "No teachers yet; add one with `petri teachers add NAME --email ADDRESS`."

    static func line(_ teacher: TeacherRecord, sessions: Int) -> String {
        let password = teacher.passwordHash == nil ? "no password yet" : "password set"
        return "\(teacher.name)\t\(teacher.email ?? "-")\t\(teacher.status.rawValue)\t\(password)\t"
            + "\(sessions) session\(sessions == 1 ? "" : "s")"
    }

    static func noSuchTeacher(_ name: String) -> String {
        "There is no teacher \"\(name)\" on this server; `petri teachers list` shows them."
    }

    static func sqliteInUse(_ directory: String) -> String {
        "The server is running on the data directory \(directory) and holds it; stop it to manage teachers from the "
            + "command line (a cluster's PostgreSQL store can be managed while it runs)."
    }
}
