import PetriProtocol
import PetriSimulation

/// How a client gets into a lesson, and so what it sends first on every connection.
package enum LessonEntry: Sendable, Hashable {
    /// A student: `resume` with the token when there is one, else `join` with the name.
    case student(code: JoinCode, name: String?, token: AccessToken?)
    /// A make-up student (PROTOCOL.md 5.9): `resumeMakeup` with the make-up's token when there is one, else
    /// `joinMakeup` with the name. `code` is the make-up's own code.
    case makeup(code: JoinCode, name: String?, token: AccessToken?)
    /// The teacher of an existing lesson.
    case teacher(code: JoinCode, token: AccessToken)
    /// Creates a lesson with the server's teacher key, then attaches as its teacher.
    case create(teacherKey: String, model: ModelKind, parameters: JSONValue?, seed: UInt64?, options: LessonOptions?)
    /// Creates a lesson from a lesson file, then attaches as its teacher.
    case importLesson(teacherKey: String, definition: LessonDefinition, options: LessonOptions?)
    /// Creates a lesson from one of the server's plans (`plan`) or a plan file (`text`), then attaches as its teacher.
    case startPlan(teacherKey: String, plan: String?, text: String?, seed: UInt64?, pace: PlanPace?)

    /// The lesson's code, once known.
    var code: JoinCode? {
        switch self {
        case .student(let code, _, _), .teacher(let code, _), .makeup(let code, _, _): code
        case .create, .importLesson, .startPlan: nil
        }
    }

    /// Whether this entry acts as the teacher.
    var isTeacher: Bool {
        switch self {
        case .student, .makeup: false
        default: true
        }
    }

    /// Whether this entry plays a make-up.
    var isMakeup: Bool {
        if case .makeup = self { return true }
        return false
    }

    /// Whose token this entry keeps.
    var tokenRole: TokenRole {
        switch self {
        case .student: .student
        case .makeup: .makeup
        default: .teacher
        }
    }
}
