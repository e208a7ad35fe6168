import Foundation
import PetriLesson

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
}
