import ArgumentParser
import Foundation
import PetriProtocol
import PetriSimulation
import PetriTerminal

/// `petri teach`: the teacher's console, for a new lesson or an existing one.
struct Teach: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "teach",
        abstract: "Run a lesson from the teacher's console.",
        discussion: """
            In the console, type commands (step 5, run 2, ask number population in 10, close, \
            rewind 3, export results, end, …); help lists them with examples, Tab completes, \
            ↑/↓ recall earlier commands. The teacher token is saved in ~/.config/petri so \
            petri teach attach CODE works later.
            """,
        subcommands: [New.self, Attach.self, Import.self, Plan.self, Login.self]
    )
}

extension Teach {
    /// `petri teach new MODEL [--population 20 …]`.
    struct New: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a lesson and open its console.",
            discussion: ModelParameters.discussion()
        )

        @Argument(help: "The model: one the server describes (camouflage, beaks, … or a model file it loaded).")
        var model: String

        @Option(help: "The random seed (a whole number), to run the same lesson again exactly.")
        var seed: UInt64?

        @Option(help: "How students get names: free (they type one) or generated (they get one like Brave Otter).")
        var names: String?

        @Option(
            name: .customLong("leaderboard-size"), help: "How many leaderboard lines students see (1-100, default 10).")
        var leaderboardSize: Int?

        @Option(
            name: .customLong("question-limit"), help: "A fixed number of questions, like a quiz (1-100; default none)."
        )
        var questionLimit: Int?

        @Option(
            name: .customLong("rank-by"),
            help: ArgumentHelp(
                "What the leaderboard ranks by: points (the points scored; the default) or expected (the expected "
                    + "points of each answer over the replicates of its question's moment)."))
        var rankBy: String?

        @Option(
            name: .customLong("makeup-ranking"),
            help: ArgumentHelp(
                "Where make-up students are ranked: apart (among themselves; the class's leaderboard stays the "
                    + "class's; the default) or with-class (among the class, whose leaderboard changes as they play)."))
        var makeupRanking: String?

        @Flag(name: .customLong("no-speed-bonus"), help: "No extra points for answering early.")
        var noSpeedBonus = false

        @Flag(name: .customLong("no-streak-bonus"), help: "No extra points for a run of good answers.")
        var noStreakBonus = false

        @Argument(parsing: .allUnrecognized, help: "Model parameters as --name value (see above).")
        var parameters: [String] = []

        @OptionGroup var creating: CreatingLessonOptions

        func validate() throws {
            guard ModelKind(rawValue: model.lowercased()) != nil else {
                let shipped = ModelCatalog.shipped.kinds.map(\.rawValue).joined(separator: ", ")
                throw ValidationError(
                    "The model must be one of \(shipped) or a model file's name the server loaded, but was \(model).")
            }
            _ = try ModelParameters.parse(parameters)
            _ = try creating.teacherKey()
            if let names, LessonOptions.NameMode(rawValue: names) == nil {
                throw ValidationError("--names must be free or generated, but was \(names).")
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
            abstract: "Open the console of a lesson you created.",
            discussion: "Example: petri teach attach K7QX2M --server ws://10.0.0.5:8080/")

        @Argument(help: "The lesson's join code.")
        var code: String

        @Option(help: "The teacher token (default: the one saved when the lesson was created here).")
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
                    "No teacher token is saved for \(code.text) on \(options.server); give it with --token.")
            }
            let status = await PetriClient.teach(.teacher(code: code, token: token), options: options)
            if status != 0 { throw ExitCode(status) }
        }
    }

    /// `petri teach import FILE`.
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a lesson from a lesson file (saved with export) and open its console.",
            discussion: "Example: petri teach import petri-K7QX2M-lesson.json --key KEY")

        @Argument(help: "A lesson file (JSON), as export saves it.")
        var file: String

        @OptionGroup var creating: CreatingLessonOptions

        func run() async throws {
            ClientConnectionOptions.silenceLogging()
            guard let data = FileManager.default.contents(atPath: file) else {
                throw ValidationError("Cannot read \(file).")
            }
            let definition: LessonDefinition
            do {
                definition = try ProtocolDecoder(limits: .lessonFile).decode(LessonDefinition.self, from: Array(data))
            } catch {
                throw ValidationError("\(file) is not a lesson file: \(error.message)")
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
            abstract: "Start a lesson from a lesson plan and open its console.",
            discussion: """
                NAME is one of the server's plans (petri plan list; in the console, plans); --file sends a plan file \
                instead. In the console, next does the plan's next moment, skip skips it, pace auto lets the plan \
                run by itself, and plan lists its moments. Example: petri teach plan peppered-moths --key KEY
                """)

        @Argument(help: "The name of one of the server's plans.")
        var name: String?

        @Option(help: "A plan file (YAML) to start instead of one of the server's plans.")
        var file: String?

        @Option(help: "teacher (next for each moment; the plan's default) or auto (the plan runs by itself).")
        var pace: String?

        @Option(help: "The simulation's seed, for the same lesson every time (default: the plan's, else a new one).")
        var seed: UInt64?

        @OptionGroup var creating: CreatingLessonOptions

        func run() async throws {
            ClientConnectionOptions.silenceLogging()
            guard (name == nil) != (file == nil) else {
                throw ValidationError("Name one of the server's plans, or give a plan file with --file; not both.")
            }
            var pace: PlanPace?
            if let text = self.pace {
                guard let value = PlanPace(rawValue: text) else {
                    throw ValidationError("--pace is teacher or auto, not \(text).")
                }
                pace = value
            }
            var text: String?
            if let file {
                guard let data = FileManager.default.contents(atPath: file) else {
                    throw ValidationError("Cannot read \(file); check the path and its permissions.")
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
    @Option(help: "The server's teacher key (default: $PETRI_TEACHER_KEY).")
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
                "Creating a lesson needs the server's teacher key (--key KEY, or set PETRI_TEACHER_KEY) or your "
                    + "sign-in (petri teach login --name NAME).")
        }
        return key
    }
}

/// Model parameters given as `--name value` after the model.
enum ModelParameters {
    /// The help's list of each shipped model's options, read from the models' descriptions (the server's own
    /// description checks them before a lesson is created, ``ModelOptions``).
    static func discussion() -> String {
        var lines = ["Model parameters follow the model as --name value:"]
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
        return lines.joined(separator: "\n") + """


            A server may serve more models (model files it loaded); their parameters are checked by its description.

            Example: petri teach new camouflage --population 20 --environment-colour 30
                     petri teach new beaks --scenario drought-1977
            """
    }

    /// `--environment-colour 30 --diagonal` → `{"environmentColour":30,"diagonal":true}`.
    static func parse(_ words: [String]) throws -> JSONValue? {
        guard !words.isEmpty else { return nil }
        var values: [String: JSONValue] = [:]
        var index = 0
        while index < words.count {
            let word = words[index]
            guard word.hasPrefix("--"), word.count > 2 else {
                throw ValidationError("Model parameters are given as --name value; \"\(word)\" is not one.")
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
            abstract: "Sign in as a teacher (a school's server with accounts); later lessons are yours.",
            discussion: """
                Asks for your password (not shown as you type; or from standard input when it is not a \
                terminal), signs in and keeps the session in the config folder (file 0600) for this server, so \
                petri teach new and import create lessons as you. Example: \
                petri teach login --name ada@school.example --server wss://petri.school.example/
                """)

        @Option(help: "Your name or email on the server, to sign in.")
        var name: String?

        @Option(help: "The one-time sign-in link you were given, to choose your password (and sign in).")
        var link: String?

        @OptionGroup var client: ClientConnectionOptions

        func validate() throws {
            guard (name == nil) != (link == nil) else {
                throw ValidationError("Give --name NAME to sign in, or --link LINK to choose your password.")
            }
        }

        func run() async throws {
            ClientConnectionOptions.silenceLogging()
            let prompt = link == nil ? "Password for \(name ?? ""): " : "Choose a password (12 characters or more): "
            guard let password = Password.read(prompt: prompt), !password.isEmpty else {
                throw ValidationError("No password was given; type it when asked (or pipe it on standard input).")
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
