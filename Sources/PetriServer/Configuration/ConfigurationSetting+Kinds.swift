import Foundation
import PetriWords

// Builders for each kind of setting, so the table in `ConfigurationSetting+All.swift` reads as a list of facts.

extension ConfigurationSetting {
    /// What a whole number counts, when the sentence names it ("a whole number of seconds").
    enum Unit {
        case none, days, seconds
    }

    /// A whole number within a range that may depend on other settings.
    ///
    /// - Parameters:
    ///   - path: The YAML path.
    ///   - keyPath: The field it sets.
    ///   - unit: What it counts, named after "a whole number" ("of seconds").
    ///   - note: Said after the allowed range in parentheses, e.g. "0 means no cap".
    ///   - range: The allowed values, given the configuration so far.
    static func integer(
        _ path: String, _ keyPath: WritableKeyPath<ServerConfiguration, Int>, unit: Unit = .none,
        note: Word? = nil, range: @escaping (ServerConfiguration) -> ClosedRange<Int>
    ) -> Self {
        Self(
            path: path, isSecret: false,
            write: { configuration, value in
                guard case .scalar(let text) = value, let number = Int(text.filter { $0 != "_" }) else {
                    return false
                }
                configuration[keyPath: keyPath] = number
                return true
            },
            read: { .scalar(String($0[keyPath: keyPath])) },
            isValid: { range($0).contains($0[keyPath: keyPath]) },
            allowed: { configuration in
                let bounds = range(configuration)
                let between: [String: WordArgument] = ["low": .int(bounds.lowerBound), "high": .int(bounds.upperBound)]
                let number =
                    switch unit {
                    case .none: ServerWords.word("config.allowed.integer", between)
                    case .days: ServerWords.word("config.allowed.integer.days", between)
                    case .seconds: ServerWords.word("config.allowed.integer.seconds", between)
                    }
                guard let note else { return number }
                return ServerWords.word("config.allowed.withNote", ["allowed": .word(number), "note": .word(note)])
            },
            integerRange: range)
    }

    /// A whole number within a fixed range.
    static func integer(
        _ path: String, _ keyPath: WritableKeyPath<ServerConfiguration, Int>, unit: Unit = .none,
        note: Word? = nil, in range: ClosedRange<Int>
    ) -> Self {
        integer(path, keyPath, unit: unit, note: note, range: { _ in range })
    }

    /// Text that must be present.
    ///
    /// - Parameters:
    ///   - allowed: What is allowed, completing "… must be ___".
    ///   - isValid: Checks the text beyond being present.
    static func text(
        _ path: String, _ keyPath: WritableKeyPath<ServerConfiguration, String>, allowed: Word,
        isValid: @escaping (String) -> Bool
    ) -> Self {
        Self(
            path: path, isSecret: false,
            write: { configuration, value in
                guard case .scalar(let text) = value else { return false }
                configuration[keyPath: keyPath] = text
                return true
            },
            read: { .scalar($0[keyPath: keyPath]) },
            isValid: { isValid($0[keyPath: keyPath]) },
            allowed: { _ in allowed })
    }

    /// Text that may be left out (nil); an empty value also means nil.
    ///
    /// - Parameters:
    ///   - isSecret: Never show the value, only its length.
    ///   - allowed: What is allowed, completing "… must be ___".
    ///   - isValid: Checks the text when it is set.
    static func optionalText(
        _ path: String, _ keyPath: WritableKeyPath<ServerConfiguration, String?>, isSecret: Bool = false,
        allowed: Word, isValid: @escaping (String) -> Bool
    ) -> Self {
        Self(
            path: path, isSecret: isSecret,
            write: { configuration, value in
                switch value {
                case .null: configuration[keyPath: keyPath] = nil
                case .scalar(let text): configuration[keyPath: keyPath] = text.isEmpty ? nil : text
                case .list, .nested: return false
                }
                return true
            },
            read: { $0[keyPath: keyPath].map(ConfigurationValue.scalar) ?? .null },
            isValid: { $0[keyPath: keyPath].map(isValid) ?? true },
            allowed: { _ in allowed })
    }

    /// `true` or `false`; `yes`/`no`, `on`/`off` and `1`/`0` are read too, as YAML 1.1 and shells write them.
    static func boolean(_ path: String, _ keyPath: WritableKeyPath<ServerConfiguration, Bool>) -> Self {
        Self(
            path: path, isSecret: false,
            write: { configuration, value in
                guard case .scalar(let text) = value else { return false }
                switch text.lowercased() {
                case "true", "yes", "on", "1": configuration[keyPath: keyPath] = true
                case "false", "no", "off", "0": configuration[keyPath: keyPath] = false
                default: return false
                }
                return true
            },
            read: { .scalar(String($0[keyPath: keyPath])) },
            isValid: { _ in true },
            allowed: { _ in ServerWords.word("config.allowed.boolean") })
    }

    /// One of a fixed set of words (case-insensitive), such as a log level.
    static func choice<Choice: RawRepresentable & CaseIterable>(
        _ path: String, _ keyPath: WritableKeyPath<ServerConfiguration, Choice>
    ) -> Self where Choice.RawValue == String {
        Self(
            path: path, isSecret: false,
            write: { configuration, value in
                guard case .scalar(let text) = value, let choice = Choice(rawValue: text.lowercased()) else {
                    return false
                }
                configuration[keyPath: keyPath] = choice
                return true
            },
            read: { .scalar($0[keyPath: keyPath].rawValue) },
            isValid: { _ in true },
            allowed: { _ in
                ServerWords.word(
                    "config.allowed.choice", ["choices": .text(Choice.allCases.map(\.rawValue).joined(separator: ", "))]
                )
            })
    }

    /// A list of text; a single plain value is read as a comma-separated list, as environment variables write it.
    ///
    /// - Parameters:
    ///   - allowed: What is allowed, completing "… must be ___".
    ///   - isValid: Checks each item.
    static func list(
        _ path: String, _ keyPath: WritableKeyPath<ServerConfiguration, [String]>, allowed: Word,
        isValid: @escaping (String) -> Bool
    ) -> Self {
        Self(
            path: path, isSecret: false,
            write: { configuration, value in
                switch value {
                case .null: configuration[keyPath: keyPath] = []
                case .list(let items): configuration[keyPath: keyPath] = items
                case .scalar(let text):
                    configuration[keyPath: keyPath] = text.split(separator: ",")
                        .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                case .nested: return false
                }
                return true
            },
            read: { .list($0[keyPath: keyPath]) },
            isValid: { $0[keyPath: keyPath].allSatisfy(isValid) },
            allowed: { _ in allowed })
    }
}
