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
import PetriWords

/// `petri teachers`: the administrator's command line for teachers' accounts, on the configured store.
struct Teachers: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "teachers",
        abstract: CommandWords.text("cli.teachers.abstract"),
        discussion: CommandWords.text("cli.teachers.discussion"),
        subcommands: [Add.self, List.self, Disable.self, Enable.self, Reset.self, Remove.self]
    )

    /// Where the store is: the server's configuration.
    struct Store: ParsableArguments {
        @Option(help: CommandHelp.text("cli.common.config"))
        var config: String?
        @Option(help: CommandHelp.text("cli.common.data"))
        var data: String?
        @Option(
            name: .customLong("server-url"),
            help: CommandHelp.text("cli.teachers.serverURL"))
        var serverURL: String?
        @Option(
            help: CommandHelp.text("cli.teachers.key"))
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
                switch await PetriClient.administer(request, key: key, server: server, language: CommandWords.language)
                {
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
                throw ValidationError(error.message(in: CommandWords.language))
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
            return TeacherAccounts(storage: storage, now: { clock.now() }, audit: Teachers.audit)
        }
    }

    /// The audit trail of these commands (and `petri lti`'s): one JSON line each on standard error.
    static var audit: AccountAudit {
        let clock = SystemClock()
        return AccountAudit(
            now: { clock.now() }, write: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
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
        static let configuration = CommandConfiguration(abstract: CommandWords.text("cli.teachers.add.abstract"))
        @Argument(help: CommandHelp.text("cli.teachers.add.name")) var name: String
        @Option(help: CommandHelp.text("cli.teachers.add.email")) var email: String?
        @OptionGroup var store: Store

        func run() async throws {
            try await store.perform(.addTeacher(name: name, email: email)) { accounts, base in
                let added: (teacher: TeacherRecord, link: String)
                do {
                    added = try await accounts.add(name: name, email: email, by: Teachers.actor, from: Teachers.place)
                } catch let refusal as AccountRefusal {
                    throw ValidationError(refusal.word.text(in: CommandWords.language))
                } catch let error as TeacherStorageError {
                    throw ValidationError(error.word.text(in: CommandWords.language))
                }
                print(TeacherCommandWords.added(added.teacher.name, link: "\(base)/teach#link=\(added.link)"))
            } answered: { message, base in
                let (teacher, secret) = try Teachers.link(in: message)
                print(TeacherCommandWords.added(teacher, link: "\(base)/teach#link=\(secret)"))
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: CommandWords.text("cli.teachers.list.abstract"))
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
            abstract: CommandWords.text("cli.teachers.disable.abstract"))
        @Argument(help: CommandHelp.text("cli.teachers.name")) var name: String
        @OptionGroup var store: Store

        func run() async throws {
            try await Teachers.setStatus(
                .disabled, of: name, in: store, asking: .disableTeacher(teacher: name),
                saying: TeacherCommandWords.disabled)
        }
    }

    struct Enable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: CommandWords.text("cli.teachers.enable.abstract"))
        @Argument(help: CommandHelp.text("cli.teachers.name")) var name: String
        @OptionGroup var store: Store

        func run() async throws {
            try await Teachers.setStatus(
                .active, of: name, in: store, asking: .enableTeacher(teacher: name), saying: TeacherCommandWords.enabled
            )
        }
    }

    struct Reset: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: CommandWords.text("cli.teachers.reset.abstract"))
        @Argument(help: CommandHelp.text("cli.teachers.name")) var name: String
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
            abstract: CommandWords.text("cli.teachers.remove.abstract"))
        @Argument(help: CommandHelp.text("cli.teachers.name")) var name: String
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

/// The sentences of `petri teachers`, from the command line's catalogs.
enum TeacherCommandWords {
    static func added(_ name: String, link: String) -> String {
        CommandWords.text("cli.teachers.added", ["name": .text(name), "link": .text(link)])
    }

    static func reset(_ name: String, link: String) -> String {
        CommandWords.text("cli.teachers.resetDone", ["name": .text(name), "link": .text(link)])
    }

    static func disabled(_ name: String) -> String { CommandWords.text("cli.teachers.disabled", ["name": .text(name)]) }

    static func enabled(_ name: String) -> String { CommandWords.text("cli.teachers.enabled", ["name": .text(name)]) }

    static func removed(_ name: String) -> String { CommandWords.text("cli.teachers.removed", ["name": .text(name)]) }

    static var none: String { CommandWords.text("cli.teachers.none") }

    /// One teacher of the list: name, email, status (as stored: active or disabled), password, sessions.
    static func line(_ name: String, email: String?, status: String, passwordSet: Bool, sessions: Int) -> String {
        let password =
            passwordSet ? CommandWords.text("cli.teachers.passwordSet") : CommandWords.text("cli.teachers.noPassword")
        return "\(name)\t\(email ?? "-")\t\(status)\t\(password)\t"
            + CommandWords.text("cli.teachers.sessions", ["count": .int(sessions)])
    }

    static func noSuchTeacher(_ name: String) -> String {
        CommandWords.text("cli.teachers.noSuchTeacher", ["name": .text(name)])
    }

    static func serverRefused(_ server: String, _ sentence: String) -> String {
        CommandWords.text("cli.teachers.serverRefused", ["server": .text(server), "sentence": .text(sentence)])
    }

    static func noKey(_ directory: String) -> String {
        CommandWords.text("cli.teachers.noKey", ["directory": .text(directory)])
    }

    static var unexpected: String { CommandWords.text("cli.teachers.unexpected") }
}
