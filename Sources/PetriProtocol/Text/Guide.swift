/// The built-in explanations every client shows: what evolution is, what each screen and control does,
/// and that survival and mutation are random. Written once, here; the server sends it (`guide`) with the
/// lesson's model's own story, so the terminal and the browser pages show the same words.
package struct Guide: Sendable, Hashable, Codable {
    /// The sections, in reading order.
    package var sections: [GuideSection]
    /// The lesson's model's real-world story (its ``ModelDescription``'s), when the model has one.
    package var story: String?

    package init(sections: [GuideSection] = Guide.standardSections, story: String? = nil) {
        self.sections = sections
        self.story = story
    }

    /// The section with this id, if any.
    package func section(_ id: String) -> GuideSection? { sections.first { $0.id == id } }
}

/// One explanation: a stable id (for links and commands), a title and a few short paragraphs.
package struct GuideSection: Sendable, Hashable, Codable {
    package var id: String
    package var title: String
    /// Paragraphs of plain text (no markup), each a few sentences.
    package var paragraphs: [String]

    package init(id: String, title: String, paragraphs: [String]) {
        self.id = id
        self.title = title
        self.paragraphs = paragraphs
    }
}

extension Guide {
    /// The explanations, in reading order.
    static let standardSections: [GuideSection] = [
        GuideSection(
            id: "evolution", title: "What is evolution?",
            paragraphs: [
                "Evolution is change in a population over generations. Creatures differ from each other; some "
                    + "differences are passed from parents to children; and the differences change who survives "
                    + "and has children. Over many generations the common traits shift.",
                "Nobody in the simulation tries to adapt. A creature is born with its trait and keeps it. What "
                    + "changes is which creatures are left: those whose trait suits the surroundings survive more "
                    + "often, so their kind of trait becomes common. Children differ a little from their parents "
                    + "(mutation), which keeps new variety coming.",
                "Selection needs all three: variety, inheritance and a difference in survival. Take one away and "
                    + "the population stops adapting.",
            ]),
        GuideSection(
            id: "randomness", title: "Chance plays a part",
            paragraphs: [
                "In the moths, the bacteria and the finches, survival and mutation are random. A well-adapted "
                    + "creature can still die, and a poorly adapted one can live and have children: being well "
                    + "adapted only makes survival more likely, never certain. Which child gets which small change "
                    + "is chance too.",
                "Not every model has chance in it. The islands map and the Game of Life have none: the same start "
                    + "always has the same future, so every replicate repeats the real run.",
                "So the real run is only one of the runs that could have happened. Replicates show the others: the "
                    + "teacher runs many copies of this moment forward, each with its own luck, and the shaded band "
                    + "behind the line shows where 8 in 10 of them went. A population can go extinct in some runs "
                    + "and thrive in others from the very same start.",
                "When a question resolves after replicates ran, the result says where the real run ended among "
                    + "them, e.g. above 8 of the 10 runs that could have happened: it was not unusual, or it was.",
            ]),
        GuideSection(
            id: "student-screen", title: "The student screen",
            paragraphs: [
                "The picture shows the population now. Beside it, the histogram shows how many creatures have "
                    + "each trait, and the chart shows a number over the generations (with the replicates' band "
                    + "behind it when the teacher ran them). The slider under the histogram shows any past "
                    + "generation. \"About this model\" tells the model's real-world story and holds these "
                    + "explanations.",
                "When the teacher asks a question, the question panel opens: type your prediction and press Enter "
                    + "(or tap Send). You can add a short reason: why do you think so? Only the teacher sees it, "
                    + "unless they share it with the class, without your name unless they choose names.",
                "A hint costs half the question's points. Answers lock when the simulation moves on or time runs "
                    + "out; the question resolves when the simulation reaches its target generation, and everyone "
                    + "sees the real value beside the class's predictions.",
            ]),
        GuideSection(
            id: "discussion", title: "Predict, discuss, reveal",
            paragraphs: [
                "Nobody sees what the class predicted until the teacher shows it, so everyone thinks for "
                    + "themselves first. Then the teacher may show the class's answers (counts only, never names) "
                    + "and chosen reasons to discuss before the simulation reveals what really happens."
            ]),
        GuideSection(
            id: "teacher-controls", title: "The teacher's controls",
            paragraphs: [
                "Step (+1, +5, +10) and Run move the simulation forward; Pause stops it; Rewind goes back "
                    + "exactly, and a checkpoint marks a moment to restore later. Set changes the environment now "
                    + "(e.g. the background colour); a clone starts a new lesson from this generation with other "
                    + "parameters. In the terminal these are step, run, pause, rewind, checkpoint, restore and set.",
                "Ask the class (ask) asks a question about a later generation; Close answers now (close) stops "
                    + "answers; Show the class's answers (reveal) shows them; reasons lists the reasons students "
                    + "gave and share shows chosen ones; replicates runs copies of now into the future to show "
                    + "what else could have happened.",
                "Export the lesson file (export) saves it with its seed: keep it to yourself. The gradebook (CSV) "
                    + "has the results; End the lesson (end) finishes it, after which the report (per student, per "
                    + "question, and how well calibrated the probability predictions were) can be downloaded.",
            ]),
        GuideSection(
            id: "hunt", title: "When the class hunts",
            paragraphs: [
                "In a hunt the students are the predators. Each has a few seconds and a few catches, and catches "
                    + "the moths they see first: the ones whose colour stands out from the background. Nobody is "
                    + "told which moths are hidden; the class simply misses them, because a moth the colour of the "
                    + "bark is hard to find in a hurry.",
                "So the moths left alive are, on average, closer to the background's colour than the ones caught: "
                    + "the caught-against-alive chart after each round shows it. The survivors have the children, "
                    + "and the next generation is a little better hidden. Nobody chose the camouflage; the class's "
                    + "eyes selected it, as birds' eyes did on real trees.",
                "It is still chance: a hunter may catch a well-hidden moth by luck and miss a bright one, and a "
                    + "round with few catches changes little. Compare the class's selection with the formula's: "
                    + "the formula is the textbook predator, the class a real one with its own habits.",
                "A student with extra time gets it in a hunt too: the round lasts as long as the longest extra "
                    + "time in the class stretches it (10 seconds with 50% extra: 15), and everyone hunts in that "
                    + "one round. Catches, not seconds, are the limit, so nobody gets more catches; and the round "
                    + "still ends as soon as everyone hunting has used their catches. A spotter does not hunt, so "
                    + "the round never waits for one.",
            ]),
        GuideSection(
            id: "projector", title: "The projector",
            paragraphs: [
                "The projector page shows the join code, its address and a QR code to scan, then the picture, "
                    + "the chart, the open question and how many have answered, never who. It shows the class's "
                    + "answers only when the teacher reveals them or the question resolves; a box hides the names "
                    + "on the leaderboard."
            ]),
    ]
}
