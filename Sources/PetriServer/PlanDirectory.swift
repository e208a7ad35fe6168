import Foundation
import PetriLesson
import PetriProtocol
import PetriSimulation
import PetriStorage
import PetriWords

/// The server's lesson plans: the shipped ones, then every `NAME.yaml` in the data directory's `plans/` folder
/// (where `petri plan import` puts them). Read on each `describePlans` and `startPlan`, so a plan imported while the
/// server runs is offered at once. A plan named like a shipped one is left out (the shipped plan wins), and so is a
/// file whose name is not a plan's name (1 to 64 lower-case letters, digits and dashes).
package enum PlanDirectory {
    /// The folder of imported plans inside a data directory.
    package static func folder(in dataDirectory: String) -> String {
        (dataDirectory as NSString).appendingPathComponent("plans")
    }

    /// The shipped plans and the folder's plans, in name order after them.
    package static func files(in folder: String) -> [PlanFile] {
        var files = ShippedPlans.files
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names.filter({ $0.hasSuffix(".yaml") }).sorted() {
            let plan = String(name.dropLast(".yaml".count))
            guard PlanFile.isWellFormed(name: plan), !files.contains(where: { $0.name == plan }),
                let data = FileManager.default.contents(atPath: (folder as NSString).appendingPathComponent(name)),
                let text = String(data: data, encoding: .utf8)
            else { continue }
            files.append(PlanFile(name: plan, text: text, shipped: false))
        }
        return files
    }

    /// Why a plan was not imported: every mistake with its line, or one sentence (rendered in the reader's language).
    package enum ImportRefusal: Error, Sendable, Hashable {
        case problems([PlanReader.Problem])
        case sentence(Word)
    }

    /// Checks that `text` may be imported as `name`: a plan's name, not a shipped plan's, and a plan that checks.
    package static func checkImport(_ text: String, as name: String, models: ModelCatalog) throws(ImportRefusal) {
        guard PlanFile.isWellFormed(name: name) else { throw .sentence(PlanWords.planNameInvalid(name)) }
        if ShippedPlans.files.contains(where: { $0.name == name }) { throw .sentence(PlanWords.shippedName(name)) }
        if case .failure(let problems) = PlanCheck.check(text, models: models) { throw .problems(problems.problems) }
    }

    /// Stores the folder's plans that check and are not stored yet among the server's plans (at start-up, so that
    /// a file put there, or written by `petri plan import` while the server ran, reaches every node of a cluster).
    /// The files stay where they are; a stored plan of the same name wins.
    ///
    /// - Returns: The names of the plans stored now.
    package static func storeFolder(
        _ folder: String, into storage: any PlanStorage, models: ModelCatalog, at time: Timestamp
    ) async throws -> [String] {
        var stored: [String] = []
        for file in files(in: folder) where !file.shipped {
            guard case .success = PlanCheck.check(file.text, models: models) else { continue }
            let record = PlanRecord(name: file.name, ownerId: nil, text: file.text, savedAt: time)
            if try await storage.savePlan(record, replace: false) { stored.append(file.name) }
        }
        return stored
    }

    /// Checks `text` against `models` and writes it to `folder` as `NAME.yaml` (the folder is created if needed).
    ///
    /// - Parameter replace: Whether an imported plan of the same name may be replaced (a shipped one never is).
    /// - Returns: The path written.
    package static func importPlan(
        _ text: String, as name: String, into folder: String, replace: Bool, models: ModelCatalog
    ) throws(ImportRefusal) -> String {
        try checkImport(text, as: name, models: models)
        if let existing = files(in: folder).first(where: { $0.name == name }) {
            if existing.shipped { throw .sentence(PlanWords.shippedName(name)) }
            if !replace { throw .sentence(PlanWords.planExists(name)) }
        }
        let target = (folder as NSString).appendingPathComponent("\(name).yaml")
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: target), options: .atomic)
        } catch {
            throw .sentence(PlanWords.cannotWrite(target))
        }
        return target
    }
}
