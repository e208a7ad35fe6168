import PetriSimulation

/// How a make-up student moves through the class's moments.
package enum MakeupPace: String, Sendable, Hashable, Codable, CaseIterable {
    /// As the class went: each moment after the class's own time between it and the one before.
    case `class`
    /// Only when the student asks (`makeupNext`: the page's Next button).
    case own
    /// One moment every `seconds` (1...60), whatever the class's times were.
    case auto

    /// The seconds between moments at `auto` pace when the student gives none.
    package static let defaultSeconds = 3
    /// The range of `seconds` at `auto` pace.
    package static let secondsRange = 1...60
}

/// A lesson's make-up as its teacher sees it (`makeup`): the code and link students use, whether it is open, and
/// until when.
package struct MakeupInfo: Sendable, Hashable, Codable {
    /// The make-up's own code (not the lesson's): students send it with `joinMakeup`.
    package var code: JoinCode
    /// The path of the make-up's page on this server, e.g. `/makeup/K7QX2M`.
    package var link: String
    /// Whether students may join or resume it now (false once closed or past `until`).
    package var open: Bool
    /// When the teacher opened it.
    package var openedAt: Timestamp
    /// When it stops taking students (absent: until the teacher closes it).
    package var until: Timestamp?
    /// How many students joined the make-up so far.
    package var students: Int

    package init(code: JoinCode, link: String, open: Bool, openedAt: Timestamp, until: Timestamp?, students: Int) {
        self.code = code
        self.link = link
        self.open = open
        self.openedAt = openedAt
        self.until = until
        self.students = students
    }

    /// The link for a make-up code.
    package static func link(for code: JoinCode) -> String { "/makeup/\(code.text)" }
}

/// Where a make-up student stands in the class's history (`makeupPosition`): moment `moment` of the `moments`
/// the class has had so far, at the class's `timeline` and `generation` there.
package struct MakeupPosition: Sendable, Hashable, Codable {
    /// The class's moment the student has reached, from 1 (the lesson's start).
    package var moment: Int
    /// How many moments the class has had so far (grows while the class's lesson goes on).
    package var moments: Int
    package var timeline: Int
    package var generation: Int
    package var pace: MakeupPace
    /// Seconds between moments at `auto` pace (absent at other paces).
    package var seconds: Int?
    /// Whether the class's lesson has ended (then `moments` will not grow).
    package var classEnded: Bool

    package init(
        moment: Int, moments: Int, timeline: Int, generation: Int, pace: MakeupPace, seconds: Int?, classEnded: Bool
    ) {
        self.moment = moment
        self.moments = moments
        self.timeline = timeline
        self.generation = generation
        self.pace = pace
        self.seconds = seconds
        self.classEnded = classEnded
    }
}
