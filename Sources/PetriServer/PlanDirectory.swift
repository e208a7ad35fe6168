import Foundation
import PetriLesson
import PetriSimulation

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

    /// Why a plan was not imported: every mistake with its line, or one sentence.
    package enum ImportRefusal: Error, Sendable, Hashable {
        case problems([PlanReader.Problem])
        case sentence(String)
    }

    /// Checks `text` against `models` and writes it to `folder` as `NAME.yaml` (the folder is created if needed).
    ///
    /// - Parameter replace: Whether an imported plan of the same name may be replaced (a shipped one never is).
    /// - Returns: The path written.
    package static func importPlan(
        _ text: String, as name: String, into folder: String, replace: Bool, models: ModelCatalog
    ) throws(ImportRefusal) -> String {
        guard PlanFile.isWellFormed(name: name) else { throw .sentence(PlanWords.planNameInvalid(name)) }
        if case .failure(let problems) = PlanCheck.check(text, models: models) { throw .problems(problems.problems) }
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
