import PetriProtocol
import PetriSimulation

extension TeacherConsole {
    /// The `models` answer as log lines: the lesson's own model with every parameter (what `set` and `clone`
    /// accept, its range, unit and default), the other models in one line each.
    ///
    /// Text comes from the server, so each piece is sanitised before it reaches the terminal.
    static func describe(_ models: [ModelDescription], lesson: String?) -> [String] {
        let clean = { (text: String) in TerminalText.sanitise(text, maxCharacters: 200) }
        var lines: [String] = []
        for model in models where model.model == lesson {
            lines.append(
                "\(clean(model.model)): \(clean(model.title)). Parameters (set and clone take those marked *, "
                    + "the others only start a lesson):")
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
                let fallback = parameter.defaultValue.map { ", default \(clean($0.description))" } ?? ""
                lines.append(
                    "\(parameter.changeable ? "*" : "-") \(clean(parameter.name))\(allowed)\(unit)\(fallback): "
                        + clean(parameter.description))
            }
            if !model.scenarios.isEmpty {
                lines.append("Scenarios: \(model.scenarios.map { clean($0.name) }.joined(separator: ", ")).")
            }
        }
        let others = models.filter { $0.model != lesson }
        if !others.isEmpty {
            lines.append(
                "Other models: " + others.map { "\(clean($0.model)) (\(clean($0.title)))" }.joined(separator: ", ")
                    + ".")
        }
        return lines
    }
}
