import ArgumentParser
import Foundation
import Logging
import PetriHub
import PetriLesson
import PetriProtocol
import PetriServer
import PetriSimulation
import PetriStorage
import PetriStore
import PetriStorePostgres
import PetriTerminal
import PetriWords

/// `petri plan`: lesson plans (Sources/PetriLesson/Plans/PLANS-FORMAT.md): check a file, list the server's plans,
/// export one, import one.
///
/// The server's plans are the shipped ones and those in its store (SQLite in the data directory, or the cluster's
/// PostgreSQL), which `import` writes and every node reads on each request (no restart needed). Files in the data
/// directory's `plans/` folder are offered too, and stored at the server's next start; `import` writes there
/// instead while a running server holds the SQLite store.
struct PlanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: CommandWords.text("cli.plan.abstract"),
        subcommands: [
            Check.self, Preview.self, List.self, Export.self, Import.self, Remove.self, Share.self, Unshare.self,
        ]
    )

    /// Where the server keeps its plans: its store, as `petri serve` is configured.
    struct Location: ParsableArguments {
        @Option(help: CommandHelp.text("cli.common.config"))
        var config: String?

        @Option(help: CommandHelp.text("cli.plan.data"))
        var data: String?

        @Option(
            help: CommandHelp.text("cli.plan.models"))
        var models: String?

        @Option(help: CommandHelp.text("cli.plan.teacher"))
        var teacher: String?

        func configuration() throws -> ServerConfiguration {
            do {
                return try ServerConfiguration.load(
                    file: ServerConfiguration.defaultFile(), environment: ProcessInfo.processInfo.environment,
                    overrides: ConfigurationOverrides(configFile: config, dataDirectory: data))
            } catch {
                throw ValidationError(error.message(in: CommandWords.language))
            }
        }

        func catalog(_ configuration: ServerConfiguration) -> ModelCatalog {
            ModelDirectory.load(models ?? configuration.models.directory, logger: .init(label: "petri.plan")).catalog
        }

        /// The store, and the owner (`--teacher`) whose plans to use, or nil when a running server holds the
        /// SQLite store (then only the shipped plans and the plans folder are at hand).
        func withStore<T>(
            _ configuration: ServerConfiguration,
            _ body: ((storage: any PlanStorage, owner: String?)?) async throws -> T
        ) async throws -> T {
            if let postgres = try await configuration.openPostgres(logger: Logger(label: "petri.plan")) {
                defer { postgres.close() }
                return try await body((postgres, try await owner(in: postgres)))
            }
            let opened = Result { try PetriStore.open(directory: configuration.data.directory) }
            if case .failure(let error as StoreError) = opened, error.code == .directoryInUse {
                guard teacher == nil else {
                    throw ValidationError(PlanCommandWords.storeInUse(configuration.data.directory))
                }
                return try await body(nil)
            }
            let store = try opened.get()
            defer { try? store.close() }
            let storage = SQLiteLessonStorage(store: store)
            return try await body((storage, try await owner(in: storage)))
        }

        func owner(in accounts: any TeacherAccountStorage) async throws -> String? {
            guard let teacher else { return nil }
            guard let record = try await accounts.teacher(named: teacher) else {
                throw ValidationError(TeacherCommandWords.noSuchTeacher(teacher))
            }
            return record.id
        }

        /// The plans at hand: shipped, then the store's (the teacher's own with `--teacher`), then the folder's files
        /// not stored yet (without `--teacher`).
        func files(_ configuration: ServerConfiguration, _ store: (storage: any PlanStorage, owner: String?)?)
            async throws -> [PlanFile]
        {
            var files = ShippedPlans.files
            if let store {
                for record in try await store.storage.plans(ownedBy: store.owner)
                where !files.contains(where: { $0.name == record.name }) {
                    files.append(
                        PlanFile(name: record.name, text: record.text, shipped: false, own: store.owner != nil))
                }
            }
            if teacher == nil {
                let folder = PlanDirectory.folder(in: configuration.data.directory)
                for file in PlanDirectory.files(in: folder) where !files.contains(where: { $0.name == file.name }) {
                    files.append(file)
                }
            }
            return files
        }
    }

    /// `petri plan check FILE`: every mistake in a plan file with its line.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: CommandWords.text("cli.plan.check.abstract"),
            discussion: CommandWords.text("cli.plan.check.discussion")
        )

        @Argument(help: CommandHelp.text("cli.plan.check.file"))
        var file: String

        @OptionGroup var location: Location

        func run() throws {
            let text = try PlanCommand.read(file)
            switch PlanCheck.check(text, models: location.catalog(try location.configuration())) {
            case .success(let plan):
                print(PlanCommandWords.valid(file, title: plan.title, moments: plan.moments.count))
            case .failure(let problems):
                let lines = problems.problems.map { "\(file):\($0.line): \($0.sentence(in: CommandWords.language))\n" }
                    .joined()
                FileHandle.standardError.write(Data(lines.utf8))
                throw ExitCode.failure
            }
        }
    }

    /// `petri plan preview FILE`: what the plan's questions would do with one seed, before class.
    struct Preview: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: CommandWords.text("cli.plan.preview.abstract"),
            discussion: CommandWords.text("cli.plan.preview.discussion")
        )

        @Argument(help: CommandHelp.text("cli.plan.preview.file"))
        var file: String

        @Option(help: CommandHelp.text("cli.plan.preview.seed"))
        var seed: UInt64?

        @Option(help: CommandHelp.text("cli.plan.preview.replicates"))
        var replicates = 20

        @OptionGroup var location: Location

        func run() throws {
            let text = try PlanCommand.read(file)
            let catalog = location.catalog(try location.configuration())
            switch PlanCheck.check(text, models: catalog) {
            case .failure(let problems):
                let lines = problems.problems.map { "\(file):\($0.line): \($0.sentence(in: CommandWords.language))\n" }
                    .joined()
                FileHandle.standardError.write(Data(lines.utf8))
                throw ExitCode.failure
            case .success(let plan):
                guard let entry = catalog.entry(for: plan.model) else { throw ExitCode.failure }
                do {
                    let preview = try PlanPreviewRun.run(
                        plan, text: text, seed: seed ?? plan.seed ?? 1, maker: entry.maker, replicates: replicates)
                    for line in PlanTerminalWords.preview(preview) { print(line) }
                } catch {
                    FileHandle.standardError.write(Data((error.message + "\n").utf8))
                    throw ExitCode.failure
                }
            }
        }
    }

    /// `petri plan list`: the server's plans (or a teacher's), one a line.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: CommandWords.text("cli.plan.list.abstract"))

        @OptionGroup var location: Location

        func run() async throws {
            let configuration = try location.configuration()
            let catalog = location.catalog(configuration)
            try await location.withStore(configuration) { store in
                if store == nil {
                    FileHandle.standardError.write(
                        Data((PlanCommandWords.listingInUse(configuration.data.directory) + "\n").utf8))
                }
                for file in try await location.files(configuration, store) {
                    switch PlanCheck.check(file.text, models: catalog) {
                    case .success(let plan):
                        print(PlanCommandWords.listed(file.name, plan: plan, shipped: file.shipped))
                    case .failure(let problems):
                        print(PlanCommandWords.broken(file.name, problems: problems.problems.count))
                    }
                }
            }
        }
    }

    /// `petri plan export NAME`: the plan's file, on standard output or into a file.
    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: CommandWords.text("cli.plan.export.abstract"))

        @Argument(help: CommandHelp.text("cli.plan.export.name"))
        var name: String

        @Option(help: CommandHelp.text("cli.plan.export.output"))
        var output: String?

        @OptionGroup var location: Location

        func run() async throws {
            let configuration = try location.configuration()
            let files = try await location.withStore(configuration) { try await location.files(configuration, $0) }
            guard let file = files.first(where: { $0.name == name }) else {
                FileHandle.standardError.write(Data((PlanCommandWords.noSuchPlan(name) + "\n").utf8))
                throw ExitCode.failure
            }
            if let output {
                guard FileManager.default.createFile(atPath: output, contents: Data(file.text.utf8)) else {
                    FileHandle.standardError.write(Data((PlanCommandWords.cannotWrite(output) + "\n").utf8))
                    throw ExitCode.failure
                }
            } else {
                print(file.text, terminator: file.text.hasSuffix("\n") ? "" : "\n")
            }
        }
    }

    /// `petri plan import FILE`: checks the file and stores it among the server's plans (or a teacher's).
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: CommandWords.text("cli.plan.import.abstract"),
            discussion: CommandWords.text("cli.plan.import.discussion")
        )

        @Argument(help: CommandHelp.text("cli.plan.import.file"))
        var file: String

        @Option(help: CommandHelp.text("cli.plan.import.name"))
        var name: String?

        @Flag(help: CommandHelp.text("cli.plan.import.replace"))
        var replace = false

        @OptionGroup var location: Location

        func run() async throws {
            let text = try PlanCommand.read(file)
            let base = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
            let planName = name ?? base
            let configuration = try location.configuration()
            let catalog = location.catalog(configuration)
            let refusal: PlanDirectory.ImportRefusal?
            do {
                refusal = try await location.withStore(configuration) { store -> PlanDirectory.ImportRefusal? in
                    guard let store else {
                        let folder = PlanDirectory.folder(in: configuration.data.directory)
                        let target = try PlanDirectory.importPlan(
                            text, as: planName, into: folder, replace: replace, models: catalog)
                        print(PlanCommandWords.importedToFolder(planName, path: target))
                        return nil
                    }
                    try PlanDirectory.checkImport(text, as: planName, models: catalog)
                    let saved = try await store.storage.savePlan(
                        PlanRecord(name: planName, ownerId: store.owner, text: text, savedAt: SystemClock().now()),
                        replace: replace)
                    guard saved else { return .sentence(PlanWords.planExists(planName)) }
                    print(PlanCommandWords.imported(planName, owner: location.teacher))
                    return nil
                }
            } catch let error as PlanDirectory.ImportRefusal {
                refusal = error
            }
            switch refusal {
            case nil: return
            case .problems(let problems):
                let lines = problems.map { "\(file):\($0.line): \($0.sentence(in: CommandWords.language))\n" }.joined()
                FileHandle.standardError.write(Data(lines.utf8))
            case .sentence(let sentence):
                FileHandle.standardError.write(Data((sentence.text(in: CommandWords.language) + "\n").utf8))
            }
            throw ExitCode.failure
        }
    }

    /// `petri plan remove NAME`: takes a plan out of the server's stored plans (or a teacher's own).
    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: CommandWords.text("cli.plan.remove.abstract"),
            discussion: CommandWords.text("cli.plan.remove.discussion")
        )

        @Argument(help: CommandHelp.text("cli.plan.export.name"))
        var name: String

        @OptionGroup var location: Location

        func run() async throws {
            let configuration = try location.configuration()
            let removed = try await location.withStore(configuration) { store -> Bool in
                guard let store else {
                    throw ValidationError(PlanCommandWords.removeInUse(configuration.data.directory))
                }
                return try await store.storage.removePlan(named: name, ownedBy: store.owner)
            }
            guard removed else {
                FileHandle.standardError.write(Data((PlanCommandWords.noneToRemove(name) + "\n").utf8))
                throw ExitCode.failure
            }
            print(PlanCommandWords.removed(name, owner: location.teacher))
            let folder = PlanDirectory.folder(in: configuration.data.directory)
            if location.teacher == nil, PlanDirectory.files(in: folder).contains(where: { $0.name == name }) {
                print(PlanCommandWords.stillInFolder(name, folder: folder))
            }
        }
    }

    /// `petri plan share NAME`: a link to one of the server's stored plans (or a teacher's), for colleagues to read
    /// it and copy it into their own plans.
    struct Share: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: CommandWords.text("cli.plan.share.abstract"),
            discussion: CommandWords.text("cli.plan.share.discussion"))

        @Argument(help: CommandHelp.text("cli.plan.export.name"))
        var name: String

        @Option(
            name: .customLong("server-url"),
            help: CommandHelp.text("cli.plan.share.serverUrl"))
        var serverURL: String?

        @OptionGroup var location: Location

        func run() async throws {
            let configuration = try location.configuration()
            let share = try await location.withStore(configuration) { store -> PlanShare? in
                guard let store, let shares = store.storage as? any PlanShareStorage else {
                    throw ValidationError(PlanCommandWords.shareInUse(configuration.data.directory))
                }
                var random = SystemRandomNumberGenerator()
                let words: [UInt64] = [random.next(), random.next()]
                let token = try AccessToken(
                    randomBytes: words.flatMap { word in (0..<8).map { UInt8(truncatingIfNeeded: word >> (8 * $0)) } })
                return try await shares.sharePlan(
                    PlanShare(token: token.secret, name: name, ownerId: store.owner, sharedAt: SystemClock().now()))
            }
            guard let share else {
                FileHandle.standardError.write(Data((PlanCommandWords.nothingToShare(name) + "\n").utf8))
                throw ExitCode.failure
            }
            let base =
                serverURL ?? configuration.cluster.advertiseUrl.map {
                    $0.replacingOccurrences(of: "ws://", with: "http://")
                        .replacingOccurrences(of: "wss://", with: "https://")
                } ?? "http://\(configuration.server.host):\(configuration.server.port)"
            let trimmed = base.hasSuffix("/") ? String(base.dropLast()) : base
            print(PlanCommandWords.shared(name, link: "\(trimmed)/plan/\(share.token)"))
        }
    }

    /// `petri plan unshare NAME`: revokes a plan's link.
    struct Unshare: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: CommandWords.text("cli.plan.unshare.abstract"))

        @Argument(help: CommandHelp.text("cli.plan.export.name"))
        var name: String

        @OptionGroup var location: Location

        func run() async throws {
            let configuration = try location.configuration()
            let revoked = try await location.withStore(configuration) { store -> Bool in
                guard let store, let shares = store.storage as? any PlanShareStorage else {
                    throw ValidationError(PlanCommandWords.shareInUse(configuration.data.directory))
                }
                return try await shares.unsharePlan(named: name, ownedBy: store.owner)
            }
            guard revoked else {
                FileHandle.standardError.write(Data((PlanCommandWords.notShared(name) + "\n").utf8))
                throw ExitCode.failure
            }
            print(PlanCommandWords.unshared(name))
        }
    }

    static func read(_ file: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: file) else {
            FileHandle.standardError.write(Data((PlanCommandWords.cannotRead(file) + "\n").utf8))
            throw ExitCode.failure
        }
        return String(decoding: data, as: UTF8.self)
    }
}

/// The sentences of `petri plan`, from the command line's catalogs.
enum PlanCommandWords {
    static func valid(_ file: String, title: String, moments: Int) -> String {
        CommandWords.text("cli.plan.valid", ["file": .text(file), "title": .text(title), "count": .int(moments)])
    }
    static func listed(_ name: String, plan: LessonPlan, shipped: Bool) -> String {
        let origin = shipped ? CommandWords.text("cli.plan.shipped") : CommandWords.text("cli.plan.importedOrigin")
        return "\(name)\t\(plan.model.rawValue)\t"
            + CommandWords.text("cli.plan.moments", ["count": .int(plan.moments.count)]) + "\t\(origin)\t\(plan.title)"
    }
    static func broken(_ name: String, problems: Int) -> String {
        "\(name)\t" + CommandWords.text("cli.plan.broken", ["name": .text(name), "count": .int(problems)])
    }
    static func noSuchPlan(_ name: String) -> String { CommandWords.text("cli.plan.noSuchPlan", ["name": .text(name)]) }
    static func cannotRead(_ file: String) -> String {
        CommandWords.text("cli.common.cannotRead", ["file": .text(file)])
    }
    static func cannotWrite(_ file: String) -> String {
        CommandWords.text("cli.plan.cannotWrite", ["file": .text(file)])
    }
    static func imported(_ name: String, owner: String?) -> String {
        owner.map { CommandWords.text("cli.plan.importedForTeacher", ["name": .text(name), "teacher": .text($0)]) }
            ?? CommandWords.text("cli.plan.imported", ["name": .text(name)])
    }
    static func importedToFolder(_ name: String, path: String) -> String {
        CommandWords.text("cli.plan.importedToFolder", ["name": .text(name), "path": .text(path)])
    }
    static func removed(_ name: String, owner: String?) -> String {
        owner.map { CommandWords.text("cli.plan.removedForTeacher", ["name": .text(name), "teacher": .text($0)]) }
            ?? CommandWords.text("cli.plan.removed", ["name": .text(name)])
    }
    static func noneToRemove(_ name: String) -> String {
        CommandWords.text("cli.plan.noneToRemove", ["name": .text(name)])
    }
    static func stillInFolder(_ name: String, folder: String) -> String {
        CommandWords.text("cli.plan.stillInFolder", ["name": .text(name), "folder": .text(folder)])
    }
    static func removeInUse(_ directory: String) -> String {
        CommandWords.text("cli.plan.removeInUse", ["directory": .text(directory)])
    }
    static func shareInUse(_ directory: String) -> String {
        CommandWords.text("cli.plan.shareInUse", ["directory": .text(directory)])
    }
    static func nothingToShare(_ name: String) -> String {
        CommandWords.text("cli.plan.nothingToShare", ["name": .text(name)])
    }
    static func shared(_ name: String, link: String) -> String {
        CommandWords.text("cli.plan.shared", ["name": .text(name), "link": .text(link)])
    }
    static func notShared(_ name: String) -> String { CommandWords.text("cli.plan.notShared", ["name": .text(name)]) }
    static func unshared(_ name: String) -> String { CommandWords.text("cli.plan.unshared", ["name": .text(name)]) }
    static func storeInUse(_ directory: String) -> String {
        CommandWords.text("cli.plan.storeInUse", ["directory": .text(directory)])
    }
    static func listingInUse(_ directory: String) -> String {
        CommandWords.text("cli.plan.listingInUse", ["directory": .text(directory)])
    }
}
