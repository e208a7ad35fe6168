/// Scenario names in lesson files, shared by the trait models' scenario enums.
enum ScenarioCoding {
    /// Decodes a scenario name, listing the valid names when it is not one.
    ///
    /// - Throws: `DecodingError` for a value that is not one of `Scenario`'s names.
    static func decode<Scenario: RawRepresentable & CaseIterable>(
        _ decoder: any Decoder
    ) throws -> Scenario where Scenario.RawValue == String {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let scenario = Scenario(rawValue: text) else {
            let names = Scenario.allCases.map(\.rawValue).joined(separator: ", ")
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "scenario must be one of \(names), but was \"\(text)\".")
        }
        return scenario
    }
}
