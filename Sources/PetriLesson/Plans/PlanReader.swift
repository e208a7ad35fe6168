import PetriProtocol
import PetriSimulation
import PetriWords
import Yams

/// Reads a plan file's text into a ``LessonPlan``: pure (the text in, the plan or every mistake with its line out).
///
/// This checks the file's shape: keys, kinds of values, ranges that need no model. ``PlanCheck`` then checks the
/// plan against its model (parameters, metrics, the generations the moments fall on).
///
/// ```swift
/// switch PlanReader.read(text) {
/// case .success(let plan): ...
/// case .failure(let problems): for problem in problems.problems { print(problem) }   // "line 12: ..."
/// }
/// ```
package enum PlanReader {
    /// One mistake in a plan file.
    package struct Problem: Sendable, Hashable, CustomStringConvertible {
        /// 1-based line of the file.
        package var line: Int
        /// What is wrong and what to do, rendered in its reader's language.
        package var word: Word

        package init(line: Int, sentence: Word) {
            self.line = line
            self.word = sentence
        }

        /// What is wrong and what to do, in English.
        package var sentence: String { word.text() }
        /// What is wrong and what to do, in `language`.
        package func sentence(in language: Language) -> String { word.text(in: language) }

        /// `line 3: …` as a word.
        var lineWord: Word { PlanWords.problem(line: line, word) }
        package var description: String { lineWord.text() }
    }

    /// Every mistake found, in file order.
    package struct Problems: Error, Sendable, Hashable, CustomStringConvertible {
        package var problems: [Problem]
        /// All of them in one sentence, `line 3: …; line 7: …`.
        package var word: Word { PlanWords.problems(problems.map(\.lineWord)) }
        package var description: String { word.text() }
    }

    static let topKeys = [
        "title", "summary", "model", "scenario", "parameters", "seed", "options", "pace", "rate", "moments",
    ]
    static let momentKeys = [
        "run", "pause", "ask", "reveal", "explain", "guide", "set", "checkpoint", "replicates", "hunt",
    ]

    /// The plan in `text`, or every mistake with its line.
    package static func read(_ text: String) -> Result<LessonPlan, Problems> {
        let (plan, problems) = readPartly(text)
        if let plan, problems.isEmpty { return .success(plan) }
        return .failure(Problems(problems: problems))
    }

    /// What can be read of `text` (the moments that read, when the top of the file does) and every mistake, so a
    /// check can go on to find the mistakes only the model shows.
    static func readPartly(_ text: String) -> (LessonPlan?, [Problem]) {
        var reader = Walk()
        let plan = reader.plan(text)
        return (plan, reader.problems.sorted { $0.line < $1.line })
    }

    /// The line each top-level key of `text` is on (for sentences about the whole plan).
    static func keyLines(_ text: String) -> [String: Int] {
        guard let root = try? Yams.compose(yaml: text), let mapping = root.mapping else { return [:] }
        var lines: [String: Int] = [:]
        for (key, _) in mapping { if let name = key.string { lines[name] = Walk.line(key) } }
        return lines
    }

    /// The YAML node as JSON (numbers as numbers, `true`/`false` as booleans, quoted text as text).
    static func json(_ node: Node) -> JSONValue {
        switch node {
        case .scalar(let scalar):
            if scalar.style == .plain {
                if let bool = node.bool { return .bool(bool) }
                if let number = node.float, scalar.string.first.map({ $0.isNumber || $0 == "-" || $0 == "." }) == true {
                    return .number(number)
                }
                if node.null != nil { return .null }
            }
            return .string(scalar.string)
        case .sequence(let sequence): return .array(sequence.map(json))
        case .mapping(let mapping):
            var object: [String: JSONValue] = [:]
            for (key, value) in mapping { object[key.string ?? ""] = json(value) }
            return .object(object)
        case .alias: return .null
        }
    }

    /// The walk over the composed YAML, collecting problems with the line of the node each is about.
    struct Walk {
        var problems: [Problem] = []

        mutating func problem(_ node: Node?, _ sentence: Word) {
            problems.append(Problem(line: Self.line(node), sentence: sentence))
        }

        static func line(_ node: Node?) -> Int { node?.mark?.line ?? 1 }

        mutating func plan(_ source: String) -> LessonPlan? {
            guard source.count <= PlanLimits.fileCharacters else {
                problem(nil, PlanWords.fileTooLong(limit: PlanLimits.fileCharacters))
                return nil
            }
            let root: Node?
            do {
                root = try Yams.compose(yaml: source)
            } catch let error as YamlError {
                problems.append(
                    Problem(line: Self.errorLine(error), sentence: PlanWords.notYAML(Self.errorText(error))))
                return nil
            } catch {
                problem(nil, PlanWords.notYAML("\(error)"))
                return nil
            }
            guard let root, let mapping = root.mapping else {
                problem(root, PlanWords.notMapping)
                return nil
            }
            for (key, _) in mapping where !PlanReader.topKeys.contains(key.string ?? "") {
                problem(key, PlanWords.unknownKey(key.string ?? "", allowed: PlanReader.topKeys))
            }
            let title = text("title", in: mapping, limit: PlanLimits.title, required: true)
            let summary = text("summary", in: mapping, limit: PlanLimits.text, required: false) ?? ""
            let modelName = text("model", in: mapping, limit: 32, required: true)
            var parameters: [String: JSONValue] = [:]
            if let node = mapping["parameters"] {
                if case .object(let object) = PlanReader.json(node), node.mapping != nil {
                    parameters = object
                } else {
                    problem(node, PlanWords.parametersNotMapping)
                }
            }
            if let scenario = text("scenario", in: mapping, limit: 64, required: false) {
                parameters["scenario"] = .string(scenario)
            }
            var seed: UInt64?
            if let node = mapping["seed"] {
                let written = node.scalar?.string ?? ""
                if let value = UInt64(written) { seed = value } else { problem(node, PlanWords.badSeed(written)) }
            }
            var options = LessonOptions()
            if let node = mapping["options"] {
                do {
                    options = try PlanReader.json(node).decode(as: LessonOptions.self)
                    if let refusal = options.problem { problem(node, PlanWords.badOptions(refusal)) }
                } catch {
                    problem(node, PlanWords.badOptions(error))
                }
            }
            var pace = PlanPace.teacher
            if let node = mapping["pace"] {
                let written = node.scalar?.string ?? ""
                if let value = PlanPace(rawValue: written) {
                    pace = value
                } else {
                    problem(node, PlanWords.badPace(written))
                }
            }
            var rate = 1.0
            if let node = mapping["rate"] { rate = self.rate(node) ?? rate }
            let moments = self.moments(mapping["moments"], root: root)
            guard let title, let modelName else { return nil }
            guard let model = ModelKind(rawValue: modelName) else {
                problem(mapping["model"], PlanWords.unknownModel(modelName, models: []))
                return nil
            }
            return LessonPlan(
                title: title, summary: summary, model: model,
                parameters: .object(parameters), seed: seed, options: options, pace: pace, rate: rate,
                moments: moments)
        }

        mutating func text(_ key: String, in mapping: Node.Mapping, limit: Int, required: Bool) -> String? {
            guard let node = mapping[key] else {
                if required { problem(nil, PlanWords.missing(key)) }
                return nil
            }
            guard let text = node.scalar?.string, !text.isEmpty else {
                problem(node, PlanWords.notText(key))
                return nil
            }
            guard text.count <= limit else {
                problem(node, PlanWords.tooLong(key, limit: limit))
                return nil
            }
            return text
        }

        mutating func whole(_ node: Node, _ key: String) -> Int? {
            let written = node.scalar?.string ?? "a list"
            guard let value = Int(written) else {
                problem(node, PlanWords.notWhole(key, written))
                return nil
            }
            return value
        }

        mutating func rate(_ node: Node) -> Double? {
            let written = node.scalar?.string ?? "a list"
            guard let value = Double(written), value.isFinite, value >= 0.01, value <= 30 else {
                problem(node, PlanWords.badRate(written))
                return nil
            }
            return value
        }

        mutating func moments(_ node: Node?, root: Node) -> [PlanMoment] {
            guard let node else {
                problem(nil, PlanWords.noMoments)
                return []
            }
            guard let sequence = node.sequence, !sequence.isEmpty else {
                problem(node, PlanWords.noMoments)
                return []
            }
            if sequence.count > PlanLimits.moments {
                problem(node, PlanWords.tooManyMoments(PlanLimits.moments))
                return []
            }
            return sequence.compactMap { moment($0) }
        }

        mutating func moment(_ node: Node) -> PlanMoment? {
            // A bare word: `- reveal`, `- checkpoint`, `- pause`.
            if let word = node.scalar?.string {
                switch word {
                case "reveal": return PlanMoment(line: Self.line(node), action: .reveal)
                case "checkpoint": return PlanMoment(line: Self.line(node), action: .checkpoint)
                case "pause": return PlanMoment(line: Self.line(node), action: .pause(seconds: nil))
                case "hunt": return PlanMoment(line: Self.line(node), action: .hunt(seconds: nil, catches: nil))
                default:
                    problem(node, PlanWords.unknownMoment(word))
                    return nil
                }
            }
            guard let mapping = node.mapping else {
                problem(node, PlanWords.momentIsAList)
                return nil
            }
            var at: Int?
            var note: String?
            var actions: [(String, Node, Node)] = []
            var unknown = false
            for (key, value) in mapping {
                let name = key.string ?? ""
                switch name {
                case "at": at = whole(value, "at")
                case "note":
                    note = text("note", in: mapping, limit: PlanLimits.text, required: false)
                case _ where PlanReader.momentKeys.contains(name): actions.append((name, key, value))
                default:
                    problem(key, PlanWords.unknownMoment(name))
                    unknown = true
                }
            }
            guard let (name, key, value) = actions.first else {
                if !unknown { problem(node, PlanWords.emptyMoment) }
                return nil
            }
            if actions.count > 1 {
                problem(actions[1].1, PlanWords.oneAction)
                return nil
            }
            guard let action = action(name, value, key: key) else { return nil }
            return PlanMoment(line: Self.line(node), at: at, action: action, note: note)
        }

        mutating func action(_ name: String, _ value: Node, key: Node) -> PlanAction? {
            switch name {
            case "run":
                if let mapping = value.mapping {
                    guard let to = mapping["to"] else {
                        problem(value, PlanWords.missing("to"))
                        return nil
                    }
                    guard let generation = whole(to, "to") else { return nil }
                    var rate: Double?
                    if let node = mapping["rate"] {
                        guard let value = self.rate(node) else { return nil }
                        rate = value
                    }
                    return .run(to: generation, rate: rate)
                }
                return whole(value, "run").map { .run(to: $0, rate: nil) }
            case "pause":
                if value.null != nil || value.scalar?.string == "" { return .pause(seconds: nil) }
                let written = value.scalar?.string ?? "a list"
                guard let seconds = Int(written), (1...3600).contains(seconds) else {
                    problem(value, PlanWords.badSeconds(written))
                    return nil
                }
                return .pause(seconds: seconds)
            case "ask":
                do {
                    return .ask(try PlanReader.json(value).decode(as: QuestionSpec.self))
                } catch {
                    problem(value, PlanWords.badQuestion(error))
                    return nil
                }
            case "reveal": return .reveal
            case "checkpoint": return .checkpoint
            case "explain":
                if let text = value.scalar?.string, !text.isEmpty {
                    guard text.count <= PlanLimits.text else {
                        problem(value, PlanWords.tooLong("explain", limit: PlanLimits.text))
                        return nil
                    }
                    return .explain(title: nil, text: text, guide: nil)
                }
                guard let mapping = value.mapping else {
                    problem(value, PlanWords.explainEmpty)
                    return nil
                }
                let title = text("title", in: mapping, limit: PlanLimits.title, required: false)
                guard let body = text("text", in: mapping, limit: PlanLimits.text, required: false) else {
                    problem(value, PlanWords.explainEmpty)
                    return nil
                }
                return .explain(title: title, text: body, guide: nil)
            case "guide":
                guard let id = value.scalar?.string, !id.isEmpty else {
                    problem(value, PlanWords.notText("guide"))
                    return nil
                }
                return .explain(title: nil, text: nil, guide: id)
            case "set":
                guard let mapping = value.mapping, mapping.count == 1, let (key, node) = mapping.first,
                    let name = key.string
                else {
                    problem(value, PlanWords.setNeedsOne)
                    return nil
                }
                do {
                    return .set(name: name, value: try PlanReader.json(node).decode(as: ParameterValue.self))
                } catch {
                    problem(node, PlanWords.badSet(error))
                    return nil
                }
            case "replicates":
                guard let mapping = value.mapping else {
                    problem(value, PlanWords.replicatesNotMapping)
                    return nil
                }
                guard let countNode = mapping["count"], let horizonNode = mapping["horizon"],
                    let metric = mapping["metric"]?.string
                else {
                    problem(value, PlanWords.replicatesNotMapping)
                    return nil
                }
                guard let count = whole(countNode, "count"), let horizon = whole(horizonNode, "horizon") else {
                    return nil
                }
                return .replicates(count: count, horizon: horizon, metric: metric)
            case "hunt":
                if value.null != nil || value.scalar?.string == "" { return .hunt(seconds: nil, catches: nil) }
                guard let mapping = value.mapping else {
                    problem(value, PlanWords.badHunt)
                    return nil
                }
                for (key, _) in mapping where !["seconds", "catches"].contains(key.string ?? "") {
                    problem(key, PlanWords.badHunt)
                    return nil
                }
                var seconds: Int?
                var catches: Int?
                if let node = mapping["seconds"] {
                    guard let value = whole(node, "seconds") else { return nil }
                    seconds = value
                }
                if let node = mapping["catches"] {
                    guard let value = whole(node, "catches") else { return nil }
                    catches = value
                }
                return .hunt(seconds: seconds, catches: catches)
            default:
                problem(key, PlanWords.unknownMoment(name))
                return nil
            }
        }

        static func errorLine(_ error: YamlError) -> Int {
            switch error {
            case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _): mark.line
            default: 1
            }
        }

        static func errorText(_ error: YamlError) -> String {
            switch error {
            case .scanner(_, let problem, _, _), .parser(_, let problem, _, _), .composer(_, let problem, _, _):
                problem
            default: "\(error)"
            }
        }
    }
}
