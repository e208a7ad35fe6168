import Foundation
import PetriProtocol
import PetriSimulation
import PetriWords

/// `petri teach new MODEL --name value …`: the model parameters given as options, checked against the description
/// the server gives of the model (`describeModels`), so a model file the server loaded is checked like a shipped one.
package enum ModelOptions {
    /// The options `description`'s model takes, camel-cased as its parameters are named: a model with scenarios lists
    /// what can change mid-lesson first, then the rest, then `scenario`, as its `set` errors do.
    package static func names(_ description: ModelDescription) -> [String] {
        let names = description.parameters.map(\.name)
        guard !description.scenarios.isEmpty else { return names }
        let changeable = description.parameters.filter(\.changeable).map(\.name)
        return changeable + names.filter { !changeable.contains($0) } + ["scenario"]
    }

    /// What is wrong with creating `model` with `parameters` (an object of camel-cased names) on a server that
    /// describes `models`, as a sentence; nil when the server has the model and it takes every parameter given.
    package static func problem(
        model: ModelKind, parameters: JSONValue?, models: [ModelDescription], in language: Language = .english
    ) -> String? {
        guard let description = models.first(where: { $0.model == model.rawValue }) else {
            return TerminalWords.text(
                "terminal.model.unknown",
                ["served": .text(models.map(\.model).joined(separator: ", ")), "model": .text(model.rawValue)],
                in: language)
        }
        guard case .object(let values) = parameters else { return nil }
        let known = names(description)
        guard let unknown = values.keys.sorted().first(where: { !known.contains($0) }) else { return nil }
        return TerminalWords.text(
            "terminal.model.unknownParameter",
            [
                "model": .text(model.rawValue), "option": .text(kebabCase(unknown)),
                "options": .text(known.map { "--" + kebabCase($0) }.joined(separator: ", ")),
            ], in: language)
    }

    /// `environmentColour` → `environment-colour`.
    package static func kebabCase(_ camel: String) -> String {
        camel.reduce("") { $0 + ($1.isUppercase ? "-" + $1.lowercased() : String($1)) }
    }

    /// The server's models, asked on a connection of its own; nil when the server cannot be reached, or does not
    /// answer within `timeout` seconds (the console then says why as it retries).
    package static func served(options: ClientOptions, timeout: Double = 10) async -> [ModelDescription]? {
        let connector = WebSocketConnector(url: options.server, caFile: options.caFile)
        let models = await served(by: connector, timeout: timeout)
        await connector.shutdown()
        return models
    }

    /// The models `connector`'s server describes.
    static func served(by connector: any LessonConnector, timeout: Double) async -> [ModelDescription]? {
        guard let link = try? await connector.connect() else { return nil }
        defer { link.close() }
        link.send(.describeModels(teacherKey: nil))
        return await withTaskGroup(of: [ModelDescription]?.self) { group in
            group.addTask {
                for await event in link.events {
                    switch event {
                    case .message(.models(let models), _): return models
                    case .closed: return nil
                    default: continue
                    }
                }
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(timeout))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}
