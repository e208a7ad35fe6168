import Foundation
import PetriSimulation

/// Model files for tests of loaded models: the shipped finch-beak file under another name, with another story and
/// another cost of a mismatched beak (one of its fitness parameters).
package enum ModelFileCopies {
    /// The finch file renamed `model`, its story and title changed, its fitness `mismatchCost` set to `mismatchCost`.
    package static func finches(model: String = "drought-finches", mismatchCost: Int = 3) -> String {
        BeaksFile.source.text
            .replacingFirst("model: beaks\n", with: "model: \(model)\n")
            .replacingFirst("title: Finch beaks (Darwin's finches)\n", with: "title: Finches in a drought (a copy)\n")
            .replacingFirst(
                "story: >-\n", with: "story: >-\n  A teacher's copy of the finches, for a drought lesson.\n"
            )
            .replacingFirst("  mismatchCost: 2\n", with: "  mismatchCost: \(mismatchCost)\n")
    }
}

extension String {
    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
