import PetriLesson
import PetriProtocol
import PetriSimulation

/// Bytes as a saved lesson: what a restart reads back from the database.
///
/// The input is a state's body; the target seals it with a matching checksum so the decoder
/// gets past it (a random checksum would stop nearly every input at the first check).
/// Invariants: no trap; a state that loads saves and loads again to an equal lesson.
enum SavedStateTarget {
    static func run(_ input: [UInt8]) -> String? {
        guard let token = LessonTarget.teacherToken else { return "no teacher token" }
        let configuration = LessonConfiguration(nameSeed: 1, checkpointInterval: 4)
        let sealed = Lesson<LifeModel>.sealingState(input)
        guard
            let lesson = try? Lesson<LifeModel>(
                decodingState: sealed, teacherToken: token, configuration: configuration)
        else { return nil }
        do {
            let again = try Lesson<LifeModel>(
                decodingState: lesson.encodeState(), teacherToken: token, configuration: configuration)
            return again == lesson ? nil : "a loaded state saved and loaded to a different lesson"
        } catch {
            return "a loaded state could not load its own saved form: \(error)"
        }
    }

    /// Bodies of real lessons: played from the lesson target's seeds.
    static var seeds: [[UInt8]] {
        LessonTarget.seeds.compactMap { script in
            guard let lesson = LessonTarget.play(script).0 else { return nil }
            return Array(lesson.encodeState().dropLast(8))
        }
    }
}
