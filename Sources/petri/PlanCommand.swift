import ArgumentParser
import Foundation
import PetriLesson
import PetriProtocol
import PetriServer
import PetriSimulation

/// `petri plan`: lesson plans (Sources/PetriLesson/Plans/PLANS-FORMAT.md): check a file, list the server's plans,
/// export one, import one.
///
/// The server's plans are the shipped ones and the files in its data directory's `plans/` folder, which `import`
/// writes and a running server reads on every request (no restart needed).
struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Check, list, export and import lesson plans.",
        subcommands: [Check.self, List.self, Export.self, Import.self]
    )

    /// Where the server keeps its plans (the same `--data` as `petri serve`).
    struct Location: ParsableArguments {
        @Option(help: "The server's data directory (its plans are in DIR/plans).")
        var data = "./data"

        @Option(
            help: "A directory of model files the server serves (--models of petri serve), to check plans for them.")
        var models: String?

        var folder: String { PlanDirectory.folder(in: data) }

        func catalog() -> ModelCatalog { ModelDirectory.load(models, logger: .init(label: "petri.plan")).catalog }
    }

    /// `petri plan check FILE`: every mistake in a plan file with its line.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check a lesson plan file.",
            discussion: """
                Reads FILE as the server would and prints every mistake as FILE:LINE: and one sentence saying what to \
                fix, then exits with status 1; a good file prints its title and how many moments it has. The format \
                is in Sources/PetriLesson/Plans/PLANS-FORMAT.md, with the shipped plans as examples.
                """
        )

        @Argument(help: "The plan file (YAML) to check.")
        var file: String

        @OptionGroup var location: Location

        func run() throws {
            let text = try PlanCommand.read(file)
            switch PlanCheck.check(text, models: location.catalog()) {
            case .success(let plan):
                print(PlanCommandWords.valid(file, title: plan.title, moments: plan.moments.count))
            case .failure(let problems):
                let lines = problems.problems.map { "\(file):\($0.line): \($0.sentence)\n" }.joined()
                FileHandle.standardError.write(Data(lines.utf8))
                throw ExitCode.failure
            }
        }
    }

    /// `petri plan list`: the server's plans, one a line.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the server's lesson plans.")

        @OptionGroup var location: Location

        func run() throws {
            let catalog = location.catalog()
            for file in PlanDirectory.files(in: location.folder) {
                switch PlanCheck.check(file.text, models: catalog) {
                case .success(let plan):
                    print(PlanCommandWords.listed(file.name, plan: plan, shipped: file.shipped))
                case .failure(let problems):
                    print(PlanCommandWords.broken(file.name, problems: problems.problems.count))
                }
            }
        }
    }

    /// `petri plan export NAME`: the plan's file, on standard output or into a file.
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Write out one of the server's lesson plans.")

        @Argument(help: "The plan's name, as petri plan list shows it.")
        var name: String

        @Option(help: "Write the plan into this file instead of standard output.")
        var output: String?

        @OptionGroup var location: Location

        func run() throws {
            guard let file = PlanDirectory.files(in: location.folder).first(where: { $0.name == name }) else {
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

    /// `petri plan import FILE`: checks the file and copies it into the server's plans.
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a lesson plan file to the server's plans.",
            discussion: """
                Checks FILE as petri plan check does and, if it is good, copies it to DIR/plans/NAME.yaml, where a \
                running server finds it at once. NAME is the file's name without .yaml unless --name gives another. \
                An existing plan of that name is replaced only with --replace; shipped plans cannot be replaced.
                """
        )

        @Argument(help: "The plan file (YAML) to import.")
        var file: String

        @Option(help: "The plan's name on the server (lower-case letters, digits and dashes).")
        var name: String?

        @Flag(help: "Replace an imported plan of the same name.")
        var replace = false

        @OptionGroup var location: Location

        func run() throws {
            let text = try PlanCommand.read(file)
            let base = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
            let planName = name ?? base
            let target: String
            do {
                target = try PlanDirectory.importPlan(
                    text, as: planName, into: location.folder, replace: replace, models: location.catalog())
            } catch {
                switch error {
                case .problems(let problems):
                    let lines = problems.map { "\(file):\($0.line): \($0.sentence)\n" }.joined()
                    FileHandle.standardError.write(Data(lines.utf8))
                case .sentence(let sentence):
                    FileHandle.standardError.write(Data((sentence + "\n").utf8))
                }
                throw ExitCode.failure
            }
            print(PlanCommandWords.imported(planName, path: target))
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

/// The sentences of `petri plan`, in one place (the words contract).
enum PlanCommandWords {
    static func valid(_ file: String, title: String, moments: Int) -> String {
        "\(file) is a valid lesson plan: \"\(title)\", \(moments) moments."
    }
    static func listed(_ name: String, plan: LessonPlan, shipped: Bool) -> String {
        "\(name)\t\(plan.model.rawValue)\t\(plan.moments.count) moments\t\(shipped ? "shipped" : "imported")\t\(plan.title)"
    }
    static func broken(_ name: String, problems: Int) -> String {
        "\(name)\tdoes not check (\(problems) mistakes): run petri plan export \(name) --output FILE, then petri plan "
            + "check FILE"
    }
    static func noSuchPlan(_ name: String) -> String {
        "There is no plan called \"\(name)\"; petri plan list shows the plans there are."
    }
    static func cannotRead(_ file: String) -> String { "Cannot read \(file); check the path and its permissions." }
    static func cannotWrite(_ file: String) -> String { "Cannot write \(file); check the path and its permissions." }
    static func imported(_ name: String, path: String) -> String {
        "Imported the plan \"\(name)\" as \(path); teachers can start it now."
    }
}
