import PetriProtocol

/// A make-up student as the teacher's results see them (``Lesson/report(in:makeups:)``,
/// ``Lesson/resultsCSV(makeups:)``): their play and when they joined the make-up.
///
/// Who they are ranked among follows the lesson's `makeupRanking`: `apart` (the default) ranks make-up students
/// among themselves and leaves the class's ranks as the class had them; `withClass` ranks everyone together.
package struct MakeupLine: Sendable, Hashable {
    package var play: MakeupPlay
    package var joinedAt: Timestamp

    package init(play: MakeupPlay, joinedAt: Timestamp) {
        self.play = play
        self.joinedAt = joinedAt
    }
}
