import PetriProtocol

/// The teacher's roster: who is here, who is connected, their scores.
///
/// The header counts who has answered the open question; each student who has is ticked (✓),
/// from the `answeredBy` of every `answerCount` the teacher receives.
public enum RosterView {
    /// Draws the roster in `rect`: a header, then one student per row (online first, by name).
    public static func draw(into canvas: inout Canvas, rect: Rect, lesson: LessonState, theme: Theme) {
        guard rect.height >= 2 else { return }
        let students = lesson.roster.values.filter { !$0.kicked }.sorted {
            $0.online != $1.online ? $0.online : $0.name.lowercased() < $1.name.lowercased()
        }
        let online = students.filter(\.online).count
        let answered = lesson.answerCount.flatMap { $0.question == lesson.openQuestion?.id ? $0.who : nil } ?? []
        var header = "Roster \(online)/\(students.count) online"
        if let tally = lesson.answerCount, tally.question == lesson.openQuestion?.id {
            header += " · \(tally.answered)/\(tally.students) answered"
        }
        canvas.put(header, x: rect.x, y: rect.y, style: theme.title, maxWidth: rect.width)
        var y = rect.y + 1
        let room = rect.maxY - y
        let shown = students.count > room ? max(0, room - 1) : students.count
        for student in students.prefix(shown) {
            let dot = student.online ? "●" : "○"
            let score = (answered.contains(student.student) ? "✓ " : "") + "\(student.score)"
            let style = student.online ? CellStyle.plain : theme.dim
            canvas.put(dot, x: rect.x, y: y, style: student.online ? theme.success : theme.dim)
            canvas.put(
                "#\(student.student.rawValue) " + student.name, x: rect.x + 2, y: y, style: style,
                maxWidth: rect.width - 3 - TerminalText.width(of: score))
            canvas.put(score, x: rect.maxX - TerminalText.width(of: score), y: y, style: style)
            y += 1
        }
        if students.count > shown, y < rect.maxY {
            canvas.put("+\(students.count - shown) more", x: rect.x, y: y, style: theme.dim)
        }
        if students.isEmpty, y < rect.maxY {
            canvas.put("Nobody has joined yet.", x: rect.x, y: y, style: theme.dim, maxWidth: rect.width)
        }
    }
}
