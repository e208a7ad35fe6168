import PetriProtocol

/// The student screen's own state: what is being typed and looked at, not what the lesson is.
struct StudentUI: Sendable, Hashable {
    /// A screen drawn over the lesson.
    enum Overlay: Sendable, Hashable {
        case none
        case help
        case about
        /// The built-in explanations and the model's story (``GuideScreen``).
        case guide
        /// The leaderboard, at a page from 0 (``LeaderboardScreen``).
        case leaderboard(page: Int)
        /// How to carry on a make-up on another device: its link, which holds the resume token (``CarryOnScreen``).
        case carryOn(link: String)
    }

    /// The screen drawn over the lesson, if any.
    var overlay = Overlay.none
    /// What is being typed for the open question.
    var answer = AnswerField()
    /// The generation shown in the side panel while browsing history; nil follows the lesson.
    var historyCursor: Int?
    /// Whether the best-suited creatures are marked.
    var markBest = false
    /// Where the board view looks.
    var boardViewport = BoardViewport()
    /// The question whose hint the student asked for once (a second press takes it).
    var hintArmed: QuestionID?
    /// A local message for the footer (typing mistakes), with the wall-clock time it was set.
    var message: Notice?
    /// Whether the student took the spotter role: they count the class's catches instead of hunting.
    var spotter = false
    /// The hunt field's grid as last drawn (the screen sets it; nil before a round was drawn).
    var huntGrid: HuntGrid?
    /// The cursor on the hunt field (nil until a round is drawn; each round starts in the middle).
    var huntCursor: HuntCursor?
    /// The round the cursor belongs to.
    var huntCursorRound: Int?

    /// The starting view: live, nothing typed.
    init() {}
}
