import PetriLesson
import PetriProtocol
import PetriSimulation

/// Bytes as a saved lesson: what a restart reads back from the database.
///
/// The input is a state's body; the target seals it with a matching checksum so the decoder
/// gets past it (a random checksum would stop nearly every input at the first check).
/// Invariants: no trap; a state that loads saves, loads again and saves to the same bytes (bytes,
/// not `==`: a metric with no value is NaN in the stats, and NaN is never equal to itself).
enum SavedStateTarget {
    static func run(_ input: [UInt8]) -> String? {
        guard let token = LessonTarget.teacherToken else { return "no teacher token" }
        let configuration = LessonConfiguration(nameSeed: 1, checkpointInterval: 4)
        let sealed = Lesson<LifeModel>.sealingState(input)
        guard
            let lesson = try? Lesson<LifeModel>(
                decodingState: sealed, teacherToken: token, configuration: configuration, source: ())
        else { return nil }
        let saved = lesson.encodeState()
        do {
            let again = try Lesson<LifeModel>(
                decodingState: saved, teacherToken: token, configuration: configuration, source: ())
            return again.encodeState() == saved ? nil : "a loaded state saved and loaded to a different lesson"
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
