import Foundation
import PetriProtocol

/// Reads a plan file the teacher named in the console (`plan preview FILE`, `plan save FILE`) into the message that
/// previews or saves it: the server checks the text (every mistake comes back with its line), so nothing is
/// checked here but that the file reads.
enum PlanFileSender {
    /// The message for the file at `path`, or the sentence saying why there is none (no key, an unreadable file).
    static func message(path: String, use: PlanFileUse, key: String?) -> Result<ClientMessage, PlanFileProblem> {
        guard let key else { return .failure(PlanFileProblem(sentence: PlanTerminalWords.needsKey())) }
        switch use {
        case .share(let name): return .success(.sharePlan(teacherKey: key, name: name))
        case .unshare(let name): return .success(.unsharePlan(teacherKey: key, name: name))
        case .preview, .save: break
        }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            return .failure(PlanFileProblem(sentence: PlanTerminalWords.unreadable(path, error.localizedDescription)))
        }
        switch use {
        case .preview: return .success(.previewPlan(teacherKey: key, text: text, seed: nil))
        case .save(let name, let replace):
            return .success(.savePlan(teacherKey: key, name: name, text: text, replace: replace))
        case .share(let name): return .success(.sharePlan(teacherKey: key, name: name))
        case .unshare(let name): return .success(.unsharePlan(teacherKey: key, name: name))
        }
    }
}

/// Why a plan file was not sent: a sentence for the console.
struct PlanFileProblem: Error, Sendable, Hashable {
    var sentence: String
}
