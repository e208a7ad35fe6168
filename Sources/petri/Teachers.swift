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
import PetriTerminal

/// `petri teachers`: the administrator's command line for teachers' accounts, on the configured store.
struct Teachers: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "teachers",
        abstract: "Manage teachers' accounts (the administrator's; the teacher key alone needs none).",
        discussion: """
            Works on the store the server is configured with (--config, PETRI_* as for `petri serve`): the \
            PostgreSQL store of a cluster, or the SQLite data directory. While a server runs on that data \
            directory (and so holds it), the command asks that server instead, on its configured port, with the \
            teacher key (--key, PETRI_TEACHER_KEY, the configuration's, or the data directory's key file). \
            Adding or resetting a teacher prints a one-time sign-in link (valid 7 days): give it to that teacher \
            only; they open it to choose their password.
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
        @Option(
            help: "The teacher key, to ask a running server that holds the SQLite data directory (on --server-url).")
        var key: String?

        /// The SQLite store of the data directory, or nil when a running server holds it.
        static func openSQLite(_ directory: String) throws -> PetriStore? {
            let opened = Result { try PetriStore.open(directory: directory) }
            if case .failure(let error as StoreError) = opened, error.code == .directoryInUse { return nil }
            return try opened.get()
        }

        /// Does what the command does: on the store (`direct`), or, when a running server holds the SQLite data
        /// directory, by asking that server (`request`; its answer goes to `answered`).
        ///
        /// A running server keeps its SQLite directory to itself (a second process writing beside it could
        /// undo what it holds), so asking it over the protocol is what works while it runs, and is safe.
        func perform(
            _ request: AccountRequest, direct: (TeacherAccounts, String) async throws -> Void,
            answered: (ServerMessage, String) throws -> Void
        ) async throws {
            let configuration = try loadConfiguration()
            let base = linkBase(configuration)
            if let postgres = try await configuration.openPostgres(logger: Logger(label: "petri.teachers")) {
                defer { postgres.close() }
                try await direct(Self.accounts(on: postgres), base)
                return
            }
            let directory = configuration.data.directory
            guard let store = try Self.openSQLite(directory) else {
                let server = webSocketURL(configuration)
                let key = try teacherKey(configuration, directory: directory)
                switch await PetriClient.administer(request, key: key, server: server) {
                case .success(let message): try answered(message, base)
                case .failure(let refusal):
                    throw ValidationError(TeacherCommandWords.serverRefused(server, refusal.message))
                }
                return
            }
            defer { try? store.close() }
            try await direct(Self.accounts(on: SQLiteLessonStorage(store: store)), base)
        }

        func loadConfiguration() throws -> ServerConfiguration {
            do {
                return try ServerConfiguration.load(
                    file: ServerConfiguration.defaultFile(), environment: ProcessInfo.processInfo.environment,
                    overrides: ConfigurationOverrides(configFile: config, dataDirectory: data))
            } catch {
                throw ValidationError(error.message)
            }
        }

        /// The address the sign-in links start with.
        func linkBase(_ configuration: ServerConfiguration) -> String {
            let base =
                serverURL ?? configuration.cluster.advertiseUrl.map {
                    $0.replacingOccurrences(of: "ws://", with: "http://")
                        .replacingOccurrences(of: "wss://", with: "https://")
                } ?? "http://\(configuration.server.host):\(configuration.server.port)"
            return base.hasSuffix("/") ? String(base.dropLast()) : base
        }

        /// The running server's WebSocket address: --server-url's (http becoming ws, https wss), else this machine's
        /// configured port, on the loopback address when the server listens on every address.
        func webSocketURL(_ configuration: ServerConfiguration) -> String {
            if let serverURL, let colon = serverURL.range(of: "://") {
                let scheme = serverURL[..<colon.lowerBound] == "https" ? "wss" : "ws"
                let host = serverURL[colon.upperBound...].prefix { $0 != "/" }
                return "\(scheme)://\(host)/"
            }
            let host = configuration.server.host
            let local = ["0.0.0.0", "::", "[::]", ""].contains(host) ? "127.0.0.1" : host
            return "ws://\(local):\(configuration.server.port)/"
        }

        /// The teacher key: --key, PETRI_TEACHER_KEY, the configuration's, else the data directory's key file.
        func teacherKey(_ configuration: ServerConfiguration, directory: String) throws -> String {
            let environment = ProcessInfo.processInfo.environment["PETRI_TEACHER_KEY"]
            if let given = key ?? environment ?? configuration.teacher.key, !given.isEmpty { return given }
            let file = "\(directory)/\(TeacherKeyFile.fileName)"
            let stored = (try? String(contentsOfFile: file, encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines)
            guard let stored, !stored.isEmpty else { throw ValidationError(TeacherCommandWords.noKey(directory)) }
            return stored
        }

        static func accounts(on storage: any TeacherAccountStorage) -> TeacherAccounts {
            let clock = SystemClock()
            return TeacherAccounts(
                storage: storage, now: { clock.now() },
                audit: AccountAudit(
                    now: { clock.now() },
                    write: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }))
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

    /// The link's secret of a server's `signInLink`, or the sentence that it sent something else.
    static func link(in message: ServerMessage) throws -> (teacher: String, secret: String) {
        guard case .signInLink(let teacher, let secret) = message else {
            throw ValidationError(TeacherCommandWords.unexpected)
        }
        return (teacher, secret)
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a teacher and print their sign-in link.")
        @Argument(help: "The name they sign in with (unique, no \"@\").") var name: String
        @Option(help: "An email address they may also sign in with.") var email: String?
        @OptionGroup var store: Store

        func run() async throws {
            try await store.perform(.addTeacher(name: name, email: email)) { accounts, base in
                let added: (teacher: TeacherRecord, link: String)
                do {
                    added = try await accounts.add(name: name, email: email, by: Teachers.actor, from: Teachers.place)
                } catch let refusal as AccountRefusal {
                    throw ValidationError(refusal.message)
                } catch let error as TeacherStorageError {
                    throw ValidationError(error.message)
                }
                print(TeacherCommandWords.added(added.teacher.name, link: "\(base)/teach#link=\(added.link)"))
            } answered: { message, base in
                let (teacher, secret) = try Teachers.link(in: message)
                print(TeacherCommandWords.added(teacher, link: "\(base)/teach#link=\(secret)"))
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List teachers with their status and sessions.")
        @OptionGroup var store: Store

        func run() async throws {
            try await store.perform(.teachers) { accounts, _ in
                let teachers = try await accounts.storage.teachers()
                let sessions = try await accounts.liveSessions(of: nil)
                if teachers.isEmpty { print(TeacherCommandWords.none) }
                for teacher in teachers {
                    let count = sessions.filter { $0.teacherId == teacher.id }.count
                    print(
                        TeacherCommandWords.line(
                            teacher.name, email: teacher.email, status: teacher.status.rawValue,
                            passwordSet: teacher.passwordHash != nil, sessions: count))
                }
            } answered: { message, _ in
                guard case .teachers(let teachers) = message else {
                    throw ValidationError(TeacherCommandWords.unexpected)
                }
                if teachers.isEmpty { print(TeacherCommandWords.none) }
                for teacher in teachers {
                    print(
                        TeacherCommandWords.line(
                            teacher.name, email: teacher.email, status: teacher.status,
                            passwordSet: teacher.passwordSet, sessions: teacher.sessions))
                }
            }
        }
    }

    /// What `disable` and `enable` do: finds the teacher by name or email, sets their status (a disabled
    /// teacher's sessions end at once, on every node) and prints `words` of their name.
    static func setStatus(
        _ status: TeacherStatus, of name: String, in store: Store, asking request: AccountRequest,
        saying words: (String) -> String
    ) async throws {
        try await store.perform(request) { accounts, _ in
            let teacher = try await Teachers.find(name, in: accounts)
            try await accounts.setStatus(status, of: teacher, by: Teachers.actor, from: Teachers.place)
            print(words(teacher.name))
        } answered: { _, _ in
            print(words(name))
        }
    }

    struct Disable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Disable a teacher: their sessions end at once, on every node; their lessons stay theirs.")
        @Argument(help: "The teacher's name or email.") var name: String
        @OptionGroup var store: Store

        func run() async throws {
            try await Teachers.setStatus(
                .disabled, of: name, in: store, asking: .disableTeacher(teacher: name),
                saying: TeacherCommandWords.disabled)
        }
    }

    struct Enable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Let a disabled teacher sign in again.")
        @Argument(help: "The teacher's name or email.") var name: String
        @OptionGroup var store: Store

        func run() async throws {
            try await Teachers.setStatus(
                .active, of: name, in: store, asking: .enableTeacher(teacher: name), saying: TeacherCommandWords.enabled
            )
        }
    }

    struct Reset: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Give a teacher a new sign-in link to choose a new password; their sessions end at once.")
        @Argument(help: "The teacher's name or email.") var name: String
        @OptionGroup var store: Store

        func run() async throws {
            try await store.perform(.resetTeacher(teacher: name)) { accounts, base in
                let teacher = try await Teachers.find(name, in: accounts)
                let link = try await accounts.reset(teacher, by: Teachers.actor, from: Teachers.place)
                print(TeacherCommandWords.reset(teacher.name, link: "\(base)/teach#link=\(link)"))
            } answered: { message, base in
                let (teacher, secret) = try Teachers.link(in: message)
                print(TeacherCommandWords.reset(teacher, link: "\(base)/teach#link=\(secret)"))
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove a teacher's account; the lessons they owned become the administrator's.")
        @Argument(help: "The teacher's name or email.") var name: String
        @OptionGroup var store: Store

        func run() async throws {
            try await store.perform(.removeTeacher(teacher: name)) { accounts, _ in
                let teacher = try await Teachers.find(name, in: accounts)
                try await accounts.remove(teacher, by: Teachers.actor, from: Teachers.place)
                print(TeacherCommandWords.removed(teacher.name))
            } answered: { _, _ in
                print(TeacherCommandWords.removed(name))
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

    static func line(_ name: String, email: String?, status: String, passwordSet: Bool, sessions: Int) -> String {
        let password = passwordSet ? "password set" : "no password yet"
        return "\(name)\t\(email ?? "-")\t\(status)\t\(password)\t\(sessions) session\(sessions == 1 ? "" : "s")"
    }

    static func noSuchTeacher(_ name: String) -> String {
        "There is no teacher \"\(name)\" on this server; `petri teachers list` shows them."
    }

    static func serverRefused(_ server: String, _ sentence: String) -> String {
        "A server runs on this data directory, so this was asked of it (\(server)), which answered: \(sentence)"
    }

    static func noKey(_ directory: String) -> String {
        "A server runs on the data directory \(directory), so this must be asked of it, with its teacher key; give "
            + "it with --key KEY (or PETRI_TEACHER_KEY), or use the /admin page."
    }

    static let unexpected = "The server answered with something else than expected; try again, or use the /admin page."
}
