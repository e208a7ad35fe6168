import Foundation
import Logging
import PetriSimulation

/// Reading a models directory at start: every `*.yaml` in it, in name order, checked as `petri model check` does
/// and added to the catalog after the shipped models. A file that does not check, or whose model's name is taken, is
/// left out with its reasons (logged, and named by `/readyz`); the others load all the same.
package enum ModelDirectory {
    /// The catalog of the shipped models plus the directory's good files, and the files left out.
    package static func load(
        _ directory: String?, logger: Logger
    ) -> (catalog: ModelCatalog, refusals: [ModelFileRefusal]) {
        guard let directory else { return (.shipped, []) }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".yaml") }
                .sorted()
        } catch {
            let refusal = ModelFileRefusal(
                file: directory,
                problems: [
                    .init(
                        line: 1,
                        sentence: "The models directory could not be read (\(error.localizedDescription)); "
                            + "check models.directory or --models.")
                ])
            logger.error("Model files not loaded", metadata: ["problem": "\(refusal)"])
            return (.shipped, [refusal])
        }
        var texts: [(name: String, text: String?)] = []
        for name in names {
            let path = (directory as NSString).appendingPathComponent(name)
            texts.append(
                (
                    name,
                    (try? Data(contentsOf: URL(fileURLWithPath: path))).flatMap { String(data: $0, encoding: .utf8) }
                ))
        }
        let (catalog, refusals) = catalog(adding: texts)
        for refusal in refusals {
            logger.error("Model file not loaded", metadata: ["file": "\(refusal.file)", "problems": "\(refusal)"])
        }
        for entry in catalog.entries where entry.file != nil {
            logger.info(
                "Model file loaded",
                metadata: ["model": "\(entry.kind.rawValue)", "hash": "\(entry.file?.contentHash ?? "")"])
        }
        return (catalog, refusals)
    }

    /// The shipped catalog with each text added in order (nil: a file that could not be read as UTF-8 text).
    static func catalog(adding files: [(name: String, text: String?)]) -> (ModelCatalog, [ModelFileRefusal]) {
        var catalog = ModelCatalog.shipped
        var refusals: [ModelFileRefusal] = []
        for (name, text) in files {
            guard let text else {
                refusals.append(
                    ModelFileRefusal(
                        file: name,
                        problems: [.init(line: 1, sentence: "The file is not UTF-8 text; save it as UTF-8.")]))
                continue
            }
            do {
                catalog = try catalog.adding(fileNamed: name, text: text)
            } catch {
                refusals.append(error)
            }
        }
        return (catalog, refusals)
    }

    /// `,"detail":"…"` naming every file left out, for `/readyz`'s JSON; empty when every file loaded.
    static func readinessDetail(_ refusals: [ModelFileRefusal]) -> String {
        guard !refusals.isEmpty else { return "" }
        let text = "Model files not loaded: " + refusals.map(\.description).joined(separator: "; ")
        guard let data = try? JSONEncoder().encode(text), let quoted = String(data: data, encoding: .utf8) else {
            return ""
        }
        return #","detail":"# + quoted
    }
}
