import ArgumentParser
import Foundation
import PetriProtocol
import PetriSimulation
import PetriTerminal
import PetriWords

/// `petri teach`: the teacher's console, for a new lesson or an existing one.
struct Teach: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "teach",
        abstract: CommandWords.text("cli.teach.abstract"),
        discussion: CommandWords.text("cli.teach.discussion"),
        subcommands: [New.self, Attach.self, Import.self, Plan.self, Login.self]
    )
}

extension Teach {
    /// `petri teach new MODEL [--population 20 …]`.
    struct New: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: CommandWords.text("cli.teach.new.abstract"),
            discussion: ModelParameters.discussion()
        )

        @Argument(help: CommandHelp.text("cli.teach.new.model"))
        var model: String

        @Option(help: CommandHelp.text("cli.teach.new.seed"))
        var seed: UInt64?

        @Option(help: CommandHelp.text("cli.teach.new.names"))
        var names: String?

        @Option(
            name: .customLong("leaderboard-size"), help: CommandHelp.text("cli.teach.new.leaderboardSize"))
        var leaderboardSize: Int?

        @Option(
            name: .customLong("question-limit"), help: CommandHelp.text("cli.teach.new.questionLimit"))
        var questionLimit: Int?

        @Option(
            name: .customLong("rank-by"),
            help: CommandHelp.text("cli.teach.new.rankBy"))
        var rankBy: String?

        @Option(
            name: .customLong("makeup-ranking"),
            help: CommandHelp.text("cli.teach.new.makeupRanking"))
        var makeupRanking: String?

        @Flag(name: .customLong("no-speed-bonus"), help: CommandHelp.text("cli.teach.new.noSpeedBonus"))
        var noSpeedBonus = false

        @Flag(name: .customLong("no-streak-bonus"), help: CommandHelp.text("cli.teach.new.noStreakBonus"))
        var noStreakBonus = false

        @Argument(parsing: .allUnrecognized, help: CommandHelp.text("cli.teach.new.parameters"))
        var parameters: [String] = []

        @OptionGroup var creating: CreatingLessonOptions

        func validate() throws {
            guard ModelKind(rawValue: model.lowercased()) != nil else {
                let shipped = ModelCatalog.shipped.kinds.map(\.rawValue).joined(separator: ", ")
                throw ValidationError(
                    CommandWords.text("cli.teach.new.unknownModel", ["models": .text(shipped), "model": .text(model)]))
            }
            _ = try ModelParameters.parse(parameters)
            _ = try creating.teacherKey()
            if let names, LessonOptions.NameMode(rawValue: names) == nil {
                throw ValidationError(CommandWords.text("cli.teach.new.namesInvalid", ["names": .text(names)]))
            }
            if let rankBy, RankByOption.rankBy(rankBy) == nil { throw ValidationError(RankByOption.refusal(rankBy)) }
            if let makeupRanking, MakeupRankingOption.ranking(makeupRanking) == nil {
                throw ValidationError(MakeupRankingOption.refusal(makeupRanking))
            }
            if let problem = lessonOptions.problem { throw ValidationError(problem.message) }
        }

        var lessonOptions: LessonOptions {
            var options = LessonOptions(
                names: names.flatMap(LessonOptions.NameMode.init(rawValue:)) ?? .free, speedBonus: !noSpeedBonus,
                streakBonus: !noStreakBonus, leaderboardSize: leaderboardSize ?? 10, questionLimit: questionLimit)
            options.rankBy = rankBy.flatMap(RankByOption.rankBy) ?? .points
            options.makeupRanking = makeupRanking.flatMap(MakeupRankingOption.ranking) ?? .apart
            return options
        }

        func run() async throws {
            ClientConnectionOptions.silenceLogging()
            guard let kind = ModelKind(rawValue: model.lowercased()) else { throw ExitCode.validationFailure }
            let values = try ModelParameters.parse(parameters)
            // The server says which models it runs and what each takes, loaded model files included; one it cannot
            // be asked (not reachable yet) checks them when the console creates the lesson.
            if let models = await ModelOptions.served(options: creating.client.clientOptions()),
                let problem = ModelOptions.problem(
                    model: kind, parameters: values, models: models,
                    in: TerminalWords.book.match([creating.client.clientOptions().language].compactMap { $0 }))
            {
                throw ValidationError(problem)
            }
            try await creating.openConsole { key in
                .create(teacherKey: key, model: kind, parameters: values, seed: seed, options: lessonOptions)
            }
        }
    }

    /// `petri teach attach CODE`.
    struct Attach: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: CommandWords.text("cli.teach.attach.abstract"),
            discussion: CommandWords.text("cli.teach.attach.discussion"))

        @Argument(help: CommandHelp.text("cli.common.code"))
        var code: String

        @Option(help: CommandHelp.text("cli.teach.attach.token"))
        var token: String?

        @OptionGroup var client: ClientConnectionOptions

        func validate() throws {
            do {
                _ = try JoinCode(code)
                if let token { _ = try AccessToken(token) }
            } catch {
                throw ValidationError(error.message)
            }
        }

        func run() async throws {
            ClientConnectionOptions.silenceLogging()
            let code = try JoinCode(self.code)
            let options = client.clientOptions()
            guard
                let token = try token.map(AccessToken.init)
                    ?? PetriClient.savedTeacherToken(code: code, options: options)
            else {
                throw ValidationError(
                    CommandWords.text(
                        "cli.teach.attach.noToken", ["code": .text(code.text), "server": .text(options.server)]))
            }
            let status = await PetriClient.teach(.teacher(code: code, token: token), options: options)
            if status != 0 { throw ExitCode(status) }
        }
    }

    /// `petri teach import FILE`.
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: CommandWords.text("cli.teach.import.abstract"),
            discussion: CommandWords.text("cli.teach.import.discussion"))

        @Argument(help: CommandHelp.text("cli.teach.import.file"))
        var file: String

        @OptionGroup var creating: CreatingLessonOptions

        func run() async throws {
            ClientConnectionOptions.silenceLogging()
            guard let data = FileManager.default.contents(atPath: file) else {
                throw ValidationError(CommandWords.text("cli.common.cannotRead", ["file": .text(file)]))
            }
            let definition: LessonDefinition
            do {
                definition = try ProtocolDecoder(limits: .lessonFile).decode(LessonDefinition.self, from: Array(data))
            } catch {
                throw ValidationError(
                    CommandWords.text(
                        "cli.teach.import.notALesson", ["file": .text(file), "problem": .text(error.message)]))
            }
            try await creating.openConsole { key in .importLesson(teacherKey: key, definition: definition, options: nil)
            }
        }
    }
}

extension Teach {
    /// `petri teach plan NAME` or `petri teach plan --file FILE`.
    struct Plan: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: CommandWords.text("cli.teach.plan.abstract"),
            discussion: CommandWords.text("cli.teach.plan.discussion"))

        @Argument(help: CommandHelp.text("cli.teach.plan.name"))
        var name: String?

        @Option(help: CommandHelp.text("cli.teach.plan.file"))
        var file: String?

        @Option(help: CommandHelp.text("cli.teach.plan.pace"))
        var pace: String?

        @Option(help: CommandHelp.text("cli.teach.plan.seed"))
        var seed: UInt64?

        @OptionGroup var creating: CreatingLessonOptions

        func run() async throws {
            ClientConnectionOptions.silenceLogging()
            guard (name == nil) != (file == nil) else {
                throw ValidationError(CommandWords.text("cli.teach.plan.nameOrFile"))
            }
            var pace: PlanPace?
            if let text = self.pace {
                guard let value = PlanPace(rawValue: text) else {
                    throw ValidationError(CommandWords.text("cli.teach.plan.paceInvalid", ["pace": .text(text)]))
                }
                pace = value
            }
            var text: String?
            if let file {
                guard let data = FileManager.default.contents(atPath: file) else {
                    throw ValidationError(CommandWords.text("cli.common.cannotRead", ["file": .text(file)]))
                }
                text = String(decoding: data, as: UTF8.self)
            }
            try await creating.openConsole { key in
                .startPlan(teacherKey: key, plan: name, text: text, seed: seed, pace: pace)
            }
        }
    }
}

/// What `teach new`, `teach import` and `teach plan` take alike (the server's teacher key and the connection) and
/// do last (open the console on the lesson they create).
struct CreatingLessonOptions: ParsableArguments {
    @Option(help: CommandHelp.text("cli.teach.key"))
    var key: String?

    @OptionGroup var client: ClientConnectionOptions

    /// The key from `--key`, `$PETRI_TEACHER_KEY` or the saved sign-in.
    func teacherKey() throws -> String { try TeacherKeyOption.resolve(key, client: client) }

    /// Opens the console on the lesson `entry` creates with the teacher key; exits with the console's status.
    func openConsole(_ entry: (String) -> LessonEntry) async throws {
        let status = await PetriClient.teach(entry(try teacherKey()), options: client.clientOptions())
        if status != 0 { throw ExitCode(status) }
    }
}

/// The teacher key from `--key` or `$PETRI_TEACHER_KEY`, else the session `petri teach login` kept for the server.
enum TeacherKeyOption {
    static func resolve(_ key: String?, client: ClientConnectionOptions) throws -> String {
        let given = key ?? ProcessInfo.processInfo.environment["PETRI_TEACHER_KEY"]
        guard let key = given ?? PetriClient.savedSession(options: client.clientOptions()), !key.isEmpty else {
            throw ValidationError(
                CommandWords.text("cli.teach.keyNeeded"))
        }
        return key
    }
}

/// Model parameters given as `--name value` after the model.
enum ModelParameters {
    /// The help's list of each shipped model's options, read from the models' descriptions (the server's own
    /// description checks them before a lesson is created, ``ModelOptions``).
    static func discussion() -> String {
        var lines = [CommandWords.text("cli.teach.new.parametersTitle")]
        for description in ModelCatalog.shipped.descriptions {
            var line = "  " + description.model.padding(toLength: 12, withPad: " ", startingAt: 0)
            for option in ModelOptions.names(description).map({ "--" + ModelOptions.kebabCase($0) }) {
                if line.count + option.count + 1 > 76 {
                    lines.append(line)
                    line = String(repeating: " ", count: 14)
                }
                line += (line.hasSuffix(" ") ? "" : " ") + option
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n\n" + CommandWords.text("cli.teach.new.moreModels")
    }

    /// `--environment-colour 30 --diagonal` → `{"environmentColour":30,"diagonal":true}`.
    static func parse(_ words: [String]) throws -> JSONValue? {
        guard !words.isEmpty else { return nil }
        var values: [String: JSONValue] = [:]
        var index = 0
        while index < words.count {
            let word = words[index]
            guard word.hasPrefix("--"), word.count > 2 else {
                throw ValidationError(CommandWords.text("cli.teach.new.parameterInvalid", ["word": .text(word)]))
            }
            var name = String(word.dropFirst(2))
            var value: String?
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            } else if index + 1 < words.count, !words[index + 1].hasPrefix("--") {
                value = words[index + 1]
                index += 1
            }
            index += 1
            values[camelCase(name)] = json(value)
        }
        return .object(values)
    }

    static func json(_ text: String?) -> JSONValue {
        guard let text else { return .bool(true) }
        switch text.lowercased() {
        case "true", "yes": return .bool(true)
        case "false", "no": return .bool(false)
        default: return Double(text).map(JSONValue.number) ?? .string(text)
        }
    }

    static func camelCase(_ kebab: String) -> String {
        let parts = kebab.split(separator: "-")
        guard let first = parts.first else { return kebab }
        return String(first) + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}

extension Teach {
    /// `petri teach login --name NAME`: signs the terminal in as a teacher of a school's server.
    struct Login: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: CommandWords.text("cli.teach.login.abstract"),
            discussion: CommandWords.text("cli.teach.login.discussion"))

        @Option(help: CommandHelp.text("cli.teach.login.name"))
        var name: String?

        @Option(help: CommandHelp.text("cli.teach.login.link"))
        var link: String?

        @OptionGroup var client: ClientConnectionOptions

        func validate() throws {
            guard (name == nil) != (link == nil) else {
                throw ValidationError(CommandWords.text("cli.teach.login.nameOrLink"))
            }
        }

        func run() async throws {
            ClientConnectionOptions.silenceLogging()
            let prompt =
                link == nil
                ? CommandWords.text("cli.teach.login.passwordFor", ["name": .text(name ?? "")]) + " "
                : CommandWords.text("cli.teach.login.choosePassword") + " "
            guard let password = Password.read(prompt: prompt), !password.isEmpty else {
                throw ValidationError(CommandWords.text("cli.teach.login.noPassword"))
            }
            let options = client.clientOptions()
            let (ok, sentence) =
                if let link {
                    await PetriClient.choosePassword(link: link, password: password, options: options)
                } else {
                    await PetriClient.signIn(name: name ?? "", password: password, options: options)
                }
            print(sentence)
            if !ok { throw ExitCode(1) }
        }
    }
}

/// Reads a password: with echo off from a terminal, else one line of standard input.
enum Password {
    static func read(prompt: String) -> String? {
        guard isatty(STDIN_FILENO) == 1 else { return readLine(strippingNewline: true) }
        FileHandle.standardError.write(Data(prompt.utf8))
        var saved = termios()
        tcgetattr(STDIN_FILENO, &saved)
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
        defer {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
            FileHandle.standardError.write(Data("\n".utf8))
        }
        return readLine(strippingNewline: true)
    }
}
