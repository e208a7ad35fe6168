import PetriLesson
import PetriProtocol
import PetriStorage

/// What every ``MakeupStorage`` must do, as scenarios the tests of each store run on a fresh store: one behaviour,
/// one body, every store. A scenario throws ``ScenarioFailure`` saying what differed.
package enum MakeupStoreScenarios {
    /// Every scenario, by name.
    package static let all: [(String, @Sendable (any LessonStorage & MakeupStorage) async throws -> Void)] = [
        ("a make-up and its students read back, and later writes replace earlier ones", aMakeupReadsBack)
    ]

    static let t0 = Timestamp(millisecondsSince1970: 1_800_000_000_000)

    static func check(_ condition: Bool, _ what: String) throws {
        if !condition { throw ScenarioFailure(message: what) }
    }

    /// A stored lesson for the make-up to belong to.
    package static func lesson(_ id: String = "lesson-1") throws -> LessonRecord {
        LessonRecord(
            id: id, code: try JoinCode("K7QX2M"), teacherToken: try AccessToken("abcdefghijklmnopqrstuv"),
            definition: LessonDefinition(model: .camouflage, seed: 1, parameters: .object([:])),
            configuration: LessonConfiguration(), createdAt: t0)
    }

    package static func aMakeupReadsBack(_ store: any LessonStorage & MakeupStorage) async throws {
        let lesson = try lesson()
        try await store.createLesson(lesson)
        var makeup = MakeupRecord(
            lessonId: lesson.id, lessonCode: lesson.code, code: try JoinCode("R4TW9C"), openedAt: t0,
            until: t0.adding(seconds: 3600), closed: false)
        try await store.saveMakeup(makeup)
        try check(try await store.makeup(code: makeup.code) == makeup, "the make-up reads back by its code")
        makeup.closed = true
        makeup.until = nil
        try await store.saveMakeup(makeup)
        try check(try await store.makeup(ofLesson: lesson.id) == makeup, "a second save replaces the first")
        try check(try await store.makeup(code: try JoinCode("ZZZZZZ")) == nil, "an unknown code reads nothing")
        var ben = MakeupStudentRecord(
            lessonId: lesson.id, student: 1_000_001, name: "Ben", tokenHash: TokenHash(of: "abcdefghijklmnopqrstuv"),
            joinedAt: t0.adding(seconds: 5), pace: "own", play: #"{"stop":3}"#)
        let cy = MakeupStudentRecord(
            lessonId: lesson.id, student: 1_000_002, name: "Cy", tokenHash: TokenHash(of: "bcdefghijklmnopqrstuvw"),
            joinedAt: t0.adding(seconds: 9), pace: "auto:5", play: #"{"stop":1}"#)
        try await store.saveMakeupStudent(cy)
        try await store.saveMakeupStudent(ben)
        ben.play = #"{"stop":4}"#
        ben.pace = "class"
        try await store.saveMakeupStudent(ben)
        let students = try await store.makeupStudents(ofLesson: lesson.id)
        try check(students == [ben, cy], "the students read back by id, the latest write of each: \(students)")
        var cyMoved = cy
        cyMoved.play = #"{"stop":2}"#
        ben.play = #"{"stop":5}"#
        try await store.saveMakeupStudents([ben, cyMoved])
        let moved = try await store.makeupStudents(ofLesson: lesson.id)
        try check(moved == [ben, cyMoved], "several students written at once each read back as written: \(moved)")
    }
}
