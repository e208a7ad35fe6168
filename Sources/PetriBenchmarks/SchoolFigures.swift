import Foundation

/// What one run of `petri-bench school` measured over its window, for one configuration: many
/// lessons (the school) or the same students in one lesson (its reference). Field names say
/// what each measures; they are the JSON line's.
package struct SchoolFigures: Codable, Equatable, Sendable {
    package var lessons: Int
    package var studentsPerLesson: Int
    /// How long the lessons ran while measured.
    package var windowSeconds: Double
    /// Timed steps taken in the window, over all lessons.
    package var ticks: Int
    /// When each timed step was taken minus when it was due, over all lessons' steps.
    package var tickLatenessP50Ms: Double
    package var tickLatenessP99Ms: Double
    package var tickLatenessMaxMs: Double
    /// A timed step taken → the last student of its lesson receiving that generation's stats.
    package var stepToLastStudentP50Ms: Double
    package var stepToLastStudentP99Ms: Double
    /// A student's answer sent → its acknowledgement received (stored first), over all answers.
    package var answerAckP50Ms: Double
    package var answerAckP99Ms: Double
    /// Answers acknowledged per second of the window, and answers refused (late or otherwise) in it.
    package var answersPerSecond: Double
    package var answersRefused: Int
    /// Write transactions SQLite committed, and its sync calls (fsync/fdatasync), per second.
    package var storeCommitsPerSecond: Double
    package var storeFsyncsPerSecond: Double
    /// The server process's CPU time (user + system) per lesson per minute of the window.
    package var cpuSecondsPerLessonMinute: Double
    /// The server's resident memory grown by creating the lessons, per lesson, and by their students joining, per student.
    package var residentBytesPerLesson: Int
    package var residentBytesPerStudent: Int
    /// Cores the server process and the students' process kept busy on average over the window
    /// (their CPU seconds over its length): together, how much of the machine the run took.
    package var serverCores: Double
    package var studentsCores: Double

    package init(
        lessons: Int, studentsPerLesson: Int, windowSeconds: Double, ticks: Int, tickLatenessP50Ms: Double,
        tickLatenessP99Ms: Double, tickLatenessMaxMs: Double, stepToLastStudentP50Ms: Double,
        stepToLastStudentP99Ms: Double, answerAckP50Ms: Double, answerAckP99Ms: Double, answersPerSecond: Double,
        answersRefused: Int, storeCommitsPerSecond: Double, storeFsyncsPerSecond: Double,
        cpuSecondsPerLessonMinute: Double, residentBytesPerLesson: Int, residentBytesPerStudent: Int,
        serverCores: Double = 0, studentsCores: Double = 0
    ) {
        self.lessons = lessons
        self.studentsPerLesson = studentsPerLesson
        self.windowSeconds = windowSeconds
        self.ticks = ticks
        self.tickLatenessP50Ms = tickLatenessP50Ms
        self.tickLatenessP99Ms = tickLatenessP99Ms
        self.tickLatenessMaxMs = tickLatenessMaxMs
        self.stepToLastStudentP50Ms = stepToLastStudentP50Ms
        self.stepToLastStudentP99Ms = stepToLastStudentP99Ms
        self.answerAckP50Ms = answerAckP50Ms
        self.answerAckP99Ms = answerAckP99Ms
        self.answersPerSecond = answersPerSecond
        self.answersRefused = answersRefused
        self.storeCommitsPerSecond = storeCommitsPerSecond
        self.storeFsyncsPerSecond = storeFsyncsPerSecond
        self.cpuSecondsPerLessonMinute = cpuSecondsPerLessonMinute
        self.residentBytesPerLesson = residentBytesPerLesson
        self.residentBytesPerStudent = residentBytesPerStudent
        self.serverCores = serverCores
        self.studentsCores = studentsCores
    }

    /// The school's targets: timed steps late by at most 50 ms and answers acknowledged within 100 ms, at p99
    /// (a run in which no answer was acknowledged has not shown the second).
    package var meetsTargets: Bool {
        ticks > 0 && answersPerSecond > 0 && tickLatenessP99Ms <= 50 && answerAckP99Ms <= 100
    }
}

/// The JSON line `petri-bench school` ends with (before the machine is added).
package struct SchoolReport: Codable, Equatable, Sendable {
    package var benchmark = "school"
    package var storage = "sqlite"
    /// `shared` (group commit across lessons) or `per-lesson`.
    package var commits = "shared"
    package var school: SchoolFigures
    /// The same students in one lesson, in the same run (nil with `--reference none`).
    package var reference: SchoolFigures?
    /// The school's p99s over the reference's.
    package var tickLatenessP99ToReference: Double?
    package var answerAckP99ToReference: Double?
    /// With `--find-max`: the largest number of lessons found meeting both targets, and every probe.
    package var maxLessonsMeetingTargets: Int?
    package var probes: [SchoolFigures]?

    package init(school: SchoolFigures, reference: SchoolFigures?) {
        self.school = school
        self.reference = reference
        if let reference {
            tickLatenessP99ToReference = Self.ratio(school.tickLatenessP99Ms, reference.tickLatenessP99Ms)
            answerAckP99ToReference = Self.ratio(school.answerAckP99Ms, reference.answerAckP99Ms)
        }
    }

    private static func ratio(_ a: Double, _ b: Double) -> Double? { b > 0 ? (a / b * 1000).rounded() / 1000 : nil }

    /// One line of compact JSON, keys sorted.
    package func jsonLine() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}

/// `petri-bench school`'s sizes, checked before anything starts.
package struct SchoolSizes: Sendable, Equatable {
    package var lessons: Int
    package var studentsPerLesson: Int
    package var seconds: Int
    /// Descriptors the server may hold: students and teachers each need one, here and in the student process.
    package var descriptorLimit: Int

    package init(lessons: Int, studentsPerLesson: Int, seconds: Int, descriptorLimit: Int) {
        self.lessons = lessons
        self.studentsPerLesson = studentsPerLesson
        self.seconds = seconds
        self.descriptorLimit = descriptorLimit
    }

    /// The most lessons of `studentsPerLesson` that fit under the descriptor limit (connections plus 200 spare).
    package var lessonsThatFit: Int { max(0, (descriptorLimit - 200) / (studentsPerLesson + 1)) }

    /// A sentence saying what to change, or nil when the sizes can run.
    package func problem() -> String? {
        guard (1...100_000).contains(lessons) else {
            return "--lessons must be between 1 and 100000, but was \(lessons)."
        }
        guard (1...10_000).contains(studentsPerLesson) else {
            return "--students must be between 1 and 10000, but was \(studentsPerLesson)."
        }
        guard (5...3600).contains(seconds) else {
            return "--seconds must be between 5 and 3600, but was \(seconds)."
        }
        guard lessons <= lessonsThatFit else {
            return
                "\(lessons) lessons of \(studentsPerLesson) students need \(lessons * (studentsPerLesson + 1)) connections, "
                + "more than this process may open (ulimit -n \(descriptorLimit)): use at most \(lessonsThatFit) "
                + "lessons, or raise the limit."
        }
        return nil
    }
}
