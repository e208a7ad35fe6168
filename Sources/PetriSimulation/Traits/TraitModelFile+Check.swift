import Yams

/// Checking a model file a person wrote: every mistake found, each with its line and a sentence saying what to do.
///
/// A pure function of the text, for `petri model check FILE` and for loading files a teacher adds.
extension TraitModelFile {
    /// One mistake in a model file.
    package struct Problem: Sendable, Hashable, CustomStringConvertible {
        /// 1-based line of the text the mistake is on.
        package var line: Int
        /// What is wrong and what to do, in one sentence.
        package var sentence: String

        package var description: String { "line \(line): \(sentence)" }

        package init(line: Int, sentence: String) {
            self.line = line
            self.sentence = sentence
        }
    }

    /// The most characters a text field may hold (a screen of reading at most).
    static let textLimits = [
        "title": 80, "name": 40, "story": 1_500, "guide": 800, "explanation": 1_200, "description": 200,
        "label": 60,
    ]

    /// Every mistake in `text`, in the order found; empty for a file the engine can run.
    package static func check(_ text: String) -> [Problem] {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            return [Problem(line: error.line, sentence: "This is not valid YAML (\(error.problem)); fix the syntax.")]
        } catch {
            return [Problem(line: 1, sentence: "This is not valid YAML; fix the syntax.")]
        }
        guard let root, let top = root.mapping else {
            return [Problem(line: 1, sentence: "A model file is a mapping of keys such as model, trait and metrics.")]
        }
        var checker = Checker(top: top)
        checker.run()
        if checker.problems.isEmpty {
            do {
                _ = try parse(text)
            } catch {
                checker.problems.append(Problem(line: 1, sentence: error.message))
            }
        }
        return checker.problems
    }
}

extension YamlError {
    fileprivate var line: Int {
        switch self {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _): mark.line
        default: 1
        }
    }

    fileprivate var problem: String {
        switch self {
        case .scanner(_, let problem, _, _), .parser(_, let problem, _, _), .composer(_, let problem, _, _): problem
        default: "\(self)"
        }
    }
}

/// Walks the composed YAML, so each mistake keeps the line of the node it is about.
struct Checker {
    let top: Node.Mapping
    var problems: [TraitModelFile.Problem] = []
    /// Parameter names to their kind and whether they can change mid-lesson.
    var parameters: [String: (kind: String, changeable: Bool)] = [:]

    static let topKeys: Set<String> = [
        "model", "name", "title", "story", "guide", "words", "trait", "parameters", "environment", "fitness",
        "reproduction", "suited", "histogramBinWidth", "scenarios", "metrics", "presentation",
    ]
    static let required = [
        "model", "name", "title", "story", "words", "trait", "parameters", "environment", "fitness",
        "reproduction", "suited", "histogramBinWidth", "metrics",
    ]
    static let fitnessFunctions = ["logisticMatch", "doseKill"]
    static let foundingFunctions = ["uniform", "meanOfUniform"]
    static let metricValues = [
        "population", "extinct", "births", "deaths", "luckySurvivors", "unluckyDeaths", "mean", "median",
        "parameter", "fraction", "suited", "suitedFraction", "optimum",
    ]

    init(top: Node.Mapping) { self.top = top }

    mutating func add(_ node: Node?, _ sentence: String) {
        problems.append(TraitModelFile.Problem(line: node?.mark?.line ?? 1, sentence: sentence))
    }

    mutating func run() {
        for (key, _) in top {
            guard let name = key.string, Self.topKeys.contains(name) else {
                add(
                    key,
                    "\"\(key.string ?? "?")\" is not a key of a model file; the keys are "
                        + "\(Self.topKeys.sorted().joined(separator: ", ")).")
                continue
            }
        }
        for key in Self.required where top[key] == nil {
            add(nil, "The file has no \(key); every model file needs one (see MODELS-FORMAT.md).")
        }
        if let node = top["model"], let name = node.string, ModelKind(rawValue: name) == nil {
            add(
                node,
                "model \(name) is not a model name; use 1 to 32 lowercase letters, digits and hyphens, "
                    + "starting with a letter.")
        }
        checkTexts(Node.mapping(top))
        checkParameters()
        checkTrait()
        checkNames()
        checkFitness()
        checkScenarios()
        checkMetrics()
        checkPresentation()
    }

    /// Text fields over their limits, anywhere in the file.
    mutating func checkTexts(_ node: Node) {
        if let mapping = node.mapping {
            for (key, value) in mapping {
                if let name = key.string, let limit = TraitModelFile.textLimits[name], let text = value.string,
                    text.count > limit
                {
                    add(value, "\(name) is \(text.count) characters long; shorten it to at most \(limit).")
                }
                checkTexts(value)
            }
        } else if let sequence = node.sequence {
            for item in sequence { checkTexts(item) }
        }
    }

    /// Two numbers, low then high, or nil after saying what is wrong.
    mutating func pair(_ node: Node?, _ what: String) -> (Double, Double)? {
        guard let node else { return nil }
        guard let items = node.sequence, items.count == 2, let low = items[0].float, let high = items[1].float else {
            add(node, "\(what) must be two numbers in brackets, low then high, such as [0, 100].")
            return nil
        }
        guard low <= high else {
            add(
                node,
                "\(what) is inverted: \(items[0].string ?? "") is above \(items[1].string ?? ""); write the low end first."
            )
            return nil
        }
        return (low, high)
    }

    mutating func checkParameters() {
        guard let list = top["parameters"] else { return }
        guard let items = list.sequence else {
            add(list, "parameters must be a list, each item starting with \"- name:\".")
            return
        }
        for item in items {
            guard let p = item.mapping, let name = p["name"]?.string else {
                add(item, "Every parameter needs a name.")
                continue
            }
            if parameters[name] != nil {
                add(p["name"], "The parameter \(name) is listed twice; give each parameter one entry.")
            }
            let kind = p["kind"]?.string ?? ""
            if kind != "integer" && kind != "number" {
                add(p["kind"] ?? item, "The parameter \(name)'s kind must be integer or number, not \"\(kind)\".")
            }
            parameters[name] = (kind, p["changeable"]?.bool ?? true)
            let range = pair(p["range"], "The parameter \(name)'s range")
            if p["range"] == nil { add(item, "The parameter \(name) has no range; give it one such as [0, 100].") }
            guard let defaultNode = p["default"] else {
                add(item, "The parameter \(name) has no default; give the value a lesson starts with.")
                continue
            }
            if let range, let value = defaultNode.float, !(range.0...range.1).contains(value) {
                add(
                    defaultNode,
                    "The parameter \(name)'s default \(defaultNode.string ?? "") lies outside its range; "
                        + "move it inside.")
            }
        }
    }

    mutating func checkTrait() {
        guard let trait = top["trait"]?.mapping else { return }
        if let range = pair(trait["range"], "trait.range"), range.0 < 0 || range.1 > 255 {
            add(trait["range"], "trait.range must lie within 0...255 (one byte per creature).")
        }
        guard let founding = trait["founding"]?.mapping else {
            add(top["trait"], "The trait has no founding; say how generation 0 is drawn (uniform or meanOfUniform).")
            return
        }
        let function = founding["function"]?.string ?? ""
        if !Self.foundingFunctions.contains(function) {
            add(
                founding["function"] ?? top["trait"],
                "\"\(function)\" is not a founding function; use uniform or meanOfUniform.")
        }
        for key in ["count", "min", "max"] { reference(founding[key], "trait.founding.\(key)", integer: true) }
    }

    /// Says so when `node` names no parameter (or no integer parameter).
    mutating func reference(_ node: Node?, _ role: String, integer: Bool = false) {
        guard let node, let name = node.string else { return }
        guard let parameter = parameters[name] else {
            add(node, "\(role) names \(name), which is not a parameter; add it under parameters or fix the name.")
            return
        }
        if integer && parameter.kind != "integer" {
            add(node, "\(role) names \(name), which must be an integer parameter.")
        }
    }

    mutating func checkNames() {
        reference(top["environment"], "environment", integer: true)
        if let reproduction = top["reproduction"]?.mapping {
            reference(reproduction["chance"], "reproduction.chance")
            reference(reproduction["cap"], "reproduction.cap", integer: true)
            if let mutation = reproduction["mutation"], mutation.int == nil {
                reference(mutation, "reproduction.mutation", integer: true)
            }
            reference(reproduction["cost"]?.mapping?["parameter"], "reproduction.cost.parameter")
        }
        if let suited = top["suited"]?.mapping { reference(suited["atLeast"], "suited.atLeast", integer: true) }
    }

    mutating func checkFitness() {
        guard let fitness = top["fitness"]?.mapping else { return }
        let function = fitness["function"]?.string ?? ""
        guard Self.fitnessFunctions.contains(function) else {
            add(
                fitness["function"] ?? top["fitness"],
                "\"\(function)\" is not a fitness function; use one of \(Self.fitnessFunctions.joined(separator: ", "))."
            )
            return
        }
        let needs =
            function == "logisticMatch"
            ? ["environment", "optimum", "mismatchCost", "evenOdds", "pressure"] : ["dose", "steepness"]
        for key in needs where fitness[key] == nil {
            add(top["fitness"], "The fitness function \(function) needs \(key); add it under fitness.")
        }
        reference(fitness["environment"], "fitness.environment", integer: true)
        reference(fitness["pressure"], "fitness.pressure")
        reference(fitness["dose"], "fitness.dose", integer: true)
        if let crowding = fitness["crowding"]?.mapping {
            reference(crowding["perCreature"], "fitness.crowding.perCreature")
            reference(crowding["capacity"], "fitness.crowding.capacity", integer: true)
        }
    }

    mutating func checkScenarios() {
        guard let items = top["scenarios"]?.sequence else { return }
        var seen: Set<String> = []
        for item in items {
            guard let s = item.mapping, let name = s["name"]?.string else {
                add(item, "Every scenario needs a name.")
                continue
            }
            if !seen.insert(name).inserted { add(s["name"], "The scenario \(name) is listed twice; rename one.") }
            if s["explanation"] == nil {
                add(item, "The scenario \(name) has no explanation; say in a few sentences what it shows a class.")
            }
            for (key, _) in s["set"]?.mapping ?? [:] { reference(key, "The scenario \(name)'s set") }
            for step in s["schedule"]?.sequence ?? [] {
                for (key, _) in step.mapping ?? [:] where key.string != "generation" {
                    reference(key, "The scenario \(name)'s schedule")
                    if let changed = key.string, let parameter = parameters[changed], !parameter.changeable {
                        add(
                            key,
                            "The scenario \(name) schedules \(changed), which only shapes generation 0; "
                                + "set it under set instead.")
                    }
                }
            }
        }
    }

    mutating func checkMetrics() {
        guard let items = top["metrics"]?.sequence else { return }
        var seen: Set<String> = []
        for item in items {
            guard let m = item.mapping, let name = m["name"]?.string else {
                add(item, "Every metric needs a name.")
                continue
            }
            if !seen.insert(name).inserted { add(m["name"], "The metric \(name) is listed twice; rename one.") }
            let value = m["value"]?.string ?? ""
            if !Self.metricValues.contains(value) {
                add(
                    m["value"] ?? item,
                    "The metric \(name)'s value \"\(value)\" is not one the engine computes; use one of "
                        + "\(Self.metricValues.joined(separator: ", ")).")
            }
            if value == "parameter" { reference(m["parameter"], "The metric \(name)'s parameter") }
            if value == "fraction" && m["between"] == nil {
                add(item, "The metric \(name) counts a fraction, so it needs between: [low, high].")
            }
            if let tolerance = m["tolerance"] {
                if !(tolerance.float.map { $0 > 0 } ?? false) {
                    add(tolerance, "The metric \(name)'s tolerance must be a number above 0.")
                }
            } else if m["divideBy"] != nil && (value == "mean" || value == "median") {
                add(
                    item,
                    "The metric \(name) is a scaled trait with no tolerance; its changes are much smaller than a "
                        + "tenth of its range, so give the tolerance a good guess may be off by (beaks: 0.3).")
            }
            _ = pair(m["range"], "The metric \(name)'s range")
        }
    }
}

extension TraitModelFile {
    /// The 1-based line of the top-level key `key` in a model file's text (1 when there is none).
    static func line(ofKey key: String, in text: String) -> Int {
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            if line.hasPrefix(key + ":") { return number }
        }
        return 1
    }
}
