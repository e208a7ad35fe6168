/// What the teacher's side panel shows.
public enum TeacherPanel: String, Sendable, Hashable, CaseIterable {
    case roster
    case stats
}
