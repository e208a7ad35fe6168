import PetriProtocol
import PetriSimulation
import PetriWords

extension TeacherConsole {
    /// The `models` answer as log lines: the lesson's own model with every parameter (what `set` and `clone`
    /// accept, its range, unit and default), the other models in one line each.
    ///
    /// Text comes from the server, so each piece is sanitised before it reaches the terminal.
    static func describe(_ models: [ModelDescription], lesson: String?, in language: Language = .english) -> [String] {
        let clean = { (text: String) in TerminalText.sanitise(text, maxCharacters: 200) }
        var lines: [String] = []
        for model in models where model.model == lesson {
            lines.append(
                TerminalWords.text(
                    "terminal.models.parameters",
                    ["model": .text(clean(model.model)), "title": .text(clean(model.title))],
                    in: language))
            for parameter in model.parameters {
                var allowed = ""
                if let range = parameter.range {
                    allowed = " \(ParameterValue.number(range.lowerBound))–\(ParameterValue.number(range.upperBound))"
                } else if let choices = parameter.choices, parameter.kind == .choice {
                    allowed = " " + choices.map(clean).joined(separator: "|")
                } else if parameter.kind == .flag {
                    allowed = " true|false"
                }
                let unit = parameter.unit.isEmpty ? "" : " \(clean(parameter.unit))"
                let fallback =
                    parameter.defaultValue.map {
                        TerminalWords.text(
                            "terminal.models.default", ["value": .text(clean($0.description))], in: language)
                    } ?? ""
                lines.append(
                    "\(parameter.changeable ? "*" : "-") \(clean(parameter.name))\(allowed)\(unit)\(fallback): "
                        + clean(parameter.description))
            }
            if !model.scenarios.isEmpty {
                let names = model.scenarios.map { clean($0.name) }.joined(separator: ", ")
                lines.append(TerminalWords.text("terminal.models.scenarios", ["names": .text(names)], in: language))
            }
        }
        let others = models.filter { $0.model != lesson }
        if !others.isEmpty {
            let names = others.map { "\(clean($0.model)) (\(clean($0.title)))" }.joined(separator: ", ")
            lines.append(TerminalWords.text("terminal.models.others", ["names": .text(names)], in: language))
        }
        return lines
    }
}
