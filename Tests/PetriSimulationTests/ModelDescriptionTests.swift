import Foundation
import Testing

@testable import PetriSimulation

/// Every model's description tells the truth about what the model accepts: a form generated from it
/// (the browser console's) is never refused inside the documented ranges and always refused outside.
///
/// The tests run over ``ModelKind/allCases``, so a model added later is checked with no change here.
@Suite struct ModelDescriptionTests {
    /// A model created from a lesson file's `parameters` object, as the lesson creates it.
    private static func make<M: SimulationModel>(_ type: M.Type, _ values: [String: JSONNumberOr]) throws -> M {
        let data = try JSONSerialization.data(withJSONObject: values.mapValues(\.json))
        let parameters = try JSONDecoder().decode(M.Parameters.self, from: data)
        return try M(parameters: parameters, seed: 7)
    }

    /// A value written into the JSON object: integers as integers, so a whole-number key decodes.
    enum JSONNumberOr {
        case integer(Int)
        case number(Double)
        case text(String)
        case flag(Bool)

        var json: Any {
            switch self {
            case .integer(let n): n
            case .number(let x): x
            case .text(let s): s
            case .flag(let b): b
            }
        }

        init(_ value: ParameterValue, kind: ParameterDescriptor.Kind) {
            switch value {
            case .number(let x): self = kind == .integer ? .integer(Int(x)) : .number(x)
            case .text(let s): self = .text(s)
            case .flag(let b): self = .flag(b)
            }
        }
    }

    /// Every parameter at its described default, together.
    private static func defaults(_ description: ModelDescription) -> [String: JSONNumberOr] {
        var values: [String: JSONNumberOr] = [:]
        for parameter in description.parameters {
            if let value = parameter.defaultValue { values[parameter.name] = JSONNumberOr(value, kind: parameter.kind) }
        }
        return values
    }

    /// The model's refusal, or nil when it accepted.
    private static func refusal<M: SimulationModel>(_ type: M.Type, _ values: [String: JSONNumberOr])
        -> SimulationError?
    {
        do {
            _ = try make(type, values)
            return nil
        } catch let error as SimulationError {
            return error
        } catch {
            Issue.record("\(M.kind) refused \(values) while decoding, not with the model's sentence: \(error)")
            return nil
        }
    }

    /// The sentence refusing these values, whether the lesson file's decoding or the model refused them.
    private static func decodingOrModelRefusal<M: SimulationModel>(_ type: M.Type, _ values: [String: JSONNumberOr])
        -> String?
    {
        do {
            _ = try make(type, values)
            return nil
        } catch let error as SimulationError {
            return error.message
        } catch DecodingError.dataCorrupted(let context) {
            return context.debugDescription
        } catch {
            return "\(error)"
        }
    }

    private static func checkRanges<M: SimulationModel>(_ type: M.Type) {
        let description = M.modelDescription
        #expect(description.model == M.kind.rawValue)
        #expect(description.metrics == M.metrics)
        #expect(!description.parameters.isEmpty)
        #expect(refusal(type, defaults(description)) == nil, "\(M.kind): the described defaults are refused")
        for parameter in description.parameters {
            let name = parameter.name
            if let range = parameter.range {
                #expect([.integer, .number].contains(parameter.kind), "\(M.kind).\(name) has a range but no number")
                let (inside, outside): ([JSONNumberOr], [JSONNumberOr])
                if parameter.kind == .integer {
                    let low = Int(range.lowerBound)
                    let high = Int(range.upperBound)
                    (inside, outside) = ([.integer(low), .integer(high)], [.integer(low - 1), .integer(high + 1)])
                } else {
                    let step = { (x: Double) in max(abs(x) * 1e-9, 1e-9) }
                    (inside, outside) = (
                        [.number(range.lowerBound), .number(range.upperBound)],
                        [
                            .number(range.lowerBound - step(range.lowerBound)),
                            .number(range.upperBound + step(range.upperBound)),
                        ]
                    )
                }
                for value in inside {
                    var values = defaults(description)
                    values[name] = value
                    // A `…Min` at its top needs its `…Max` as high (and a `…Max` at its bottom its `…Min` as low).
                    for (own, partner) in [("Min", "Max"), ("Max", "Min")] where name.hasSuffix(own) {
                        values[String(name.dropLast(own.count)) + partner] = value
                    }
                    #expect(refusal(type, values) == nil, "\(M.kind).\(name) = \(value.json) is refused")
                }
                for value in outside {
                    var values = defaults(description)
                    values[name] = value
                    let error = refusal(type, values)
                    #expect(error?.code == .parameterOutOfRange, "\(M.kind).\(name) = \(value.json) is not refused")
                    #expect(error?.message.contains(name) == true)
                }
            }
            if parameter.kind == .choice {
                let choices = parameter.choices ?? []
                #expect(!choices.isEmpty, "\(M.kind).\(name) is a choice without choices")
                for choice in choices {
                    var values = defaults(description)
                    values[name] = .text(choice)
                    #expect(refusal(type, values) == nil, "\(M.kind).\(name) = \(choice) is refused")
                }
                var values = defaults(description)
                values[name] = .text("not-one-of-them")
                // A name outside the list may be refused while the lesson file is read (a scenario picks the
                // other values' defaults); either way the sentence names the parameter.
                #expect(
                    decodingOrModelRefusal(type, values)?.contains(name) == true,
                    "\(M.kind).\(name) accepts a value it does not list")
            }
            if parameter.kind == .text, let suggestions = parameter.choices {
                for suggestion in suggestions {
                    var values = defaults(description)
                    values[name] = .text(suggestion)
                    #expect(refusal(type, values) == nil, "\(M.kind).\(name) = \(suggestion) is refused")
                }
            }
            if parameter.kind == .flag {
                for flag in [false, true] {
                    var values = defaults(description)
                    values[name] = .flag(flag)
                    #expect(refusal(type, values) == nil, "\(M.kind).\(name) = \(flag) is refused")
                }
            }
        }
    }

    private struct NotShipped: Error { let kind: ModelKind }

    /// The compiled type of a shipped model.
    private static func shipped(_ kind: ModelKind) throws -> any SimulationModel.Type {
        guard let type = kind.shippedType else { throw NotShipped(kind: kind) }
        return type
    }

    @Test(arguments: ModelKind.allCases)
    func everyRangeEndIsAcceptedAndOneStepBeyondIsRefused(kind: ModelKind) throws {
        Self.checkRanges(try Self.shipped(kind))
    }

    /// One parameter as a model encodes it: nil for what is no single value (camouflage's schedule).
    private struct Stored: Decodable {
        let value: ParameterValue?

        init(from decoder: any Decoder) throws {
            value = try? ParameterValue(from: decoder)
        }
    }

    private static func checkDefaults<M: SimulationModel>(_ type: M.Type) throws {
        // Given a model created with no parameters at all
        let model = try make(type, [:])
        let stored = try JSONDecoder().decode([String: Stored].self, from: JSONEncoder().encode(model.parameters))
        // Then each parameter it reports holds the described default
        for parameter in M.modelDescription.parameters {
            guard let value = parameter.defaultValue, let actual = stored[parameter.name]?.value else { continue }
            #expect(actual == value, "\(M.kind).\(parameter.name): described \(value), the model uses \(actual)")
        }
    }

    @Test(arguments: ModelKind.allCases)
    func describedDefaultsAreTheOnesAModelGetsWithoutParameters(kind: ModelKind) throws {
        try Self.checkDefaults(try Self.shipped(kind))
    }

    private static func checkChangeable<M: SimulationModel>(_ type: M.Type) throws {
        // Given a model past generation 0
        var model = try make(type, defaults(M.modelDescription))
        model.step()
        for parameter in M.modelDescription.parameters {
            guard let value = parameter.defaultValue else { continue }
            // When the teacher sets the parameter to its default, Then only a changeable one is accepted
            var copy = model
            let accepted = (try? copy.apply(.set(name: parameter.name, value: value))) != nil
            #expect(accepted == parameter.changeable, "\(M.kind).\(parameter.name): changeable is wrong")
        }
    }

    @Test(arguments: ModelKind.allCases)
    func changeableSaysWhetherSetIsAcceptedAfterGenerationZero(kind: ModelKind) throws {
        try Self.checkChangeable(try Self.shipped(kind))
    }

    @Test(arguments: ModelKind.allCases)
    func everyParameterAndMetricHasALabelInPlainWordsAndNoProgrammerUnit(kind: ModelKind) throws {
        let description = try #require(kind.modelDescription)
        let labelled =
            description.parameters.map { ($0.name, $0.label, $0.unit) }
            + description.metrics.map { ($0.name, $0.label, $0.unit) }
        for (name, label, unit) in labelled {
            // A label is words for people: not empty, not the key, and no camelCase key inside it
            #expect(!label.isEmpty && label != name, "\(kind).\(name) has no label of its own")
            #expect(label.first?.isUppercase == true, "\(kind).\(name): \(label)")
            #expect(
                label.split(separator: " ").allSatisfy { word in
                    !zip(word, word.dropFirst()).contains { $0.isLowercase && $1.isUppercase }
                },
                "\(kind).\(name): \(label) names a key")
            // and a unit is words after a number, never the model's name for its trait
            #expect(
                !["trait", "colour", "resistance", "dose", "hardness"].contains(unit), "\(kind).\(name): unit \(unit)")
        }
    }

    @Test func camouflageScenariosAreTheScenarioEnumAndEachCreatesAModel() throws {
        let scenarios = CamouflageModel.modelDescription.scenarios
        #expect(scenarios.map(\.name) == CamouflageScenario.allCases.map(\.rawValue))
        for scenario in scenarios {
            _ = try Self.make(CamouflageModel.self, ["scenario": .text(scenario.name)])
            #expect(!scenario.explanation.isEmpty && !scenario.title.isEmpty)
        }
    }

    @Test func everyModelKindIsDescribedInOrder() {
        #expect(ModelKind.allDescriptions.map(\.model) == ModelKind.allCases.map(\.rawValue))
    }
}
