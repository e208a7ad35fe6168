/// What the teacher's side panel shows.
enum TeacherPanel: String, Sendable, Hashable, CaseIterable {
    case roster
    case stats
}
