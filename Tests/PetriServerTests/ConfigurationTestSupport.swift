import Foundation

@testable import PetriHub
@testable import PetriServer

/// Paths and scratch files for the configuration and deployment tests.
enum ConfigurationFixtures {
    /// The package root, found from this file's location (Tests/PetriServerTests/…).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// An absolute path inside the package, e.g. `Config/petri.yaml`.
    static func path(_ relative: String) -> String { root + "/" + relative }

    /// The text of a file inside the package.
    static func text(_ relative: String) throws -> String {
        try String(contentsOfFile: path(relative), encoding: .utf8)
    }

    /// A fresh directory under the system temporary directory; the caller removes it.
    static func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("petri-config-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Writes `text` to a new file in a fresh temporary directory and returns its path.
    static func write(_ text: String, named name: String = "petri.yaml") throws -> String {
        let path = try temporaryDirectory() + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Removes a temporary file or directory made by these helpers.
    static func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The error loading with these variables and flags throws, or nil when it succeeds.
    static func loadError(_ environment: [String: String], _ overrides: ConfigurationOverrides = .init())
        -> ConfigurationError?
    {
        do {
            _ = try ServerConfiguration.load(file: nil, environment: environment, overrides: overrides)
            return nil
        } catch {
            return error
        }
    }

    /// The error parsing this YAML as `petri.yaml` throws, or nil when it succeeds.
    static func parseError(_ yaml: String) -> ConfigurationError? {
        do {
            _ = try ServerConfiguration.parse(yaml: yaml, path: "petri.yaml")
            return nil
        } catch {
            return error
        }
    }
}
