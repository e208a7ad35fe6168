import PetriProtocol
import PetriSimulation

/// A console command, parsed: a message for the server or something the console does itself.
enum TeacherCommand: Sendable, Hashable {
    /// Send this to the server.
    case send(ClientMessage)
    /// Ask for the lesson file and save it (default file name when nil).
    case exportDefinition(path: String?)
    /// Ask for the results and save them as CSV.
    case exportResults(path: String?)
    /// Ask for the lesson report and save it as CSV and HTML (`BASE.csv`, `BASE.html`).
    case exportReport(path: String?)
    /// Ask for the lesson report and list the hunt's record in the console (``HuntRecordLines``).
    case showHunts
    /// Attach a hint to the next question (nil drops it).
    case setHint(String?)
    /// Choose the side panel.
    case show(TeacherPanel)
    /// Show the join code large.
    case showCode
    /// List the plan's timeline, the next moment marked.
    case showPlan
    /// Read a plan file and preview it on the server, or save it among the teacher's plans.
    case planFile(path: String, use: PlanFileUse)
    /// List the commands, or explain one.
    case help(String?)
    /// Look at a past generation (nil: live).
    case view(Int?)
    /// Move the board view so (x, y) is its top-left cell; nil follows the cells again.
    case look(LookAt?)
    /// Mark the best-suited creatures, or stop marking them.
    case best(Bool)
    /// Leave the console.
    case quit
}

/// What `plan preview FILE` and `plan save FILE [NAME]` do with the file.
enum PlanFileUse: Sendable, Hashable {
    /// `previewPlan`: each question's outcome with a seed and the replicates' spread.
    case preview
    /// `savePlan` under `name` (replacing a plan of that name when `replace`).
    case save(name: String, replace: Bool)
    /// `sharePlan` of the stored plan `name` (no file is read).
    case share(name: String)
    /// `unsharePlan` of the stored plan `name` (no file is read).
    case unshare(name: String)
}

/// A cell of a board for the teacher's view to start at.
struct LookAt: Sendable, Hashable {
    var x: Int
    var y: Int

    /// The view's new top-left cell.
    init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}
